import * as Tabs from "@radix-ui/react-tabs";
import { ArrowLeft, Film, Inbox, LayoutDashboard, MessageSquareQuote } from "lucide-react";
import { Redirect, useLocation, useSearch } from "wouter";
import { useAuth } from "@/api/use-auth";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/lib/paths";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

type Tab = "login" | "register";

const tabClass = cn(
  "flex-1 rounded-md px-3 py-2 text-sm font-semibold text-muted-foreground transition-colors",
  "hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
  "data-[state=active]:bg-white data-[state=active]:text-foreground data-[state=active]:shadow-sm",
);

const highlights = [
  { icon: LayoutDashboard, text: "Edit every section of your site in Norwegian and English" },
  { icon: Film, text: "Upload videos and curate your portfolio" },
  { icon: MessageSquareQuote, text: "Showcase testimonials from the brands you work with" },
  { icon: Inbox, text: "Answer new client inquiries as they arrive" },
] as const;

/**
 * "/auth" (SPEC.md section 2): login and register tabs, `?register=true` opening on register.
 * A logged-in user has nothing to do here: the creator (an admin) goes to her dashboard, where her
 * work is, anyone else to the home page (signing in landed her on the public site).
 */
export function AuthPage() {
  const { user, isLoading, loginMutation, registerMutation } = useAuth();
  const search = useSearch();
  const [, navigate] = useLocation();
  const initialTab: Tab =
    new URLSearchParams(search).get("register") === "true" ? "register" : "login";

  if (isLoading) return <Spinner label="Loading" className="min-h-dvh" />;
  if (user) return <Redirect to={user.isAdmin ? paths.admin.dashboard : paths.home} replace />;

  return (
    <div className="grid min-h-dvh bg-background lg:grid-cols-2">
      <main className="flex flex-col px-5 py-6 sm:px-10">
        <div>
          <Button
            variant="ghost"
            size="sm"
            className="-ml-3 text-muted-foreground"
            onClick={() => navigate(paths.home)}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Return to Homepage
          </Button>
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-8 lg:py-10">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-amber-700">
            Creator studio
          </p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">Welcome</h1>
          <p className="mt-2 text-muted-foreground">
            Log in to your account, or create one to get started.
          </p>
          <Tabs.Root defaultValue={initialTab} className="mt-8">
            <Tabs.List
              aria-label="Log in or register"
              className="flex gap-1 rounded-lg bg-muted p-1 ring-1 ring-border"
            >
              <Tabs.Trigger value="login" className={tabClass}>
                Login
              </Tabs.Trigger>
              <Tabs.Trigger value="register" className={tabClass}>
                Register
              </Tabs.Trigger>
            </Tabs.List>
            <div className="mt-6 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
              <Tabs.Content value="login" className="focus-visible:outline-none">
                <LoginForm
                  isPending={loginMutation.isPending}
                  onSubmit={(data) => loginMutation.mutate(data)}
                />
              </Tabs.Content>
              <Tabs.Content value="register" className="focus-visible:outline-none">
                <RegisterForm
                  isPending={registerMutation.isPending}
                  onSubmit={(data) => registerMutation.mutate(data)}
                />
              </Tabs.Content>
            </div>
          </Tabs.Root>
        </div>
      </main>
      <aside className="relative flex flex-col justify-center overflow-hidden bg-stone-900 px-6 py-14 text-stone-100 sm:px-10 lg:px-16">
        <div
          aria-hidden="true"
          className="absolute -right-24 -top-24 size-96 rounded-full bg-amber-400/20 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-32 -left-16 size-96 rounded-full bg-rose-400/10 blur-3xl"
        />
        <div className="relative max-w-lg">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-amber-400">
            Dashboard
          </p>
          <h2 className="mt-4 text-3xl font-bold leading-tight tracking-tight lg:text-4xl">
            Your creator business, in one place
          </h2>
          <p className="mt-4 text-stone-300 lg:text-lg">
            Manage the content of your portfolio site, keep your best work up front and never miss a
            brand that wants to work with you.
          </p>
          <ul className="mt-8 flex flex-col gap-5 lg:mt-10">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/10 ring-1 ring-white/15">
                  <Icon aria-hidden="true" className="size-5 text-amber-400" />
                </span>
                <span className="text-stone-200">{text}</span>
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}

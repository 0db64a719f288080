import { useQueryClient } from "@tanstack/react-query";
import {
  ArrowLeft,
  BadgeCheck,
  FileText,
  Handshake,
  Image,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  MessageSquareQuote,
  Receipt,
  Settings,
  X,
} from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { useCurrentUser } from "@/api/auth";
import { useUnreadInquiryCount } from "@/api/inquiries.admin";
import { useAuth } from "@/api/use-auth";
import { preloadAdminScreen } from "@/app/admin-routes";
import { cn } from "@/components/ui/cn";
import { adminPaths } from "@/lib/admin-paths";
import type { Language } from "@/lib/i18n";
import { paths } from "@/lib/paths";
import { AdminAccess } from "../admin-access";

const links = [
  { href: paths.admin.dashboard, label: "Dashboard", icon: LayoutDashboard },
  { href: paths.admin.content, label: "Content", icon: FileText },
  { href: paths.admin.portfolio, label: "Portfolio", icon: Image },
  { href: paths.admin.testimonials, label: "Testimonials", icon: MessageSquareQuote },
  { href: paths.admin.clientLogos, label: "Client Logos", icon: BadgeCheck },
  { href: paths.admin.inquiries, label: "Inquiries", icon: Mail },
  { href: paths.admin.deals, label: "Deals", icon: Handshake },
  { href: adminPaths.invoices, label: "Invoices", icon: Receipt },
  { href: adminPaths.settings, label: "Settings", icon: Settings },
] as const;

/** SPEC.md "Admin sidebar": links, unread badge, the user, back to the site and logout. */
function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const [location, navigate] = useLocation();
  const { user } = useCurrentUser();
  const unread = useUnreadInquiryCount();
  const queryClient = useQueryClient();
  // The one logout of the app (toasts, cached admin data dropped); the sidebar then goes home.
  const { logoutMutation: logout } = useAuth();

  const name = user?.displayName || user?.username || "Admin";
  const initial = name.trim().charAt(0).toUpperCase() || "A";

  return (
    <div className="flex h-full flex-col bg-stone-900 text-stone-100">
      <div className="flex items-center gap-2 px-5 py-5">
        <span className="grid size-8 place-items-center rounded-md bg-accent font-bold text-accent-foreground">
          U
        </span>
        <span className="font-semibold tracking-tight">UGC Admin</span>
      </div>
      <nav aria-label="Admin" className="flex-1 px-3">
        <ul className="flex flex-col gap-1">
          {links.map(({ href, label, icon: Icon }) => {
            // The dashboard's Analytics tab has an address of its own.
            const active =
              location === href ||
              (href === paths.admin.dashboard && location === paths.admin.analytics) ||
              (href === paths.admin.deals && location.startsWith(`${paths.admin.deals}/`)) ||
              (href === adminPaths.invoices && location.startsWith(`${adminPaths.invoices}/`));
            return (
              <li key={href}>
                <Link
                  href={href}
                  onClick={onNavigate}
                  // The admin's intent: the screen's code and data start before the click lands.
                  onPointerEnter={() => void preloadAdminScreen(href, queryClient)}
                  onFocus={() => void preloadAdminScreen(href, queryClient)}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors",
                    active
                      ? "bg-stone-800 text-white"
                      : "text-stone-300 hover:bg-stone-800/60 hover:text-white",
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  <span className="flex-1">{label}</span>
                  {href === paths.admin.inquiries && unread > 0 ? (
                    <span
                      className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-foreground"
                      data-testid="unread-badge"
                    >
                      {unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="flex flex-col gap-1 border-t border-stone-800 p-3">
        <Link
          href={paths.home}
          className="flex items-center gap-3 rounded-md px-3 py-2.5 text-sm text-stone-300 hover:bg-stone-800/60 hover:text-white"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to site
        </Link>
        <div className="flex items-center gap-3 px-3 py-3">
          <span
            aria-hidden="true"
            className="grid size-9 shrink-0 place-items-center rounded-full bg-amber-400 font-semibold text-stone-900"
          >
            {initial}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{name}</p>
            <p className="truncate text-xs text-stone-400">{user?.username}</p>
          </div>
        </div>
        <button
          type="button"
          onClick={() => logout.mutate(undefined, { onSuccess: () => navigate(paths.home) })}
          disabled={logout.isPending}
          className="flex items-center gap-3 rounded-md px-3 py-2.5 text-left text-sm text-stone-300 hover:bg-stone-800/60 hover:text-white disabled:opacity-50"
        >
          <LogOut className="size-4" aria-hidden="true" />
          Logout
        </button>
      </div>
    </div>
  );
}

/**
 * The frame of every admin screen: a fixed sidebar on wide screens; on small screens a top bar whose
 * menu button slides the sidebar in (SPEC.md: "collapsible on small screens").
 */
/** The menu button of small screens; a dot tells of unread inquiries while the sidebar is closed. */
function MenuButton({ open, onClick }: { open: boolean; onClick: () => void }) {
  const unread = useUnreadInquiryCount();
  return (
    <button
      type="button"
      aria-label={open ? "Close menu" : "Open menu"}
      aria-expanded={open}
      aria-controls="admin-sidebar"
      onClick={onClick}
      className="relative grid size-10 place-items-center rounded-md hover:bg-muted"
    >
      {open ? <X className="size-5" /> : <Menu className="size-5" />}
      {!open && unread > 0 ? (
        <span className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-amber-500 ring-2 ring-card" />
      ) : null}
    </button>
  );
}

interface AdminLayoutProps {
  title: string;
  description?: string;
  actions?: ReactNode;
  children?: ReactNode;
  /**
   * The language the screen is written in: English, but "Portefølje" is Norwegian (SPEC.md
   * section 2). The frame (sidebar, top bar) is English on every screen; each part says its
   * language, whatever the public site's language on the page element is.
   */
  lang?: Language;
}

/**
 * Every admin screen's frame: the sidebar, a heading and the screen, inside the spec's second
 * wrapper (AdminAccess, SPEC.md section 2). The admin guard in front of every admin route answers
 * first, so there it only renders the screen; it keeps the layout safe on its own.
 */
export function AdminLayout(props: AdminLayoutProps) {
  return (
    <AdminAccess>
      <AdminFrame {...props} />
    </AdminAccess>
  );
}

function AdminFrame({ title, description, actions, children, lang = "en" }: AdminLayoutProps) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="min-h-dvh bg-background lg:pl-64">
      <aside
        id="admin-sidebar"
        lang="en"
        className={cn(
          "fixed inset-y-0 left-0 z-40 w-64 transition-transform lg:translate-x-0",
          open ? "translate-x-0" : "-translate-x-full",
        )}
      >
        <Sidebar onNavigate={() => setOpen(false)} />
      </aside>
      {open ? (
        <button
          type="button"
          aria-label="Close menu"
          className="fixed inset-0 z-30 bg-black/40 lg:hidden"
          onClick={() => setOpen(false)}
        />
      ) : null}
      <header
        lang="en"
        className="sticky top-0 z-20 flex items-center gap-3 border-b border-border bg-card/95 px-4 py-3 backdrop-blur lg:hidden"
      >
        <MenuButton open={open} onClick={() => setOpen((o) => !o)} />
        <span className="font-semibold">UGC Admin</span>
      </header>
      {/* A long word (a file name, a brand of one word) breaks rather than widening the page: on a
          phone the Overview scrolled sideways on one. */}
      <main
        lang={lang}
        className="mx-auto max-w-6xl px-4 py-6 wrap-anywhere sm:px-6 lg:px-10 lg:py-10"
      >
        <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
            {description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
        {children}
      </main>
    </div>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { AlertCircle, Lock } from "lucide-react";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";
import * as z from "zod/mini";
import { grantSiteAccess, requestSiteAccess } from "@/api/site-access";
import { Field, SubmitButton } from "@/components/ui/form-field";
import { errorStatus } from "@/lib/api";
import { paths } from "@/lib/paths";

/** The gate's texts; the failure pair is SPEC.md section 5's, word for word. */
const gateTexts = {
  usernameRequired: "Brukernavn er påkrevd",
  passwordRequired: "Passord er påkrevd",
  failedTitle: "Feil brukernavn eller passord",
  failedText: "Vennligst prøv igjen",
  limitedTitle: "For mange forsøk",
  limitedText: "Vent litt før du prøver igjen.",
} as const;

/** The gate's fields; the server's rows are in testdata/rules.json ("gate"). */
export const gateSchema = z.object({
  username: z.string().check(z.minLength(1, { error: gateTexts.usernameRequired })),
  password: z.string().check(z.minLength(1, { error: gateTexts.passwordRequired })),
});
type GateValues = z.infer<typeof gateSchema>;

/**
 * "/coming-soon" (SPEC.md section 2): the server checks the operator's credentials
 * (POST /api/site-access); on success the browser session remembers it and the visitor goes home.
 */
export function ComingSoonPage() {
  const [, navigate] = useLocation();
  const form = useForm<GateValues>({
    resolver: zodResolver(gateSchema),
    defaultValues: { username: "", password: "" },
  });
  const access = useMutation({
    mutationFn: requestSiteAccess,
    onSuccess: () => {
      grantSiteAccess();
      navigate(paths.home, { replace: true });
    },
  });
  const { errors } = form.formState;
  const limited = errorStatus(access.error) === 429;

  return (
    <div className="relative flex min-h-dvh items-center justify-center overflow-hidden bg-stone-950 px-5 py-12 text-white">
      <div
        aria-hidden="true"
        className="absolute -left-32 -top-32 size-[28rem] rounded-full bg-amber-500/20 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-40 -right-24 size-[30rem] rounded-full bg-rose-500/15 blur-3xl"
      />
      <main className="relative w-full max-w-md">
        <div className="text-center">
          <span className="inline-flex items-center gap-2 rounded-full border border-amber-400/30 bg-amber-400/10 px-3 py-1 text-xs font-semibold uppercase tracking-[0.2em] text-amber-300">
            <span className="size-1.5 rounded-full bg-amber-400" aria-hidden="true" />
            UGC Creator
          </span>
          <h1 className="mt-6 text-4xl font-bold tracking-tight sm:text-5xl">Kommer snart</h1>
          <p className="mx-auto mt-4 max-w-sm text-stone-300">
            Nettsiden er under arbeid. Har du fått tilgang, logger du inn med brukernavn og passord
            under.
          </p>
        </div>
        <form
          noValidate
          aria-label="Tilgang til nettsiden"
          className="mt-10 flex flex-col gap-4 rounded-2xl border border-white/10 bg-white/5 p-6 shadow-2xl backdrop-blur sm:p-8"
          onSubmit={form.handleSubmit((values) => access.mutate(values))}
        >
          {access.isError ? (
            <div
              role="alert"
              className="flex gap-3 rounded-lg border border-red-400/30 bg-red-500/10 p-3 text-sm"
            >
              <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-300" />
              <div>
                <p className="font-semibold text-red-200">
                  {limited ? gateTexts.limitedTitle : gateTexts.failedTitle}
                </p>
                <p className="text-red-200/80">
                  {limited ? gateTexts.limitedText : gateTexts.failedText}
                </p>
              </div>
            </div>
          ) : null}
          <Field
            tone="dark"
            label="Brukernavn"
            autoComplete="username"
            error={errors.username?.message}
            {...form.register("username")}
          />
          <Field
            tone="dark"
            label="Passord"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register("password")}
          />
          <SubmitButton
            pending={access.isPending}
            variant="accent"
            icon={<Lock aria-hidden="true" className="size-4" />}
          >
            Få tilgang
          </SubmitButton>
        </form>
        <p className="mt-8 text-center text-sm text-stone-400">
          Porsgrunn, Telemark · UGC-innhold for merkevarer
        </p>
      </main>
    </div>
  );
}

import { useLanguage } from "@/lib/i18n";

/** "/auth" — login and register tabs (SPEC.md /auth). Placeholder until the auth feature lands. */
export function AuthPage() {
  const { t } = useLanguage();
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{t.auth.title}</h1>
    </main>
  );
}

import { useLanguage } from "@/lib/i18n";

/** "/coming-soon" — the site-access gate form (SPEC.md /coming-soon). Placeholder for now. */
export function ComingSoonPage() {
  const { t } = useLanguage();
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{t.gate.title}</h1>
    </main>
  );
}

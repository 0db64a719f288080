import { useLanguage } from "@/lib/i18n";

/** "/" — the one-page site. Sections (hero, UGC, services, work, testimonials, pricing, contact) come later. */
export function HomePage() {
  const { t } = useLanguage();
  return (
    <main className="mx-auto flex min-h-dvh max-w-5xl flex-col justify-center px-6 py-16">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{t.home.title}</h1>
    </main>
  );
}

import { useEffect, useState } from "react";
import { X } from "@/components/ui/icons";
import { useLanguage } from "@/lib/i18n";
import { privacyPathOf } from "@/lib/paths";

/**
 * The notice a visitor arriving through a pitch link (`?ref=…`) sees (issue 25): the link was made
 * for their company and its visits are kept for 12 months. Read after hydration (the server's page
 * is cached without the query string), and fixed at the bottom, so it moves nothing on the page.
 */
export function PitchNotice() {
  const { t, language } = useLanguage();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setOpen(new URLSearchParams(window.location.search).has("ref"));
  }, []);
  if (!open) return null;
  return (
    <aside
      aria-label={t.privacy.title}
      data-testid="pitch-notice"
      className="fixed inset-x-3 bottom-3 z-40 flex items-start gap-3 rounded-2xl bg-stone-950 p-4 text-sm text-stone-100 shadow-2xl sm:left-auto sm:right-5 sm:bottom-5 sm:max-w-sm"
    >
      <p className="flex-1 leading-relaxed">
        {t.privacy.pitchNotice}{" "}
        <a
          href={privacyPathOf[language]}
          className="font-semibold text-amber-300 underline underline-offset-2"
        >
          {t.privacy.readMore}
        </a>
      </p>
      <button
        type="button"
        onClick={() => setOpen(false)}
        aria-label={t.privacy.close}
        className="grid size-8 shrink-0 place-items-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-amber-300"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}

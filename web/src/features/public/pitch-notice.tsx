import { useState } from "react";

/** The notice's words, in the page's language (the home page passes them in). */
export interface PitchNoticeTexts {
  label: string;
  text: string;
  readMore: string;
  privacyHref: string;
  close: string;
}

/**
 * The notice a visitor arriving through a pitch link (`?ref=…`) sees: the link was made
 * for their company and its visits are kept for 12 months. Under the navigation on a phone or a
 * tablet, in the page, where it covers nothing (fixed at the bottom, it covered the hero's main
 * button); fixed at the bottom right of a desktop, beside the hero's buttons. A script of its own that imports nothing but React, loaded only when the address
 * has a `ref` (home-page.tsx): other visitors never download it.
 */
export default function PitchNotice({ texts }: { texts: PitchNoticeTexts }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside
      aria-label={texts.label}
      data-testid="pitch-notice"
      className="mx-3 mt-2 flex items-start gap-3 rounded-2xl bg-stone-950 p-4 text-sm text-stone-100 shadow-2xl lg:fixed lg:right-5 lg:bottom-5 lg:z-40 lg:m-0 lg:max-w-sm"
    >
      <p className="flex-1 leading-relaxed">
        {texts.text}{" "}
        <a
          href={texts.privacyHref}
          className="font-semibold text-amber-300 underline underline-offset-2"
        >
          {texts.readMore}
        </a>
      </p>
      <button
        type="button"
        onClick={() => setOpen(false)}
        aria-label={texts.close}
        className="grid size-8 shrink-0 place-items-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-amber-300"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-4"
        >
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
      </button>
    </aside>
  );
}

import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { useCurrentUser } from "@/api/auth";
import { cn } from "@/components/ui/cn";
import { Globe, Menu, X } from "@/components/ui/icons";
import { useLanguage } from "@/lib/i18n";
import { homeAnchors, paths } from "@/lib/paths";

/** SPEC.md section 9: the navigation changes its look once the page is scrolled past 10 px. */
const navScrollThreshold = 10;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

function LanguageSwitch({ onSwitch }: { onSwitch: () => void }) {
  const { t, toggle, language } = useLanguage();
  return (
    <button
      type="button"
      onClick={() => {
        toggle();
        onSwitch();
      }}
      lang={language === "no" ? "en" : "no"}
      className={cn(
        "inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-foreground transition-colors hover:bg-stone-900/5",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
      )}
    >
      <Globe aria-hidden="true" className="size-4" />
      {t.language.switchTo}
    </button>
  );
}

/**
 * The sticky top navigation (SPEC.md "Navigation and footer"): in-page anchors on the home page,
 * 'Back to Home' elsewhere, a mobile menu at narrow widths, and an Admin link for admins only.
 */
export function SiteNav() {
  const { t } = useLanguage();
  const [location] = useLocation();
  const onHome = location === paths.home || location === paths.homeEnglish;
  const scrolled = useScrolledPast(navScrollThreshold);
  const [open, setOpen] = useState(false);
  const { user } = useCurrentUser();
  const isAdmin = user?.isAdmin === true;

  // Close the mobile menu on Escape.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const linkClass =
    "rounded-full px-3 py-2 text-sm font-medium text-stone-700 transition-colors hover:bg-stone-900/5 hover:text-stone-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={cn(
        "sticky top-0 z-40 transition-[background-color,box-shadow,border-color] duration-300",
        scrolled || open
          ? "border-b border-stone-200/80 bg-stone-50/90 shadow-sm backdrop-blur-md"
          : "border-b border-transparent bg-transparent",
      )}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-stone-900 focus:px-4 focus:py-2 focus:text-white"
      >
        {t.nav.skipToContent}
      </a>
      <nav
        aria-label={t.nav.mainLabel}
        className={cn(
          "mx-auto flex max-w-7xl items-center justify-between px-5 transition-[height] duration-300 sm:px-8",
          scrolled ? "h-16" : "h-20",
        )}
      >
        <a
          href={onHome ? "#top" : paths.home}
          aria-label={t.nav.homeLabel}
          className="flex items-center gap-2 rounded-md text-xl font-extrabold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-xl bg-stone-900 text-sm text-amber-300"
          >
            u
          </span>
          {t.nav.brand}
        </a>

        <div className="hidden items-center gap-1 lg:flex">
          {onHome ? (
            homeAnchors.map((anchor) => (
              <a key={anchor} href={`#${anchor}`} className={linkClass}>
                {t.nav[anchor]}
              </a>
            ))
          ) : (
            <Link href={paths.home} className={linkClass}>
              {t.nav.backToHome}
            </Link>
          )}
          {isAdmin && (
            <Link href={paths.admin.dashboard} className={linkClass}>
              {t.nav.admin}
            </Link>
          )}
        </div>

        <div className="flex items-center gap-1">
          {/* A switch closes the menu: the page is read again in the other language. */}
          <LanguageSwitch onSwitch={() => setOpen(false)} />
          <a
            href={onHome ? "#contact" : `${paths.home}#contact`}
            data-track="nav-cta"
            className="ml-1 hidden h-10 items-center rounded-full bg-stone-900 px-5 text-sm font-semibold text-white transition-colors hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:inline-flex"
          >
            {t.nav.cta}
          </a>
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-full hover:bg-stone-900/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t.nav.closeMenu : t.nav.openMenu}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      </nav>

      <div
        id="mobile-menu"
        hidden={!open}
        className="border-t border-stone-200 bg-stone-50 px-5 pb-6 pt-2 lg:hidden"
      >
        <ul className="flex flex-col">
          {onHome ? (
            homeAnchors.map((anchor) => (
              <li key={anchor}>
                <a
                  href={`#${anchor}`}
                  onClick={() => setOpen(false)}
                  className="block rounded-lg px-3 py-3 text-base font-medium hover:bg-stone-900/5"
                >
                  {t.nav[anchor]}
                </a>
              </li>
            ))
          ) : (
            <li>
              <Link
                href={paths.home}
                onClick={() => setOpen(false)}
                className="block rounded-lg px-3 py-3 text-base font-medium hover:bg-stone-900/5"
              >
                {t.nav.backToHome}
              </Link>
            </li>
          )}
          {isAdmin && (
            <li>
              <Link
                href={paths.admin.dashboard}
                onClick={() => setOpen(false)}
                className="block rounded-lg px-3 py-3 text-base font-medium hover:bg-stone-900/5"
              >
                {t.nav.admin}
              </Link>
            </li>
          )}
        </ul>
      </div>
    </header>
  );
}

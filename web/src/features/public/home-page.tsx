import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { startAnalytics } from "@/api/analytics";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteNav } from "@/components/site/site-nav";
import { useLanguage } from "@/lib/i18n";
import { privacyPathOf } from "@/lib/paths";
import { ContactSection } from "./contact/contact-section";
import { About } from "./sections/about";
import { ClientLogos } from "./sections/client-logos";
import { Hero } from "./sections/hero";
import { Pricing } from "./sections/pricing";
import { Services } from "./sections/services";
import { Testimonials } from "./sections/testimonials";
import { WorkSection } from "./work/work-section";

// Only visitors who came through a pitch link need the notice: a small script of its own.
const PitchNotice = lazy(() => import("./pitch-notice"));

/**
 * The pitch-link notice when the address has a `ref`, read after hydration: the
 * server's page is cached without the query string. The server counted the visit as the link's
 * when it served the page, so the `ref` then leaves the address bar: a copied or forwarded
 * address must not count someone else as the brand.
 */
export function PitchNoticeWhenReferred() {
  const { t, language } = useLanguage();
  const [referred, setReferred] = useState(false);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has("ref")) return;
    setReferred(true);
    url.searchParams.delete("ref");
    history.replaceState(history.state, "", url);
  }, []);
  if (!referred) return null;
  const texts = {
    label: t.privacy.title,
    text: t.privacy.pitchNotice,
    readMore: t.privacy.readMore,
    privacyHref: privacyPathOf[language],
    close: t.privacy.close,
  };
  return (
    <Suspense fallback={null}>
      <PitchNotice texts={texts} />
    </Suspense>
  );
}

/**
 * A jump to a section lands on it: the address's own (/#contact) and each in-page link's. The
 * portfolio, the reviews and the logos fill in after the page has loaded and grow, which moved a
 * section away after the jump (on a phone "Portefølje" stopped 1,000 px short). So for
 * 3 s after a jump, each change of the page's height aligns the section again, until the visitor
 * scrolls by hand.
 */
function useJumpsThatLand() {
  useEffect(() => {
    let stop = () => {};
    const land = (id: string) => {
      const target = document.getElementById(id);
      if (!target) return;
      stop();
      const resized = new ResizeObserver(() => target.scrollIntoView());
      resized.observe(document.body);
      const timer = setTimeout(() => stop(), 3000);
      const byHand = ["wheel", "touchstart", "keydown"];
      stop = () => {
        resized.disconnect();
        clearTimeout(timer);
        for (const type of byHand) removeEventListener(type, stop);
      };
      for (const type of byHand) addEventListener(type, stop, { passive: true });
    };
    const onClick = (event: MouseEvent) => {
      const href = (event.target as Element).closest?.("a")?.getAttribute("href");
      if (href?.[0] === "#") land(href.slice(1));
    };
    land(location.hash.slice(1));
    document.addEventListener("click", onClick);
    return () => {
      stop();
      document.removeEventListener("click", onClick);
    };
  }, []);
}

/**
 * A part of the page the browser takes over on its own. The server's page marks it as a Suspense
 * boundary, and React 19 hydrates such a boundary in a render of its own after the rest of the page
 * is live, at the lowest priority, in slices that yield to the browser (selective hydration): the
 * page never stops answering while it comes alive, even on a slow phone. A click or a key in a part
 * not yet live makes React hydrate that part at once and replay the event. It renders nothing else:
 * the page's tree, and so the server's HTML, is unchanged apart from the boundary's two comments.
 */
function Island({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * "/" and "/en" — the one-page site, sections in the order of SPEC.md section 1. Every section
 * renders at once: the server renders this page (internal/ssr) and the browser hydrates
 * it, and both must produce the same tree. Each section is an island (above): the navigation is
 * live with the first, short render, then the sections one after another.
 */
export function HomePage() {
  const { language } = useLanguage();
  useJumpsThatLand();
  // Counting starts once the page is live (api/analytics.ts): after hydration, never on the server.
  useEffect(() => startAnalytics(language), [language]);
  return (
    <div id="top" className="relative isolate min-h-dvh overflow-x-clip">
      {/* Soft colour behind the navigation and the hero: plain gradients, cheap to paint. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[56rem] bg-[radial-gradient(40rem_32rem_at_90%_0%,rgb(253_230_138/0.55),transparent_70%),radial-gradient(32rem_28rem_at_0%_60%,rgb(254_205_211/0.45),transparent_70%)]"
      />
      <SiteNav />
      <PitchNoticeWhenReferred />
      <main id="main" tabIndex={-1} className="outline-none">
        <Island>
          <Hero />
        </Island>
        <Island>
          <ClientLogos />
        </Island>
        <Island>
          <About />
        </Island>
        <Island>
          <Services />
        </Island>
        <Island>
          <WorkSection />
        </Island>
        <Island>
          <Testimonials />
        </Island>
        <Island>
          <Pricing />
        </Island>
        <Island>
          <ContactSection />
        </Island>
      </main>
      <Island>
        <SiteFooter />
      </Island>
    </div>
  );
}

import { SiteFooter } from "@/components/site/site-footer";
import { SiteNav } from "@/components/site/site-nav";
import { ContactSection } from "./contact/contact-section";
import { About } from "./sections/about";
import { Hero } from "./sections/hero";
import { Pricing } from "./sections/pricing";
import { Services } from "./sections/services";
import { Testimonials } from "./sections/testimonials";
import { WorkSection } from "./work/work-section";

/** "/" — the one-page site, sections in the order of SPEC.md section 1. */
export function HomePage() {
  return (
    <div id="top" className="min-h-dvh">
      <SiteNav />
      <main id="main" tabIndex={-1} className="outline-none">
        <Hero />
        <About />
        <Services />
        <WorkSection />
        <Testimonials />
        <Pricing />
        <ContactSection />
      </main>
      <SiteFooter />
    </div>
  );
}

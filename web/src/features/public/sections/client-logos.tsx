import { type ClientLogo, useClientLogos } from "@/api/client-logos";
import { useContent, withDefaults } from "@/api/content";
import { ResponsivePicture } from "@/components/media/responsive-picture";
import { useLanguage } from "@/lib/i18n";

/** The height a logo is shown at on the widest screens, in CSS pixels (sm:h-11). */
const logoHeight = 44;

/**
 * One logo: its processed photo at a fixed height (its own width follows), grey until pointed at;
 * a link to the brand's site, in a new tab, when it has one.
 */
function Logo({ logo, newTab }: { logo: ClientLogo; newTab: string }) {
  const media = logo.imageMedia;
  if (!media) return null;
  const width = Math.ceil((logoHeight * media.width) / Math.max(1, media.height));
  const picture = (
    <ResponsivePicture
      media={media}
      sizes={`${Math.min(width, 176)}px`}
      fallback={logo.imageUrl}
      alt={logo.name}
      loading="lazy"
      decoding="async"
      // mix-blend-multiply: a logo drawn on white takes the strip's grey instead of showing as a
      // white box (white multiplies to the colour beneath; dark marks stay as they are).
      className="h-9 w-auto max-w-36 object-contain opacity-70 mix-blend-multiply grayscale transition group-hover:opacity-100 group-hover:grayscale-0 group-focus-visible:opacity-100 group-focus-visible:grayscale-0 sm:h-11 sm:max-w-44"
    />
  );
  if (!logo.linkUrl) return <span className="group block">{picture}</span>;
  return (
    <a
      href={logo.linkUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${logo.name} ${newTab}`}
      className="group block rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
    >
      {picture}
    </a>
  );
}

/**
 * The brands the creator has worked with: a row of logos that wraps, under the hero; the
 * heading is the "clients" section's text. Absent while there is no logo.
 */
export function ClientLogos() {
  const { t, language } = useLanguage();
  const logos = useClientLogos().data ?? [];
  const clients = withDefaults(useContent("clients", language).data, t.defaults.clients);
  if (logos.length === 0) return null;
  return (
    // Its own background: the section is painted apart (content-visibility in index.css), so a
    // logo's mix-blend-multiply blends with what the section paints, and over nothing a logo drawn
    // on white stayed a white box.
    <section id="clients" aria-labelledby="clients-title" className="bg-background pb-16 sm:pb-20">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <h2
          id="clients-title"
          className="text-balance text-center text-sm font-semibold uppercase tracking-[0.2em] text-stone-600"
        >
          {clients.title}
        </h2>
        <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-10 gap-y-8 sm:gap-x-14">
          {logos.map((logo) => (
            <li key={logo.id} data-testid="client-logo">
              <Logo logo={logo} newTab={t.clients.newTab} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

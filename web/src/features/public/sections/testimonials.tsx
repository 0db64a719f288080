import { type Testimonial, useTestimonials } from "@/api/testimonials";
import { imageView } from "@/components/media/image-view";
import { ResponsivePicture } from "@/components/media/responsive-picture";
import { Quote, Star } from "@/components/ui/icons";
import { format, useLanguage } from "@/lib/i18n";
import { SectionHeading } from "./section-heading";

/** The avatar shown when a testimonial has no image, or its image fails to load. */
const avatarPlaceholder = "/avatar-placeholder.svg";

/** A card's avatar: the photo's variants once processed, else its address, else the placeholder. */
function Avatar({ item, alt }: { item: Testimonial; alt: string }) {
  const view = imageView(item.imageUrl, item.imageMedia);
  const look = "size-12 rounded-full object-cover ring-2 ring-amber-100";
  if (view.kind === "picture") {
    return (
      <ResponsivePicture
        media={view.media}
        sizes="48px"
        fallback={view.src}
        alt={alt}
        loading="lazy"
        decoding="async"
        className={look}
      />
    );
  }
  return (
    <img
      src={view.kind === "address" ? view.src : avatarPlaceholder}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(avatarPlaceholder)) {
          event.currentTarget.src = avatarPlaceholder;
        }
      }}
      alt={alt}
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className={look}
    />
  );
}

/**
 * SPEC.md section 3: three built-in English samples (rating 5, active), shown while loading and
 * whenever the server has none (or fails).
 */
const sampleTestimonials: Testimonial[] = [
  {
    id: -1,
    name: "Emma Hansen",
    company: "Nordic Glow Skincare",
    imageUrl: "",
    rating: 5,
    testimonial:
      "The videos felt completely natural and our ad performance improved right away. Easy to work with from brief to delivery.",
    language: "en",
    isActive: true,
  },
  {
    id: -2,
    name: "Jonas Berg",
    company: "Fjord Outdoor",
    imageUrl: "",
    rating: 5,
    testimonial:
      "Creative, reliable and fast. The lifestyle content showed our gear exactly the way our customers use it.",
    language: "en",
    isActive: true,
  },
  {
    id: -3,
    name: "Sofie Lie",
    company: "Kaffebaren",
    imageUrl: "",
    rating: 5,
    testimonial:
      "Our reels have never performed better. The content is authentic and our followers love it.",
    language: "en",
    isActive: true,
  },
];

function Stars({ rating }: { rating: number }) {
  const { t } = useLanguage();
  const value = Math.min(5, Math.max(0, Math.round(rating)));
  return (
    <div
      role="img"
      aria-label={format(t.testimonials.rating, { rating: value })}
      className="flex gap-0.5"
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={n <= value ? "size-5 fill-amber-400 text-amber-400" : "size-5 text-stone-300"}
        />
      ))}
    </div>
  );
}

/** Testimonials (#testimonials): a three-column grid of cards. */
export function Testimonials() {
  const { t, language } = useLanguage();
  const { data } = useTestimonials(language);
  // An admin's list also holds hidden testimonials (for the back office); the page shows active ones.
  const active = (data ?? []).filter((item) => item.isActive);
  const list = active.length > 0 ? active : sampleTestimonials;
  return (
    <section
      id="testimonials"
      data-section="testimonials"
      aria-labelledby="testimonials-title"
      className="scroll-mt-20 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-5 sm:px-8">
        <SectionHeading
          id="testimonials-title"
          eyebrow={t.testimonials.eyebrow}
          title={t.testimonials.title}
          description={t.testimonials.description}
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {list.map((item) => (
            <li
              key={item.id}
              data-testid="testimonial"
              className="relative flex flex-col rounded-3xl border border-stone-200 bg-white p-7 shadow-sm"
            >
              <Quote aria-hidden="true" className="absolute right-6 top-6 size-10 text-amber-200" />
              <Stars rating={item.rating} />
              <blockquote className="mt-5 flex-1 text-pretty text-lg leading-relaxed text-stone-800">
                <p>“{item.testimonial}”</p>
              </blockquote>
              <div className="mt-6 flex items-center gap-4 border-t border-stone-100 pt-6">
                <Avatar item={item} alt={format(t.testimonials.avatarAlt, { name: item.name })} />
                <div>
                  <p className="font-bold text-stone-950">{item.name}</p>
                  <p className="text-sm text-stone-600">{item.company}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { cn } from "@/components/ui/cn";

/** The eyebrow + heading + lead that opens each home section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = "center",
  tone = "light",
}: {
  id: string;
  eyebrow: string;
  title: string;
  description?: string;
  align?: "center" | "left";
  tone?: "light" | "dark";
}) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center")}>
      <p
        className={cn(
          "text-sm font-semibold uppercase tracking-[0.2em]",
          tone === "dark" ? "text-amber-300" : "text-amber-800",
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          "mt-3 text-balance text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl",
          tone === "dark" ? "text-white" : "text-stone-950",
        )}
      >
        {title}
      </h2>
      {description && (
        <p
          className={cn(
            "mt-4 text-pretty text-lg leading-relaxed",
            tone === "dark" ? "text-stone-300" : "text-stone-600",
          )}
        >
          {description}
        </p>
      )}
    </div>
  );
}

/** A link styled as a button; every call to action on the page is an in-page anchor. */
export function AnchorButton({
  href,
  children,
  variant = "dark",
  className,
  track,
  onClick,
}: {
  href: string;
  onClick?: () => void;
  children: React.ReactNode;
  variant?: "dark" | "accent" | "outline" | "light";
  className?: string;
  /** The call to action's name in analytics (`data-track`, api/analytics.ts). */
  track?: string;
}) {
  const variants = {
    dark: "bg-stone-900 text-white hover:bg-stone-700",
    accent: "bg-amber-300 text-stone-950 hover:bg-amber-200",
    outline:
      "border border-stone-300 bg-white/60 text-stone-900 hover:border-stone-900 hover:bg-white",
    light: "bg-white text-stone-950 hover:bg-stone-100",
  } as const;
  return (
    <a
      href={href}
      data-track={track}
      onClick={onClick}
      className={cn(
        "inline-flex h-12 items-center justify-center gap-2 rounded-full px-7 text-base font-semibold transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        variants[variant],
        className,
      )}
    >
      {children}
    </a>
  );
}

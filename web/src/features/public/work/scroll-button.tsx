import { ChevronLeft, ChevronRight } from "@/components/ui/icons";

/** SPEC.md section 9: each scroll button moves the carousel by 80 % of its width. */
const carouselStep = 0.8;

/** Scrolls an element sideways by one step of the carousel: 1 to the right, -1 to the left. */
export function scrollCarousel(element: HTMLElement | null, direction: 1 | -1) {
  element?.scrollBy({ left: direction * element.clientWidth * carouselStep, behavior: "smooth" });
}

/** A round arrow button beside the work carousel's heading (wide screens). */
export function ScrollButton({
  direction,
  label,
  onClick,
}: {
  direction: 1 | -1;
  label: string;
  onClick: () => void;
}) {
  const Icon = direction === 1 ? ChevronRight : ChevronLeft;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="grid size-12 place-items-center rounded-full border border-stone-300 bg-white transition-colors hover:border-stone-900 hover:bg-stone-900 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

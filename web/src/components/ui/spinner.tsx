import { Loader2 } from "@/components/ui/icons";
import { cn } from "./cn";

/** A spinning indicator with an accessible name (SPEC.md shows spinners while data loads). */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center p-8", className)}>
      <Loader2 aria-hidden="true" className="size-8 animate-spin text-muted-foreground" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

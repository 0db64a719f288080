import { cn } from "./cn";

/** A thin horizontal progress bar (0–100), announced to screen readers by its label. */
export function ProgressBar({
  label,
  percent,
  barClassName = "bg-amber-500",
}: {
  label: string;
  percent: number;
  barClassName?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className={cn("h-full transition-all", barClassName)} style={{ width: `${percent}%` }} />
    </div>
  );
}

import { type ComponentProps, useId } from "react";
import { cn } from "./cn";

type FieldProps = ComponentProps<"input"> & {
  label: string;
  /** The rule's message, shown under the field and tied to it for screen readers. */
  error?: string;
  /** "dark" for a field on a dark background (the coming-soon gate). */
  tone?: "light" | "dark";
};

const tones = {
  light: {
    label: "text-foreground",
    input:
      "border-border bg-white shadow-xs placeholder:text-stone-400 focus:border-amber-500 focus:ring-amber-400/30 aria-invalid:border-destructive aria-invalid:focus:ring-destructive/20",
    error: "text-destructive",
  },
  dark: {
    label: "text-stone-200",
    input:
      "border-white/15 bg-white/5 text-white placeholder:text-stone-500 focus:border-amber-400 focus:ring-amber-400/25 aria-invalid:border-red-400",
    error: "text-red-300",
  },
};

/** A labelled input with its validation message (auth and gate forms). */
export function Field({ label, error, className, id, tone = "light", ...input }: FieldProps) {
  const colors = tones[tone];
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className={cn("text-sm font-medium", colors.label)}>
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          "h-11 rounded-lg border px-3.5 text-base transition-colors focus:outline-none focus:ring-3",
          colors.input,
          className,
        )}
        {...input}
      />
      {error ? (
        <p id={errorId} className={cn("text-sm font-medium", colors.error)}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

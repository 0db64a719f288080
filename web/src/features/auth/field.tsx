import { type ComponentProps, useId } from "react";
import { cn } from "@/components/ui/cn";

type FieldProps = ComponentProps<"input"> & {
  label: string;
  /** The rule's message, shown under the field and tied to it for screen readers. */
  error?: string;
};

/** A labelled input with its validation message. */
export function Field({ label, error, className, id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          "h-11 rounded-lg border border-border bg-white px-3.5 text-base shadow-xs transition-colors",
          "placeholder:text-stone-400 focus:border-amber-500 focus:outline-none focus:ring-3 focus:ring-amber-400/30",
          "aria-invalid:border-destructive aria-invalid:focus:ring-destructive/20",
          className,
        )}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

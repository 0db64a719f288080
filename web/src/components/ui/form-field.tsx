import { Loader2 } from "lucide-react";
import { type ComponentProps, type ReactNode, useId } from "react";
import { Button, type ButtonProps } from "./button";
import { cn } from "./cn";

/** What ties a control to its label and its message: give it to the input, textarea or select. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** The rule's message, shown under the field and tied to it for screen readers. */
  error?: string | undefined;
  /** The control's id (one is made up when absent). */
  id?: string;
  /** A line of help under the control. */
  hint?: ReactNode;
  /** The classes of the wrapper, the label and the message, replacing the admin forms' look. */
  classes?: { field: string; label: string; error: string };
  /** The control, given the ids and states that tie it to the label and the message. */
  children: (control: ControlProps) => ReactNode;
}

const adminLook = {
  field: "flex flex-col gap-2",
  label: "text-sm font-medium leading-none",
  error: "text-sm text-destructive",
};

/**
 * A labelled form control with its validation message: the one shape of every field in the admin
 * forms (with the look of components/ui Label), and under `Field` for the auth and gate forms.
 */
export function FormField({
  label,
  error,
  id,
  hint,
  classes = adminLook,
  children,
}: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  return (
    <div className={classes.field}>
      <label htmlFor={controlId} className={classes.label}>
        {label}
      </label>
      {children({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
      })}
      {hint}
      {error ? (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type FieldProps = ComponentProps<"input"> & {
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
  return (
    <FormField
      label={label}
      error={error}
      id={id}
      classes={{
        field: "flex flex-col gap-1.5",
        label: cn("text-sm font-medium", colors.label),
        error: cn("text-sm font-medium", colors.error),
      }}
    >
      {(control) => (
        <input
          {...control}
          className={cn(
            "h-11 rounded-lg border px-3.5 text-base transition-colors focus:outline-none focus:ring-3",
            colors.input,
            className,
          )}
          {...input}
        />
      )}
    </FormField>
  );
}

/**
 * The submit button of the auth and gate forms: while `pending`, disabled, with a spinner in place
 * of `icon`.
 */
export function SubmitButton({
  pending,
  icon = null,
  variant,
  children,
}: {
  pending: boolean;
  icon?: ReactNode;
  variant?: ButtonProps["variant"];
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" variant={variant} className="mt-2 text-base" disabled={pending}>
      {pending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : icon}
      {children}
    </Button>
  );
}

import { FormField } from "@/components/ui/form-field";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";

/** The admin forms' field look (components/ui/form-field), with extra wrapper classes. */
export const fieldLook = (className = "") => ({
  field: `flex flex-col gap-2 ${className}`.trim(),
  label: "text-sm font-medium leading-none",
  error: "text-sm text-destructive",
});

export interface Choice {
  value: string;
  label: string;
}

/** A labelled select of the billing forms (the deal form's look), with its message. */
export function ChoiceField({
  id,
  label,
  ariaLabel,
  className,
  value,
  options,
  error,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  /** The control's name where the visible label is short ("VAT" of "Line 2: VAT"). */
  ariaLabel?: string;
  /** The wrapper's classes beside the admin look's (a grid span). */
  className?: string;
  value: string;
  options: readonly Choice[];
  error?: string | undefined;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} id={id} error={error} classes={fieldLook(className)}>
      {(control) => (
        <Select value={value} onValueChange={onChange} disabled={disabled}>
          <SelectTrigger {...control} aria-label={ariaLabel ?? label}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((o) => (
              <SelectItem key={o.value} value={o.value}>
                {o.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}

/** The invoice languages: what the PDF, the EHF's texts and the reminders are written in. */
export const languageChoices: readonly Choice[] = [
  { value: "no", label: "Norwegian" },
  { value: "en", label: "English" },
];

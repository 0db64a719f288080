import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { type FieldNamesMarkedBoolean, useForm } from "react-hook-form";
import { currencies, dealFormats, dealStages, stageLabels } from "@/api/deals.admin";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { catalogues } from "@/lib/i18n/catalogues";
import { type DealValues, dealSchema } from "./deal-rules";

/** The package names the site offers (its pricing section), suggested in the package field. */
const packageNames = [
  ...catalogues.no.pricing.packages.map((p) => p.name),
  ...catalogues.en.pricing.packages.map((p) => p.name),
].filter((name, i, all) => all.indexOf(name) === i);

const languageLabels = { no: "Norwegian", en: "English" } as const;

type ChoiceName = "stage" | "language" | "currency" | "deliverableFormat";

export type DirtyFields = Partial<Readonly<FieldNamesMarkedBoolean<DealValues>>>;

/**
 * Every field of a deal, checked by dealSchema (the server's rules and messages). `onSubmit` gets
 * the values and which of them the admin changed, so an edit sends only those: a stage moved on the
 * board meanwhile is not moved back.
 */
export function DealForm({
  defaults,
  idPrefix,
  submitLabel,
  saving,
  onSubmit,
  onCancel,
}: {
  defaults: DealValues;
  /** Makes the fields' ids unique on the page (a form in a dialog beside another). */
  idPrefix: string;
  submitLabel: string;
  saving: boolean;
  onSubmit: (values: DealValues, dirty: DirtyFields) => void;
  onCancel?: () => void;
}) {
  const {
    register,
    watch,
    setValue,
    handleSubmit,
    formState: { errors, dirtyFields },
  } = useForm<DealValues>({ resolver: zodResolver(dealSchema), defaultValues: defaults });

  const id = (name: keyof DealValues) => `${idPrefix}-${name}`;
  const text = (name: "brand" | "contactName" | "contactEmail" | "package", label: string) => (
    <FormField label={label} id={id(name)} error={errors[name]?.message}>
      {(control) => (
        <Input
          {...control}
          type={name === "contactEmail" ? "email" : "text"}
          list={name === "package" ? `${idPrefix}-packages` : undefined}
          autoComplete="off"
          {...register(name)}
        />
      )}
    </FormField>
  );
  const number = (
    name: "price" | "deliverableCount" | "deliverableSeconds",
    label: string,
    hint?: string,
  ) => (
    <FormField
      label={label}
      id={id(name)}
      error={errors[name]?.message}
      hint={hint ? <p className="text-xs text-muted-foreground">{hint}</p> : undefined}
    >
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...register(name, { valueAsNumber: true })}
        />
      )}
    </FormField>
  );
  const choice = (
    name: ChoiceName,
    label: string,
    options: ReadonlyArray<{ value: string; label: string }>,
  ) => (
    <FormField label={label} id={id(name)} error={errors[name]?.message}>
      {(control) => (
        <Select
          value={watch(name)}
          onValueChange={(v) =>
            setValue(name, v as never, { shouldDirty: true, shouldValidate: true })
          }
        >
          <SelectTrigger {...control} aria-label={label}>
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

  return (
    <form
      onSubmit={handleSubmit((values) => onSubmit(values, dirtyFields))}
      noValidate
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {text("brand", "Brand")}
        {choice(
          "stage",
          "Stage",
          dealStages.map((s) => ({ value: s, label: stageLabels[s] })),
        )}
        {text("contactName", "Contact name")}
        {text("contactEmail", "Contact e-mail")}
        {choice(
          "language",
          "Brand's language",
          (["no", "en"] as const).map((l) => ({ value: l, label: languageLabels[l] })),
        )}
        {text("package", "Package")}
        <datalist id={`${idPrefix}-packages`}>
          {packageNames.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {number("price", "Price", "Whole units of the currency (kroner); 0 while not agreed")}
        {choice(
          "currency",
          "Currency",
          currencies.map((c) => ({ value: c, label: c })),
        )}
        {number("deliverableCount", "Videos")}
        {number("deliverableSeconds", "Length of each (seconds)", "0 while not agreed")}
        {choice(
          "deliverableFormat",
          "Format",
          dealFormats.map((f) => ({ value: f, label: f })),
        )}
        <FormField label="Due date" id={id("dueDate")} error={errors.dueDate?.message}>
          {(control) => <Input {...control} type="date" {...register("dueDate")} />}
        </FormField>
      </div>
      <FormField label="Brief" id={id("brief")} error={errors.brief?.message}>
        {(control) => <Textarea rows={5} {...control} {...register("brief")} />}
      </FormField>
      <FormField label="Notes (only you see them)" id={id("notes")} error={errors.notes?.message}>
        {(control) => <Textarea rows={3} {...control} {...register("notes")} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={saving}>
          {saving ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

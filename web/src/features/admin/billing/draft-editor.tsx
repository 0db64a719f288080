import { Loader2, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { type Path, useFieldArray, useForm } from "react-hook-form";
import { useLocation } from "wouter";
import {
  type Invoice,
  invoiceKindLabel,
  invoiceNumber,
  useDeleteDraft,
  useIssueInvoice,
  useUpdateDraft,
  type VatMode,
} from "@/api/billing.admin";
import { currencies } from "@/api/deals.admin";
import { useFikenConnection } from "@/api/fiken.admin";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import { dealPath } from "@/lib/paths";
import { ChoiceField, fieldLook, languageChoices } from "./choice-field";
import {
  type DraftValues,
  draftInput,
  draftValues,
  emptyLine,
  lineChecks,
  pricedLine,
  ratesOf,
} from "./draft-rules";
import { IssueDialog } from "./issue-dialog";
import { TotalsTable } from "./totals-table";

const vatModeChoices = [
  { value: "domestic", label: "Norway, 25 % VAT" },
  { value: "export", label: "Business abroad, 0 % (reverse charge)" },
  { value: "none", label: "Not VAT-registered, no VAT" },
] as const;

/**
 * A draft invoice or deposit request: the buyer, the lines with live totals (VAT per
 * rate on the summed lines, as the server computes it), Save, Delete, and Issue behind a
 * confirmation. Issuing saves first, so what is issued is what she sees.
 */
export function DraftEditor({ invoice }: { invoice: Invoice }) {
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState(false);
  const [issuing, setIssuing] = useState(false);
  const [issueError, setIssueError] = useState("");
  const fiken = useFikenConnection();
  // The server's refusal of a save names the field ("lines[0].unitPrice must be …"): shown here,
  // beside the buttons, as well as in the toast.
  const [saveError, setSaveError] = useState("");
  const {
    register,
    control,
    watch,
    setValue,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<DraftValues>({ defaultValues: draftValues(invoice) });
  const { fields, append, remove } = useFieldArray({ control, name: "lines" });

  const update = useUpdateDraft({
    onSuccess: () => setSaveError(""),
    onError: (e) => {
      const message = errorMessage(e, "There was an error saving the draft. Please try again.");
      setSaveError(message);
      toast.error("Error saving the draft", { description: message });
    },
  });
  const removeDraft = useDeleteDraft({
    onSuccess: () => {
      toast.success("Draft deleted");
      navigate(dealPath(invoice.dealId));
    },
    onError: (e) => {
      setDeleting(false);
      toast.error("Error deleting the draft", {
        description: errorMessage(e, "There was an error deleting the draft. Please try again."),
      });
    },
  });
  const issue = useIssueInvoice({
    onSuccess: (issued) => {
      setIssuing(false);
      toast.success(`${invoiceKindLabel(issued.kind)} ${invoiceNumber(issued)} issued`);
    },
    onError: (e) => setIssueError(errorMessage(e, "The invoice could not be issued.")),
  });

  const values = watch();
  const mode = values.vatMode;
  /** Saves the values; the form then counts them as unchanged. */
  const saveDraft = async (v: DraftValues) => {
    await update.mutateAsync({ id: invoice.id, input: draftInput(v) });
    reset(v);
  };

  const onSave = handleSubmit(async (v) => {
    try {
      await saveDraft(v);
      toast.success("Draft saved");
    } catch {
      // The mutation's onError has said why.
    }
  });
  const onIssue = (exchangeRate: string) =>
    handleSubmit(
      async (v) => {
        setIssueError("");
        // Saved first: the server issues what is stored, and she issues what she sees.
        if (isDirty) {
          try {
            await saveDraft(v);
          } catch (e) {
            setIssueError(errorMessage(e, "The draft could not be saved."));
            return;
          }
        }
        issue.mutate({ id: invoice.id, ...(exchangeRate ? { exchangeRate } : {}) });
      },
      () => {
        setIssuing(false);
        setIssueError("");
      },
    )();

  const setMode = (next: VatMode) => {
    setValue("vatMode", next, { shouldDirty: true });
    // A mode without VAT takes 0 % on every line; at home a line at 0 % may stay so.
    const allowed = ratesOf(next);
    values.lines.forEach((line, i) => {
      if (!allowed.includes(Number(line.vatRate))) {
        setValue(`lines.${i}.vatRate`, String(allowed[0]), { shouldDirty: true });
      }
    });
  };

  const text = (name: Path<DraftValues>, label: string, type = "text") => (
    <FormField label={label} id={`draft-${name}`}>
      {(c) => <Input {...c} type={type} autoComplete="off" {...register(name)} />}
    </FormField>
  );

  return (
    <form noValidate onSubmit={onSave} aria-label="Draft" className="flex flex-col gap-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 font-semibold">Buyer</legend>
        {text("buyer.name", "Buyer name")}
        {text("buyer.orgNumber", "Buyer organisation number")}
        {text("buyer.vatId", "Buyer VAT id (abroad)")}
        {text("buyer.reference", "Buyer's reference")}
        {text("buyer.street", "Street address")}
        {text("buyer.postalCode", "Postal code")}
        {text("buyer.city", "City")}
        {text("buyer.country", "Country (ISO code)")}
        {text("buyer.email", "Buyer e-mail", "email")}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 font-semibold">Invoice</legend>
        {text("deliveryDate", "Delivery date", "date")}
        <ChoiceField
          id="draft-vatMode"
          label="VAT"
          value={mode}
          options={vatModeChoices}
          onChange={(v) => setMode(v as VatMode)}
        />
        <ChoiceField
          id="draft-currency"
          label="Currency"
          value={values.currency}
          options={currencies.map((c) => ({ value: c, label: c }))}
          onChange={(v) => setValue("currency", v, { shouldDirty: true })}
        />
        <ChoiceField
          id="draft-language"
          label="Invoice language"
          value={values.language}
          options={languageChoices}
          onChange={(v) =>
            setValue("language", v as DraftValues["language"], { shouldDirty: true })
          }
        />
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 font-semibold">Lines</legend>
        {fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">No lines yet.</p>
        ) : null}
        <ol className="flex flex-col gap-4">
          {fields.map((field, i) => {
            const lineErrors = errors.lines?.[i];
            return (
              <li
                key={field.id}
                data-testid="draft-line"
                className="grid grid-cols-[4.5rem_minmax(0,1fr)_auto] items-start gap-3 rounded-lg border border-border p-3 sm:grid-cols-[minmax(0,1fr)_5rem_9rem_7rem_auto]"
              >
                <FormField
                  classes={fieldLook("col-span-3 sm:col-span-1")}
                  label={`Line ${i + 1}: description`}
                  id={`line-${i}-description`}
                  error={lineErrors?.description?.message}
                >
                  {(c) => (
                    <Input
                      {...c}
                      autoComplete="off"
                      {...register(`lines.${i}.description`, { validate: lineChecks.description })}
                    />
                  )}
                </FormField>
                <FormField
                  label="Quantity"
                  id={`line-${i}-quantity`}
                  error={lineErrors?.quantity?.message}
                >
                  {(c) => (
                    <Input
                      {...c}
                      inputMode="numeric"
                      aria-label={`Line ${i + 1}: quantity`}
                      {...register(`lines.${i}.quantity`, { validate: lineChecks.quantity })}
                    />
                  )}
                </FormField>
                <FormField
                  classes={fieldLook("col-span-2 sm:col-span-1")}
                  label={`Unit price (${values.currency})`}
                  id={`line-${i}-unitPrice`}
                  error={lineErrors?.unitPrice?.message}
                >
                  {(c) => (
                    <Input
                      {...c}
                      inputMode="decimal"
                      placeholder="12 500,00"
                      aria-label={`Line ${i + 1}: unit price`}
                      {...register(`lines.${i}.unitPrice`, { validate: lineChecks.unitPrice })}
                    />
                  )}
                </FormField>
                <ChoiceField
                  id={`line-${i}-vatRate`}
                  label="VAT"
                  ariaLabel={`Line ${i + 1}: VAT`}
                  className="col-span-2 sm:col-span-1"
                  value={values.lines[i]?.vatRate ?? "0"}
                  options={ratesOf(mode).map((r) => ({ value: String(r), label: `${r} %` }))}
                  onChange={(v) => setValue(`lines.${i}.vatRate`, v, { shouldDirty: true })}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  className="mt-6"
                  aria-label={`Remove line ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ol>
        <div>
          <Button variant="outline" size="sm" onClick={() => append(emptyLine(mode))}>
            <Plus className="size-4" aria-hidden="true" />
            Add line
          </Button>
        </div>
      </fieldset>

      <TotalsTable lines={values.lines.map(pricedLine)} currency={values.currency} />

      <FormField label="Note on the invoice (optional)" id="draft-note">
        {(c) => <Textarea {...c} rows={2} {...register("note")} />}
      </FormField>

      {saveError ? (
        <p role="alert" className="text-sm text-destructive">
          {saveError}
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" className="text-destructive" onClick={() => setDeleting(true)}>
          <Trash2 className="size-4" aria-hidden="true" />
          Delete draft
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="submit" variant="outline" disabled={update.isPending}>
            {update.isPending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            ) : null}
            Save draft
          </Button>
          {/* With Fiken connected, Fiken numbers the invoices: the Fiken card issues it. */}
          {fiken.data?.connected ? null : (
            <Button
              onClick={() => {
                setIssueError("");
                setIssuing(true);
              }}
            >
              Issue…
            </Button>
          )}
        </div>
      </div>

      <IssueDialog
        open={issuing}
        kind={invoiceKindLabel(invoice.kind).toLowerCase()}
        currency={values.currency}
        pending={issue.isPending || update.isPending}
        error={issueError}
        onCancel={() => setIssuing(false)}
        onConfirm={onIssue}
      />
      <ConfirmDeleteDialog
        open={deleting}
        title="Delete this draft?"
        description="The draft has no number yet, so deleting it leaves no gap in the series."
        pending={removeDraft.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => removeDraft.mutate(invoice.id)}
      />
    </form>
  );
}

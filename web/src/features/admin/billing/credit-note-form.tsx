import { Loader2 } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { type Invoice, invoiceNumber, useCreditNote } from "@/api/billing.admin";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { invoicePath } from "@/lib/admin-paths";
import { errorMessage } from "@/lib/api";
import { formatMoney } from "@/lib/money";
import { screenLanguage } from "./draft-rules";

/**
 * A credit note for an issued invoice, the one way to correct it: a reason, and the
 * whole invoice or the lines she chooses. The server issues it at once with its own number.
 */
export function CreditNoteForm({ invoice }: { invoice: Invoice }) {
  const [, navigate] = useLocation();
  const [reason, setReason] = useState("");
  // Once part of it is credited, the server takes only lines (what is left to credit).
  const partlyCredited = invoice.credited > 0;
  const [whole, setWhole] = useState(!partlyCredited);
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState("");
  const credit = useCreditNote({
    onSuccess: (note) => {
      toast.success(`Credit note ${invoiceNumber(note)} issued`);
      navigate(invoicePath(note.id));
    },
    onError: (e) => setError(errorMessage(e, "The credit note could not be issued.")),
  });

  const submit = () => {
    if (reason.trim() === "") return setError("Reason is required");
    if (!whole && chosen.length === 0) return setError("Choose the lines to credit");
    setError("");
    const lines = whole
      ? undefined
      : chosen.map((i) => invoice.lines[i]).filter((l) => l !== undefined);
    credit.mutate({
      id: invoice.id,
      input: lines ? { reason: reason.trim(), lines } : { reason: reason.trim() },
    });
  };

  return (
    <form
      noValidate
      aria-label="Credit note"
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <FormField label="Reason" id="credit-reason">
        {(c) => (
          <Textarea {...c} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
        )}
      </FormField>
      <fieldset className="flex flex-col gap-2 text-sm">
        <legend className="mb-2 text-sm font-medium">What to credit</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="credit-scope"
            checked={whole}
            disabled={partlyCredited}
            onChange={() => setWhole(true)}
          />
          The whole invoice {invoiceNumber(invoice)}
          {partlyCredited ? " (part of it is credited already)" : ""}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="credit-scope"
            checked={!whole}
            onChange={() => setWhole(false)}
          />
          Chosen lines
        </label>
        {!whole ? (
          <ul className="ml-6 flex flex-col gap-1">
            {invoice.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an issued invoice's lines never change.
              <li key={i}>
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={chosen.includes(i)}
                    onChange={(e) =>
                      setChosen((c) =>
                        e.target.checked ? [...c, i].sort() : c.filter((x) => x !== i),
                      )
                    }
                  />
                  {line.description} ({line.quantity} ×{" "}
                  {formatMoney(line.unitPrice, invoice.currency, screenLanguage)})
                </label>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="outline" disabled={credit.isPending}>
          {credit.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          Issue credit note
        </Button>
      </div>
    </form>
  );
}

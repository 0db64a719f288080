import { Loader2, Send } from "lucide-react";
import { useState } from "react";
import {
  type Invoice,
  invoiceKindLabel,
  invoiceNumber,
  type SentInvoice,
  useSendInvoice,
} from "@/api/billing.admin";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { errorMessage, errorStatus } from "@/lib/api";

/**
 * An issued document e-mailed to the brand, its PDF and EHF attached, in the invoice's
 * language; to the buyer's e-mail unless she types another. From 2027 the server warns (409)
 * before e-mailing a Norwegian business that must get EHF: the warning is shown here with a
 * second button that sends the PDF all the same.
 */
export function SendForm({ invoice }: { invoice: Invoice }) {
  const [to, setTo] = useState(invoice.buyer?.email ?? "");
  const [error, setError] = useState("");
  const [ehfWarning, setEhfWarning] = useState("");
  const [sent, setSent] = useState<SentInvoice | null>(null);
  const name = `${invoiceKindLabel(invoice.kind)} ${invoiceNumber(invoice)}`;
  // Once paid or credited, sending again is rare: the button steps back for what is still to do.
  const settled = invoice.state === "paid" || invoice.state === "credited";
  const send = useSendInvoice({
    onSuccess: (result) => {
      setSent(result);
      setEhfWarning("");
      toast.success(`${name} sent to ${result.to}`);
    },
    onError: (e) => {
      const message = errorMessage(e, "The e-mail could not be sent. Please try again.");
      if (errorStatus(e) === 409) setEhfWarning(message);
      else setError(message);
    },
  });

  const submit = (confirmNoEHF: boolean) => {
    setError("");
    setSent(null);
    if (!confirmNoEHF) setEhfWarning("");
    send.mutate({
      id: invoice.id,
      ...(to.trim() ? { to: to.trim() } : {}),
      ...(confirmNoEHF ? { confirmNoEHF } : {}),
    });
  };

  return (
    <form
      noValidate
      aria-label="Send by e-mail"
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit(false);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <FormField label="To" id="send-to">
          {(c) => (
            <Input
              {...c}
              type="email"
              autoComplete="off"
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" variant={settled ? "outline" : "primary"} disabled={send.isPending}>
          {send.isPending ? (
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <Send className="size-4" aria-hidden="true" />
          )}
          Send by e-mail
        </Button>
      </div>
      {ehfWarning ? (
        <div role="alert" className="flex flex-col gap-3 rounded-md bg-amber-50 p-3 text-sm">
          <p>{ehfWarning}</p>
          <div>
            <Button variant="outline" disabled={send.isPending} onClick={() => submit(true)}>
              Send the PDF by e-mail anyway
            </Button>
          </div>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {sent ? (
        <p role="status" className="text-sm" data-testid="invoice-sent">
          Sent to {sent.to} with {sent.attachments.join(" and ")}.
        </p>
      ) : null}
    </form>
  );
}

import { Loader2 } from "lucide-react";
import { useState } from "react";
import type { Invoice } from "@/api/billing.admin";
import {
  type FikenDocument,
  fikenStateLine,
  useCreditInFiken,
  useFikenStatus,
  useIssueInFiken,
} from "@/api/fiken.admin";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";

function StateLine({ doc }: { doc: FikenDocument }) {
  const bad = doc.state === "failed" || (doc.error !== "" && !doc.retrying);
  return (
    <p role="status" className={bad ? "text-sm text-destructive" : "text-sm"}>
      {fikenStateLine(doc)}
    </p>
  );
}

/** The whole invoice credited in Fiken, with the reason the credit note prints. */
function CreditInFiken({ invoice }: { invoice: Invoice }) {
  const [reason, setReason] = useState("");
  const credit = useCreditInFiken({
    onSuccess: () => {
      setReason("");
      toast.success("The credit note is being made in Fiken");
    },
    onError: (e) => toast.error(errorMessage(e, "The credit note could not be made.")),
  });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        credit.mutate({ id: invoice.id, input: { reason } });
      }}
    >
      <FormField label="Reason for the credit note">
        {(control) => (
          <Input {...control} value={reason} onChange={(e) => setReason(e.target.value)} />
        )}
      </FormField>
      <Button type="submit" variant="outline" disabled={credit.isPending || !reason.trim()}>
        Credit in full in Fiken
      </Button>
    </form>
  );
}

/**
 * The invoice page's Fiken part: "Issue in Fiken" on a draft while Fiken is connected, and how the
 * invoice and its credit notes fare there (sent by EHF or e-mail, or Fiken's message).
 */
export function FikenInvoice({ invoice }: { invoice: Invoice }) {
  const status = useFikenStatus(invoice.id);
  const issue = useIssueInFiken({
    onError: (e) => toast.error(errorMessage(e, "The invoice could not be issued in Fiken.")),
  });
  if (!status.data) return null;
  const { connected, document: doc, creditNotes } = status.data;
  if (!connected && !doc) return null;
  const draft = invoice.state === "draft";
  const canIssue =
    connected && draft && invoice.kind !== "credit-note" && (!doc || doc.state === "failed");
  const sent =
    doc && invoice.kind !== "credit-note" && (doc.state === "sent" || doc.state === "issued");
  return (
    <Card className="mb-4 flex flex-col gap-3 p-5" aria-label="Fiken">
      <h2 className="font-semibold">Fiken</h2>
      {doc ? <StateLine doc={doc} /> : null}
      {canIssue ? (
        <div>
          <Button onClick={() => issue.mutate({ id: invoice.id })} disabled={issue.isPending}>
            {issue.isPending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            ) : null}
            {doc ? "Try again in Fiken" : "Issue in Fiken"}
          </Button>
          <p className="mt-2 text-sm text-muted-foreground">
            Fiken numbers the invoice and sends it by EHF when the buyer can receive it, else by
            e-mail.
          </p>
        </div>
      ) : null}
      {creditNotes.map((c) => (
        <StateLine key={c.id} doc={c} />
      ))}
      {connected && sent && invoice.credited === 0 ? <CreditInFiken invoice={invoice} /> : null}
    </Card>
  );
}

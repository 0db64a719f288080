import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/**
 * The confirmation before issuing: an issued invoice takes the next number of the series and can
 * never be changed (bokføringsforskriften), only corrected by a credit note. A foreign currency
 * asks the NOK rate of the day, which the invoice states its VAT in. The server's refusal (a 400
 * naming what the invoice lacks) is shown here, where she pressed Issue.
 */
export function IssueDialog({
  open,
  kind,
  currency,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  /** "invoice", "deposit request". */
  kind: string;
  currency: string;
  pending: boolean;
  error: string;
  onCancel: () => void;
  onConfirm: (exchangeRate: string) => void;
}) {
  const [rate, setRate] = useState("");
  const foreign = currency !== "NOK";
  const rateMissing = foreign && !/^\d+([.,]\d{1,6})?$/.test(rate.trim());
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Issue this {kind}?</DialogTitle>
          <DialogDescription>
            An issued invoice cannot be changed. It takes the next number of the series, and is
            corrected only by a credit note.
          </DialogDescription>
        </DialogHeader>
        {foreign ? (
          <FormField
            label={`NOK for 1 ${currency} today`}
            id="issue-exchange-rate"
            hint={
              <p className="text-xs text-muted-foreground">
                The invoice states its VAT in NOK at this rate.
              </p>
            }
          >
            {(c) => (
              <Input
                {...c}
                inputMode="decimal"
                placeholder="11.4532"
                value={rate}
                onChange={(e) => setRate(e.target.value)}
              />
            )}
          </FormField>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            disabled={pending || rateMissing}
            onClick={() => onConfirm(foreign ? rate.trim().replace(",", ".") : "")}
          >
            {pending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
            Issue
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

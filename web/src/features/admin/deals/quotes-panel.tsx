import { FilePlus2, Plus, Send, Trash2, Undo2 } from "lucide-react";
import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import type { Deal } from "@/api/deals.admin";
import {
  amountText,
  formatMinor,
  type LineKind,
  parseAmount,
  previewTotals,
  type Quote,
  type QuoteInput,
  type QuoteLine,
  type QuoteState,
  type QuoteTotals,
  useCreateQuote,
  useDealQuotes,
  useDeleteQuote,
  useSendQuote,
  useUpdateQuote,
  useWithdrawQuote,
  type VatMode,
  vatModes,
} from "@/api/quotes.admin";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import { formatDay, formatMoment } from "@/lib/dates";

/**
 * A deal's quotes: a draft prefilled from the deal, edited here with its totals live,
 * sent into the deal's delivery room (and e-mailed to the brand), withdrawn, and once the brand has
 * accepted it, the record of who accepted, when, and the SHA-256 of the document they were shown.
 */

const stateBadges: Record<QuoteState, { label: string; variant: "accent" | "muted" | "outline" }> =
  {
    draft: { label: "Draft", variant: "outline" },
    sent: { label: "Sent – waiting for the brand", variant: "accent" },
    accepted: { label: "Accepted", variant: "accent" },
    expired: { label: "Expired", variant: "muted" },
    withdrawn: { label: "Withdrawn", variant: "muted" },
  };

const kindLabels: Record<LineKind, string> = {
  item: "Work (videos, add-ons)",
  organic: "Usage rights: organic use",
  paid: "Usage rights: paid use (ads)",
  whitelisting: "Usage rights: whitelisting",
  exclusivity: "Usage rights: exclusivity",
};

const vatModeLabels: Record<VatMode, string> = {
  domestic: "25 % VAT (VAT-registered, buyer in Norway)",
  none: "No VAT (not VAT-registered)",
  export: "0 % VAT, reverse charge (business abroad)",
};

/** A line as the editor holds it: numbers as typed, checked when saved. */
interface LineValues {
  kind: LineKind;
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  months: string;
  territory: string;
}

export interface QuoteValues {
  vatMode: VatMode;
  lines: LineValues[];
  depositPercent: string;
  paymentTermsDays: string;
  validUntil: string;
  note: string;
}

const isRights = (kind: LineKind) => kind !== "item";
const isDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const wholeIn = (text: string, low: number, high: number) =>
  /^\d+$/.test(text.trim()) && Number(text) >= low && Number(text) <= high;

export function quoteValues(q: Quote): QuoteValues {
  return {
    vatMode: q.vatMode,
    lines: q.lines.map((l) => ({
      kind: l.kind,
      description: l.description,
      quantity: String(l.quantity),
      unitPrice: amountText(l.unitPrice),
      vatRate: String(l.vatRate),
      months: l.months ? String(l.months) : "",
      territory: l.territory,
    })),
    depositPercent: String(q.depositPercent),
    paymentTermsDays: String(q.paymentTermsDays),
    validUntil: q.validUntil,
    note: q.note,
  };
}

/** The editor's values as the PATCH body; numbers that do not read count 0 (the preview). */
export function quoteInput(v: QuoteValues): QuoteInput {
  const int = (t: string) => (/^\d+$/.test(t.trim()) ? Number(t) : 0);
  return {
    vatMode: v.vatMode,
    lines: v.lines.map((l) => ({
      kind: l.kind,
      description: l.description.trim(),
      quantity: int(l.quantity),
      unitPrice: parseAmount(l.unitPrice) ?? 0,
      vatRate: v.vatMode === "domestic" ? Number(l.vatRate) : 0,
      months: isRights(l.kind) ? int(l.months) : 0,
      territory: isRights(l.kind) ? l.territory.trim() : "",
    })),
    depositPercent: int(v.depositPercent),
    paymentTermsDays: int(v.paymentTermsDays),
    validUntil: v.validUntil.trim(),
    note: v.note.trim(),
  };
}

/** The totals under the lines: net, VAT per rate, gross, and the deposit when one is asked. */
function TotalsTable({
  totals,
  currency,
  depositPercent,
}: {
  totals: QuoteTotals;
  currency: string;
  depositPercent: number;
}) {
  const m = (v: number) => formatMinor(v, currency);
  return (
    <dl
      className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm"
      data-testid="quote-totals"
    >
      <dt className="text-muted-foreground">Net</dt>
      <dd className="text-right tabular-nums">{m(totals.net)}</dd>
      {totals.vatLines.map((v) => (
        <div key={v.rate} className="contents">
          <dt className="text-muted-foreground">
            VAT {v.rate} % of {m(v.taxable)}
          </dt>
          <dd className="text-right tabular-nums">{m(v.tax)}</dd>
        </div>
      ))}
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold tabular-nums" data-testid="quote-gross">
        {m(totals.gross)}
      </dd>
      {depositPercent > 0 ? (
        <>
          <dt className="text-muted-foreground">Deposit {depositPercent} %</dt>
          <dd className="text-right tabular-nums" data-testid="quote-deposit">
            {m(totals.deposit)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

const blankLine = (kind: LineKind, vatMode: VatMode): LineValues => ({
  kind,
  description: "",
  quantity: "1",
  unitPrice: "",
  vatRate: vatMode === "domestic" ? "25" : "0",
  months: isRights(kind) ? "3" : "",
  territory: isRights(kind) ? "Norway" : "",
});

/** A draft's editor: lines (the work and usage rights), VAT, deposit, terms, last valid day. */
function QuoteEditor({ quote, dealId }: { quote: Quote; dealId: number }) {
  const update = useUpdateQuote(dealId);
  const send = useSendQuote(dealId);
  const remove = useDeleteQuote(dealId);
  const [deleting, setDeleting] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isDirty },
  } = useForm<QuoteValues>({ defaultValues: quoteValues(quote) });
  const { fields, append, remove: removeLine } = useFieldArray({ control, name: "lines" });
  const values = watch();
  const input = quoteInput(values);
  const totals = previewTotals(input);
  const id = (name: string) => `quote-${quote.id}-${name}`;

  const save = async (v: QuoteValues) => {
    try {
      await update.mutateAsync({ id: quote.id, input: quoteInput(v) });
      return true;
    } catch (e) {
      toast.error("Error saving the quote", { description: errorMessage(e, "Please try again.") });
      return false;
    }
  };
  // The messages are under their fields; the toast says where to look when they are out of view.
  const invalid = () =>
    toast.error("Check the quote", {
      description: "A field breaks a rule: its message is under it.",
    });
  const onSave = handleSubmit(async (v) => {
    if (await save(v)) toast.success(`Quote ${quote.number} saved`);
  }, invalid);
  const onSend = handleSubmit(async (v) => {
    if (isDirty && !(await save(v))) return;
    send.mutate(quote.id, {
      onSuccess: () => toast.success(`Quote ${quote.number} sent to the delivery room`),
      onError: (e) =>
        toast.error("Error sending the quote", {
          description: errorMessage(e, "Please try again."),
        }),
    });
  }, invalid);

  const vatMode = values.vatMode;
  return (
    <form className="flex flex-col gap-4" onSubmit={onSave} noValidate>
      <FormField label="VAT" id={id("vat")}>
        {(c) => (
          <select
            className="h-10 rounded-md border border-border bg-card px-3 text-sm"
            {...c}
            {...register("vatMode")}
          >
            {vatModes.map((m) => (
              <option key={m} value={m}>
                {vatModeLabels[m]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <ol className="flex flex-col gap-3" aria-label="Lines">
        {fields.map((field, i) => {
          const line = values.lines[i];
          const kind = line?.kind ?? field.kind;
          const err = errors.lines?.[i];
          const lid = (name: string) => id(`line-${i}-${name}`);
          return (
            <li
              key={field.id}
              className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-6"
              data-testid="quote-line"
            >
              <FormField label={`Line ${i + 1}`} id={lid("kind")}>
                {(c) => (
                  <select
                    className="h-10 rounded-md border border-border bg-card px-3 text-sm sm:col-span-6"
                    {...c}
                    {...register(`lines.${i}.kind`)}
                  >
                    {(Object.keys(kindLabels) as LineKind[]).map((k) => (
                      <option key={k} value={k}>
                        {kindLabels[k]}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <div className="sm:col-span-5">
                <FormField
                  label={isRights(kind) ? "Description (optional)" : "Description"}
                  id={lid("description")}
                  error={err?.description?.message}
                >
                  {(c) => (
                    <Input
                      {...c}
                      {...register(`lines.${i}.description`, {
                        validate: (v, all) => {
                          const k = all.lines[i]?.kind ?? "item";
                          if (!isRights(k) && v.trim() === "") return "Description is required";
                          return (
                            v.trim().length <= 500 || "Description must be at most 500 characters"
                          );
                        },
                      })}
                    />
                  )}
                </FormField>
              </div>
              <FormField label="Quantity" id={lid("quantity")} error={err?.quantity?.message}>
                {(c) => (
                  <Input
                    inputMode="numeric"
                    {...c}
                    {...register(`lines.${i}.quantity`, {
                      validate: (v) =>
                        wholeIn(v, 1, 10000) || "Quantity must be a whole number from 1 to 10000",
                    })}
                  />
                )}
              </FormField>
              <div className="sm:col-span-2">
                <FormField
                  label="Unit price (kr, excl. VAT)"
                  id={lid("price")}
                  error={err?.unitPrice?.message}
                >
                  {(c) => (
                    <Input
                      inputMode="decimal"
                      {...c}
                      {...register(`lines.${i}.unitPrice`, {
                        validate: (v) => {
                          const minor = parseAmount(v);
                          return (
                            (minor !== null && minor <= 10_000_000_000) ||
                            "Unit price must be an amount such as 2100 or 2100,50"
                          );
                        },
                      })}
                    />
                  )}
                </FormField>
              </div>
              {vatMode === "domestic" ? (
                <FormField label="VAT rate" id={lid("vat")}>
                  {(c) => (
                    <select
                      className="h-10 rounded-md border border-border bg-card px-3 text-sm"
                      {...c}
                      {...register(`lines.${i}.vatRate`)}
                    >
                      <option value="25">25 %</option>
                      <option value="0">0 %</option>
                    </select>
                  )}
                </FormField>
              ) : null}
              {isRights(kind) ? (
                <>
                  <FormField label="Months" id={lid("months")} error={err?.months?.message}>
                    {(c) => (
                      <Input
                        inputMode="numeric"
                        {...c}
                        {...register(`lines.${i}.months`, {
                          validate: (v, all) =>
                            !isRights(all.lines[i]?.kind ?? "item") ||
                            wholeIn(v, 1, 120) ||
                            "Duration must be a whole number of months from 1 to 120",
                        })}
                      />
                    )}
                  </FormField>
                  <div className="sm:col-span-2">
                    <FormField
                      label="Territory"
                      id={lid("territory")}
                      error={err?.territory?.message}
                    >
                      {(c) => (
                        <Input
                          {...c}
                          {...register(`lines.${i}.territory`, {
                            validate: (v, all) => {
                              if (!isRights(all.lines[i]?.kind ?? "item")) return true;
                              if (v.trim() === "") return "Territory is required for usage rights";
                              return (
                                v.trim().length <= 100 || "Territory must be at most 100 characters"
                              );
                            },
                          })}
                        />
                      )}
                    </FormField>
                  </div>
                </>
              ) : null}
              <div className="flex items-end justify-between gap-2 sm:col-span-6">
                <span className="text-sm text-muted-foreground tabular-nums">
                  {formatMinor(
                    (input.lines[i]?.quantity ?? 0) * (input.lines[i]?.unitPrice ?? 0),
                    quote.currency,
                  )}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={fields.length === 1}
                  onClick={() => removeLine(i)}
                  aria-label={`Remove line ${i + 1}`}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => append(blankLine("item", vatMode))}>
          <Plus className="size-4" aria-hidden="true" />
          Add a line
        </Button>
        <Button variant="outline" size="sm" onClick={() => append(blankLine("paid", vatMode))}>
          <Plus className="size-4" aria-hidden="true" />
          Add usage rights
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Deposit (%)" id={id("deposit")} error={errors.depositPercent?.message}>
          {(c) => (
            <Input
              inputMode="numeric"
              {...c}
              {...register("depositPercent", {
                validate: (v) =>
                  wholeIn(v, 0, 100) || "Deposit share must be a whole percent from 0 to 100",
              })}
            />
          )}
        </FormField>
        <FormField
          label="Payment terms (days)"
          id={id("terms")}
          error={errors.paymentTermsDays?.message}
        >
          {(c) => (
            <Input
              inputMode="numeric"
              {...c}
              {...register("paymentTermsDays", {
                validate: (v) =>
                  wholeIn(v, 0, 365) ||
                  "Payment terms must be a whole number of days from 0 to 365",
              })}
            />
          )}
        </FormField>
        <FormField label="Valid until" id={id("valid")} error={errors.validUntil?.message}>
          {(c) => (
            <Input
              type="date"
              {...c}
              {...register("validUntil", {
                validate: (v) => isDate(v.trim()) || "Valid until must be a date (YYYY-MM-DD)",
              })}
            />
          )}
        </FormField>
      </div>
      <FormField label="Note to the brand (optional)" id={id("note")} error={errors.note?.message}>
        {(c) => (
          <Textarea
            rows={3}
            {...c}
            {...register("note", {
              validate: (v) => v.trim().length <= 2000 || "Note must be at most 2000 characters",
            })}
          />
        )}
      </FormField>
      <TotalsTable
        totals={totals}
        currency={quote.currency}
        depositPercent={input.depositPercent}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          Save
        </Button>
        <Button variant="accent" onClick={onSend} disabled={update.isPending || send.isPending}>
          <Send className="size-4" aria-hidden="true" />
          {isDirty ? "Save and send" : "Send to the brand"}
        </Button>
        <Button variant="outline" className="text-destructive" onClick={() => setDeleting(true)}>
          <Trash2 className="size-4" aria-hidden="true" />
          Delete draft
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Sending shows the quote in the deal's delivery room (in the deal's language) and e-mails it
        to the contact. Once sent it cannot change: withdraw it and write a new one instead.
      </p>
      <ConfirmDeleteDialog
        open={deleting}
        title={`Delete quote ${quote.number}?`}
        description="The draft is deleted. It was never sent, so the brand has not seen it."
        pending={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(quote.id, {
            onSuccess: () => toast.success(`Quote ${quote.number} deleted`),
            onError: (e) =>
              toast.error("Error deleting the quote", {
                description: errorMessage(e, "Please try again."),
              }),
            onSettled: () => setDeleting(false),
          })
        }
      />
    </form>
  );
}

function LineRow({ line, currency }: { line: QuoteLine; currency: string }) {
  const rights =
    line.kind === "item"
      ? ""
      : `${kindLabels[line.kind]}, ${line.months} month${line.months === 1 ? "" : "s"}, ${line.territory}`;
  return (
    <tr className="border-b border-border align-top">
      <td className="py-1.5 pr-2">
        {line.description || rights}
        {line.description && rights ? (
          <span className="block text-xs text-muted-foreground">{rights}</span>
        ) : null}
      </td>
      <td className="px-2 py-1.5 text-right tabular-nums">{line.quantity}</td>
      <td className="px-2 py-1.5 text-right tabular-nums">
        {formatMinor(line.unitPrice, currency)}
      </td>
      <td className="px-2 py-1.5 text-right">{line.vatRate} %</td>
      <td className="py-1.5 pl-2 text-right tabular-nums">{formatMinor(line.net, currency)}</td>
    </tr>
  );
}

/** A sent quote as it stands: its lines, totals, and what happened to it. */
function SentQuote({ quote, dealId }: { quote: Quote; dealId: number }) {
  const withdraw = useWithdrawQuote(dealId);
  const a = quote.acceptance;
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th className="py-1.5 pr-2 font-medium">Description</th>
              <th className="px-2 py-1.5 text-right font-medium">Qty</th>
              <th className="px-2 py-1.5 text-right font-medium">Unit price</th>
              <th className="px-2 py-1.5 text-right font-medium">VAT</th>
              <th className="py-1.5 pl-2 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a sent quote's lines never change.
              <LineRow key={i} line={l} currency={quote.currency} />
            ))}
          </tbody>
        </table>
      </div>
      <TotalsTable
        totals={quote.totals}
        currency={quote.currency}
        depositPercent={quote.depositPercent}
      />
      <p className="text-sm text-muted-foreground">
        Valid until {formatDay(quote.validUntil)} · payment {quote.paymentTermsDays} days
        {quote.sentAt ? ` · sent ${formatMoment(quote.sentAt)}` : ""}
        {quote.withdrawnAt ? ` · withdrawn ${formatMoment(quote.withdrawnAt)}` : ""}
      </p>
      {a ? (
        <dl
          className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-md bg-muted p-3 text-sm"
          data-testid="quote-acceptance"
        >
          <dt className="text-muted-foreground">Accepted by</dt>
          <dd>
            {a.name}, {a.title}, {a.company}
          </dd>
          <dt className="text-muted-foreground">When</dt>
          <dd>{formatMoment(a.at)}</dd>
          <dt className="text-muted-foreground">From address</dt>
          <dd>{a.clientAddress}</dd>
          <dt className="text-muted-foreground">Document SHA-256</dt>
          <dd className="break-all font-mono text-xs">{a.sha256}</dd>
        </dl>
      ) : quote.documentSha256 ? (
        <p className="break-all text-xs text-muted-foreground">
          Document SHA-256: <span className="font-mono">{quote.documentSha256}</span>
        </p>
      ) : null}
      {quote.state === "sent" || quote.state === "expired" ? (
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(quote.id, {
                onSuccess: () => toast.success(`Quote ${quote.number} withdrawn`),
                onError: (e) =>
                  toast.error("Error withdrawing the quote", {
                    description: errorMessage(e, "Please try again."),
                  }),
              })
            }
          >
            <Undo2 className="size-4" aria-hidden="true" />
            Withdraw
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The quotes of a deal, newest first, with "New quote". */
export function QuotesPanel({ deal }: { deal: Deal }) {
  const quotes = useDealQuotes(deal.id);
  const create = useCreateQuote(deal.id);
  const list = quotes.data ?? [];
  return (
    <Card className="mt-6 p-5" aria-labelledby="quotes-heading" role="region">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="quotes-heading" className="font-semibold">
          Quotes
        </h2>
        <Button
          size="sm"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: (q) => toast.success(`Quote ${q.number} drafted from the deal`),
              onError: (e) =>
                toast.error("Error making the quote", {
                  description: errorMessage(e, "Please try again."),
                }),
            })
          }
        >
          <FilePlus2 className="size-4" aria-hidden="true" />
          New quote
        </Button>
      </div>
      {quotes.isError ? (
        <p className="text-sm text-destructive">Failed to load the quotes.</p>
      ) : list.length === 0 && !quotes.isPending ? (
        <p className="text-sm text-muted-foreground">
          No quotes yet. A new quote starts from the deal's package, videos and price; the brand
          accepts it in the delivery room.
        </p>
      ) : null}
      <div className="flex flex-col gap-4">
        {list.map((q) => (
          <article
            key={q.id}
            className="rounded-lg border border-border p-4"
            aria-labelledby={`quote-${q.id}-title`}
            data-testid="quote"
          >
            <div className="mb-3 flex flex-wrap items-center gap-2">
              <h3 id={`quote-${q.id}-title`} className="font-semibold">
                Quote {q.number}
              </h3>
              <Badge variant={stateBadges[q.state].variant} data-testid="quote-state">
                {stateBadges[q.state].label}
              </Badge>
              <span className="ml-auto text-sm tabular-nums">
                {formatMinor(q.totals.gross, q.currency)}
              </span>
            </div>
            {q.state === "draft" ? (
              <QuoteEditor key={q.updatedAt} quote={q} dealId={deal.id} />
            ) : (
              <SentQuote quote={q} dealId={deal.id} />
            )}
          </article>
        ))}
      </div>
    </Card>
  );
}

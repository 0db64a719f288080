import { Loader2 } from "lucide-react";
import { useForm } from "react-hook-form";
import {
  type Invoice,
  type PaymentInput,
  paymentMethodLabels,
  paymentMethods,
  useRecordPayment,
} from "@/api/billing.admin";
import { localToday } from "@/api/deals.admin";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import { formatMoney, moneyInput, parseMoney } from "@/lib/money";
import { ChoiceField } from "./choice-field";
import { isDay, screenLanguage } from "./draft-rules";

const methodChoices = paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] ?? m }));

interface PaymentValues {
  amount: string;
  paidOn: string;
  method: PaymentInput["method"];
}

/**
 * A payment recorded by hand: amount (a part is fine), date and method. The invoice's
 * state follows from its payments on the server; the form starts at what is outstanding, today.
 */
export function PaymentForm({ invoice }: { invoice: Invoice }) {
  const start: PaymentValues = {
    amount: moneyInput(invoice.outstanding, screenLanguage),
    paidOn: localToday(),
    method: "bank",
  };
  const {
    register,
    watch,
    setValue,
    handleSubmit,
    formState: { errors },
  } = useForm<PaymentValues>({ defaultValues: start });
  const record = useRecordPayment({
    onSuccess: (_, { input }) => {
      toast.success(
        `Payment of ${formatMoney(input.amount, invoice.currency, screenLanguage)} recorded`,
      );
    },
    onError: (e) =>
      toast.error("Error recording the payment", {
        description: errorMessage(e, "There was an error recording the payment. Please try again."),
      }),
  });

  return (
    <form
      noValidate
      aria-label="Record payment"
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
      onSubmit={handleSubmit((v) => {
        const amount = parseMoney(v.amount);
        if (!amount.ok) return;
        record.mutate({
          id: invoice.id,
          input: { amount: amount.minor, paidOn: v.paidOn, method: v.method },
        });
      })}
    >
      <FormField
        label={`Amount (${invoice.currency})`}
        id="payment-amount"
        error={errors.amount?.message}
      >
        {(c) => (
          <Input
            {...c}
            inputMode="decimal"
            {...register("amount", {
              validate: (v) => {
                const parsed = parseMoney(v);
                if (!parsed.ok) return parsed.error;
                return parsed.minor > 0 || "The amount must be more than 0";
              },
            })}
          />
        )}
      </FormField>
      <FormField label="Paid on" id="payment-paidOn" error={errors.paidOn?.message}>
        {(c) => (
          <Input
            {...c}
            type="date"
            {...register("paidOn", { validate: (v) => isDay(v) || "Paid on must be a date" })}
          />
        )}
      </FormField>
      <ChoiceField
        id="payment-method"
        label="Method"
        value={watch("method")}
        options={methodChoices}
        onChange={(v) => setValue("method", v as PaymentInput["method"])}
      />
      <Button type="submit" className="sm:mt-6" disabled={record.isPending}>
        {record.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
        Record payment
      </Button>
    </form>
  );
}

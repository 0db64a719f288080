import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { type BillingProfile, type KidAlgorithm, useSaveBillingProfile } from "@/api/billing.admin";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { errorMessage, errorStatus } from "@/lib/api";
import {
  checkAccountNumber,
  checkOrgNumber,
  compactNumber,
  type NumberCheck,
} from "@/lib/norwegian-numbers";
import { ChoiceField, languageChoices } from "./choice-field";
import {
  billingSchema,
  fieldOfMessage,
  kidLengths,
  type ProfileField,
  profileValues,
} from "./profile-rules";

const kidChoices = [
  { value: "none", label: "No KID" },
  { value: "mod10", label: "KID, MOD10 (Luhn)" },
  { value: "mod11", label: "KID, MOD11" },
] as const;

const kidLengthChoices = kidLengths.map((n) => ({ value: String(n), label: `${n} digits` }));

const checkColours: Record<NumberCheck, string> = {
  empty: "text-muted-foreground",
  incomplete: "text-muted-foreground",
  invalid: "text-destructive",
  valid: "text-emerald-700",
};

/** What the check digit says while she types: how many digits so far, wrong, or right. */
function NumberCheckHint({
  id,
  check,
  value,
  length,
}: {
  id: string;
  check: NumberCheck;
  value: string;
  length: number;
}) {
  const typed = compactNumber(value).length;
  const text = {
    empty: `${length} digits`,
    incomplete: `${typed} of ${length} digits`,
    invalid: "The check digit does not match (MOD11)",
    valid: "Check digit is right",
  }[check];
  return (
    <p id={id} aria-live="polite" data-check={check} className={cn("text-xs", checkColours[check])}>
      {check === "valid" ? "✓ " : ""}
      {text}
    </p>
  );
}

/**
 * Admin → Settings → Billing: who invoices and how she is paid. Each server refusal is
 * shown at the field it names; the first invoice number is locked once an invoice has been issued
 * (`numberLocked`), or when the server answers 409 because one has.
 */
export function BillingProfileForm({
  profile,
  numberLocked,
}: {
  profile: BillingProfile;
  numberLocked: boolean;
}) {
  const [locked, setLocked] = useState(numberLocked);
  const [formError, setFormError] = useState("");
  const {
    register,
    watch,
    setValue,
    setError,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<BillingProfile>({
    resolver: zodResolver(billingSchema),
    defaultValues: profileValues(profile),
  });

  const save = useSaveBillingProfile({
    onSuccess: (saved) => {
      reset(profileValues(saved));
      setFormError("");
      toast.success("Billing profile saved");
    },
    onError: (error) => {
      const message = errorMessage(
        error,
        "There was an error saving the profile. Please try again.",
      );
      if (errorStatus(error) === 409) setLocked(true);
      const field: ProfileField | undefined =
        errorStatus(error) === 409 ? "firstInvoiceNumber" : fieldOfMessage(message);
      if (field) setError(field, { type: "server", message }, { shouldFocus: true });
      else setFormError(message);
      toast.error("Error saving the billing profile", { description: message });
    },
  });

  const values = watch();
  const kid = values.kidAgreement;
  const locks = locked || numberLocked;
  const id = (name: ProfileField) => `billing-${name.replace(".", "-")}`;
  /** A field's message: its own rule's, or the server's set at it. */
  const errorOf = (name: ProfileField) =>
    name.startsWith("address.")
      ? errors.address?.[name.slice("address.".length) as keyof BillingProfile["address"]]?.message
      : errors[name as keyof BillingProfile]?.message;
  const text = (
    name: ProfileField,
    label: string,
    options: {
      hint?: ReactNode;
      inputMode?: "numeric" | "email";
      number?: boolean;
      disabled?: boolean;
    } = {},
  ) => (
    <FormField label={label} id={id(name)} error={errorOf(name)} hint={options.hint}>
      {(control) => (
        <Input
          {...control}
          aria-describedby={
            [control["aria-describedby"], options.hint ? `${id(name)}-check` : undefined]
              .filter(Boolean)
              .join(" ") || undefined
          }
          inputMode={options.inputMode === "numeric" ? "numeric" : undefined}
          type={options.inputMode === "email" ? "email" : "text"}
          autoComplete="off"
          disabled={options.disabled}
          {...register(name, options.number ? { valueAsNumber: true } : {})}
        />
      )}
    </FormField>
  );

  const checkbox = (
    name: "vatRegistered" | "inForetaksregisteret",
    label: string,
    explanation: string,
  ) => (
    <div className="flex items-start gap-3 sm:col-span-2">
      <input
        id={id(name)}
        type="checkbox"
        className="mt-0.5 size-4 accent-amber-600"
        {...register(name)}
      />
      <label htmlFor={id(name)} className="text-sm">
        <span className="font-medium">{label}</span>
        <span className="block text-muted-foreground">{explanation}</span>
      </label>
    </div>
  );

  return (
    <form
      noValidate
      aria-label="Billing profile"
      className="flex flex-col gap-6"
      onSubmit={handleSubmit((body) => {
        setFormError("");
        save.mutate(body);
      })}
    >
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 font-semibold">Seller</legend>
        {text("legalName", "Legal name")}
        {text("orgNumber", "Organisation number", {
          inputMode: "numeric",
          hint: (
            <NumberCheckHint
              id={`${id("orgNumber")}-check`}
              check={checkOrgNumber(values.orgNumber)}
              value={values.orgNumber}
              length={9}
            />
          ),
        })}
        {checkbox(
          "vatRegistered",
          "VAT-registered",
          "Invoices add “MVA” after the organisation number and 25 % VAT.",
        )}
        {checkbox(
          "inForetaksregisteret",
          "In Foretaksregisteret",
          "Every AS, and a sole proprietorship once registered: invoices say “Foretaksregisteret” by the organisation number.",
        )}
        {text("address.street", "Street address")}
        {text("address.postalCode", "Postal code", { inputMode: "numeric" })}
        {text("address.city", "City")}
        {text("address.country", "Country (ISO code, e.g. NO)")}
        {text("email", "Invoice e-mail", { inputMode: "email" })}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 font-semibold">Payment</legend>
        {text("accountNumber", "Account number", {
          inputMode: "numeric",
          hint: (
            <NumberCheckHint
              id={`${id("accountNumber")}-check`}
              check={checkAccountNumber(values.accountNumber)}
              value={values.accountNumber}
              length={11}
            />
          ),
        })}
        <div className="hidden sm:block" />
        {text("iban", "IBAN (for payers abroad)")}
        {text("bic", "BIC")}
        <ChoiceField
          id={id("kidAgreement")}
          label="KID agreement"
          value={kid?.algorithm ?? "none"}
          options={kidChoices}
          error={errors.kidAgreement?.message}
          onChange={(v) =>
            setValue(
              "kidAgreement",
              v === "none" ? null : { length: kid?.length ?? 7, algorithm: v as KidAlgorithm },
              { shouldDirty: true },
            )
          }
        />
        {kid ? (
          <ChoiceField
            id="billing-kidLength"
            label="KID length (check digit included)"
            value={String(kid.length)}
            options={kidLengthChoices}
            onChange={(v) =>
              setValue("kidAgreement", { ...kid, length: Number(v) }, { shouldDirty: true })
            }
          />
        ) : (
          <p className="self-end text-sm text-muted-foreground sm:pb-2">
            Payments are marked with the invoice number.
          </p>
        )}
        {text("paymentTermsDays", "Payment terms (days)", { inputMode: "numeric", number: true })}
        <ChoiceField
          id={id("invoiceLanguage")}
          label="Invoice language"
          value={values.invoiceLanguage}
          options={languageChoices}
          error={errors.invoiceLanguage?.message}
          onChange={(v) =>
            setValue("invoiceLanguage", v as BillingProfile["invoiceLanguage"], {
              shouldDirty: true,
            })
          }
        />
        {text("firstInvoiceNumber", "First invoice number", {
          inputMode: "numeric",
          number: true,
          disabled: locks,
          hint: (
            <p className="text-xs text-muted-foreground">
              {locks
                ? "Invoices have been issued: the series continues without gaps."
                : "Settable only until the first invoice is issued."}
            </p>
          ),
        })}
      </fieldset>

      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          Save billing profile
        </Button>
      </div>
    </form>
  );
}

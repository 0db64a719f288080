import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { track } from "@/api/analytics";
import { sendInquiry } from "@/api/inquiries";
import { cn } from "@/components/ui/cn";
import { Send } from "@/components/ui/icons";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import { type Checked, checkForm } from "@/lib/form-rules";
import { useLanguage } from "@/lib/i18n";
import { onServiceChosen } from "./chosen-service";
import { type ContactValues, contactRules, honeypotField, serviceOptions } from "./contact-rules";

const fieldClass =
  "mt-2 block w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-950 shadow-sm transition-colors placeholder:text-stone-500 hover:border-stone-400 focus:border-stone-900 focus:outline-none focus:ring-4 focus:ring-amber-200 aria-[invalid=true]:border-red-600";

/** What the form holds now: every control by its name, the honeypot included. */
function valuesOf(form: HTMLFormElement): ContactValues {
  const data = new FormData(form);
  const value = (field: keyof ContactValues) => String(data.get(field) ?? "");
  return {
    name: value("name"),
    email: value("email"),
    company: value("company"),
    service: value("service"),
    message: value("message"),
    website: value(honeypotField),
  };
}

/**
 * The contact form (SPEC.md section 5), with the spec's messages from its rules table
 * (contact-rules.ts). Its fields keep their own values (uncontrolled); a send reads them. Nothing is
 * checked while the visitor types until the first send; from then on a field is checked again as it
 * changes, so its message goes once it is right. A send with errors shows them all and moves the
 * focus to the first invalid field. While it sends, the button says 'Sending...'; on success a
 * toast and an empty form; on failure a toast with the server's message or the fallback. No form
 * library: react-hook-form and zod were most of the page's budgeted JavaScript (DESIGN.md section 5).
 * Loaded lazily, when the contact section comes near.
 */
export function ContactForm() {
  const { t, language } = useLanguage();
  const id = useId();
  const [errors, setErrors] = useState<Checked<ContactValues>["errors"]>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const triedToSend = useRef(false);
  const service = useRef<HTMLSelectElement>(null);
  // The package a pricing card chose, before the form loaded or since.
  useEffect(
    () =>
      onServiceChosen((chosen) => {
        if (service.current) service.current.value = chosen;
      }),
    [],
  );

  const recheck = (event: FormEvent<HTMLFormElement>) => {
    if (!triedToSend.current) return;
    const name = (event.target as HTMLInputElement).name as keyof ContactValues;
    const now = checkForm(contactRules, valuesOf(event.currentTarget)).errors;
    setErrors((shown) => ({ ...shown, [name]: now[name] }));
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    triedToSend.current = true;
    const { values, errors: found } = checkForm(contactRules, valuesOf(form));
    setErrors(found);
    const firstInvalid = [...form.elements].find(
      (control) => (control as HTMLInputElement).name in found,
    );
    if (firstInvalid) {
      (firstInvalid as HTMLElement).focus();
      track({ t: "form", step: "invalid" });
      return;
    }
    setSubmitting(true);
    try {
      await sendInquiry(values, language);
      track({ t: "form", step: "sent" });
      // It stays until the visitor closes it: a toast gone in 5 s was missed.
      toast.success(t.contact.successTitle, {
        description: t.contact.successText,
        duration: Number.POSITIVE_INFINITY,
      });
      form.reset();
      triedToSend.current = false;
    } catch (error) {
      toast.error(t.contact.errorTitle, {
        description: errorMessage(error, t.contact.errorFallback),
      });
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: keyof ContactValues) => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof ContactValues) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1.5 text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      noValidate
      aria-label={t.contact.formTitle}
      onSubmit={send}
      onChange={recheck}
      // Analytics counts the form started once per page load, at its first focus.
      onFocus={() => track({ t: "form", step: "started" }, "form-started")}
      className="grid gap-5 sm:grid-cols-2"
    >
      <div>
        <label htmlFor={`${id}-name`} className="text-sm font-semibold text-stone-800">
          {t.contact.name}
        </label>
        <input name="name" {...field("name")} autoComplete="name" className={fieldClass} />
        {error("name")}
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="text-sm font-semibold text-stone-800">
          {t.contact.email}
        </label>
        <input
          name="email"
          {...field("email")}
          type="email"
          autoComplete="email"
          className={fieldClass}
        />
        {error("email")}
      </div>
      <div>
        <label htmlFor={`${id}-company`} className="text-sm font-semibold text-stone-800">
          {t.contact.company}
        </label>
        <input
          name="company"
          {...field("company")}
          autoComplete="organization"
          className={fieldClass}
        />
        {error("company")}
      </div>
      <div>
        <label htmlFor={`${id}-service`} className="text-sm font-semibold text-stone-800">
          {t.contact.service}
        </label>
        <select
          ref={service}
          name="service"
          {...field("service")}
          className={cn(fieldClass, "h-[50px]")}
        >
          <option value="">{t.contact.servicePlaceholder}</option>
          {serviceOptions.map((option) => (
            <option key={option} value={option}>
              {t.contact.services[option]}
            </option>
          ))}
        </select>
        {error("service")}
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-message`} className="text-sm font-semibold text-stone-800">
          {t.contact.message}
        </label>
        <textarea
          name="message"
          {...field("message")}
          rows={5}
          placeholder={t.contact.messagePlaceholder}
          className={cn(fieldClass, "resize-y")}
        />
        {error("message")}
      </div>
      {/* The honeypot: off-screen and out of the tab order; people leave it empty, bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] top-auto size-px overflow-hidden">
        <label htmlFor={`${id}-${honeypotField}`}>{t.contact.honeypot}</label>
        <input
          name={honeypotField}
          id={`${id}-${honeypotField}`}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={isSubmitting}
          className="inline-flex h-13 w-full items-center justify-center gap-2 rounded-full bg-stone-900 px-8 text-base font-semibold text-white transition-colors hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60 sm:w-auto"
        >
          {isSubmitting ? t.contact.sending : t.contact.send}
          {!isSubmitting && <Send aria-hidden="true" className="size-4" />}
        </button>
      </div>
    </form>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { cn } from "@/components/ui/cn";
import { toast } from "@/components/ui/toaster";
import { track } from "@/lib/analytics";
import { errorMessage } from "@/lib/api";
import { sendInquiry } from "@/lib/contact";
import { useLanguage } from "@/lib/i18n";
import {
  type ContactValues,
  contactSchema,
  emptyContact,
  honeypotField,
  serviceOptions,
} from "./contact-schema";

const fieldClass =
  "mt-2 block w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-950 shadow-sm transition-colors placeholder:text-stone-500 hover:border-stone-400 focus:border-stone-900 focus:outline-none focus:ring-4 focus:ring-amber-200 aria-[invalid=true]:border-red-600";

/**
 * The contact form (SPEC.md section 5): react-hook-form + zod with the spec's messages; while it
 * sends, the button says 'Sending...'; on success a toast and a reset; on failure a toast with the
 * server's message or the fallback. Loaded lazily, when the contact section comes near.
 */
export function ContactForm() {
  const { t, language } = useLanguage();
  const id = useId();
  const form = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: emptyContact,
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  // react-hook-form tracks the send (isSubmitting) itself; the inquiry touches no cached data, so
  // it needs no TanStack mutation (whose code would join this page's budgeted JavaScript).
  const send = handleSubmit(
    async (values) => {
      try {
        await sendInquiry(values, language);
        track({ t: "form", step: "sent" });
        toast.success(t.contact.successTitle, { description: t.contact.successText });
        reset(emptyContact);
      } catch (error) {
        toast.error(t.contact.errorTitle, {
          description: errorMessage(error, t.contact.errorFallback),
        });
      }
    },
    () => track({ t: "form", step: "invalid" }),
  );

  const field = (name: keyof ContactValues) => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof ContactValues) =>
    errors[name]?.message ? (
      <p id={`${id}-${name}-error`} className="mt-1.5 text-sm font-medium text-red-700">
        {errors[name]?.message}
      </p>
    ) : null;

  return (
    <form
      noValidate
      aria-label={t.contact.formTitle}
      onSubmit={send}
      // Analytics counts the form started once per page load, at its first focus.
      onFocus={() => track({ t: "form", step: "started" }, "form-started")}
      className="grid gap-5 sm:grid-cols-2"
    >
      <div>
        <label htmlFor={`${id}-name`} className="text-sm font-semibold text-stone-800">
          {t.contact.name}
        </label>
        <input
          {...register("name")}
          {...field("name")}
          autoComplete="name"
          className={fieldClass}
        />
        {error("name")}
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="text-sm font-semibold text-stone-800">
          {t.contact.email}
        </label>
        <input
          {...register("email")}
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
          {...register("company")}
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
          {...register("service")}
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
          {...register("message")}
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
          {...register(honeypotField)}
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

import type { InquiryInput } from "@/api/inquiries";
import type { FormRules } from "@/lib/form-rules";
import { serviceOptions } from "./chosen-service";

/**
 * The contact form's rules (SPEC.md section 5) and their exact messages; the server
 * (internal/httpapi/contact.go) applies the same rules with the same messages, and
 * form-rules-parity.test.ts holds both to testdata/rules.json "forms" "contact".
 */
export const contactMessages = {
  email: "Please enter a valid email address",
  nameRequired: "Please enter your name",
  name: "Name must be at least 2 characters",
  message: "Message must be at least 10 characters",
  nameTooLong: "Name must be at most 200 characters",
  companyTooLong: "Company must be at most 200 characters",
  messageTooLong: "Message must be at most 5000 characters",
  /** The select offers only the options: a visitor never sees it; the server's words. */
  service: "Service must be one of Enkeltvideo, Pakketilbud 1, Pakketilbud 2 or Skreddersydd",
} as const;

export { serviceOptions };

/** The hidden field bots fill in; people leave it empty (the server drops a filled one). */
export const honeypotField = "website";

/** The form's fields: the body of POST /api/contact without the language the page adds. */
export type ContactValues = InquiryInput;

export const contactRules: FormRules<ContactValues> = {
  name: {
    required: true,
    min: 2,
    max: 200,
    messages: {
      required: contactMessages.nameRequired,
      min: contactMessages.name,
      max: contactMessages.nameTooLong,
    },
  },
  email: { format: "email", messages: { format: contactMessages.email } },
  company: { max: 200, messages: { max: contactMessages.companyTooLong } },
  service: { oneOf: serviceOptions, optional: true, messages: { oneOf: contactMessages.service } },
  message: {
    min: 10,
    max: 5000,
    messages: { min: contactMessages.message, max: contactMessages.messageTooLong },
  },
};

export const emptyContact: ContactValues = {
  name: "",
  email: "",
  company: "",
  service: "",
  message: "",
  website: "",
};

import * as z from "zod/mini";

/**
 * The contact form's rules (SPEC.md section 5) and their exact messages; the server
 * (internal/httpapi/contact.go) applies the same rules with the same messages, plus its caps.
 * zod/mini keeps the visitor's JavaScript small (DESIGN.md section 5).
 */
export const contactMessages = {
  email: "Please enter a valid email address",
  name: "Name must be at least 2 characters",
  message: "Message must be at least 10 characters",
  nameTooLong: "Name must be at most 200 characters",
  companyTooLong: "Company must be at most 200 characters",
  messageTooLong: "Message must be at most 5000 characters",
} as const;

/** The form's service options: the stored values (SPEC.md section 3). */
export const serviceOptions = [
  "Enkeltvideo",
  "Pakketilbud 1",
  "Pakketilbud 2",
  "Skreddersydd",
] as const;

/** The hidden field bots fill in; people leave it empty (the server drops a filled one). */
export const honeypotField = "website";

export const contactSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, { error: contactMessages.name }),
      z.maxLength(200, { error: contactMessages.nameTooLong }),
    ),
  email: z.string().check(z.trim(), z.email({ error: contactMessages.email })),
  company: z.string().check(z.trim(), z.maxLength(200, { error: contactMessages.companyTooLong })),
  service: z.union([z.literal(""), z.enum(serviceOptions)]),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(10, { error: contactMessages.message }),
      z.maxLength(5000, { error: contactMessages.messageTooLong }),
    ),
  website: z.string(),
});

export type ContactValues = z.infer<typeof contactSchema>;

export const emptyContact: ContactValues = {
  name: "",
  email: "",
  company: "",
  service: "",
  message: "",
  website: "",
};

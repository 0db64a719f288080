import { apiRequest } from "@/lib/api";
import type { Language } from "@/lib/i18n";

/** The body of POST /api/contact (SPEC.md section 7): the contact form's fields. */
export interface InquiryInput {
  name: string;
  email: string;
  company: string;
  service: string;
  message: string;
  /** The hidden field bots fill in; people leave it empty (the server drops a filled one). */
  website: string;
}

/**
 * POST /api/contact: a visitor's inquiry, with the page's language (optional on the server) so the
 * auto-reply and the creator's reply can be in it. A plain call, no TanStack mutation:
 * the inquiry touches no cached data, and the mutation code would join the visitor's budgeted
 * JavaScript. The admin reads inquiries through api/inquiries.admin.
 */
export async function sendInquiry(input: InquiryInput, language: Language): Promise<void> {
  await apiRequest("POST", "/api/contact", { ...input, language });
}

/**
 * The inquiries the admin screens read and their query key: the URL the default query function
 * GETs (SPEC.md section 7), so a mutation invalidates exactly what it changed. Portfolio items and
 * testimonials live in lib/, shared with the public page.
 */

export interface Inquiry {
  id: number;
  name: string;
  email: string;
  company: string;
  service: string;
  message: string;
  /** The page's language when it was sent: the auto-reply's and the reply subject's. */
  language?: "no" | "en";
  isRead: boolean;
  createdAt: string;
}

export const inquiriesKey = ["/api/admin/contact"] as const;

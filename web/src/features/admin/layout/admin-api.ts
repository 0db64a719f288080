/**
 * The records the admin screens read and the query keys they share. A key is the URL the default
 * query function GETs (SPEC.md section 7), so a mutation invalidates exactly what it changed.
 */

export interface Inquiry {
  id: number;
  name: string;
  email: string;
  company: string;
  service: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

export interface Testimonial {
  id: number;
  name: string;
  company: string;
  imageUrl: string;
  rating: number;
  testimonial: string;
  language: "no" | "en";
  isActive: boolean;
}

export interface PortfolioItem {
  id: number;
  title: string;
  description: string;
  category: string;
  imageUrl: string;
  videoUrl: string;
  featured: boolean;
  language: "no" | "en";
  isActive: boolean;
}

export type AdminLanguage = "no" | "en";

export const inquiriesKey = ["/api/admin/contact"] as const;
export const portfolioKey = (lang: AdminLanguage) => [`/api/portfolio/${lang}`] as const;
export const testimonialsKey = (lang: AdminLanguage) => [`/api/testimonials/${lang}`] as const;

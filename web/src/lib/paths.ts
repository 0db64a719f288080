/**
 * Every client route, in one place (SPEC.md section 2). Link to `paths.x`, never to a string literal,
 * so a renamed route is a one-line change and a typo is a type error.
 */
export const paths = {
  home: "/",
  /** The home page in English (the language has an address of its own for search engines). */
  homeEnglish: "/en",
  /** The privacy page, Norwegian and English. */
  privacy: "/privacy",
  privacyEnglish: "/en/privacy",
  auth: "/auth",
  comingSoon: "/coming-soon",
  admin: {
    /** /admin and every address below it: the admin's routes (app/admin-routes.tsx). */
    everything: "/admin/*?",
    dashboard: "/admin",
    /** The dashboard on its Analytics tab. */
    analytics: "/admin/analytics",
    content: "/admin/content",
    portfolio: "/admin/portfolio",
    testimonials: "/admin/testimonials",
    /** The home page's client logos. */
    clientLogos: "/admin/client-logos",
    inquiries: "/admin/inquiries",
    /** The deals' board; a deal's own page is dealPath(id). */
    deals: "/admin/deals",
    deal: "/admin/deals/:id",
  },
} as const;

/** A deal's page. */
export const dealPath = (id: number) => `${paths.admin.deals}/${id}`;

/** In-page anchors of the home sections, in page order (SPEC.md "Navigation and footer"). */
export const homeAnchors = [
  "ugc",
  "services",
  "work",
  "testimonials",
  "pricing",
  "contact",
] as const;

/** The privacy page's address in each language (the footer and the contact form link it). */
export const privacyPathOf = { no: paths.privacy, en: paths.privacyEnglish } as const;

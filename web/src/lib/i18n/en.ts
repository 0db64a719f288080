import type { Messages } from "./no";

/** The English catalogue. Typed as `Messages`, so it must mirror no.ts key for key. */
export const en: Messages = {
  meta: {
    title: "UGC Creator & Content Producer in Norway | ugcfolio",
  },
  nav: {
    ugc: "UGC",
    services: "Services",
    work: "Work",
    testimonials: "Testimonials",
    pricing: "Pricing",
    contact: "Contact",
    about: "About",
    admin: "Admin",
    backToHome: "Back to Home",
    openMenu: "Open menu",
    closeMenu: "Close menu",
  },
  language: {
    switchTo: "Norsk",
    switchLabel: "Switch language to Norwegian",
  },
  common: {
    loading: "Loading…",
  },
  home: {
    title: "UGC Creator & Content Producer",
  },
  auth: {
    title: "Log in",
  },
  gate: {
    title: "Coming soon",
  },
  notFound: {
    title: "404 Page Not Found",
    hint: "Did you forget to add the page to the router?",
  },
};

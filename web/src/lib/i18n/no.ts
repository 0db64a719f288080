/**
 * The Norwegian catalogue: the default language, and the source of the `Messages` type.
 * Every other catalogue must have exactly this shape, so a missing or misspelt key fails `tsc`.
 * Keep leaves as plain strings; placeholders look like `{name}` and are filled by `format()`.
 */
export const no = {
  meta: {
    title: "UGC Creator & Content Producer – innholdsskaper i Norge | ugcfolio",
  },
  nav: {
    ugc: "UGC",
    services: "Tjenester",
    work: "Portefølje",
    testimonials: "Omtaler",
    pricing: "Priser",
    contact: "Kontakt",
    about: "Om meg",
    admin: "Admin",
    backToHome: "Tilbake til forsiden",
    openMenu: "Åpne meny",
    closeMenu: "Lukk meny",
  },
  language: {
    /** Label of the switch, naming the language it switches *to*. */
    switchTo: "English",
    switchLabel: "Bytt språk til engelsk",
  },
  common: {
    loading: "Laster…",
  },
  home: {
    title: "UGC-skaper og innholdsprodusent",
  },
  auth: {
    title: "Logg inn",
  },
  gate: {
    title: "Kommer snart",
  },
  notFound: {
    // SPEC.md section 2 gives these texts in English; they are a developer-facing screen.
    title: "404 Page Not Found",
    hint: "Did you forget to add the page to the router?",
  },
};

/** The shape every catalogue shares: nested objects whose leaves are strings. */
export type Messages = typeof no;

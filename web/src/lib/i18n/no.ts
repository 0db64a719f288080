import type { SectionDefaults } from "@/api/content";
import type { PortfolioCategory } from "@/api/portfolio";

/**
 * The Norwegian catalogue: the default language, and the source of the `Messages` type.
 * Every other catalogue must have exactly this shape, so a missing or misspelt key fails `tsc`.
 * Keep leaves as plain strings (or lists of strings); placeholders look like `{name}` and are
 * filled by `format()`.
 *
 * Strings that SPEC.md quotes (validation messages, toasts, 'Sending...') are kept verbatim.
 */
export const no = {
  meta: {
    title: "UGC Creator & Content Producer – innholdsskaper i Norge | ugcfolio",
    description:
      "UGC-skaper og innholdsprodusent i Porsgrunn: produktvideoer, livsstilsvideoer, produktfoto og innhold for sosiale medier for merkevarer. 30+ samarbeid og over 4,7 millioner visninger.",
  },
  nav: {
    brand: "ugcfolio",
    homeLabel: "ugcfolio – til toppen av forsiden",
    mainLabel: "Hovedmeny",
    skipToContent: "Hopp til innholdet",
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
    cta: "Samarbeid med meg",
  },
  language: {
    /** Label of the switch, naming the language it switches *to*. */
    switchTo: "English",
  },
  common: {
    loading: "Laster…",
  },
  home: {
    title: "UGC-skaper og innholdsprodusent",
  },
  hero: {
    workWithMe: "Samarbeid med meg",
    viewPortfolio: "Se porteføljen",
    badgeViews: "4,7 mill. visninger",
    badgeBrands: "30+ merkevarer",
    availability: "Ledig for nye samarbeid",
    play: "Spill av en video fra porteføljen",
  },
  about: {
    eyebrow: "Om UGC",
    statsLabel: "UGC i tall",
    cta: "Start et samarbeid",
  },
  services: {
    eyebrow: "Hva jeg tilbyr",
    // The spec's services (SPEC.md section 1) in Norwegian: the Norwegian page speaks one language.
    creativeItems: [
      "Unboxing",
      "Livsstilsvlogg",
      "Slik bruker du det-video",
      "Produktanmeldelse",
      "Prøve-på-video",
    ],
    visualItems: [
      "Produktfotografering",
      "Livsstilsfotografering",
      "Flatlay-styling",
      "Skreddersydde produktbilder",
      "Innhold til sosiale medier",
    ],
    videoItems: [
      "PR-pakke",
      "Voiceover",
      "Green screen-video",
      "Reels til sosiale medier",
      "TikTok-innhold",
    ],
    results: [
      "3 år med innholdsproduksjon",
      "30+ samarbeid med merkevarer",
      "Over 4,7 millioner visninger i 2022",
    ],
    photoLabels: ["Produktfoto", "Livsstilsvideo", "Flatlay"],
  },
  work: {
    eyebrow: "Portefølje",
    title: "Utvalgte arbeider",
    description:
      "Et utvalg av videoer og bilder jeg har laget for merkevarer – fra produktdemoer til livsstilsinnhold for sosiale medier.",
    filterLabel: "Filtrer etter kategori",
    allFilter: "Alle",
    categories: {
      product: "Produktvideoer",
      lifestyle: "Livsstil",
      brand: "Merkevare",
      social: "Sosiale Medier",
      other: "Annet",
    } satisfies Record<PortfolioCategory, string>,
    empty: "Ingen elementer å vise i denne kategorien",
    loading: "Laster porteføljen…",
    carouselLabel: "Porteføljeelementer",
    scrollLeft: "Bla til venstre",
    scrollRight: "Bla til høyre",
    clickToPlay: "Klikk for å spille av",
    noImage: "No Image",
    play: "Spill av «{title}»",
    open: "Åpne «{title}» i ny fane",
    featured: "Fremhevet",
    close: "Lukk video",
  },
  testimonials: {
    eyebrow: "Omtaler",
    title: "Hva kundene sier",
    description: "Merkevarer jeg har jobbet med, med egne ord.",
    rating: "{rating} av 5 stjerner",
    avatarAlt: "Bilde av {name}",
  },
  clients: {
    /** After a logo's name, for a screen reader: its link opens the brand's site in a new tab. */
    newTab: "(åpnes i ny fane)",
  },
  pricing: {
    eyebrow: "Priser",
    title: "Pakker og priser",
    description:
      "Faste priser uten overraskelser. Alle priser er eks. mva. og inkluderer råfiler på forespørsel.",
    popular: "POPULÆR",
    choose: "Velg pakke",
    currencyNote: "eks. mva.",
    packages: [
      {
        name: "Enkeltvideo",
        price: "2 500 kr",
        features: [
          "1 video",
          "4 måneders annonserettigheter",
          "1 revisjon",
          "Full bruksrett i sosiale medier",
        ],
      },
      {
        name: "Pakketilbud 1",
        price: "6 300 kr",
        features: [
          "3 videoer",
          "4 måneders annonserettigheter",
          "2-3 produktbilder",
          "2 revisjoner per video",
          "Full bruksrett i sosiale medier",
        ],
      },
      {
        name: "Pakketilbud 2",
        price: "10 000 kr",
        features: [
          "5 videoer",
          "4 måneders annonserettigheter",
          "3-5 produktbilder",
          "3 revisjoner per video",
          "Full bruksrett på nettside og sosiale medier",
          "Prioritert levering",
        ],
      },
    ],
    customTitle: "Trenger du noe annet?",
    customText:
      "Jeg lager gjerne et skreddersydd tilbud tilpasset dine behov, ditt budsjett og dine kanaler.",
    customCta: "Be om skreddersydd tilbud",
  },
  contact: {
    eyebrow: "Kontakt",
    emailLabel: "E-post",
    locationLabel: "Sted",
    hoursLabel: "Arbeidstid",
    formTitle: "Send en forespørsel",
    name: "Navn",
    email: "E-post",
    company: "Bedrift (valgfritt)",
    service: "Tjeneste (valgfritt)",
    servicePlaceholder: "Velg en tjeneste",
    services: {
      Enkeltvideo: "Enkeltvideo",
      "Pakketilbud 1": "Pakketilbud 1",
      "Pakketilbud 2": "Pakketilbud 2",
      Skreddersydd: "Skreddersydd løsning",
    },
    message: "Melding",
    messagePlaceholder: "Fortell litt om merkevaren, produktet og hva du ønsker å lage…",
    honeypot: "La dette feltet stå tomt",
    send: "Send melding",
    sending: "Sending...",
    loadingForm: "Laster skjemaet…",
    successTitle: "Message sent successfully",
    successText: "Thank you for your inquiry. We'll get back to you shortly.",
    errorTitle: "Error sending message",
    privacyNote: "Hva som skjer med henvendelsen din, står i",
    privacyLink: "personvernerklæringen",
    errorFallback: "There was a problem sending your message. Please try again.",
  },
  footer: {
    quickLinks: "Snarveier",
    contactTitle: "Kontakt",
    followLabel: "Sosiale medier",
    instagram: "Instagram",
    tiktok: "TikTok",
    linkedin: "LinkedIn",
    mail: "Send e-post",
    privacy: "Personvern",
  },
  privacy: {
    title: "Personvern",
    pitchNotice:
      "Denne lenken ble laget til din bedrift: besøk gjennom den registreres og lagres i 12 måneder.",
    readMore: "Les personvernerklæringen",
    close: "Lukk meldingen",
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
export type Texts = typeof no;

/**
 * What `useLanguage().t` holds: a catalogue and its language's built-in section texts
 * (`t.defaults.hero`), which live apart (./defaults-no.ts, ./defaults-en.ts): a page the server
 * rendered carries them in its data, so the visitor's script need not (./language.tsx).
 */
export type Messages = Texts & { defaults: SectionDefaults };

import type { SectionDefaults } from "@/api/content";

/**
 * The Norwegian built-in texts of the home page's sections (DESIGN.md section 4, "Defaults"): the
 * public site shows them while a section has not been saved, so a fresh site reads well. Apart from
 * the catalogue: a page the server rendered carries them in its data (internal/ssr), so a visitor's
 * script loads this only for a page rendered in the browser (./language.tsx). The privacy page's
 * text is in ./privacy-defaults.
 */
export const defaultsNo: SectionDefaults = {
  hero: {
    tagline: "UGC-skaper & innholdsprodusent",
    greeting: "Hei, jeg lager innhold som selger",
    intro: "Ekte videoer og bilder for merkevarer som vil nå frem i sosiale medier.",
    description:
      "Med over 15 års erfaring innen salg og kommunikasjon vet jeg hva som får folk til å stoppe opp, lytte og kjøpe. Jeg lager produktvideoer, livsstilsvideoer og produktfoto fra Porsgrunn – for merkevarer i hele Norge.",
  },
  about: {
    title: "Hva er UGC – og hvorfor virker det?",
    description1:
      "UGC (user-generated content) er innhold laget av ekte mennesker, ikke av merkevaren selv. Det føles som en anbefaling fra en venn, og derfor stoler folk mer på det enn på tradisjonell reklame.",
    description2:
      "Jeg lager UGC som du kan bruke i annonser, på nettsiden og i egne kanaler: autentiske videoer og bilder som viser produktet ditt i bruk, tilpasset plattformen og målgruppen.",
    stat1: {
      number: "79%",
      text: "sier at brukergenerert innhold påvirker kjøpsbeslutningene deres i stor grad",
    },
    stat2: {
      number: "2.4x",
      text: "mer sannsynlig at forbrukere opplever UGC som ekte, sammenlignet med innhold fra merkevaren",
    },
    stat3: {
      number: "73%",
      text: "av forbrukerne sier at UGC gir dem større trygghet når de handler",
    },
  },
  services: {
    title: "Tjenester",
    description:
      "Fra idé til ferdig klipp: innhold som passer formatet, målgruppen og målet ditt – klart til bruk i annonser og sosiale medier.",
    creativeTitle: "Kreativt innhold",
    visualTitle: "Visuelt innhold",
    videoTitle: "Video og ekstra",
    resultsTitle: "Resultater som teller",
  },
  contact: {
    title: "La oss jobbe sammen",
    description:
      "Fortell meg om merkevaren din og hva du ønsker å oppnå, så svarer jeg innen én virkedag med forslag og pris.",
    email: "kontakt@ugcfolio.no",
    location: "Porsgrunn, Telemark, Norge",
    hours: "Man-Fre: 09:00 - 17:00",
  },
  footer: {
    companyDescription:
      "UGC-skaper og innholdsprodusent i Porsgrunn. Jeg lager ekte, engasjerende videoer og bilder som hjelper merkevarer å vokse i sosiale medier.",
    copyright: "© {year} ugcfolio. Alle rettigheter forbeholdt.",
  },
  clients: {
    title: "Merkevarer jeg har jobbet med",
  },
};

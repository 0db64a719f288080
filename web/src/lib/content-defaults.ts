import type { SectionContent } from "./content";
import type { Language } from "./i18n";

/**
 * The built-in texts of every section in both languages (DESIGN.md section 4, "Defaults"): the
 * public site shows them while a section has not been saved (404), so a fresh site reads well, and
 * the admin editor can start from them.
 */
export const defaultContent: Record<Language, SectionContent> = {
  no: {
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
      location: "Porsgrunn, Telemark, Norway",
      hours: "Man-Fre: 09:00 - 17:00",
    },
    footer: {
      companyDescription:
        "UGC-skaper og innholdsprodusent i Porsgrunn. Jeg lager ekte, engasjerende videoer og bilder som hjelper merkevarer å vokse i sosiale medier.",
      copyright: "© 2025 ugcfolio. Alle rettigheter forbeholdt.",
    },
  },
  en: {
    hero: {
      tagline: "UGC Creator & Content Producer",
      greeting: "Hi, I create content that sells",
      intro: "Authentic videos and photos for brands that want to stand out on social media.",
      description:
        "With over 15 years of experience in sales and communication, I know what makes people stop, listen and buy. I create product videos, lifestyle videos and product photography from Porsgrunn – for brands all over Norway.",
    },
    about: {
      title: "What is UGC – and why does it work?",
      description1:
        "UGC (user-generated content) is content made by real people rather than by the brand itself. It feels like a recommendation from a friend, which is why people trust it more than traditional advertising.",
      description2:
        "I create UGC you can use in ads, on your website and on your own channels: authentic videos and photos that show your product in use, tailored to the platform and the audience.",
      stat1: {
        number: "79%",
        text: "of people say user-generated content highly impacts their purchasing decisions",
      },
      stat2: {
        number: "2.4x",
        text: "more likely that consumers see UGC as authentic compared to brand-created content",
      },
      stat3: {
        number: "73%",
        text: "of consumers say UGC makes them more confident when they buy",
      },
    },
    services: {
      title: "Services",
      description:
        "From idea to final cut: content that fits the format, the audience and your goal – ready to use in ads and on social media.",
      creativeTitle: "Creative content",
      visualTitle: "Visual content",
      videoTitle: "Video & extras",
      resultsTitle: "Results that count",
    },
    contact: {
      title: "Let's work together",
      description:
        "Tell me about your brand and what you want to achieve, and I will reply within one business day with ideas and a price.",
      email: "kontakt@ugcfolio.no",
      location: "Porsgrunn, Telemark, Norway",
      hours: "Man-Fre: 09:00 - 17:00",
    },
    footer: {
      companyDescription:
        "UGC creator and content producer in Porsgrunn. I create authentic, engaging videos and photos that help brands grow on social media.",
      copyright: "© 2025 ugcfolio. All rights reserved.",
    },
  },
};

import type { SectionDefaults } from "@/api/content";

/**
 * The English built-in texts of the home page's sections (DESIGN.md section 4, "Defaults"): the
 * public site shows them while a section has not been saved, so a fresh site reads well. Apart from
 * the catalogue: a page the server rendered carries them in its data (internal/ssr), so a visitor's
 * script loads this only for a page rendered in the browser (./language.tsx). The privacy page's
 * text is in ./privacy-defaults.
 */
export const defaultsEn: SectionDefaults = {
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
    hours: "Mon-Fri: 09:00 - 17:00",
  },
  footer: {
    companyDescription:
      "UGC creator and content producer in Porsgrunn. I create authentic, engaging videos and photos that help brands grow on social media.",
    copyright: "© {year} ugcfolio. All rights reserved.",
  },
  clients: {
    title: "Brands I've worked with",
  },
};

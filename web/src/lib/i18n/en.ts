import type { Messages } from "./no";

/** The English catalogue. Typed as `Messages`, so it must mirror no.ts key for key. */
export const en: Messages = {
  meta: {
    title: "UGC Creator & Content Producer in Norway | ugcfolio",
    description:
      "UGC creator and content producer in Porsgrunn, Norway: product videos, lifestyle videos, product photography and social media content for brands. 30+ brand partnerships and over 4.7 million views.",
  },
  nav: {
    brand: "ugcfolio",
    homeLabel: "ugcfolio – back to the top of the home page",
    mainLabel: "Main menu",
    skipToContent: "Skip to content",
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
    cta: "Work with me",
  },
  language: {
    switchTo: "Norsk",
    short: "NO",
    switchLabel: "Switch language to Norwegian",
  },
  common: {
    loading: "Loading…",
  },
  home: {
    title: "UGC Creator & Content Producer",
  },
  hero: {
    workWithMe: "Work with me",
    viewPortfolio: "View portfolio",
    badgeViews: "4.7M views",
    badgeBrands: "30+ brands",
    availability: "Available for new collaborations",
    visualLabel: "Examples of vertical UGC videos",
  },
  about: {
    eyebrow: "About UGC",
    statsLabel: "UGC in numbers",
    cta: "Start a collaboration",
  },
  services: {
    eyebrow: "What I offer",
    creativeItems: [
      "Unboxing",
      "Lifestyle vlog",
      "How to use tutorial",
      "Product Review",
      "Try-on haul",
    ],
    visualItems: [
      "Product Photography",
      "Lifestyle photography",
      "Flatlay styling",
      "Custom product shots",
      "Social media asset creation",
    ],
    videoItems: [
      "PR Package",
      "Voiceover",
      "Green Screen Video",
      "Social media reels",
      "TikTok content creation",
    ],
    results: [
      "3 years of content creation",
      "30+ brand partnerships",
      "Over 4.7 million views in 2022",
    ],
    photoLabels: ["Product photo", "Lifestyle video", "Flatlay"],
  },
  work: {
    eyebrow: "Portfolio",
    title: "Selected work",
    description:
      "A selection of videos and photos I have made for brands – from product demos to lifestyle content for social media.",
    filterLabel: "Filter by category",
    allFilter: "All",
    categories: {
      product: "Product Videos",
      lifestyle: "Lifestyle",
      brand: "Brand",
      social: "Social Media",
      other: "Other",
    },
    empty: "No items to show in this category",
    loading: "Loading the portfolio…",
    carouselLabel: "Portfolio items",
    scrollLeft: "Scroll left",
    scrollRight: "Scroll right",
    clickToPlay: "Click to play",
    noImage: "No Image",
    play: "Play “{title}”",
    open: "Open “{title}” in a new tab",
    featured: "Featured",
    modalTitle: "Video player",
    close: "Close video",
  },
  testimonials: {
    eyebrow: "Testimonials",
    title: "What clients say",
    description: "Brands I have worked with, in their own words.",
    rating: "{rating} out of 5 stars",
    avatarAlt: "Photo of {name}",
  },
  pricing: {
    eyebrow: "Pricing",
    title: "Packages and prices",
    description:
      "Fixed prices, no surprises. All prices exclude VAT and include raw files on request.",
    popular: "POPULAR",
    choose: "Choose package",
    currencyNote: "excl. VAT",
    packages: [
      {
        name: "Single video",
        price: "2,500 kr",
        features: [
          "1 video",
          "4 months of ad rights",
          "1 revision",
          "Full social media usage rights",
        ],
      },
      {
        name: "Package 1",
        price: "6,300 kr",
        features: [
          "3 videos",
          "4 months of ad rights",
          "2-3 product photos",
          "2 revisions per video",
          "Full social media usage rights",
        ],
      },
      {
        name: "Package 2",
        price: "10,000 kr",
        features: [
          "5 videos",
          "4 months of ad rights",
          "3-5 product photos",
          "3 revisions per video",
          "Full website and social media usage rights",
          "Prioritised delivery",
        ],
      },
    ],
    customTitle: "Need something else?",
    customText: "I am happy to put together a custom offer for your needs, budget and channels.",
    customCta: "Request a custom offer",
  },
  contact: {
    eyebrow: "Contact",
    emailLabel: "Email",
    locationLabel: "Location",
    hoursLabel: "Working hours",
    formTitle: "Send an inquiry",
    name: "Name",
    email: "Email",
    company: "Company (optional)",
    service: "Service (optional)",
    servicePlaceholder: "Choose a service",
    services: {
      Enkeltvideo: "Single video",
      "Pakketilbud 1": "Package 1",
      "Pakketilbud 2": "Package 2",
      Skreddersydd: "Custom solution",
    },
    message: "Message",
    messagePlaceholder: "Tell me about your brand, the product and what you would like to create…",
    honeypot: "Leave this field empty",
    send: "Send message",
    sending: "Sending...",
    loadingForm: "Loading the form…",
    successTitle: "Message sent successfully",
    successText: "Thank you for your inquiry. We'll get back to you shortly.",
    errorTitle: "Error sending message",
    privacyNote: "What happens to your inquiry is explained in the",
    privacyLink: "privacy notice",
    errorFallback: "There was a problem sending your message. Please try again.",
  },
  footer: {
    quickLinks: "Quick links",
    contactTitle: "Contact",
    followLabel: "Social media",
    instagram: "Instagram",
    tiktok: "TikTok",
    linkedin: "LinkedIn",
    mail: "Send an email",
    privacy: "Privacy",
    terms: "Terms",
  },
  privacy: {
    title: "Privacy",
    pitchNotice:
      "This link was made for your company: visits through it are recorded and kept for 12 months.",
    readMore: "Read the privacy notice",
    close: "Close the notice",
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
  /**
   * The built-in texts of the sections the admin edits (DESIGN.md section 4, "Defaults"): the
   * public site shows them while a section has not been saved, so a fresh site reads well.
   */
  defaults: {
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

/**
 * The client's side of testdata/rules.json: the rules the Go server and this client both apply.
 * internal/forms/rules_parity_test.go checks the server against the same file, so a rule changed
 * on one side alone fails one of the two tests. Where the client has a constant the test compares
 * it; where the rule lives in a schema it runs the schema at the limit and one past it.
 */

import { describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { contentSections } from "@/api/content";
import { currencies, dealFormats, dealStages, stageLabels } from "@/api/deals.admin";
import { deliveryStates } from "@/api/inquiries.admin";
import { jobStates } from "@/api/media.admin";
import { portfolioCategories } from "@/api/portfolio";
import { sections as editorSections } from "@/features/admin/content/content-sections";
import { isDate } from "@/features/admin/deals/deal-rules";
import {
  categoryOptions,
  emptyPortfolio,
  msgImageOrVideo,
  msgInvalidVideoUrl,
  portfolioSchema,
} from "@/features/admin/portfolio/portfolio-rules";
import {
  emptyTestimonial,
  testimonialSchema,
} from "@/features/admin/testimonials/testimonial-form";
import { loginSchema, registerSchema } from "@/features/auth/schemas";
import {
  type ContactValues,
  contactRules,
  emptyContact,
  serviceOptions,
} from "@/features/public/contact/contact-rules";
import rules from "../../../testdata/rules.json";
import { checkForm, emailPattern } from "./form-rules";
import { homePathOf, languageCookie, languages } from "./i18n";
import { catalogues } from "./i18n/catalogues";
import { privacyDefaults } from "./i18n/privacy-defaults";
import { isLinkUrl, isUploadedImage } from "./logo-urls";
import { MAX_IMAGE_BYTES, mediaStatuses, msgImageTooLarge } from "./media";
import { embedUrl, isValidImageUrl, isValidVideoUrl, videoFrameHosts } from "./media-url";
import { paths } from "./paths";
import { DEFAULT_CHUNK_BYTES, MAX_VIDEO_BYTES, newUploadId, PORTFOLIO_CHUNK_BYTES } from "./upload";

interface Schema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
  };
}

/** The messages a schema gives for a field of the value (none when it passes). */
function fieldMessages(schema: Schema, value: object, field: string): string[] {
  const result = schema.safeParse(value);
  return (result.error?.issues ?? [])
    .filter((issue) => issue.path[0] === field)
    .map((issue) => issue.message);
}

/** The contact form's rules table, seen like the zod schemas of the other forms. */
const contactSchema: Schema = {
  safeParse(value) {
    const errors = checkForm(contactRules, value as ContactValues).errors;
    const issues = Object.entries(errors).map(([field, message]) => ({ path: [field], message }));
    return { success: issues.length === 0, error: { issues } };
  },
};

const validPortfolio = { ...emptyPortfolio, title: "Reel", imageUrl: "https://example.com/a.jpg" };
const validTestimonial = {
  ...emptyTestimonial,
  name: "Kari",
  company: "Fjellkaffe",
  testimonial: "Bra.",
};
const validContact = {
  ...emptyContact,
  name: "Kari",
  email: "kari@example.no",
  message: "Ti tegn minst.",
};
const validLogin = { username: "kari@example.no", password: "secret1" };

/** The schema, a valid value and the field each cap of rules.json bounds on this client. */
const capped: Record<string, { schema: Schema; valid: object; field: string }> = {
  portfolioTitle: { schema: portfolioSchema, valid: validPortfolio, field: "title" },
  portfolioDescription: { schema: portfolioSchema, valid: validPortfolio, field: "description" },
  testimonialName: { schema: testimonialSchema, valid: validTestimonial, field: "name" },
  testimonialText: { schema: testimonialSchema, valid: validTestimonial, field: "testimonial" },
  contactName: { schema: contactSchema, valid: validContact, field: "name" },
  contactCompany: { schema: contactSchema, valid: validContact, field: "company" },
  contactMessage: { schema: contactSchema, valid: validContact, field: "message" },
};
/** Caps only the server applies: the client sends such a text and shows the server's message. */
const serverOnlyCaps = ["contentField", "url"];

describe("rules shared with the server (testdata/rules.json)", () => {
  it("has the same languages", () => {
    expect([...languages]).toEqual(rules.languages);
  });

  it("has the same portfolio categories in the list, the form, the select and both catalogues", () => {
    expect([...portfolioCategories]).toEqual(rules.portfolioCategories);
    expect(categoryOptions.map((c) => c.value)).toEqual(rules.portfolioCategories);
    for (const category of rules.portfolioCategories) {
      const item = { ...validPortfolio, category };
      expect(fieldMessages(portfolioSchema, item, "category"), category).toEqual([]);
    }
    expect(
      fieldMessages(portfolioSchema, { ...validPortfolio, category: "unknown" }, "category"),
    ).not.toEqual([]);
    for (const language of languages) {
      expect(Object.keys(catalogues[language].work.categories), language).toEqual(
        rules.portfolioCategories,
      );
    }
  });

  it("offers the same contact services", () => {
    expect([...serviceOptions]).toEqual(rules.contactServices);
  });

  it("shows the packages a deal from an inquiry takes: the same names, prices and videos", () => {
    for (const language of languages) {
      const { pricing, contact } = catalogues[language];
      const custom = rules.sitePackages[pricing.packages.length];
      expect(pricing.packages.length + 1, language).toBe(rules.sitePackages.length);
      pricing.packages.forEach((pack, index) => {
        const site = rules.sitePackages[index];
        expect(site?.service, language).toBe(serviceOptions[index]);
        expect(pack.name, language).toBe(site?.names[language]);
        expect(pack.price.replace(/\D/g, ""), `${language} ${pack.name}`).toBe(String(site?.price));
        expect(pack.features[0], `${language} ${pack.name}`).toMatch(
          new RegExp(`^${site?.videos} `),
        );
      });
      expect(custom?.service).toBe(serviceOptions[3]);
      for (const site of rules.sitePackages) {
        const service = site.service as (typeof serviceOptions)[number];
        expect(contact.services[service], `${language} ${site.service}`).toBe(site.names[language]);
      }
    }
  });

  it("has the deals' stages, formats and currencies, in the same order", () => {
    expect([...dealStages]).toEqual(rules.dealStages);
    expect([...dealFormats]).toEqual(rules.dealFormats);
    expect([...currencies]).toEqual(rules.currencies);
    expect(Object.keys(stageLabels)).toEqual(rules.dealStages);
  });

  it.each(rules.dates)("judges the date $date as the server does", ({ date, valid }) => {
    expect(isDate(date)).toBe(valid);
  });

  it("checks every cap of the file, or knows it for a server-only one", () => {
    expect(Object.keys(rules.caps).sort()).toEqual(
      [...Object.keys(capped), ...serverOnlyCaps].sort(),
    );
  });

  it.each(Object.entries(capped))(
    "caps %s at the same length",
    (name, { schema, valid, field }) => {
      const cap = rules.caps[name as keyof typeof rules.caps];
      expect(fieldMessages(schema, { ...valid, [field]: "x".repeat(cap) }, field)).toEqual([]);
      expect(fieldMessages(schema, { ...valid, [field]: "x".repeat(cap + 1) }, field)).toHaveLength(
        1,
      );
    },
  );

  it("caps a testimonial's company like its name, as the server does", () => {
    const cap = rules.caps.testimonialName;
    const over = { ...validTestimonial, company: "x".repeat(cap + 1) };
    expect(
      fieldMessages(testimonialSchema, { ...over, company: "x".repeat(cap) }, "company"),
    ).toEqual([]);
    expect(fieldMessages(testimonialSchema, over, "company")).toHaveLength(1);
  });

  it("has the same minimum lengths, with the same messages", () => {
    const { password, contactName, contactMessage } = rules.minLengths;
    for (const schema of [loginSchema, registerSchema]) {
      const base = { ...validLogin, displayName: "", confirmPassword: "" };
      const long = "p".repeat(password);
      const short = "p".repeat(password - 1);
      expect(
        fieldMessages(schema, { ...base, password: long, confirmPassword: long }, "password"),
      ).toEqual([]);
      expect(
        fieldMessages(schema, { ...base, password: short, confirmPassword: short }, "password"),
      ).toEqual([rules.messages.shortPassword]);
    }
    expect(
      fieldMessages(contactSchema, { ...validContact, name: "n".repeat(contactName) }, "name"),
    ).toEqual([]);
    expect(
      fieldMessages(contactSchema, { ...validContact, name: "n".repeat(contactName - 1) }, "name"),
    ).toEqual([rules.messages.contactName]);
    const message = "m".repeat(contactMessage);
    expect(fieldMessages(contactSchema, { ...validContact, message }, "message")).toEqual([]);
    expect(
      fieldMessages(contactSchema, { ...validContact, message: message.slice(1) }, "message"),
    ).toEqual([rules.messages.contactMessage]);
  });

  it("gives the same messages for a bad email and for the portfolio media rules", () => {
    for (const schema of [loginSchema, registerSchema, contactSchema]) {
      const value = { ...validContact, ...validLogin, username: "kari", email: "kari" };
      const field = schema === contactSchema ? "email" : "username";
      expect(fieldMessages(schema, value, field)).toEqual([rules.messages.invalidEmail]);
    }
    expect(msgImageOrVideo).toBe(rules.messages.imageOrVideo);
    expect(msgInvalidVideoUrl).toBe(rules.messages.invalidVideoUrl);
    const noMedia = { ...validPortfolio, imageUrl: "", videoUrl: "" };
    expect(fieldMessages(portfolioSchema, noMedia, "imageUrl")).toEqual([
      rules.messages.imageOrVideo,
    ]);
    const badVideo = { ...validPortfolio, videoUrl: "https://example.com/page" };
    expect(fieldMessages(portfolioSchema, badVideo, "videoUrl")).toEqual([
      rules.messages.invalidVideoUrl,
    ]);
  });

  it("has the same content sections and fields in api/content, the editor and both catalogues", () => {
    expect([...contentSections]).toEqual(Object.keys(rules.contentSections));
    const editorFields = Object.fromEntries(
      editorSections.map((s) => [s.id, [...new Set(s.fields.map((f) => f.key.split(".")[0]))]]),
    );
    expect(editorFields).toEqual(rules.contentSections);
    for (const language of languages) {
      const defaults = Object.fromEntries(
        contentSections.map((s) => [
          s,
          Object.keys(
            s === "privacy" ? privacyDefaults[language] : catalogues[language].defaults[s],
          ),
        ]),
      );
      expect(defaults, language).toEqual(rules.contentSections);
    }
  });

  it("has the same upload limits", () => {
    expect(MAX_VIDEO_BYTES).toBe(rules.upload.maxFileBytes);
    expect(PORTFOLIO_CHUNK_BYTES).toBe(rules.upload.portfolioChunkBytes);
    expect(DEFAULT_CHUNK_BYTES).toBe(rules.upload.defaultChunkBytes);
    // The client never sends more than its largest chunk size; the server's cap is above it.
    expect(Math.max(PORTFOLIO_CHUNK_BYTES, DEFAULT_CHUNK_BYTES)).toBeLessThanOrEqual(
      rules.upload.maxChunkBytes,
    );
  });

  it("makes upload ids in the server's pattern, with and without crypto.randomUUID", () => {
    const pattern = new RegExp(rules.upload.idPattern);
    // The pattern is what the fixture says it is.
    for (const id of rules.upload.validIds) expect(pattern.test(id), id).toBe(true);
    for (const id of rules.upload.invalidIds) expect(pattern.test(id), id).toBe(false);
    for (let i = 0; i < 20; i++) expect(newUploadId()).toMatch(pattern);
    // A page opened over plain HTTP has no randomUUID.
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: real.getRandomValues.bind(real) });
    try {
      for (let i = 0; i < 20; i++) expect(newUploadId()).toMatch(pattern);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it.each(rules.mediaUrls)(
    "judges $url as the server does",
    ({ url, image, video, uploadedImage, link }) => {
      expect({
        image: isValidImageUrl(url),
        video: isValidVideoUrl(url),
        uploadedImage: isUploadedImage(url),
        link: isLinkUrl(url),
      }).toEqual({ image, video, uploadedImage, link });
    },
  );

  it("has the same e-mail rule: zod's pattern, the contact form's and the server's word for word", () => {
    expect(z.regexes.email.source).toBe(rules.emailPattern);
    expect(emailPattern.source).toBe(rules.emailPattern);
    const email = z.string().check(z.email());
    for (const { email: address, valid } of rules.emails) {
      expect(email.safeParse(address).success, address).toBe(valid);
    }
  });

  it("switches on the server's statuses", () => {
    expect([...mediaStatuses]).toEqual(rules.mediaStatuses);
    expect([...jobStates]).toEqual(rules.jobStates);
    expect([...deliveryStates]).toEqual(rules.deliveryStates);
  });

  it("has the same home addresses and language cookie", () => {
    expect(homePathOf).toEqual(rules.homePaths);
    expect({ no: paths.home, en: paths.homeEnglish }).toEqual(rules.homePaths);
    expect(languageCookie).toBe(rules.languageCookie);
  });

  it("embeds videos only from the hosts the server's CSP lets the page frame", () => {
    expect([...videoFrameHosts]).toEqual(rules.videoFrameHosts);
    for (const { url, video } of rules.mediaUrls) {
      const embed = video && /^https?:/.test(url) ? embedUrl(new URL(url)) : null;
      if (embed) expect(rules.videoFrameHosts, url).toContain(new URL(embed).origin);
    }
  });

  it("has the same photo limit, with the server's message", () => {
    expect(MAX_IMAGE_BYTES).toBe(rules.upload.maxImageBytes);
    expect(msgImageTooLarge).toBe(rules.messages.imageTooLarge);
  });

  it("states no file size in a text but the photo or the video limit", () => {
    const limits = [rules.upload.maxImageBytes, rules.upload.maxFileBytes].map(
      (b) => `${b / 2 ** 20}`,
    );
    const sources = import.meta.glob(["/src/**/*.{ts,tsx}", "!/src/**/*.test.{ts,tsx}"], {
      query: "?raw",
      import: "default",
      eager: true,
    }) as Record<string, string>;
    const stated = Object.entries(sources).flatMap(([file, text]) =>
      [...text.matchAll(/(\d+)\s?MB\b/g)].map((m) => ({ file, size: m[1] })),
    );
    expect(stated.length).toBeGreaterThan(3);
    for (const { file, size } of stated) expect(limits, `${file} says ${size} MB`).toContain(size);
  });
});

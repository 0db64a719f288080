import { defaultsEn } from "./defaults-en";
import { defaultsNo } from "./defaults-no";
import { en } from "./en";
import type { Language } from "./language";
import { type Messages, no } from "./no";

/**
 * Both languages' catalogues at once, for code that needs them together: the admin screens (which
 * edit one language while showing another), the server's render and the tests (which also hand
 * them to useLanguage with registerCatalogue). The visitor's page never imports this module: it
 * loads only its own language (loadCatalogue), which keeps the other language's texts out of its
 * JavaScript budget (DESIGN.md section 5).
 */
export const catalogues: Record<Language, Messages> = {
  no: { ...no, defaults: defaultsNo },
  en: { ...en, defaults: defaultsEn },
};

import { createContext, type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import type { SectionDefaults } from "@/api/content";
import type { Messages, Texts } from "./no";

/** The site's languages (SPEC.md: exactly no and en; no is the default). */
export const languages = ["no", "en"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "no";

/** localStorage key holding the visitor's choice (SPEC.md section 3, "Browser-held values"). */
export const languageStorageKey = "language";

// The catalogues this page has: its own language's, loaded before the app starts (main.tsx), and
// the other's once the visitor switches. Both are there at once where ./catalogues is imported.
const loaded: Partial<Record<Language, Messages>> = {};
const loaders: Record<Language, () => Promise<Texts>> = {
  no: () => import("./no").then((m) => m.no),
  en: () => import("./en").then((m) => m.en),
};
// A catalogue's built-in section texts: from the page the server rendered (registerDefaults), else
// a script of their own. In the catalogue's script they would weigh on every visit (DESIGN.md
// section 5), when the server's page already holds them.
const given: Partial<Record<Language, SectionDefaults>> = {};
const defaultsLoaders: Record<Language, () => Promise<SectionDefaults>> = {
  no: () => import("./defaults-no").then((m) => m.defaultsNo),
  en: () => import("./defaults-en").then((m) => m.defaultsEn),
};

/** Makes a catalogue available to useLanguage (./catalogues registers both). */
export function registerCatalogue(language: Language, messages: Messages): void {
  loaded[language] = messages;
}

/** The built-in section texts a page the server rendered carries (api/page-data), before loadCatalogue. */
export function registerDefaults(language: Language, defaults: SectionDefaults): void {
  given[language] = defaults;
}

/** Loads a language's catalogue (one small script, and its built-in texts unless given), once. */
export async function loadCatalogue(language: Language): Promise<Messages> {
  if (!loaded[language]) {
    const [texts, defaults] = await Promise.all([
      loaders[language](),
      given[language] ?? defaultsLoaders[language](),
    ]);
    loaded[language] ??= { ...texts, defaults };
  }
  return loaded[language];
}

function catalogueOf(language: Language): Messages {
  const messages = loaded[language];
  if (!messages) throw new Error(`the ${language} catalogue is not loaded (loadCatalogue)`);
  return messages;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

// Storage can throw (disabled cookies, private mode quotas); the site must still render.
function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(languageStorageKey);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

function readStoredLanguage(): Language {
  return storedLanguage() ?? defaultLanguage;
}

/**
 * The cookie mirroring the stored choice: the server reads it to render `/` in the visitor's
 * language (localStorage never reaches the server). Not a secret; a year long.
 */
export const languageCookie = "language";

function cookieLanguage(): string | undefined {
  const prefix = `${languageCookie}=`;
  return document.cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
}

function writeLanguageCookie(language: Language): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference; no Cookie Store API in every browser.
  document.cookie = `${languageCookie}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

function storeLanguage(language: Language): void {
  writeLanguageCookie(language);
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // The choice then lasts for this page view only.
  }
}

/** The home page's address in each language: `/` Norwegian, `/en` English. */
export const homePathOf: Record<Language, string> = { no: "/", en: "/en" };

/** The pages with an address per language (the home and privacy pages): switching moves between them. */
const addressedPages: Record<Language, string>[] = [
  homePathOf,
  { no: "/privacy", en: "/en/privacy" },
];

/**
 * The language a page starts in: the address's on `/en`, else the stored choice. The server
 * renders the home page in the same language (from the address or the cookie), so hydration and
 * the first paint agree.
 */
export function initialLanguage(pathname: string): Language {
  return addressedPages.some((page) => page.en === pathname) ? "en" : readStoredLanguage();
}

export interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => void;
  /** Switches no ⇄ en. */
  toggle: () => void;
  /** The catalogue of the current language: `t.nav.contact`. */
  t: Messages;
}

export const LanguageContext = createContext<LanguageContextValue | null>(null);

export function LanguageProvider({
  children,
  language: startLanguage,
}: {
  children: ReactNode;
  /** The language to start in (the page the server rendered); else the stored choice. */
  language?: Language;
}) {
  const [language, setLanguageState] = useState<Language>(
    () => startLanguage ?? readStoredLanguage(),
  );

  // Keep <html lang> and the title in step so screen readers and search engines read the right
  // language. A page the server rendered already has them (its description from the content).
  useEffect(() => {
    if (document.documentElement.lang === language) return;
    document.documentElement.lang = language;
    document.title = catalogueOf(language).meta.title;
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute("content", catalogueOf(language).meta.description);
  }, [language]);

  const setLanguage = useCallback((next: Language) => {
    // The other language's texts arrive first (a script of a few KB), then the page switches.
    if (!loaded[next]) {
      void loadCatalogue(next).then(() => setLanguage(next));
      return;
    }
    storeLanguage(next);
    setLanguageState(next);
    // On the home and privacy pages the address names the language: switching moves to the other.
    const { pathname, hash } = window.location;
    const page = addressedPages.find((p) => p.no === pathname || p.en === pathname);
    if (page) window.history.replaceState(window.history.state, "", page[next] + hash);
  }, []);

  const toggle = useCallback(() => {
    setLanguage(language === "no" ? "en" : "no");
  }, [language, setLanguage]);

  // localStorage holds the choice (SPEC.md section 1); the cookie only carries it to the server. When
  // they disagree (a choice made before the cookie existed, a cleared cookie), the stored choice
  // wins: the cookie follows it, and a home page the server rendered at `/` in the other language
  // switches once after hydration.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at start.
  useEffect(() => {
    const stored = storedLanguage();
    if (stored === null) return;
    if (cookieLanguage() !== stored) writeLanguageCookie(stored);
    const onNorwegianAddress = addressedPages.some((p) => p.no === window.location.pathname);
    if (stored !== language && onNorwegianAddress) setLanguage(stored);
  }, []);

  const value = useMemo<LanguageContextValue>(
    () => ({ language, setLanguage, toggle, t: catalogueOf(language) }),
    [language, setLanguage, toggle],
  );

  return <LanguageContext value={value}>{children}</LanguageContext>;
}

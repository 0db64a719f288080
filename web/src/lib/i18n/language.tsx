import { createContext, type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { en } from "./en";
import { type Messages, no } from "./no";

/** The site's languages (SPEC.md: exactly no and en; no is the default). */
export const languages = ["no", "en"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "no";

/** localStorage key holding the visitor's choice (SPEC.md section 3, "Browser-held values"). */
export const languageStorageKey = "language";

/** Every language's catalogue, e.g. for a screen that edits one language while showing another. */
export const catalogues: Record<Language, Messages> = { no, en };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

// Storage can throw (disabled cookies, private mode quotas); the site must still render.
function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(languageStorageKey);
    return isLanguage(stored) ? stored : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // The choice then lasts for this page view only.
  }
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

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(readStoredLanguage);

  // Keep <html lang> and the title in step so screen readers and search engines read the right
  // language.
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = catalogues[language].meta.title;
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute("content", catalogues[language].meta.description);
  }, [language]);

  const setLanguage = useCallback((next: Language) => {
    storeLanguage(next);
    setLanguageState(next);
  }, []);

  const toggle = useCallback(() => {
    setLanguage(language === "no" ? "en" : "no");
  }, [language, setLanguage]);

  const value = useMemo<LanguageContextValue>(
    () => ({ language, setLanguage, toggle, t: catalogues[language] }),
    [language, setLanguage, toggle],
  );

  return <LanguageContext value={value}>{children}</LanguageContext>;
}

export { format } from "./format";
export {
  defaultLanguage,
  homePathOf,
  initialLanguage,
  isLanguage,
  type Language,
  type LanguageContextValue,
  LanguageProvider,
  languageCookie,
  languageStorageKey,
  languages,
  loadCatalogue,
  registerCatalogue,
  registerDefaults,
} from "./language";
export type { Messages, Texts } from "./no";
export { useLanguage } from "./use-language";

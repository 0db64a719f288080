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
} from "./language";
export type { Messages } from "./no";
export { useLanguage } from "./use-language";

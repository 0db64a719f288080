export { en } from "./en";
export { format } from "./format";
export {
  catalogues,
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
} from "./language";
export { type Messages, no } from "./no";
export { useLanguage } from "./use-language";

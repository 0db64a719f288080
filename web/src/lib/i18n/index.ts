export { en } from "./en";
export { format } from "./format";
export {
  catalogues,
  defaultLanguage,
  isLanguage,
  type Language,
  type LanguageContextValue,
  LanguageProvider,
  languageStorageKey,
  languages,
} from "./language";
export { type Messages, no } from "./no";
export { useLanguage } from "./use-language";

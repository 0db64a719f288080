import { useContext } from "react";
import { LanguageContext, type LanguageContextValue } from "./language";

/** The current language, its catalogue `t`, and the setters. Must be used under LanguageProvider. */
export function useLanguage(): LanguageContextValue {
  const context = useContext(LanguageContext);
  if (!context) throw new Error("useLanguage must be used inside <LanguageProvider>");
  return context;
}

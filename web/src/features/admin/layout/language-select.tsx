import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import type { Language } from "@/lib/i18n";

/** The select's words: English on the admin's screens, Norwegian on "Portefølje" (SPEC.md section 2). */
export interface LanguageSelectTexts {
  label: string;
  no: string;
  en: string;
}

const englishTexts: LanguageSelectTexts = { label: "Language", no: "Norwegian", en: "English" };

/** The words of the select on a screen written in Norwegian. */
export const norwegianSelectTexts: LanguageSelectTexts = {
  label: "Språk",
  no: "Norsk",
  en: "Engelsk",
};

/** The Norwegian/English select of the admin screens that edit one language at a time. */
export function LanguageSelect({
  id,
  value,
  onChange,
  visibleLabel = false,
  texts = englishTexts,
}: {
  id: string;
  value: Language;
  onChange: (language: Language) => void;
  /** Show the "Language" label from the sm breakpoint on (it is always there for screen readers). */
  visibleLabel?: boolean;
  texts?: LanguageSelectTexts;
}) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className={visibleLabel ? "sr-only sm:not-sr-only" : "sr-only"}>
        {texts.label}
      </Label>
      <div className="w-40">
        <Select value={value} onValueChange={(v) => onChange(v as Language)}>
          <SelectTrigger id={id} aria-label={texts.label}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="no">{texts.no}</SelectItem>
            <SelectItem value="en">{texts.en}</SelectItem>
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

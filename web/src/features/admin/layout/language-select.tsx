import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import type { Language } from "@/lib/i18n";

/** The Norwegian/English select of the admin screens that edit one language at a time. */
export function LanguageSelect({
  id,
  value,
  onChange,
  visibleLabel = false,
}: {
  id: string;
  value: Language;
  onChange: (language: Language) => void;
  /** Show the "Language" label from the sm breakpoint on (it is always there for screen readers). */
  visibleLabel?: boolean;
}) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className={visibleLabel ? "sr-only sm:not-sr-only" : "sr-only"}>
        Language
      </Label>
      <div className="w-40">
        <Select value={value} onValueChange={(v) => onChange(v as Language)}>
          <SelectTrigger id={id} aria-label="Language">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="no">Norwegian</SelectItem>
            <SelectItem value="en">English</SelectItem>
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

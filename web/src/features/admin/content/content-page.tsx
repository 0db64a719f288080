import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Loader2, Save } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type ContentSection, contentQueryOptions } from "@/api/content";
import { useSaveContent } from "@/api/content.admin";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { errorMessage, errorStatus } from "@/lib/api";
import type { Language } from "@/lib/i18n";
import { catalogues } from "@/lib/i18n/catalogues";
import { privacyDefaults } from "@/lib/i18n/privacy-defaults";
import { AdminLayout } from "../layout/admin-layout";
import { LanguageSelect } from "../layout/language-select";
import {
  isLong,
  type SectionDef,
  type SectionValues,
  sectionSchema,
  sections,
  toContent,
  toValues,
} from "./content-sections";
import { MediaKitEditor } from "./media-kit-editor";

/** A section's built-in texts: the catalogue's, the privacy page's from its own module. */
function builtInTexts(language: Language, section: ContentSection): unknown {
  return section === "privacy" ? privacyDefaults[language] : catalogues[language].defaults[section];
}

/** The form of one section; exported for its validation tests. */
export function SectionForm({
  section,
  language,
  defaults,
  saving,
  onSave,
}: {
  section: SectionDef;
  /** Part of every field's id: both languages' forms may be on the page at once. */
  language: Language;
  defaults: SectionValues;
  saving: boolean;
  onSave: (values: SectionValues) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SectionValues>({
    resolver: zodResolver(sectionSchema(section)),
    defaultValues: defaults,
  });
  // The field kind is chosen once from the loaded text, so typing never swaps the element.
  const [multiline] = useState(
    () => new Set(section.fields.filter((f) => isLong(defaults[f.key] ?? "")).map((f) => f.key)),
  );

  return (
    <form onSubmit={handleSubmit(onSave)} noValidate className="flex flex-col gap-5">
      {section.fields.map((f) => (
        <FormField
          key={f.key}
          label={f.label}
          id={`${section.id}-${language}-${f.key}`}
          error={errors[f.key]?.message}
        >
          {(control) =>
            multiline.has(f.key) ? (
              <Textarea rows={4} {...control} {...register(f.key)} />
            ) : (
              <Input {...control} {...register(f.key)} />
            )
          }
        </FormField>
      ))}
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? (
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <Save className="size-4" aria-hidden="true" />
          )}
          Save Changes
        </Button>
      </div>
    </form>
  );
}

function SectionEditor({ section, language }: { section: SectionDef; language: Language }) {
  // The spec's content fetch (retried up to 3 times, never on a 404), shared with api/content.
  const query = useQuery(contentQueryOptions(section.id, language));
  const save = useSaveContent(section.id, language, {
    onSuccess: () => {
      toast.success("Content updated", {
        description: "The content has been successfully updated.",
      });
    },
    onError: (error) => {
      toast.error("Error updating content", {
        description: errorMessage(
          error,
          "There was an error updating the content. Please try again.",
        ),
      });
    },
  });

  if (query.isPending) return <Spinner label="Loading content" />;
  const missing = query.isError && errorStatus(query.error) === 404;
  if (query.isError && !missing) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-destructive/30 bg-red-50 p-5">
        <p className="text-destructive">Failed to load content. There might be a server error.</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      {missing ? (
        <div
          role="status"
          className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
        >
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p className="text-sm">
            This section does not exist yet in {language === "no" ? "Norwegian" : "English"}. Saving
            will create it.
          </p>
        </div>
      ) : null}
      <SectionForm
        key={`${section.id}-${language}-${query.dataUpdatedAt}`}
        section={section}
        language={language}
        // A section never saved starts from the built-in texts the public page shows meanwhile.
        defaults={toValues(
          section,
          missing ? builtInTexts(language, section.id) : query.data?.content,
        )}
        saving={save.isPending}
        onSave={(values) => save.mutate(toContent(values))}
      />
    </div>
  );
}

/**
 * "/admin/content": edit each section's texts in Norwegian or English. Every tab, and every
 * language opened so far, keeps its form mounted (hidden when not shown): switching tab or
 * language never throws away unsaved edits.
 */
export function ContentPage() {
  const [language, setLanguage] = useState<Language>("no");
  const [opened, setOpened] = useState<Language[]>(["no"]);
  const [tab, setTab] = useState<string>("hero");
  const choose = (next: Language) => {
    setLanguage(next);
    setOpened((was) => (was.includes(next) ? was : [...was, next]));
  };
  return (
    <AdminLayout
      title="Content"
      description="Edit the texts of your website."
      actions={
        <LanguageSelect id="content-language" value={language} onChange={choose} visibleLabel />
      }
    >
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="flex-wrap">
          {sections.map((s) => (
            <TabsTrigger key={s.id} value={s.id}>
              {s.tab}
            </TabsTrigger>
          ))}
          <TabsTrigger value="media-kit">Media kit</TabsTrigger>
        </TabsList>
        {sections.map((s) => (
          <TabsContent key={s.id} value={s.id} forceMount hidden={s.id !== tab}>
            <Card className="p-5 sm:p-6">
              {opened.map((l) => (
                <div key={l} hidden={l !== language}>
                  <SectionEditor section={s} language={l} />
                </div>
              ))}
            </Card>
          </TabsContent>
        ))}
        <TabsContent value="media-kit" hidden={tab !== "media-kit"}>
          <Card className="p-5 sm:p-6">{tab === "media-kit" ? <MediaKitEditor /> : null}</Card>
        </TabsContent>
      </Tabs>
    </AdminLayout>
  );
}

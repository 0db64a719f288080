import { ArrowDown, ArrowUp, Copy, ExternalLink, Loader2, Plus, Save, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  type KitFigure,
  type KitNumbers,
  type KitSection,
  type KitSettings,
  kitSections,
  type RightKind,
  rightKinds,
  useMediaKit,
  useSaveMediaKit,
} from "@/api/media-kit.admin";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import type { Language } from "@/lib/i18n";

const sectionNames: Record<KitSection, string> = {
  about: "About (intro and niches on the cover)",
  numbers: "Numbers",
  work: "Best work",
  packages: "Packages and usage rights",
  brands: "Brands worked with",
  testimonials: "Testimonials",
};

const rightNames: Record<RightKind, string> = {
  organic: "Organic use",
  paid: "Paid use (ads)",
  whitelisting: "Whitelisting",
  exclusivity: "Exclusivity",
};

const languageNames: Record<Language, string> = { no: "Norwegian", en: "English" };

/** A usage right as the form edits it: offered or not, the price in whole kroner. */
interface RightRow {
  kind: RightKind;
  offered: boolean;
  kroner: string;
  months: string;
}

/** The form's state (exported for its tests): every section with whether it shows, in the kit's order. */
interface FormState {
  name: string;
  listed: boolean;
  order: Array<{ id: KitSection; shown: boolean }>;
  intro: Record<Language, string>;
  niches: Record<Language, string>;
  figures: Array<{ platform: string; followers: string; engagement: string; asOf: string }>;
  rights: RightRow[];
}

export function toForm(s: KitSettings): FormState {
  const rest = kitSections.filter((id) => !s.sections.includes(id));
  return {
    name: s.name,
    listed: s.listed,
    order: [
      ...s.sections.map((id) => ({ id, shown: true })),
      ...rest.map((id) => ({ id, shown: false })),
    ],
    intro: { ...s.intro },
    niches: { ...s.niches },
    figures: s.figures.map((f) => ({
      platform: f.platform,
      followers: String(f.followers),
      engagement: String(f.engagement),
      asOf: f.asOf,
    })),
    rights: rightKinds.map((kind) => {
      const r = s.rights.find((x) => x.kind === kind);
      return {
        kind,
        offered: r !== undefined,
        kroner: r ? String(r.price / 100) : "0",
        months: r ? String(r.months) : "0",
      };
    }),
  };
}

export function toSettings(f: FormState): KitSettings {
  return {
    name: f.name,
    listed: f.listed,
    sections: f.order.filter((s) => s.shown).map((s) => s.id),
    intro: f.intro,
    niches: f.niches,
    figures: f.figures.map(
      (x): KitFigure => ({
        platform: x.platform,
        followers: Number(x.followers.replace(/\s/g, "")) || 0,
        engagement: Number(x.engagement.replace(",", ".")) || 0,
        asOf: x.asOf,
      }),
    ),
    rights: f.rights
      .filter((r) => r.offered)
      .map((r) => ({
        kind: r.kind,
        price: Math.round((Number(r.kroner.replace(/\s/g, "").replace(",", ".")) || 0) * 100),
        months: Number(r.months) || 0,
      })),
  };
}

const today = () => new Date().toISOString().slice(0, 10);

function formatReply(minutes: number | null) {
  if (minutes === null) return "—";
  if (minutes < 60) return `${minutes} min`;
  return `${Math.round((minutes / 60) * 10) / 10} h`;
}

function NumbersSummary({ numbers }: { numbers: KitNumbers }) {
  const pct = (v: number | null) => (v === null ? "—" : `${v}%`);
  const rows: Array<[string, string]> = [
    ["Site visitors (90 days)", String(numbers.visitors)],
    ["Video plays (90 days)", String(numbers.plays)],
    ["Median share watched (90 days)", pct(numbers.medianWatched)],
    [
      "Delivered on time (12 months)",
      `${pct(numbers.onTimePct)} (${numbers.onTime} of ${numbers.delivered})`,
    ],
    [
      "Median time to first reply (12 months)",
      `${formatReply(numbers.replyMinutes)} (${numbers.replies} inquiries)`,
    ],
  ];
  return (
    <section aria-labelledby="kit-numbers" className="rounded-lg border border-border p-4">
      <h3 id="kit-numbers" className="font-semibold">
        Numbers the kit shows, as of {numbers.asOf}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Measured by the site from its analytics and your deals; they update by themselves.
      </p>
      <dl
        className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]"
        data-testid="kit-numbers"
      >
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted-foreground">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * A language's kit as the server renders it, shown in a shadow root so its styles stay its own
 * (the page's Content-Security-Policy lets no page of the site be framed).
 */
function KitPreview({
  url,
  language,
  version,
}: {
  url: string;
  language: Language;
  version: number;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const address = `${new URL(url).pathname}?preview=1&v=${version}`;
    fetch(address, { credentials: "same-origin" })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
      .then((html) => {
        if (!live || !host.current) return;
        const doc = new DOMParser().parseFromString(html, "text/html");
        const css = Array.from(doc.querySelectorAll("style"))
          .map((s) => s.textContent ?? "")
          .join("\n")
          .replaceAll(":root{", ":host{")
          .replace(/(^|})body\{/g, "$1.kit-body{");
        const root = host.current.shadowRoot ?? host.current.attachShadow({ mode: "open" });
        root.innerHTML = `<style>${css}</style><div class="kit-body">${doc.body.innerHTML}</div>`;
        setFailed(false);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [url, version]);
  return (
    <figure className="m-0 flex min-w-0 flex-col gap-2">
      <figcaption className="flex items-center justify-between gap-2 text-sm font-medium">
        {languageNames[language]}
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-sm underline"
        >
          Open <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      </figcaption>
      {failed ? <p className="text-sm text-destructive">The preview could not be loaded.</p> : null}
      <div
        ref={host}
        data-testid={`kit-preview-${language}`}
        className="h-[36rem] overflow-auto rounded-lg border border-border bg-white"
      />
    </figure>
  );
}

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success("Link copied");
  } catch {
    toast.error("Could not copy: select the link and copy it by hand.");
  }
}

function KitForm({
  settings,
  saving,
  onSave,
}: {
  settings: KitSettings;
  saving: boolean;
  onSave: (s: KitSettings) => void;
}) {
  const [form, setForm] = useState(() => toForm(settings));
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));
  const move = (i: number, by: -1 | 1) => {
    const order = [...form.order];
    const [x] = order.splice(i, 1);
    order.splice(i + by, 0, x as FormState["order"][number]);
    set({ order });
  };
  return (
    <form
      className="flex flex-col gap-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSave(toSettings(form));
      }}
    >
      <FormField label="Name on the kit" id="kit-name">
        {(control) => (
          <Input {...control} value={form.name} onChange={(e) => set({ name: e.target.value })} />
        )}
      </FormField>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Sections and their order</legend>
        <ol className="flex flex-col gap-2">
          {form.order.map((s, i) => (
            <li
              key={s.id}
              className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2"
            >
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-stone-900"
                  checked={s.shown}
                  onChange={(e) =>
                    set({
                      order: form.order.map((x) =>
                        x.id === s.id ? { ...x, shown: e.target.checked } : x,
                      ),
                    })
                  }
                />
                {sectionNames[s.id]}
              </label>
              <span className="flex gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`Move ${sectionNames[s.id]} up`}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={i === form.order.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Move ${sectionNames[s.id]} down`}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ol>
      </fieldset>

      <div className="grid gap-4 md:grid-cols-2">
        {(["no", "en"] as const).map((l) => (
          <div key={l} className="flex flex-col gap-4">
            <FormField label={`Intro (${languageNames[l]})`} id={`kit-intro-${l}`}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={4}
                  value={form.intro[l]}
                  onChange={(e) => set({ intro: { ...form.intro, [l]: e.target.value } })}
                />
              )}
            </FormField>
            <FormField
              label={`Niches (${languageNames[l]})`}
              id={`kit-niches-${l}`}
              hint="Separated by commas."
            >
              {(control) => (
                <Input
                  {...control}
                  value={form.niches[l]}
                  onChange={(e) => set({ niches: { ...form.niches, [l]: e.target.value } })}
                />
              )}
            </FormField>
          </div>
        ))}
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Self-reported figures</legend>
        <p className="text-sm text-muted-foreground">
          Figures you read yourself on each platform. The kit labels them "self-reported" with their
          date.
        </p>
        {form.figures.map((f, i) => {
          const change = (patch: Partial<(typeof form.figures)[number]>) =>
            set({ figures: form.figures.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their place is who they are
            <div key={i} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_1fr_auto]">
              <FormField label="Platform" id={`kit-figure-${i}-platform`}>
                {(control) => (
                  <Input
                    {...control}
                    value={f.platform}
                    onChange={(e) => change({ platform: e.target.value })}
                  />
                )}
              </FormField>
              <FormField label="Followers" id={`kit-figure-${i}-followers`}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    value={f.followers}
                    onChange={(e) => change({ followers: e.target.value })}
                  />
                )}
              </FormField>
              <FormField label="Engagement (%)" id={`kit-figure-${i}-engagement`}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="decimal"
                    value={f.engagement}
                    onChange={(e) => change({ engagement: e.target.value })}
                  />
                )}
              </FormField>
              <FormField label="As of" id={`kit-figure-${i}-date`}>
                {(control) => (
                  <Input
                    {...control}
                    type="date"
                    value={f.asOf}
                    onChange={(e) => change({ asOf: e.target.value })}
                  />
                )}
              </FormField>
              <Button
                type="button"
                variant="ghost"
                onClick={() => set({ figures: form.figures.filter((_, j) => j !== i) })}
                aria-label={`Remove ${f.platform || "this platform"}`}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
          );
        })}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              set({
                figures: [
                  ...form.figures,
                  { platform: "", followers: "", engagement: "", asOf: today() },
                ],
              })
            }
          >
            <Plus className="size-4" aria-hidden="true" />
            Add a platform
          </Button>
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Usage rights, priced per video</legend>
        <p className="text-sm text-muted-foreground">
          Shown apart from the packages. A price of 0 reads "included"; 0 months, no time limit.
        </p>
        {form.rights.map((r, i) => {
          const change = (patch: Partial<RightRow>) =>
            set({ rights: form.rights.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
          return (
            <div key={r.kind} className="grid items-end gap-2 sm:grid-cols-[1.3fr_1fr_1fr]">
              <label className="flex h-10 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-stone-900"
                  checked={r.offered}
                  onChange={(e) => change({ offered: e.target.checked })}
                />
                {rightNames[r.kind]}
              </label>
              <FormField
                label={`${rightNames[r.kind]}: price (NOK)`}
                id={`kit-right-${r.kind}-price`}
              >
                {(control) => (
                  <Input
                    {...control}
                    inputMode="decimal"
                    disabled={!r.offered}
                    value={r.kroner}
                    onChange={(e) => change({ kroner: e.target.value })}
                  />
                )}
              </FormField>
              <FormField label={`${rightNames[r.kind]}: months`} id={`kit-right-${r.kind}-months`}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    disabled={!r.offered}
                    value={r.months}
                    onChange={(e) => change({ months: e.target.value })}
                  />
                )}
              </FormField>
            </div>
          );
        })}
      </fieldset>

      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-stone-900"
          checked={form.listed}
          onChange={(e) => set({ listed: e.target.checked })}
        />
        Let search engines list the kit (otherwise it is marked noindex)
      </label>

      <div>
        <Button type="submit" disabled={saving}>
          {saving ? (
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <Save className="size-4" aria-hidden="true" />
          )}
          Save media kit
        </Button>
      </div>
    </form>
  );
}

/**
 * Content → Media kit: what the kit shows and in which order, the figures she reports herself,
 * the intro per language, usage rights' prices; the numbers the site measures; a preview of
 * both languages and the kit's link to copy.
 */
export function MediaKitEditor() {
  const query = useMediaKit();
  const [version, setVersion] = useState(0);
  const save = useSaveMediaKit({
    onSuccess: () => {
      toast.success("Media kit saved");
      setVersion((v) => v + 1);
    },
    onError: (error) => toast.error(errorMessage(error, "Could not save the media kit.")),
  });
  if (query.isPending) return <Spinner label="Loading the media kit" />;
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-destructive">Failed to load the media kit.</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const kit = query.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 break-all font-mono text-sm" data-testid="kit-url">
          {kit.urls.no}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={() => copy(kit.urls.no)}>
          <Copy className="size-4" aria-hidden="true" />
          Copy the kit's link
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        For one brand, send the media kit link of its pitch link (Analytics → Pitch links): its
        openings and PDF downloads show there.
      </p>
      <NumbersSummary numbers={kit.numbers} />
      <KitForm settings={kit.settings} saving={save.isPending} onSave={(s) => save.mutate(s)} />
      <section aria-labelledby="kit-preview" className="flex flex-col gap-3">
        <h3 id="kit-preview" className="font-semibold">
          Preview
        </h3>
        <div className="grid gap-4 lg:grid-cols-2">
          {(["no", "en"] as const).map((l) => (
            <KitPreview key={l} url={kit.urls[l]} language={l} version={version} />
          ))}
        </div>
      </section>
    </div>
  );
}

import { Download, Info, Trash2 } from "lucide-react";
import { useState } from "react";
import {
  type AnalyticsSummary,
  type DateRange,
  exportCsvUrl,
  useAnalyticsSummary,
  useDeleteAnalytics,
} from "@/api/analytics.admin";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import {
  change,
  defaultPreset,
  fillDays,
  lastDays,
  type RangePreset,
  rangePresets,
} from "./date-range";
import { LineChart } from "./line-chart";
import {
  BarList,
  countryName,
  duration,
  Figure,
  languageName,
  Panel,
  percent,
  sectionNames,
  targetName,
} from "./parts";
import { PitchLinksPanel } from "./pitch-links-panel";
import { VideoTable } from "./video-table";

/** The range picker: the presets and, for "custom", two dates. */
function RangePicker({
  preset,
  custom,
  onPreset,
  onCustom,
}: {
  preset: RangePreset;
  custom: DateRange;
  onPreset: (preset: RangePreset) => void;
  onCustom: (range: DateRange) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <fieldset className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
        <legend className="sr-only">Date range</legend>
        {[...rangePresets, { id: "custom", label: "Custom" } as const].map((p) => (
          <Button
            key={p.id}
            size="sm"
            variant={preset === p.id ? "primary" : "ghost"}
            aria-pressed={preset === p.id}
            onClick={() => onPreset(p.id)}
          >
            {p.label}
          </Button>
        ))}
      </fieldset>
      {preset === "custom" ? (
        <div className="flex gap-2">
          <div>
            <Label htmlFor="range-from">From</Label>
            <Input
              id="range-from"
              type="date"
              value={custom.from}
              max={custom.to}
              onChange={(e) => e.target.value && onCustom({ ...custom, from: e.target.value })}
            />
          </div>
          <div>
            <Label htmlFor="range-to">To</Label>
            <Input
              id="range-to"
              type="date"
              value={custom.to}
              min={custom.from}
              onChange={(e) => e.target.value && onCustom({ ...custom, to: e.target.value })}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The figures of one summary (everything but the range picker and the pitch links). */
export function SummaryView({ summary }: { summary: AnalyticsSummary }) {
  const days = fillDays(summary, summary.daily, (date) => ({ date, visitors: 0, pageviews: 0 }));
  const { funnel, engaged } = summary;
  const packages = summary.clicks.filter((c) => c.target.startsWith("package-"));
  const ctas = summary.clicks.filter((c) => !c.target.startsWith("package-"));
  const previous = (now: number, before: number) => {
    const diff = change(now, before);
    return diff ? `${diff} vs previous period (${before})` : `Previous period: ${before}`;
  };
  const keyRows = (rows: Array<{ key: string; visitors: number }>, name = (key: string) => key) =>
    rows.map((r) => ({ key: r.key, label: name(r.key), value: r.visitors }));

  return (
    <div className="flex flex-col gap-6">
      {summary.visitorsAreDailySums ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Info className="size-4 shrink-0" aria-hidden="true" />
          Visitors are a sum of daily uniques: nobody is recognised from one day to the next.
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Figure
          label="Visitors"
          value={summary.visitors}
          testId="analytics-visitors"
          note={previous(summary.visitors, summary.previous.visitors)}
        />
        <Figure
          label="Page views"
          value={summary.pageviews}
          testId="analytics-pageviews"
          note={previous(summary.pageviews, summary.previous.pageviews)}
        />
        <Figure
          label="Live visitors"
          value={summary.live}
          testId="analytics-live"
          note="In the last 5 minutes"
        />
        <Figure
          label="Time on page"
          value={duration(engaged.avgSeconds)}
          note={`${percent(engaged.over10s, engaged.visits)} engaged (over 10 s)`}
        />
      </div>

      <Card className="p-5">
        <h3 className="font-semibold">Visitors and page views per day</h3>
        <div className="mt-3">
          <LineChart
            labels={days.map((d) => d.date)}
            summary={`Visitors and page views per day from ${summary.from} to ${summary.to}: ${summary.visitors} visitors, ${summary.pageviews} page views.`}
            series={[
              // Visitors drawn last: on days where both are equal its line stays on top.
              { name: "Page views", color: "#57534e", values: days.map((d) => d.pageviews) },
              { name: "Visitors", color: "#d97706", values: days.map((d) => d.visitors) },
            ]}
          />
        </div>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Inquiry funnel">
          <ol className="flex flex-col gap-2 text-sm" data-testid="analytics-funnel">
            {[
              ["Visitors", funnel.visitors],
              ["Started the form", funnel.formStarted],
              ["Sent an inquiry", funnel.submitted],
            ].map(([label, value]) => (
              <li key={label} className="flex justify-between rounded-md bg-muted px-3 py-2">
                <span>{label}</span>
                <span className="font-semibold tabular-nums">{value}</span>
              </li>
            ))}
          </ol>
          <p className="mt-3 text-sm">
            Conversion rate:{" "}
            <strong data-testid="analytics-conversion">
              {percent(funnel.submitted, funnel.visitors)}
            </strong>
          </p>
        </Panel>
        <Panel title="How far visitors get">
          <BarList
            testId="analytics-sections"
            total={summary.visitors}
            rows={sectionNames.map(([id, name]) => ({
              key: id,
              label: name,
              value: summary.sections[id] ?? 0,
              shown: `${summary.sections[id] ?? 0} · ${percent(summary.sections[id] ?? 0, summary.visitors)}`,
            }))}
          />
        </Panel>
        <Panel title="Videos" className="lg:col-span-2">
          <VideoTable videos={summary.videos} />
        </Panel>
        <Panel title="Package clicks">
          <BarList
            testId="analytics-packages"
            empty="No package clicked in this range."
            rows={packages.map((c) => ({
              key: c.target,
              label: targetName(c.target),
              value: c.count,
            }))}
          />
        </Panel>
        <Panel title="Other calls to action">
          <BarList
            testId="analytics-clicks"
            empty="No clicks in this range."
            rows={ctas.map((c) => ({ key: c.target, label: targetName(c.target), value: c.count }))}
          />
        </Panel>
        <Panel title="Top sources">
          <BarList
            rows={summary.sources.map((s) => ({
              key: s.source,
              label: s.source,
              value: s.visitors,
            }))}
          />
        </Panel>
        <Panel title="Campaigns">
          <BarList
            empty="No campaign links (utm_campaign) in this range."
            rows={summary.campaigns.map((c) => ({
              key: c.campaign,
              label: c.campaign,
              value: c.visitors,
            }))}
          />
        </Panel>
        <Panel title="Languages">
          <BarList rows={keyRows(summary.languages, languageName)} />
        </Panel>
        <Panel title="Devices">
          <BarList rows={keyRows(summary.devices)} />
        </Panel>
        <Panel title="Countries">
          <BarList rows={keyRows(summary.countries, countryName)} />
        </Panel>
        <Panel title="Browsers">
          <BarList rows={keyRows(summary.browsers ?? [])} />
        </Panel>
      </div>
    </div>
  );
}

/**
 * The dashboard's Analytics tab: a range compared with the one before it, the figures
 * of GET /api/admin/analytics/summary, the CSV export, "delete all", and the pitch links.
 */
export function AnalyticsTab({ now = new Date() }: { now?: Date }) {
  const [preset, setPreset] = useState<RangePreset>(defaultPreset);
  const [custom, setCustom] = useState<DateRange>(() => lastDays(30, now));
  const range =
    preset === "custom"
      ? custom
      : lastDays(rangePresets.find((p) => p.id === preset)?.days ?? 7, now);
  const summary = useAnalyticsSummary(range);
  const [confirming, setConfirming] = useState(false);
  const wipe = useDeleteAnalytics({
    onSuccess: () => {
      setConfirming(false);
      toast.success("Analytics data deleted");
    },
    onError: (error) => toast.error(errorMessage(error, "Could not delete the analytics data.")),
  });

  let body: React.ReactNode;
  if (summary.isPending) {
    body = <Spinner label="Loading analytics…" className="py-16" />;
  } else if (summary.isError) {
    body = (
      <Card className="flex flex-col items-center gap-3 p-8 text-center">
        <p>Failed to load analytics.</p>
        <Button variant="outline" onClick={() => summary.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  } else {
    body = <SummaryView summary={summary.data} />;
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <RangePicker preset={preset} custom={custom} onPreset={setPreset} onCustom={setCustom} />
        <div className="flex gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={exportCsvUrl(range)} download>
              <Download className="size-4" aria-hidden="true" />
              Export CSV
            </a>
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Delete all analytics data
          </Button>
        </div>
      </div>
      {body}
      <PitchLinksPanel />
      <ConfirmDeleteDialog
        open={confirming}
        title="Delete all analytics data?"
        description="Every visit, event and daily figure is deleted for good. Pitch links stay, without their visits."
        pending={wipe.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => wipe.mutate()}
      />
    </div>
  );
}

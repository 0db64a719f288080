import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api";
import { type MutationCallbacks, useInvalidatingMutation } from "@/lib/mutation";

/**
 * The admin's analytics: GET /api/admin/analytics/summary, the CSV export and
 * DELETE /api/admin/analytics. Admin code only: the visitor's beacon is api/analytics.
 */
export interface KeyCount {
  key: string;
  visitors: number;
}

export interface AnalyticsSummary {
  from: string;
  to: string;
  visitors: number;
  pageviews: number;
  daily: Array<{ date: string; visitors: number; pageviews: number }>;
  previous: { visitors: number; pageviews: number };
  /** Visitors in the last 5 minutes, whatever the range. */
  live: number;
  /** Section id → visitors reaching it. */
  sections: Record<string, number>;
  videos: Array<{ itemId: number; plays: number; avgPct: number; completions: number }>;
  clicks: Array<{ target: string; count: number }>;
  funnel: { visitors: number; formStarted: number; submitted: number };
  engaged: { visits: number; over10s: number; avgSeconds: number };
  sources: Array<{ source: string; visitors: number }>;
  campaigns: Array<{ campaign: string; visitors: number }>;
  languages: KeyCount[];
  devices: KeyCount[];
  browsers: KeyCount[];
  countries: KeyCount[];
  pitchLinks: Array<{ id: number; name: string; visits: number; plays: number; inquiries: number }>;
  /** True when the range spans several days: its visitors are a sum of daily uniques. */
  visitorsAreDailySums: boolean;
}

/** A range of whole days, `YYYY-MM-DD`, both ends included. */
export interface DateRange {
  from: string;
  to: string;
}

const summaryUrl = "/api/admin/analytics/summary";

function rangeQuery({ from, to }: DateRange): string {
  return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
}

/** The summary of a range; its key starts with the URL so "delete all" can refresh every range. */
export function summaryQueryOptions(range: DateRange) {
  return queryOptions({
    queryKey: [summaryUrl, range.from, range.to],
    queryFn: () => getJson<AnalyticsSummary>(`${summaryUrl}?${rangeQuery(range)}`),
    // The live count moves: asked again every minute while the tab is open.
    refetchInterval: 60_000,
  });
}

export function useAnalyticsSummary(range: DateRange) {
  return useQuery(summaryQueryOptions(range));
}

/** The address of the CSV export of a range (a download link, not a fetch). */
export function exportCsvUrl(range: DateRange): string {
  return `/api/admin/analytics/export.csv?${rangeQuery(range)}`;
}

/** DELETE /api/admin/analytics: every analytics row goes (pitch links themselves stay). */
export function useDeleteAnalytics(callbacks?: MutationCallbacks<void>) {
  return useInvalidatingMutation(
    [summaryUrl],
    () => apiRequest("DELETE", "/api/admin/analytics"),
    callbacks,
  );
}

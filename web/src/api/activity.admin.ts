import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api";

/** One line of the Overview's recent activity, newest first, at most 20. */
export interface ActivityItem {
  type: "inquiry" | "pitch-open" | "media-ready" | "deal";
  at: string;
  /** English, written by the server: `Inquiry from Kari Nordmann (Acme AS)`. */
  text: string;
  /** An admin screen to open (`/admin/inquiries`), when there is one. */
  link?: string;
}

const activityUrl = "/api/admin/activity";

export function activityQueryOptions() {
  return queryOptions({
    queryKey: [activityUrl],
    queryFn: () => getJson<ActivityItem[]>(activityUrl),
  });
}

/** GET /api/admin/activity. */
export function useActivity() {
  return useQuery(activityQueryOptions());
}

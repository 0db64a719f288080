import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api";
import type { Language } from "@/lib/i18n";
import { type MutationCallbacks, useInvalidatingMutation } from "@/lib/mutation";

/**
 * Pitch links: one link per brand the creator pitches, and what its visitors did.
 * POST/GET /api/admin/pitch-links, PATCH/DELETE /api/admin/pitch-links/{id}. Admin code only.
 */
export interface PitchLink {
  id: number;
  name: string;
  note: string;
  /** The address to send: `<site>/?ref=<token>`, or `<site>/en?ref=<token>` for the English page. */
  url: string;
  /** The media kit through this link: `<site>/media-kit?ref=<token>`. */
  kitUrl: string;
  /** The page the link opens. */
  language: Language;
  /** Whether the creator gets an e-mail the first time the link is opened. */
  notifyOpen: boolean;
  createdAt: string;
  /** RFC 3339, or null while the link was never opened. */
  firstVisit: string | null;
  lastVisit: string | null;
  visits: number;
  /** Section id → visits reaching it. */
  sections: Record<string, number>;
  plays: Array<{ itemId: number; plays: number; maxPct: number }>;
  /** Package click target (`package-2`) → clicks. */
  packageClicks: Record<string, number>;
  inquiries: number;
  /** The media kit opened through the link, and its PDF downloaded. */
  kitOpens: number;
  kitDownloads: number;
}

export interface PitchLinkInput {
  name: string;
  note?: string;
  /** The e-mail of its first opening; the server's default is on. */
  notifyOpen?: boolean;
  /** The page it opens; the server's default is Norwegian. */
  language?: Language;
}

const pitchLinksUrl = "/api/admin/pitch-links";

export function pitchLinksQueryOptions() {
  return queryOptions({
    queryKey: [pitchLinksUrl],
    queryFn: () => getJson<PitchLink[]>(pitchLinksUrl),
  });
}

export function usePitchLinks() {
  return useQuery(pitchLinksQueryOptions());
}

/** POST /api/admin/pitch-links `{name, note}` → the new link (its `url` to copy). */
export function useCreatePitchLink(callbacks?: MutationCallbacks<PitchLinkInput>) {
  return useInvalidatingMutation(
    [pitchLinksUrl],
    (input: PitchLinkInput) => apiRequest("POST", pitchLinksUrl, input),
    callbacks,
  );
}

/** DELETE /api/admin/pitch-links/{id}: the link and its visits. */
export function useDeletePitchLink(callbacks?: MutationCallbacks<number>) {
  return useInvalidatingMutation(
    [pitchLinksUrl],
    (id: number) => apiRequest("DELETE", `${pitchLinksUrl}/${id}`),
    callbacks,
  );
}

/** PATCH /api/admin/pitch-links/{id} `{notifyOpen}`: the e-mail of its first opening on or off. */
export function useSetPitchNotify(
  callbacks?: MutationCallbacks<{ id: number; notifyOpen: boolean }>,
) {
  return useInvalidatingMutation(
    [pitchLinksUrl],
    ({ id, notifyOpen }: { id: number; notifyOpen: boolean }) =>
      apiRequest("PATCH", `${pitchLinksUrl}/${id}`, { notifyOpen }),
    callbacks,
  );
}

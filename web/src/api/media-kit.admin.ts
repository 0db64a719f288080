import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api";
import type { Language } from "@/lib/i18n";
import type { MutationCallbacks } from "@/lib/mutation";

/**
 * The media kit's settings (internal/mediakit): GET and PUT /api/admin/media-kit. The kit itself is
 * a page the server renders (/media-kit, /en/media-kit) and its PDF. Admin code only.
 */

/** The kit's sections, in their default order. */
export const kitSections = [
  "about",
  "numbers",
  "work",
  "packages",
  "brands",
  "testimonials",
] as const;
export type KitSection = (typeof kitSections)[number];

/** The kinds of usage right, as quotes name them. */
export const rightKinds = ["organic", "paid", "whitelisting", "exclusivity"] as const;
export type RightKind = (typeof rightKinds)[number];

export interface KitFigure {
  platform: string;
  followers: number;
  /** Percent, one decimal. */
  engagement: number;
  /** YYYY-MM-DD: the day she read them. */
  asOf: string;
}

export interface KitRight {
  kind: RightKind;
  /** Per video, in øre; 0: included. */
  price: number;
  /** 0: no time limit. */
  months: number;
}

export interface KitSettings {
  name: string;
  listed: boolean;
  /** The sections shown, in their order. */
  sections: KitSection[];
  intro: Record<Language, string>;
  /** Comma-separated, per language. */
  niches: Record<Language, string>;
  figures: KitFigure[];
  rights: KitRight[];
}

/** The site's own figures as of a day (null: nothing to measure yet). */
export interface KitNumbers {
  asOf: string;
  visitors: number;
  plays: number;
  medianWatched: number | null;
  delivered: number;
  onTime: number;
  onTimePct: number | null;
  replies: number;
  replyMinutes: number | null;
}

export interface MediaKit {
  settings: KitSettings;
  numbers: KitNumbers;
  /** The kit's address per language. */
  urls: Record<Language, string>;
}

const mediaKitUrl = "/api/admin/media-kit";

export function mediaKitQueryOptions() {
  return queryOptions({ queryKey: [mediaKitUrl], queryFn: () => getJson<MediaKit>(mediaKitUrl) });
}

export function useMediaKit() {
  return useQuery(mediaKitQueryOptions());
}

/** PUT /api/admin/media-kit: the settings replaced; the answer is GET's. */
export function useSaveMediaKit({ onSuccess, onError }: MutationCallbacks<KitSettings> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: KitSettings) => {
      const res = await apiRequest("PUT", mediaKitUrl, settings);
      return (await res.json()) as MediaKit;
    },
    onSuccess: (saved, settings) => {
      queryClient.setQueryData(mediaKitQueryOptions().queryKey, saved);
      onSuccess?.(settings);
    },
    onError: (error, settings) => onError?.(error, settings),
  });
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MediaInfo } from "@/lib/media";

// The admin's calls live in ./client-logos-admin: this module is in every visitor's bundle
// (DESIGN.md section 5 sets its budget).

/**
 * A brand of the home page's client logos, as GET /api/client-logos answers it: one list
 * for both languages, in the order the admin set. A visitor gets only logos whose photo is
 * processed, `imageUrl` being its largest JPEG; an admin's list (GET /api/admin/client-logos) has
 * every logo with its processing state.
 */
export interface ClientLogo {
  id: number;
  /** The brand's name: the logo's text alternative. */
  name: string;
  imageUrl: string;
  /** The brand's site, or "". */
  linkUrl: string;
  imageMedia?: MediaInfo | null;
}

/** The visitor's list; also its query key's first element. */
export const clientLogosUrl = "/api/client-logos";

/** The visitor's list (the spec's default query function GETs the key's URL). */
export function clientLogosQueryOptions() {
  return queryOptions<ClientLogo[]>({ queryKey: [clientLogosUrl] });
}

export function useClientLogos() {
  return useQuery(clientLogosQueryOptions());
}

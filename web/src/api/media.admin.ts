import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { ApiError, apiRequest, getJson } from "@/lib/api";
import type { MediaInfo } from "@/lib/media";
import { isUploadPath } from "@/lib/media-url";
import { portfolioQueryOptions } from "./portfolio";

// The admin's calls on uploaded media: is video processing on here, how far is one
// video, and try it again. Apart from ./media so that a visitor's bundle carries none of it.

/** The states of a background job, as the server names them (testdata/rules.json). */
export const jobStates = ["queued", "running", "done", "failed"] as const;
export type JobState = (typeof jobStates)[number];

/** A video's processing as GET /api/admin/media/{name} answers it. */
export interface VideoStatus extends MediaInfo {
  /** Percent of the transcode while it runs (null before ffmpeg reports). */
  progress: number | null;
  /** The background job's state ("" when it has none). */
  jobState: "" | JobState;
  attempts: number;
}

/** GET /api/admin/media: whether this server processes videos (false without ffmpeg). */
export function useMediaSettings() {
  return useQuery(queryOptions<{ videoProcessing: boolean }>({ queryKey: ["/api/admin/media"] }));
}

/** The stored name of an upload address ("/uploads/NAME"), or null for any other address. */
export function uploadName(address: string): string | null {
  return isUploadPath(address) ? address.slice("/uploads/".length) : null;
}

const statusUrl = (name: string) => `/api/admin/media/${encodeURIComponent(name)}`;

/** The admin's view of an upload's processing: null when it has none. */
export async function getMediaStatus(url: string): Promise<MediaInfo | null> {
  try {
    return await getJson<MediaInfo>(statusUrl(uploadName(url) ?? ""));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** How often a video still processing is asked about again. */
const pollMs = 1000;

/**
 * The processing of the uploaded video at `address`, polled every second while it runs. A 404
 * (an upload from before processing, or a server without ffmpeg) is an error the caller ignores.
 * When it leaves "processing" the portfolio lists refetch, so that lists and previews show the
 * poster and renditions.
 */
export function useVideoStatus(address: string, enabled = true) {
  const name = uploadName(address);
  const queryClient = useQueryClient();
  const query = useQuery(
    queryOptions<VideoStatus>({
      queryKey: [statusUrl(name ?? "")],
      enabled: enabled && name !== null,
      staleTime: 0,
      refetchInterval: (q) => (q.state.data?.status === "processing" ? pollMs : false),
    }),
  );
  const status = query.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === "processing" && status !== "processing") {
      for (const language of ["no", "en"] as const) {
        void queryClient.invalidateQueries({ queryKey: portfolioQueryOptions(language).queryKey });
      }
    }
    previous.current = status;
  }, [status, queryClient]);
  return query;
}

/** POST /api/admin/media/{name}/retry: process the video again; its status is polled anew. */
export function useRetryVideo(address: string) {
  const name = uploadName(address) ?? "";
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const res = await apiRequest("POST", `${statusUrl(name)}/retry`);
      return (await res.json()) as VideoStatus;
    },
    onSuccess: (status) => queryClient.setQueryData([statusUrl(name)], status),
  });
}

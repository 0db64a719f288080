import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api";
import { uploadVideo } from "@/lib/upload";

/**
 * Delivery rooms: a deal's room link, its drafts and their answers, the licence of each
 * video, and the licences ending soon, as /api/admin/deals/{id}/room, /drafts, /licences and
 * /api/admin/licences/ending answer them (docs/rooms.md "Delivery rooms API"). Only the admin imports it;
 * the brand's room is a page the server renders.
 */

export type RoomState = "none" | "active" | "expired" | "revoked";

export interface Room {
  dealId: number;
  state: RoomState;
  answerDays: number;
  /** YYYY-MM-DD, the last day the link works; "" for never. */
  expiresOn: string;
  linkCreatedAt: string | null;
  lastOpenedAt: string | null;
  /** The brand's working link, to copy or send again; absent when no link works. */
  url?: string;
  /** Whether the site sends e-mail at all: with it off, nothing here promises one. */
  mail: boolean;
}

export interface RoomSettings {
  expiresOn: string;
  answerDays: number;
}

export type DraftState = "pending" | "approved" | "changes" | "superseded";

export interface DraftMedia {
  /** processing, ready, failed, or original (the server processes no video: the upload plays). */
  status: string;
  error?: string;
  posterUrl: string;
  sources: Array<{ url: string; width: number; height: number; type: string; bytes: number }>;
}

export interface Draft {
  id: number;
  dealId: number;
  deliverable: number;
  version: number;
  fileName: string;
  fileSize: number;
  note: string;
  state: DraftState;
  /** Pending: when it is approved automatically (null while the room has no working link). */
  dueAt: string | null;
  comment: string;
  answeredBy: "brand" | "auto" | "";
  answeredAt: string | null;
  createdAt: string;
  media: DraftMedia;
  /** The original as uploaded (add ?download=1 to save it). */
  fileUrl: string;
}

export interface LicenceInput {
  usage: "organic" | "paid";
  channels: string[];
  territory: string;
  /** YYYY-MM-DD, the first and the last day of use. */
  startDate: string;
  endDate: string;
  whitelisting: boolean;
}

export interface Licence extends LicenceInput {
  id: number;
  dealId: number;
  deliverable: number;
  createdAt: string;
  updatedAt: string;
}

export interface EndingLicence extends Licence {
  brand: string;
  /** Days to its last day: 0 on the day, negative once ended. */
  daysLeft: number;
}

const dealUrl = (dealId: number) => `/api/admin/deals/${dealId}`;

export const roomQueryOptions = (dealId: number) =>
  queryOptions({
    queryKey: [dealUrl(dealId), "room"],
    queryFn: () => getJson<Room>(`${dealUrl(dealId)}/room`),
  });

/** A deal's drafts; polled while one is still being processed. */
export const draftsQueryOptions = (dealId: number) =>
  queryOptions({
    queryKey: [dealUrl(dealId), "drafts"],
    queryFn: () => getJson<Draft[]>(`${dealUrl(dealId)}/drafts`),
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.media.status === "processing") ? 3000 : false,
  });

export const licencesQueryOptions = (dealId: number) =>
  queryOptions({
    queryKey: [dealUrl(dealId), "licences"],
    queryFn: () => getJson<Licence[]>(`${dealUrl(dealId)}/licences`),
  });

export const endingLicencesQueryOptions = (today: string) =>
  queryOptions({
    queryKey: ["/api/admin/licences/ending", today],
    queryFn: () => getJson<EndingLicence[]>(`/api/admin/licences/ending?today=${today}&days=30`),
  });

export const useRoom = (dealId: number) => useQuery(roomQueryOptions(dealId));
export const useDrafts = (dealId: number) => useQuery(draftsQueryOptions(dealId));
export const useLicences = (dealId: number) => useQuery(licencesQueryOptions(dealId));
export const useEndingLicences = (today: string) => useQuery(endingLicencesQueryOptions(today));

/**
 * A room's mutation: on success the deal's room, drafts and licences refresh, with the deal (its
 * history), the dashboard's list and the Overview's recent activity.
 */
function useRoomMutation<TVariables, TResult>(
  dealId: number,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        [
          [dealUrl(dealId)],
          ["/api/admin/deals", "deal", dealId],
          ["/api/admin/licences/ending"],
          ["/api/admin/activity"],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

const json = async <T>(res: Promise<Response>) => (await (await res).json()) as T;

/** POST …/room: a new link (every earlier one stops working), answered with its url. */
export const useNewRoomLink = (dealId: number) =>
  useRoomMutation(dealId, (settings: Partial<RoomSettings>) =>
    json<Room>(apiRequest("POST", `${dealUrl(dealId)}/room`, settings)),
  );

/** PATCH …/room: the expiry and the days to answer. */
export const useUpdateRoom = (dealId: number) =>
  useRoomMutation(dealId, (settings: Partial<RoomSettings>) =>
    json<Room>(apiRequest("PATCH", `${dealUrl(dealId)}/room`, settings)),
  );

/** DELETE …/room: every link of the room stops working. */
export const useRevokeRoom = (dealId: number) =>
  useRoomMutation(dealId, () => json<Room>(apiRequest("DELETE", `${dealUrl(dealId)}/room`)));

export interface NewDraft {
  file: File;
  deliverable: number;
  note: string;
  onProgress?: (percent: number) => void;
}

/**
 * A draft: the file through the chunked upload (as the portfolio's videos), finalized into the
 * deal by POST …/drafts instead of onto the site.
 */
export const useUploadDraft = (dealId: number) =>
  useRoomMutation(dealId, async ({ file, deliverable, note, onProgress }: NewDraft) => {
    let draft: Draft | undefined;
    await uploadVideo(file, {
      ...(onProgress ? { onProgress } : {}),
      finalize: async (uploadId) => {
        draft = await json<Draft>(
          apiRequest("POST", `${dealUrl(dealId)}/drafts`, { uploadId, deliverable, note }),
        );
        return draft.fileUrl;
      },
    });
    return draft as Draft;
  });

export const useDeleteDraft = (dealId: number) =>
  useRoomMutation(dealId, (draftId: number) =>
    apiRequest("DELETE", `${dealUrl(dealId)}/drafts/${draftId}`),
  );

/** PUT …/licences/{n}: the licence of video n, whole. */
export const useSetLicence = (dealId: number) =>
  useRoomMutation(dealId, ({ video, input }: { video: number; input: LicenceInput }) =>
    json<Licence>(apiRequest("PUT", `${dealUrl(dealId)}/licences/${video}`, input)),
  );

export const useDeleteLicence = (dealId: number) =>
  useRoomMutation(dealId, (video: number) =>
    apiRequest("DELETE", `${dealUrl(dealId)}/licences/${video}`),
  );

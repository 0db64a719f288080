import { Download, Loader2, Trash2, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { type Draft, useDeleteDraft, useDrafts, useRoom, useUploadDraft } from "@/api/rooms.admin";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import { formatMoment } from "@/lib/dates";
import { MAX_VIDEO_BYTES } from "@/lib/upload";

/** The deal's videos, numbered from 1. */
export const videoNumbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** A draft's answer as the admin reads it. */
function answer(d: Draft): {
  label: string;
  variant: "accent" | "muted" | "outline" | "destructive";
} {
  switch (d.state) {
    case "pending":
      return {
        label: d.dueAt
          ? `Waiting · approved automatically ${formatMoment(d.dueAt)}`
          : "Waiting · no room link yet",
        variant: "outline",
      };
    case "approved":
      return {
        label: `Approved${d.answeredBy === "auto" ? " automatically" : ""}${d.answeredAt ? ` ${formatMoment(d.answeredAt)}` : ""}`,
        variant: "accent",
      };
    case "changes":
      return {
        label: `Changes asked for${d.answeredAt ? ` ${formatMoment(d.answeredAt)}` : ""}`,
        variant: "destructive",
      };
    default:
      return { label: "Replaced by a newer version", variant: "muted" };
  }
}

/** The draft's player, under the admin's own paths, labelled as a draft. */
function DraftPlayer({ draft }: { draft: Draft }) {
  const m = draft.media;
  if (m.status === "processing") {
    return <p className="text-sm text-muted-foreground">Processing the video…</p>;
  }
  if (m.status === "failed") {
    return (
      <p className="text-sm text-destructive">{m.error || "The video could not be processed."}</p>
    );
  }
  return (
    <div className="relative overflow-hidden rounded-md bg-black">
      {/* biome-ignore lint/a11y/useMediaCaption: drafts of UGC clips come without caption tracks */}
      <video
        controls
        playsInline
        preload="metadata"
        poster={m.posterUrl || undefined}
        className="max-h-80 w-full"
        aria-label={`Video ${draft.deliverable}, version ${draft.version}`}
      >
        {[...m.sources].reverse().map((s) => (
          <source key={s.url} src={s.url} type={s.type} />
        ))}
      </video>
      <span className="pointer-events-none absolute top-2 left-2 rounded bg-yellow-400 px-2 py-0.5 text-xs font-bold tracking-wide text-black uppercase">
        Draft v{draft.version}
      </span>
    </div>
  );
}

function DraftItem({
  draft,
  newest,
  onDelete,
}: {
  draft: Draft;
  /** The newest version of its video: its player shows; an earlier one's folds away. */
  newest: boolean;
  onDelete: () => void;
}) {
  const a = answer(draft);
  return (
    <li
      className="flex flex-col gap-2 border-t border-border pt-4 first:border-t-0 first:pt-0"
      data-testid="draft"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">
          Video {draft.deliverable} · v{draft.version}
        </span>
        <Badge variant={a.variant} data-testid="draft-answer">
          {a.label}
        </Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {draft.fileName} · uploaded {formatMoment(draft.createdAt)}
      </p>
      {draft.note ? <p className="text-sm">Your note: {draft.note}</p> : null}
      {draft.comment ? (
        <blockquote
          className="border-l-2 border-border pl-3 text-sm whitespace-pre-wrap"
          data-testid="draft-comment"
        >
          {draft.comment}
        </blockquote>
      ) : null}
      {newest ? (
        <DraftPlayer draft={draft} />
      ) : (
        <details>
          <summary className="cursor-pointer text-sm text-muted-foreground">
            Play this version
          </summary>
          <div className="mt-2">
            <DraftPlayer draft={draft} />
          </div>
        </details>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href={`${draft.fileUrl}?download=1`}>
            <Download className="size-4" aria-hidden="true" />
            Original
          </a>
        </Button>
        <Button variant="ghost" size="sm" className="text-destructive" onClick={onDelete}>
          <Trash2 className="size-4" aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

/**
 * The deal's drafts: upload the next version of one of its videos (the portfolio's chunked upload,
 * finalized into the deal), see each version's answer and play it, delete one sent by mistake.
 */
export function DraftsPanel({ dealId, videos }: { dealId: number; videos: number }) {
  const drafts = useDrafts(dealId);
  const room = useRoom(dealId);
  const upload = useUploadDraft(dealId);
  const remove = useDeleteDraft(dealId);
  const [video, setVideo] = useState(1);
  const [note, setNote] = useState("");
  const [progress, setProgress] = useState(0);
  const [deleting, setDeleting] = useState<Draft | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const count = Math.max(videos, 1);

  const send = (file: File) => {
    if (file.size > MAX_VIDEO_BYTES) {
      toast.error("The video is too large", { description: "A draft can be at most 100 MB." });
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, deliverable: video, note, onProgress: setProgress },
      {
        onSuccess: (d) => {
          setNote("");
          toast.success(`Draft v${d.version} of video ${d.deliverable} uploaded`);
        },
        onError: (e) =>
          toast.error("Error uploading the draft", {
            description: errorMessage(e.cause ?? e, e.message),
          }),
      },
    );
  };

  return (
    <Card className="p-5" data-testid="drafts-panel">
      <h2 className="mb-3 font-semibold">Drafts</h2>
      {room.data && room.data.state !== "active" ? (
        <p className="mb-3 text-sm text-muted-foreground">
          The brand sees drafts once the room has a working link; their days to answer start then.
        </p>
      ) : null}
      <div className="mb-5 grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-2">
          <label htmlFor={`${id}-video`} className="text-sm font-medium">
            Video
          </label>
          <select
            id={`${id}-video`}
            className="h-10 rounded-md border border-border bg-card px-3 text-sm"
            value={video}
            onChange={(e) => setVideo(Number(e.target.value))}
          >
            {videoNumbers(count).map((n) => (
              <option key={n} value={n}>
                Video {n}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-2">
          <label htmlFor={`${id}-note`} className="text-sm font-medium">
            Note to the brand (optional)
          </label>
          <Textarea
            id={`${id}-note`}
            rows={2}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2 sm:col-span-2">
          <input
            ref={fileInput}
            type="file"
            accept="video/*"
            className="sr-only"
            tabIndex={-1}
            aria-label="Draft video file"
            data-testid="draft-file-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) send(file);
            }}
          />
          <Button
            variant="outline"
            className="self-start"
            disabled={upload.isPending}
            onClick={() => fileInput.current?.click()}
          >
            {upload.isPending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <Upload className="size-4" aria-hidden="true" />
            )}
            {upload.isPending ? `Uploading… ${progress}%` : "Upload a draft"}
          </Button>
          {upload.isPending ? <ProgressBar label="Draft upload" percent={progress} /> : null}
        </div>
      </div>
      {drafts.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the drafts…</p>
      ) : drafts.isError ? (
        <p className="text-sm text-destructive">Failed to load the drafts.</p>
      ) : drafts.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No drafts yet.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {drafts.data.map((d, i, all) => (
            <DraftItem
              key={d.id}
              draft={d}
              newest={all[i - 1]?.deliverable !== d.deliverable} // newest version first per video
              onDelete={() => setDeleting(d)}
            />
          ))}
        </ul>
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete this draft?"
        description={
          deleting
            ? `Video ${deleting.deliverable} v${deleting.version} and its files are deleted; the brand no longer sees it.`
            : ""
        }
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success("Draft deleted");
            },
            onError: (e) => {
              setDeleting(null);
              toast.error("Error deleting the draft", {
                description: errorMessage(e, "Please try again."),
              });
            },
          })
        }
      />
    </Card>
  );
}

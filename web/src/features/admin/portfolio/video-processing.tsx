import { Loader2, RotateCcw } from "lucide-react";
import { useRetryVideo, useVideoStatus, type VideoStatus } from "@/api/media.admin";
import type { PortfolioItem } from "@/api/portfolio";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { errorMessage } from "@/lib/api";

/** The texts of video processing in the admin. */
export const processingTexts = {
  running: (percent: number) => `Behandler video… ${percent} %`,
  waiting: "Behandler video…",
  canSave:
    "Du kan lagre elementet mens videoen behandles. Siden viser den opplastede filen til den er klar.",
  ready: "Videoen er klar for nettet.",
  failed: "Videoen kunne ikke behandles.",
  retry: "Prøv igjen",
  off: "Videobehandling er av på denne serveren (ffmpeg mangler): opplastede videoer vises slik de ble lastet opp.",
};

/**
 * Below the upload button: the processing of the uploaded video from the server's job ('Behandler
 * video… 42 %'), its failure with the reason and a retry button, or that processing is off.
 */
export function VideoProcessing({
  address,
  status,
  processingOff,
}: {
  /** The video field's upload address ("/uploads/NAME"). */
  address: string;
  /** Its processing; undefined when it has none (not an upload, never processed). */
  status: VideoStatus | undefined;
  processingOff: boolean;
}) {
  const retry = useRetryVideo(address);
  if (processingOff) {
    return <p className="text-xs text-muted-foreground">{processingTexts.off}</p>;
  }
  if (!status) return null;
  if (status.status === "processing") {
    const percent = status.progress ?? 0;
    return (
      <div className="flex flex-col gap-2" data-testid="video-processing">
        <p className="inline-flex items-center gap-2 text-sm">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {status.progress === null ? processingTexts.waiting : processingTexts.running(percent)}
        </p>
        <ProgressBar label="Videobehandling" percent={percent} barClassName="bg-sky-600" />
        <p className="text-xs text-muted-foreground">{processingTexts.canSave}</p>
      </div>
    );
  }
  if (status.status === "failed") {
    return (
      <div className="flex flex-col items-start gap-2" data-testid="video-processing">
        <p role="alert" className="text-sm text-destructive">
          {processingTexts.failed} {status.error}
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={retry.isPending}
          onClick={() => retry.mutate()}
        >
          <RotateCcw className="size-4" aria-hidden="true" />
          {processingTexts.retry}
        </Button>
        {retry.isError ? (
          <p className="text-sm text-destructive">
            {errorMessage(retry.error, "Kunne ikke starte på nytt")}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <p className="text-xs text-muted-foreground" data-testid="video-processing">
      {processingTexts.ready}
    </p>
  );
}

/**
 * The admin list's mark on an item whose uploaded video is still processing (polled until it is
 * done, when the list refetches) or whose processing failed.
 */
export function ProcessingMark({ item }: { item: PortfolioItem }) {
  const processing = item.videoMedia?.status === "processing";
  const status = useVideoStatus(item.videoUrl, processing);
  const state = status.data?.status ?? item.videoMedia?.status;
  if (state === "processing") {
    const percent = status.data?.progress;
    return (
      <span className="inline-flex items-center gap-1 text-sky-700" data-testid="processing-mark">
        <Loader2 className="size-3 animate-spin" aria-hidden="true" />
        {percent == null ? processingTexts.waiting : processingTexts.running(percent)}
      </span>
    );
  }
  if (state === "failed") {
    return <span className="text-destructive">{processingTexts.failed}</span>;
  }
  return null;
}

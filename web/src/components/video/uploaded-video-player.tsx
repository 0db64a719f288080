import { AlertTriangle, Download, ExternalLink } from "lucide-react";
import { type SyntheticEvent, useState } from "react";
import { cn } from "@/components/ui/cn";
import { proxySource } from "@/lib/media-url";

/** SPEC.md section 8: playback messages of uploaded videos (Norwegian, as the spec gives them). */
export const playerMessages = {
  aborted: "Videoavspillingen ble avbrutt.",
  network: "En nettverksfeil oppstod under nedlasting av videoen.",
  decode: "Videofilen er skadet eller formatet støttes ikke av nettleseren din.",
  notSupported: "Videoformatet støttes ikke av nettleseren din, eller filen finnes ikke.",
  unknown: "Kunne ikke spille av videoen.",
  hint: "Prøv å laste siden på nytt eller kontakt administrator.",
  noVideoSupport: "Din nettleser støtter ikke videoavspilling.",
  download: "Hvis videoen ikke spilles av, klikk her for å laste den ned",
  unplayable: "Videoen kan ikke spilles av direkte.",
  openInTab: "Åpne video i ny fane",
};

/** The message for a MediaError code (1 aborted, 2 network, 3 decode, 4 source not supported). */
function playbackMessage(code: number | undefined): string {
  switch (code) {
    case 1:
      return playerMessages.aborted;
    case 2:
      return playerMessages.network;
    case 3:
      return playerMessages.decode;
    case 4:
      return playerMessages.notSupported;
    default:
      return playerMessages.unknown;
  }
}

const typesByExtension: Record<string, string> = {
  mp4: "video/mp4",
  m4v: "video/mp4",
  webm: "video/webm",
  ogg: "video/ogg",
  ogv: "video/ogg",
  mov: "video/quicktime",
};
/** Types every current browser plays; others are asked of the browser. */
const widelyPlayable = new Set(["video/mp4", "video/webm", "video/ogg"]);

/** Whether this browser can try to play the file, judged by its extension. */
function canPlay(src: string): boolean {
  const path = src.split(/[?#]/)[0] ?? "";
  const name = path.slice(path.lastIndexOf("/") + 1);
  const extension = name.includes(".") ? (name.split(".").pop()?.toLowerCase() ?? "") : "";
  const type = typesByExtension[extension];
  if (!type) return false;
  if (widelyPlayable.has(type)) return true;
  return document.createElement("video").canPlayType(type) !== "";
}

export interface UploadedVideoPlayerProps {
  /** The upload's path, "/uploads/NAME". */
  src: string;
  className?: string;
  autoPlay?: boolean;
}

/**
 * Plays an uploaded video through /api/video-proxy. A playback error shows an overlay with the
 * spec's message for its MediaError code; a download link is always offered; a file the browser
 * cannot play (by its type) gets a notice and a link to open it in a new tab instead of a player.
 */
export function UploadedVideoPlayer({ src, className, autoPlay }: UploadedVideoPlayerProps) {
  // The error belongs to the source it came from: a new src starts clean.
  const [failure, setFailure] = useState<{ src: string; message: string } | null>(null);
  const error = failure?.src === src ? failure.message : null;
  const playable = canPlay(src);

  const onError = (event: SyntheticEvent<HTMLVideoElement>) => {
    setFailure({ src, message: playbackMessage(event.currentTarget.error?.code) });
  };

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      {playable ? (
        <div className="relative overflow-hidden rounded-md bg-black">
          {/* biome-ignore lint/a11y/useMediaCaption: uploaded UGC clips come without caption tracks */}
          <video
            key={src}
            className="aspect-video w-full"
            src={proxySource(src)}
            controls
            playsInline
            preload="metadata"
            autoPlay={autoPlay}
            onError={onError}
            onLoadedData={() => setFailure(null)}
          >
            {playerMessages.noVideoSupport}
          </video>
          {error && (
            <div
              role="alert"
              className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/80 p-4 text-center text-white"
            >
              <AlertTriangle aria-hidden="true" className="size-8 text-amber-400" />
              <p className="font-medium">{error}</p>
              <p className="text-sm text-white/80">{playerMessages.hint}</p>
            </div>
          )}
        </div>
      ) : (
        <div className="flex flex-col items-center gap-2 rounded-md bg-muted p-6 text-center">
          <p>{playerMessages.unplayable}</p>
          <a
            href={src}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-primary underline"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {playerMessages.openInTab}
          </a>
        </div>
      )}
      <a
        href={src}
        download
        className="inline-flex items-center gap-1 text-sm text-muted-foreground underline"
      >
        <Download aria-hidden="true" className="size-4" />
        {playerMessages.download}
      </a>
    </div>
  );
}

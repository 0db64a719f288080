import { ExternalLink, ImageOff } from "lucide-react";
import { useState } from "react";
import { UploadedVideoPlayer } from "@/components/video/uploaded-video-player";
import type { MediaInfo } from "@/lib/media";
import { uploadingMarker, videoPreview } from "./portfolio-rules";

/** The Bilde tab's live preview; an image that fails to load shows "Ugyldig bilde-URL". */
export function ImagePreview({ url }: { url: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!url) return null;
  if (failed === url) {
    return (
      <div
        role="img"
        aria-label="Ugyldig bilde-URL"
        className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-md bg-muted text-muted-foreground"
      >
        <ImageOff className="size-8" aria-hidden="true" />
        <span className="text-sm">Ugyldig bilde-URL</span>
      </div>
    );
  }
  return (
    <img
      src={url}
      alt="Forhåndsvisning"
      onError={() => setFailed(url)}
      className="aspect-video w-full rounded-md bg-muted object-cover"
    />
  );
}

/**
 * The Video tab's preview (SPEC.md section 2): YouTube and Vimeo embedded, uploads in the uploads
 * player, anything else "Ugyldig video-URL" with a link to open it. Nothing while a file uploads.
 * An upload that processing has made ready plays its rendition with its poster (the original is
 * private by then).
 */
export function VideoPreview({ url, media }: { url: string; media?: MediaInfo | null }) {
  if (!url || url === uploadingMarker) return null;
  const rendition = media?.status === "ready" ? media.sources.at(-1) : undefined;
  if (rendition) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: uploaded UGC clips come without caption tracks
      <video
        key={rendition.url}
        src={rendition.url}
        poster={media?.posterUrl || undefined}
        controls
        playsInline
        preload="metadata"
        data-testid="admin-video-preview"
        className="aspect-video w-full rounded-md bg-black"
      />
    );
  }
  const preview = videoPreview(url);
  if (preview.kind === "embed") {
    return (
      <iframe
        src={preview.src}
        title="Forhåndsvisning av video"
        className="aspect-video w-full rounded-md bg-black"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; picture-in-picture"
        allowFullScreen
      />
    );
  }
  if (preview.kind === "upload") {
    return <UploadedVideoPlayer src={preview.path} />;
  }
  return (
    <div className="flex flex-col items-center gap-2 rounded-md bg-muted p-4 text-center text-sm">
      <p className="font-medium text-destructive">Ugyldig video-URL</p>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 underline"
      >
        Åpne lenke i ny fane
        <ExternalLink className="size-3.5" aria-hidden="true" />
      </a>
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { ImageUp, Loader2 } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { MAX_IMAGE_BYTES, msgImageTooLarge, sourceFor, uploadImage } from "@/lib/media";
import { getMediaStatus } from "@/lib/media-admin";
import { isUploadPath } from "@/lib/media-url";
import { DEFAULT_CHUNK_BYTES } from "@/lib/upload";

/** The upload function; the tests give their own. */
export type ImageUploader = typeof uploadImage;

/**
 * 'Last opp bilde' beside an image address field (issue 13): picks a photo (JPEG, PNG, WebP,
 * HEIC), refuses one over 25 MB before sending anything, shows the progress while it uploads, and
 * hands the stored file's address to the field. The address field keeps working for external
 * images; the server checks the bytes and answers in Norwegian, and that answer is shown.
 */
export function ImageUploadButton({
  onUploaded,
  upload = uploadImage,
  testId = "image-file-input",
}: {
  onUploaded: (url: string) => void;
  upload?: ImageUploader;
  testId?: string;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File) => {
    setError(null);
    if (file.size > MAX_IMAGE_BYTES) {
      setError(msgImageTooLarge);
      return;
    }
    setProgress(0);
    try {
      const url = await upload(file, { chunkSize: DEFAULT_CHUNK_BYTES, onProgress: setProgress });
      onUploaded(url);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <div className="flex flex-col gap-2">
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
        className="sr-only"
        tabIndex={-1}
        aria-label="Bildefil"
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          e.target.value = "";
          void choose(file);
        }}
      />
      <Button
        type="button"
        variant="outline"
        disabled={uploading}
        onClick={() => fileInput.current?.click()}
      >
        {uploading ? (
          <>
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            {`Laster opp... ${progress}%`}
          </>
        ) : (
          <>
            <ImageUp className="size-4" aria-hidden="true" />
            Last opp bilde
          </>
        )}
      </Button>
      {uploading ? <ProgressBar label="Opplasting av bilde" percent={progress} /> : null}
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </div>
  );
}

/**
 * The admin preview of an uploaded photo: the original is private, so it shows the processed
 * variant (asking the server every second while processing runs), or why processing failed. An
 * /uploads/ address that is no processed photo (typed by hand, or a file since removed) shows
 * `unprocessed` instead.
 */
export function UploadedImagePreview({
  url,
  unprocessed = null,
}: {
  url: string;
  unprocessed?: ReactNode;
}) {
  const query = useQuery({
    queryKey: ["media", url],
    queryFn: () => getMediaStatus(url),
    enabled: isUploadPath(url),
    refetchInterval: (q) => (q.state.data?.status === "processing" ? 1000 : false),
  });
  const media = query.data;
  if (media === null) return <>{unprocessed}</>;
  if (media?.status === "ready") {
    const source = sourceFor(media, "image/jpeg", 640);
    if (source) {
      return (
        <img
          src={source.url}
          width={source.width}
          height={source.height}
          alt="Forhåndsvisning"
          data-testid="processed-image-preview"
          className="aspect-video w-full rounded-md bg-muted object-cover"
        />
      );
    }
  }
  return (
    <div
      role="status"
      className="flex aspect-video w-full items-center justify-center gap-2 rounded-md bg-muted p-4 text-center text-sm text-muted-foreground"
    >
      {media?.status === "failed" ? (
        <span className="text-destructive">{media.error || "Bildet kunne ikke behandles."}</span>
      ) : (
        <>
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          <span>Behandler bildet…</span>
        </>
      )}
    </div>
  );
}

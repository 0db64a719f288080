import { ImageUp, Loader2 } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { MAX_IMAGE_BYTES, uploadImage } from "@/lib/media";
import { DEFAULT_CHUNK_BYTES } from "@/lib/upload";
import type { ImageTexts } from "./image-texts";
import { AdminImage } from "./uploaded-image";

/** The upload function; the tests give their own. */
export type ImageUploader = typeof uploadImage;

/**
 * The upload button beside an image address field: picks a photo (JPEG, PNG, WebP,
 * HEIC), refuses one over 25 MB before sending anything, shows the progress while it uploads, and
 * hands the stored file's address to the field. The address field keeps working for external
 * images; the server checks the bytes, and its answer is shown in the screen's language.
 */
export function ImageUploadButton({
  onUploaded,
  texts,
  upload = uploadImage,
  testId = "image-file-input",
}: {
  onUploaded: (url: string) => void;
  texts: ImageTexts;
  upload?: ImageUploader;
  testId?: string;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File) => {
    setError(null);
    if (file.size > MAX_IMAGE_BYTES) {
      setError(texts.tooLarge);
      return;
    }
    setProgress(0);
    try {
      const url = await upload(file, { chunkSize: DEFAULT_CHUNK_BYTES, onProgress: setProgress });
      onUploaded(url);
    } catch (failure) {
      const text = failure instanceof Error ? failure.message : String(failure);
      setError(texts.message(text, texts.uploadFailed));
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
        aria-label={texts.fileInput}
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
            {texts.uploading(progress)}
          </>
        ) : (
          <>
            <ImageUp className="size-4" aria-hidden="true" />
            {texts.upload}
          </>
        )}
      </Button>
      {uploading ? <ProgressBar label={texts.progress} percent={progress} /> : null}
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </div>
  );
}

/**
 * A form's preview of an uploaded photo (the browser cannot show HEIC): the processed
 * variant (asking the server every second while processing runs), or why processing failed; never
 * the private original. An /uploads/ address that is no processed photo (typed by hand, or a file
 * since removed) shows `unprocessed` instead.
 */
export function UploadedImagePreview({
  url,
  texts,
  unprocessed = null,
}: {
  url: string;
  texts: ImageTexts;
  unprocessed?: ReactNode;
}) {
  return (
    <AdminImage
      key={url}
      address={url}
      shape="preview"
      sizes="(min-width: 1024px) 26rem, 100vw"
      texts={texts}
      placeholder={unprocessed}
      unprocessed={unprocessed}
      testId="processed-image-preview"
    />
  );
}

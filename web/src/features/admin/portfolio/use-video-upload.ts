import { useState } from "react";
import { toast } from "@/components/ui/toaster";
import { MAX_VIDEO_BYTES, PORTFOLIO_CHUNK_BYTES, type uploadVideo } from "@/lib/upload";
import { uploadingMarker } from "./portfolio-rules";

/** The upload function; the tests give their own. */
export type Uploader = typeof uploadVideo;

/**
 * The portfolio form's video upload (SPEC.md sections 2 and 4): a file over 100 MB is refused
 * before anything is sent; while the file uploads the video field holds the "uploading..." marker,
 * then the stored file's address, or on failure what it held before, with the error shown.
 */
export function useVideoUpload({
  upload,
  videoUrl,
  setVideoUrl,
}: {
  upload: Uploader;
  /** The video field's value now. */
  videoUrl: string;
  /** Sets the video field; `validate` once it holds an address to check. */
  setVideoUrl: (url: string, validate?: boolean) => void;
}) {
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  // The file uploaded last and its address: 'Valgt fil' shows while the field still holds it.
  const [uploaded, setUploaded] = useState<{ name: string; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const chooseFile = async (file: File) => {
    setError(null);
    if (file.size > MAX_VIDEO_BYTES) {
      toast.error("Filen er for stor", {
        description: "Maksimal filstørrelse er 100MB. Vennligst velg en mindre fil.",
      });
      return;
    }
    const previous = videoUrl;
    setUploaded(null);
    setProgress(0);
    setUploading(true);
    setVideoUrl(uploadingMarker);
    try {
      const url = await upload(file, { chunkSize: PORTFOLIO_CHUNK_BYTES, onProgress: setProgress });
      setVideoUrl(url, true);
      setUploaded({ name: file.name, url });
      toast.success("Success", { description: "Video uploaded successfully" });
    } catch (failure) {
      setVideoUrl(previous === uploadingMarker ? "" : previous);
      setError(failure instanceof Error ? failure.message : String(failure));
      toast.error("Opplastingsfeil", {
        description:
          "Kunne ikke laste opp videofilen. Prøv igjen med en mindre fil eller bruk en ekstern URL.",
      });
    } finally {
      setUploading(false);
    }
  };

  /** The name of the uploaded file while the field still holds its address. */
  const chosenName = uploaded && uploaded.url === videoUrl ? uploaded.name : null;

  return { uploading, progress, chosenName, error, chooseFile };
}

export type VideoUpload = ReturnType<typeof useVideoUpload>;

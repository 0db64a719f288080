import { Loader2, Upload } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { VideoUpload } from "./use-video-upload";

/**
 * 'Velg videofil' (SPEC.md section 2): a file picker for any video; while uploading, the percent,
 * a progress bar and the note about chunks; then the chosen file's name, or the error in red.
 */
export function VideoUploadButton({ upload }: { upload: VideoUpload }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const { uploading, progress, chosenName, error } = upload;
  return (
    <div className="flex flex-col gap-2">
      <input
        ref={fileInput}
        type="file"
        accept="video/*"
        className="sr-only"
        tabIndex={-1}
        aria-label="Videofil"
        data-testid="video-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          e.target.value = ""; // choosing the same file again is a new choice
          upload.chooseFile(file);
        }}
      />
      <Button variant="outline" disabled={uploading} onClick={() => fileInput.current?.click()}>
        {uploading ? (
          <>
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            {`Laster opp... ${progress}%`}
          </>
        ) : (
          <>
            <Upload className="size-4" aria-hidden="true" />
            Velg videofil
          </>
        )}
      </Button>
      {uploading ? (
        <>
          <ProgressBar label="Opplasting" percent={progress} />
          <p className="text-xs text-muted-foreground">
            Filen lastes opp i små deler (chunks) for å sikre stabil opplasting.
          </p>
        </>
      ) : null}
      {chosenName !== null ? (
        <p className="text-sm text-muted-foreground">Valgt fil: {chosenName}</p>
      ) : null}
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </div>
  );
}

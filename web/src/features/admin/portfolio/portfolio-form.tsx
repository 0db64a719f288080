import { zodResolver } from "@hookform/resolvers/zod";
import { ExternalLink, ImageOff, Loader2, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { UploadedVideoPlayer } from "@/components/video/uploaded-video-player";
import { MAX_VIDEO_BYTES, PORTFOLIO_CHUNK_BYTES, uploadVideo } from "@/lib/upload";
import {
  categoryOptions,
  type PortfolioValues,
  portfolioSchema,
  uploadingMarker,
  videoPreview,
} from "./portfolio-rules";

/** The upload function; the tests give their own. */
export type Uploader = typeof uploadVideo;

function ImagePreview({ url }: { url: string }) {
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

function VideoPreview({ url }: { url: string }) {
  if (!url || url === uploadingMarker) return null;
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

/**
 * The left panel of "Portefølje" (SPEC.md section 2): create or edit one item, with an image URL or
 * a video (a link or an uploaded file).
 */
export function PortfolioForm({
  defaults,
  editing,
  saving,
  onSubmit,
  onCancel,
  upload = uploadVideo,
}: {
  defaults: PortfolioValues;
  editing: boolean;
  saving: boolean;
  onSubmit: (values: PortfolioValues) => void;
  onCancel: () => void;
  upload?: Uploader;
}) {
  // watch/setValue rather than Controller/useWatch: react-hook-form is one module shared with the
  // visitor's contact form, so every export the admin uses also weighs on the public page's budget.
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<PortfolioValues>({
    resolver: zodResolver(portfolioSchema),
    defaultValues: defaults,
  });
  const imageUrl = watch("imageUrl");
  const videoUrl = watch("videoUrl");
  const [tab, setTab] = useState(defaults.videoUrl && !defaults.imageUrl ? "video" : "image");
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  // The file uploaded last and its address: 'Valgt fil' shows while the field still holds it.
  const [uploaded, setUploaded] = useState<{ name: string; url: string } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    if (fileInput.current) fileInput.current.value = "";
    setUploadError(null);
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
    setValue("videoUrl", uploadingMarker);
    try {
      const url = await upload(file, { chunkSize: PORTFOLIO_CHUNK_BYTES, onProgress: setProgress });
      setValue("videoUrl", url, { shouldValidate: true });
      setUploaded({ name: file.name, url });
      toast.success("Success", { description: "Video uploaded successfully" });
    } catch (error) {
      setValue("videoUrl", previous === uploadingMarker ? "" : previous);
      setUploadError(error instanceof Error ? error.message : String(error));
      toast.error("Opplastingsfeil", {
        description:
          "Kunne ikke laste opp videofilen. Prøv igjen med en mindre fil eller bruk en ekstern URL.",
      });
    } finally {
      setUploading(false);
    }
  };

  const mediaError = errors.imageUrl?.message;
  const videoError = errors.videoUrl?.message;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor="p-title">Tittel</Label>
        <Input id="p-title" aria-invalid={errors.title ? true : undefined} {...register("title")} />
        {errors.title ? <p className="text-sm text-destructive">{errors.title.message}</p> : null}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="p-description">Beskrivelse</Label>
        <Textarea id="p-description" rows={3} {...register("description")} />
        {errors.description ? (
          <p className="text-sm text-destructive">{errors.description.message}</p>
        ) : null}
      </div>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList stretch>
          <TabsTrigger value="image">Bilde</TabsTrigger>
          <TabsTrigger value="video">Video</TabsTrigger>
        </TabsList>
        <TabsContent
          value="image"
          forceMount
          className="flex flex-col gap-3 data-[state=inactive]:hidden"
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor="p-image">Bilde URL</Label>
            <Input
              id="p-image"
              placeholder="https://…"
              aria-invalid={mediaError ? true : undefined}
              {...register("imageUrl")}
            />
          </div>
          <ImagePreview url={imageUrl.trim()} />
        </TabsContent>
        <TabsContent
          value="video"
          forceMount
          className="flex flex-col gap-3 data-[state=inactive]:hidden"
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor="p-video">Video URL</Label>
            <Input
              id="p-video"
              placeholder="https://www.youtube.com/watch?v=…"
              readOnly={uploading}
              aria-invalid={videoError ? true : undefined}
              {...register("videoUrl")}
            />
            <p className="text-xs text-muted-foreground">
              Støtter YouTube- og Vimeo-lenker eller direkte MP4-URL-er. Du kan også laste opp
              videofiler (opptil 100MB).
            </p>
          </div>
          <div className="flex flex-col gap-2">
            <input
              ref={fileInput}
              type="file"
              accept="video/*"
              className="sr-only"
              tabIndex={-1}
              aria-label="Videofil"
              data-testid="video-file-input"
              onChange={(e) => chooseFile(e.target.files?.[0])}
            />
            <Button
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
                  <Upload className="size-4" aria-hidden="true" />
                  Velg videofil
                </>
              )}
            </Button>
            {uploading ? (
              <>
                <div
                  role="progressbar"
                  aria-label="Opplasting"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progress}
                  className="h-2 w-full overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className="h-full bg-amber-500 transition-all"
                    style={{ width: `${progress}%` }}
                  />
                </div>
                <p className="text-xs text-muted-foreground">
                  Filen lastes opp i små deler (chunks) for å sikre stabil opplasting.
                </p>
              </>
            ) : null}
            {uploaded && uploaded.url === videoUrl ? (
              <p className="text-sm text-muted-foreground">Valgt fil: {uploaded.name}</p>
            ) : null}
            {uploadError ? <p className="text-sm text-destructive">{uploadError}</p> : null}
          </div>
          <VideoPreview url={videoUrl.trim()} />
        </TabsContent>
      </Tabs>
      {mediaError ? <p className="text-sm text-destructive">{mediaError}</p> : null}
      {videoError ? <p className="text-sm text-destructive">{videoError}</p> : null}

      <div className="flex flex-col gap-2">
        <Label htmlFor="p-category">Kategori</Label>
        <Select
          value={watch("category")}
          onValueChange={(v) =>
            setValue("category", v as PortfolioValues["category"], { shouldDirty: true })
          }
        >
          <SelectTrigger id="p-category" aria-label="Kategori">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {categoryOptions.map((c) => (
              <SelectItem key={c.value} value={c.value}>
                {c.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-stone-900" {...register("featured")} />
        Fremhevet element
      </label>

      <div className="flex gap-2">
        {/* Cancelling mid-upload would drop the file the server is still receiving. */}
        <Button variant="outline" onClick={onCancel} disabled={uploading} className="flex-1">
          Avbryt
        </Button>
        <Button type="submit" disabled={saving || uploading} className="flex-1">
          {saving ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          {editing ? "Oppdater" : "Opprett"}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, X } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useMediaSettings, useVideoStatus } from "@/api/media.admin";
import { imageTexts } from "@/components/media/image-texts";
import { ImageUploadButton, UploadedImagePreview } from "@/components/media/image-upload";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { isUploadPath } from "@/lib/media-url";
import { uploadVideo } from "@/lib/upload";
import { ImagePreview, VideoPreview } from "./portfolio-previews";
import { categoryOptions, type PortfolioValues, portfolioSchema } from "./portfolio-rules";
import { type Uploader, useVideoUpload } from "./use-video-upload";
import { VideoProcessing } from "./video-processing";
import { VideoUploadButton } from "./video-upload-button";

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
  // A photo uploaded here or stored with the item shows as the photo; an address being typed into
  // the field stays in the field, whatever it begins with.
  const [typing, setTyping] = useState(false);
  const uploadedImage = isUploadPath(imageUrl.trim()) && !typing;
  const uploaded = (url: string) => {
    setTyping(false);
    setValue("imageUrl", url, { shouldValidate: true });
  };
  const [tab, setTab] = useState(defaults.videoUrl && !defaults.imageUrl ? "video" : "image");
  const video = useVideoUpload({
    upload,
    videoUrl,
    setVideoUrl: (url, validate) =>
      setValue("videoUrl", url, validate ? { shouldValidate: true } : undefined),
  });

  // The server's processing of an uploaded video; the item can be saved meanwhile.
  const settings = useMediaSettings();
  const processing = useVideoStatus(videoUrl.trim(), !video.uploading);

  const mediaError = errors.imageUrl?.message;
  const videoError = errors.videoUrl?.message;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
      <FormField label="Tittel" id="p-title" error={errors.title?.message}>
        {(control) => <Input {...control} {...register("title")} />}
      </FormField>
      <FormField label="Beskrivelse" id="p-description" error={errors.description?.message}>
        {(control) => <Textarea rows={3} {...control} {...register("description")} />}
      </FormField>

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
          {/* The media messages show under the tabs, where both tabs' fields can see them. An
              uploaded photo is shown, not its stored path: the field is for a link to a photo
              elsewhere, and comes back when the photo is removed. */}
          <div hidden={uploadedImage}>
            <FormField label="Bilde URL" id="p-image">
              {(control) => (
                <Input
                  {...control}
                  placeholder="https://…"
                  aria-invalid={mediaError ? true : undefined}
                  {...register("imageUrl", { onChange: () => setTyping(true) })}
                />
              )}
            </FormField>
          </div>
          {uploadedImage ? (
            <>
              <p className="text-sm font-medium leading-none">Bilde</p>
              <UploadedImagePreview
                url={imageUrl.trim()}
                texts={imageTexts.no}
                unprocessed={<ImagePreview url={imageUrl.trim()} />}
              />
              <div className="flex flex-wrap gap-2">
                <ImageUploadButton texts={imageTexts.no} onUploaded={uploaded} />
                <Button
                  variant="outline"
                  onClick={() => setValue("imageUrl", "", { shouldDirty: true })}
                >
                  <X className="size-4" aria-hidden="true" />
                  Fjern bildet
                </Button>
              </div>
            </>
          ) : (
            <>
              <ImageUploadButton texts={imageTexts.no} onUploaded={uploaded} />
              <ImagePreview url={imageUrl.trim()} />
            </>
          )}
        </TabsContent>
        <TabsContent
          value="video"
          forceMount
          className="flex flex-col gap-3 data-[state=inactive]:hidden"
        >
          <FormField
            label="Video URL"
            id="p-video"
            hint={
              <p className="text-xs text-muted-foreground">
                Støtter YouTube- og Vimeo-lenker eller direkte MP4-URL-er. Du kan også laste opp
                videofiler (opptil 100MB).
              </p>
            }
          >
            {(control) => (
              <Input
                {...control}
                placeholder="https://www.youtube.com/watch?v=…"
                readOnly={video.uploading}
                aria-invalid={videoError ? true : undefined}
                {...register("videoUrl")}
              />
            )}
          </FormField>
          <VideoUploadButton upload={video} />
          <VideoProcessing
            address={videoUrl.trim()}
            status={processing.data}
            processingOff={settings.data?.videoProcessing === false}
          />
          <VideoPreview url={videoUrl.trim()} media={processing.data} />
        </TabsContent>
      </Tabs>
      {mediaError ? <p className="text-sm text-destructive">{mediaError}</p> : null}
      {videoError ? <p className="text-sm text-destructive">{videoError}</p> : null}

      <FormField label="Kategori" id="p-category">
        {(control) => (
          <Select
            value={watch("category")}
            onValueChange={(v) =>
              setValue("category", v as PortfolioValues["category"], { shouldDirty: true })
            }
          >
            <SelectTrigger {...control} aria-label="Kategori">
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
        )}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-stone-900" {...register("featured")} />
        Fremhevet element
      </label>

      <div className="flex gap-2">
        {/* Cancelling mid-upload would drop the file the server is still receiving. */}
        <Button variant="outline" onClick={onCancel} disabled={video.uploading} className="flex-1">
          Avbryt
        </Button>
        <Button type="submit" disabled={saving || video.uploading} className="flex-1">
          {saving ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          {editing ? "Oppdater" : "Opprett"}
        </Button>
      </div>
    </form>
  );
}

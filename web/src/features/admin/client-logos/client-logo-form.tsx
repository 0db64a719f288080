import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { imageTexts } from "@/components/media/image-texts";
import { ImageUploadButton } from "@/components/media/image-upload";
import { AdminImage } from "@/components/media/uploaded-image";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { isLinkUrl, isUploadedImage } from "@/lib/logo-urls";
import { FormButtons, type ItemFormProps } from "../layout/list-state";

/**
 * A client logo's rules (testdata/rules.json "clientLogo", as the server's form in
 * internal/clientlogos): the brand's name, the uploaded logo, an optional link to the brand's site.
 */
export const clientLogoSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Brand name is required"),
      z.maxLength(100, "Brand name must be at most 100 characters"),
    ),
  imageUrl: z.string().check(
    z.trim(),
    z.minLength(1, "Logo is required: upload the brand's logo"),
    z.refine(
      (u) => u === "" || isUploadedImage(u),
      "Logo must be a photo uploaded here (JPEG, PNG, WebP or HEIC)",
    ),
  ),
  linkUrl: z.string().check(
    z.trim(),
    z.refine(
      (u) => u === "" || isLinkUrl(u),
      "Link must be a web address starting with http:// or https://",
    ),
  ),
});

export type ClientLogoValues = z.infer<typeof clientLogoSchema>;

export const emptyClientLogo: ClientLogoValues = { name: "", imageUrl: "", linkUrl: "" };

/**
 * The add/edit form of a client logo: the logo is uploaded (a photo: JPEG, PNG, WebP or HEIC,
 * processed like every photo; an SVG is not taken), shown as the home page will show it once ready.
 */
export function ClientLogoForm({
  defaults,
  submitLabel,
  saving,
  onSubmit,
  onCancel,
}: ItemFormProps<ClientLogoValues>) {
  const {
    register,
    watch,
    setValue,
    handleSubmit,
    formState: { errors },
  } = useForm<ClientLogoValues>({
    resolver: zodResolver(clientLogoSchema),
    defaultValues: defaults,
  });
  const imageUrl = watch("imageUrl").trim();

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
      <FormField label="Brand name" id="logo-name" error={errors.name?.message}>
        {(control) => <Input {...control} placeholder="Fjellkaffe" {...register("name")} />}
      </FormField>
      {/* An upload, not a text field: a group named "Logo" around the preview and the button. */}
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-2 text-sm font-medium leading-none">Logo</legend>
        {imageUrl ? (
          <AdminImage
            key={imageUrl}
            address={imageUrl}
            shape="logo"
            sizes="20rem"
            texts={imageTexts.en}
            placeholder={null}
            testId="logo-preview"
          />
        ) : null}
        <input type="hidden" {...register("imageUrl")} />
        <ImageUploadButton
          testId="logo-file-input"
          texts={{ ...imageTexts.en, upload: imageUrl ? "Replace logo" : "Upload logo" }}
          onUploaded={(url) => setValue("imageUrl", url, { shouldValidate: true })}
        />
        <p className="text-sm text-muted-foreground">
          A JPEG, PNG, WebP or HEIC photo, best on a transparent or white background. The home page
          shows it in grey.
        </p>
        {errors.imageUrl ? (
          <p className="text-sm text-destructive">{errors.imageUrl.message}</p>
        ) : null}
      </fieldset>
      <FormField label="Link (optional)" id="logo-link" error={errors.linkUrl?.message}>
        {(control) => (
          <Input
            {...control}
            type="url"
            placeholder="https://brand.example.no"
            {...register("linkUrl")}
          />
        )}
      </FormField>
      <FormButtons submitLabel={submitLabel} saving={saving} onCancel={onCancel} />
    </form>
  );
}

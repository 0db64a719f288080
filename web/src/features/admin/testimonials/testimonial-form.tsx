import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { imageTexts } from "@/components/media/image-texts";
import { ImageUploadButton, UploadedImagePreview } from "@/components/media/image-upload";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { isUploadPath, isValidImageUrl } from "@/lib/media-url";
import { FormButtons, type ItemFormProps } from "../layout/list-state";

/** An image URL the server accepts: none, or http(s) or one of our uploads. */
const isStorableImageUrl = (u: string) => u === "" || isValidImageUrl(u);

/** SPEC.md section 5 (testimonial form): name, company and text required; rating 1–5. */
export const testimonialSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Name is required"),
      z.maxLength(100, "Name must be at most 100 characters"),
    ),
  company: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Company is required"),
      z.maxLength(100, "Company must be at most 100 characters"),
    ),
  imageUrl: z
    .string()
    .check(
      z.trim(),
      z.refine(isStorableImageUrl, "Image URL must start with http://, https:// or /uploads/"),
    ),
  rating: z
    .int()
    .check(
      z.gte(1, "Rating must be a whole number from 1 to 5"),
      z.lte(5, "Rating must be a whole number from 1 to 5"),
    ),
  testimonial: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Testimonial is required"),
      z.maxLength(2000, "Testimonial must be at most 2000 characters"),
    ),
  isActive: z.boolean(),
});

export type TestimonialValues = z.infer<typeof testimonialSchema>;

export const emptyTestimonial: TestimonialValues = {
  name: "",
  company: "",
  imageUrl: "",
  rating: 5,
  testimonial: "",
  isActive: true,
};

/** The add/edit form inside the testimonial dialogs. */
export function TestimonialForm({
  defaults,
  submitLabel,
  saving,
  onSubmit,
  onCancel,
}: ItemFormProps<TestimonialValues>) {
  // watch/setValue rather than Controller/useWatch: react-hook-form is one module shared with the
  // visitor's contact form, so every export the admin uses also weighs on the public page's budget.
  const {
    register,
    watch,
    setValue,
    handleSubmit,
    formState: { errors },
  } = useForm<TestimonialValues>({
    resolver: zodResolver(testimonialSchema),
    defaultValues: defaults,
  });

  const field = (name: "name" | "company" | "imageUrl", label: string, placeholder: string) => (
    <FormField label={label} id={`t-${name}`} error={errors[name]?.message}>
      {(control) => <Input {...control} placeholder={placeholder} {...register(name)} />}
    </FormField>
  );

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
      {field("name", "Name", "Client name")}
      {field("company", "Company", "Company or brand")}
      {field("imageUrl", "Image URL (optional)", "https://…")}
      <ImageUploadButton
        testId="testimonial-image-file-input"
        texts={imageTexts.en}
        onUploaded={(url) => setValue("imageUrl", url, { shouldValidate: true })}
      />
      {isUploadPath(watch("imageUrl").trim()) ? (
        <UploadedImagePreview url={watch("imageUrl").trim()} texts={imageTexts.en} />
      ) : null}
      <FormField label="Rating" id="t-rating">
        {(control) => (
          <Select
            value={String(watch("rating"))}
            onValueChange={(v) => setValue("rating", Number(v), { shouldDirty: true })}
          >
            <SelectTrigger {...control} aria-label="Rating">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {[5, 4, 3, 2, 1].map((n) => (
                <SelectItem key={n} value={String(n)}>
                  {`${n} star${n === 1 ? "" : "s"}`}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label="Testimonial" id="t-testimonial" error={errors.testimonial?.message}>
        {(control) => <Textarea rows={4} {...control} {...register("testimonial")} />}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-stone-900" {...register("isActive")} />
        Active (shown on the website)
      </label>
      <FormButtons submitLabel={submitLabel} saving={saving} onCancel={onCancel} />
    </form>
  );
}

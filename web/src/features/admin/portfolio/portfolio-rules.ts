import * as z from "zod/mini";
import {
  categoryLabel,
  defaultPortfolioCategory,
  isPortfolioCategory,
  type PortfolioItem,
  portfolioCategories,
} from "@/api/portfolio";
import type { PortfolioInput } from "@/api/portfolio.admin";
import { formValues, trimmedValues } from "@/lib/form-values";
import type { Language } from "@/lib/i18n";
import { catalogues } from "@/lib/i18n/catalogues";
import { embedUrl, httpUrl, isUploadPath, isValidImageUrl, isValidVideoUrl } from "@/lib/media-url";

/** SPEC.md section 5 (portfolio form), with its exact messages. */
export const msgImageOrVideo =
  "Vennligst oppgi enten en bilde-URL eller en video-URL, eller last opp en video";
export const msgInvalidVideoUrl =
  "Ugyldig video-URL: Vennligst oppgi en gyldig video-URL (YouTube, Vimeo, MP4) eller last opp en video";
const msgTitleRequired = "Tittel er påkrevd";
const msgInvalidImageUrl = "Bilde-URL må starte med http://, https:// eller /uploads/";

/** The temporary marker in the video URL field while a file uploads (SPEC.md section 4). */
export const uploadingMarker = "uploading...";

/** The admin's category labels: the Norwegian catalogue's (SPEC.md sections 3 and 9). */
const categoryLabels = catalogues.no.work.categories;

/** The admin select's options, in the order of api/portfolio's list. */
export const categoryOptions = portfolioCategories.map((value) => ({
  value,
  label: categoryLabels[value],
}));

/** The Norwegian label of a category; an unknown one displays capitalised. */
export const adminCategoryLabel = (value: string) => categoryLabel(value, categoryLabels);

export type VideoPreview =
  | { kind: "embed"; src: string }
  | { kind: "upload"; path: string }
  | { kind: "invalid" };

/**
 * SPEC.md section 2 (video preview): YouTube and Vimeo addresses play embedded (lib/media-url),
 * /uploads/ paths in the uploads player (through the video proxy); anything else is
 * "Ugyldig video-URL".
 */
export function videoPreview(address: string): VideoPreview {
  if (isUploadPath(address)) return { kind: "upload", path: address };
  const url = httpUrl(address);
  const embed = url && embedUrl(url);
  return embed ? { kind: "embed", src: embed } : { kind: "invalid" };
}

export const portfolioSchema = z
  .object({
    title: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, msgTitleRequired),
        z.maxLength(200, "Tittel kan være maks 200 tegn"),
      ),
    description: z.string().check(z.maxLength(5000, "Beskrivelse kan være maks 5000 tegn")),
    imageUrl: z.string(),
    videoUrl: z.string(),
    category: z.enum(portfolioCategories),
    featured: z.boolean(),
  })
  .check(
    z.superRefine((v, ctx) => {
      const image = v.imageUrl.trim();
      const video = v.videoUrl.trim();
      if (!image && !video) {
        ctx.addIssue({ code: "custom", path: ["imageUrl"], message: msgImageOrVideo });
        return;
      }
      if (image && !isValidImageUrl(image)) {
        ctx.addIssue({ code: "custom", path: ["imageUrl"], message: msgInvalidImageUrl });
      }
      if (video && !isValidVideoUrl(video)) {
        ctx.addIssue({ code: "custom", path: ["videoUrl"], message: msgInvalidVideoUrl });
      }
    }),
  );

export type PortfolioValues = z.infer<typeof portfolioSchema>;

export const emptyPortfolio: PortfolioValues = {
  title: "",
  description: "",
  imageUrl: "",
  videoUrl: "",
  category: defaultPortfolioCategory,
  featured: false,
};

/** The form's values of a stored item; a category the form does not know shows as "other". */
export function portfolioValues(item: PortfolioItem): PortfolioValues {
  const values = formValues(item, emptyPortfolio);
  return isPortfolioCategory(values.category) ? values : { ...values, category: "other" };
}

/** The body of a create or update: the form's values, texts trimmed, in the list's language. */
export function portfolioInput(values: PortfolioValues, language: Language): PortfolioInput {
  return { ...trimmedValues(values), language } satisfies PortfolioInput;
}

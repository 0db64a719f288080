import * as z from "zod/mini";

/** SPEC.md section 5 (portfolio form), with its exact messages. */
export const msgImageOrVideo =
  "Vennligst oppgi enten en bilde-URL eller en video-URL, eller last opp en video";
export const msgInvalidVideoUrl =
  "Ugyldig video-URL: Vennligst oppgi en gyldig video-URL (YouTube, Vimeo, MP4) eller last opp en video";
export const msgTitleRequired = "Tittel er påkrevd";
export const msgInvalidImageUrl = "Bilde-URL må starte med http://, https:// eller /uploads/";

/** The temporary marker in the video URL field while a file uploads (SPEC.md section 4). */
export const uploadingMarker = "uploading...";

/** Admin categories and their Norwegian labels (SPEC.md sections 3 and 9). */
export const categories = [
  { value: "product", label: "Produktvideoer" },
  { value: "lifestyle", label: "Livsstil" },
  { value: "brand", label: "Merkevare" },
  { value: "social", label: "Sosiale Medier" },
  { value: "other", label: "Annet" },
] as const;

/** The Norwegian label of a category; an unknown one displays capitalised. */
export function categoryLabel(value: string): string {
  const known = categories.find((c) => c.value === value);
  if (known) return known.label;
  return value.charAt(0).toUpperCase() + value.slice(1);
}

const isUploadPath = (u: string) => u.startsWith("/uploads/") && u.length > 9 && !u.includes("..");

function webUrl(u: string): URL | null {
  try {
    const p = new URL(u);
    return p.protocol === "http:" || p.protocol === "https:" ? p : null;
  } catch {
    return null;
  }
}

const hostIs = (host: string, h: string) => host === h || host.endsWith(`.${h}`);
const isYouTubeHost = (host: string) => hostIs(host, "youtube.com") || hostIs(host, "youtu.be");
const isVimeoHost = (host: string) => hostIs(host, "vimeo.com");

/**
 * SPEC.md section 5's video URL rule (the server applies the same one): an /uploads/ path, or an
 * http(s) address on YouTube (two host forms) or Vimeo, or one whose path ends .mp4, .webm or .ogg.
 */
export function isValidVideoUrl(u: string): boolean {
  if (isUploadPath(u)) return true;
  const p = webUrl(u);
  if (!p) return false;
  const host = p.hostname.toLowerCase();
  if (isYouTubeHost(host) || isVimeoHost(host)) return true;
  return /\.(mp4|webm|ogg)$/i.test(p.pathname);
}

/** An image URL the server stores: http(s) or /uploads/. */
export const isValidImageUrl = (u: string) => isUploadPath(u) || webUrl(u) !== null;

export type VideoPreview =
  | { kind: "embed"; src: string }
  | { kind: "upload"; path: string }
  | { kind: "invalid" };

/**
 * SPEC.md section 2 (video preview): YouTube watch links become embeds, Vimeo links are embedded
 * by their last path segment, /uploads/ paths play in the uploads player (through the video proxy), anything
 * else is "Ugyldig video-URL".
 */
export function videoPreview(u: string): VideoPreview {
  if (isUploadPath(u)) return { kind: "upload", path: u };
  const p = webUrl(u);
  if (!p) return { kind: "invalid" };
  const host = p.hostname.toLowerCase();
  if (isYouTubeHost(host)) {
    if (host.endsWith("youtu.be")) {
      const id = p.pathname.split("/").filter(Boolean)[0];
      return id
        ? { kind: "embed", src: `https://www.youtube.com/embed/${id}` }
        : { kind: "invalid" };
    }
    if (p.pathname.startsWith("/embed/")) return { kind: "embed", src: u };
    const id = p.searchParams.get("v");
    return id ? { kind: "embed", src: `https://www.youtube.com/embed/${id}` } : { kind: "invalid" };
  }
  if (isVimeoHost(host)) {
    const id = p.pathname.split("/").filter(Boolean).pop();
    return id
      ? { kind: "embed", src: `https://player.vimeo.com/video/${id}` }
      : { kind: "invalid" };
  }
  return { kind: "invalid" };
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
    category: z.enum(["product", "lifestyle", "brand", "social", "other"]),
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
  category: "product",
  featured: false,
};

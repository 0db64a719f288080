import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ImageOff, Loader2 } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { clientLogosUrl } from "@/api/client-logos";
import { getMediaStatus } from "@/api/media.admin";
import { portfolioQueryOptions } from "@/api/portfolio";
import { testimonialsQueryOptions } from "@/api/testimonials";
import { cn } from "@/components/ui/cn";
import type { MediaInfo } from "@/lib/media";
import { isUploadPath } from "@/lib/media-url";
import type { ImageTexts } from "./image-texts";
import { imageView } from "./image-view";
import { ResponsivePicture } from "./responsive-picture";

/** How often a photo still processing is asked about again. */
const pollMs = 1000;

/**
 * The processing of the upload at `address` as the admin shows it. `known` is what a list answer
 * already said (undefined when there is none, as in a form after an upload): a finished state is
 * taken as it is; while it says "processing" (or says nothing) the server is asked every second.
 * When the photo leaves "processing" the portfolio, testimonial and client logo lists refetch, so
 * that every screen shows the variants. Undefined while the first answer is on its way.
 */
export function useImageMedia(
  address: string,
  known?: MediaInfo | null,
): MediaInfo | null | undefined {
  const ask = isUploadPath(address) && (known === undefined || known?.status === "processing");
  const query = useQuery({
    queryKey: ["media", address],
    queryFn: () => getMediaStatus(address),
    enabled: ask,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.status === "processing" ? pollMs : false),
  });
  // null (the server has no processing of it) is an answer; undefined is none yet.
  const media = ask && query.data !== undefined ? query.data : known;
  const queryClient = useQueryClient();
  const previous = useRef(media?.status);
  useEffect(() => {
    if (previous.current === "processing" && media?.status !== "processing") {
      for (const language of ["no", "en"] as const) {
        void queryClient.invalidateQueries({ queryKey: portfolioQueryOptions(language).queryKey });
        void queryClient.invalidateQueries({
          queryKey: testimonialsQueryOptions(language).queryKey,
        });
      }
      // The visitor's and the admin's lists of logos (api/client-logos.admin shares the prefix).
      void queryClient.invalidateQueries({ queryKey: [clientLogosUrl] });
    }
    previous.current = media?.status;
  }, [media?.status, queryClient]);
  return media;
}

const shapes = {
  /** The portfolio list's square. */
  thumb: "size-16 rounded-md",
  /** The testimonial list's round avatar. */
  avatar: "size-12 rounded-full",
  /** A form's preview under the upload button. */
  preview: "aspect-video w-full rounded-md",
  /** A client logo, drawn whole. */
  logo: "h-16 w-full rounded-md",
};

/**
 * An item's photo on an admin screen, as a visitor sees it: the processed variants (the
 * original is private), a "processing" state while the job runs, the failure, or the address
 * itself for an image that is no processed upload. `placeholder` stands for no image, or one that
 * fails to load. Texts in the screen's language.
 */
export function AdminImage({
  address,
  media: known,
  shape,
  sizes,
  texts,
  placeholder,
  unprocessed,
  testId = "admin-image",
}: {
  address: string;
  /** The list answer's `imageMedia`; undefined where there is none (a form). */
  media?: MediaInfo | null;
  shape: keyof typeof shapes;
  /** The `sizes` of the variants' srcset: how wide the picture is drawn. */
  sizes: string;
  texts: ImageTexts;
  placeholder: ReactNode;
  /** Shown instead of an address that is no processed photo (a form's own preview of it). */
  unprocessed?: ReactNode;
  /** The processed picture's test id. */
  testId?: string;
}) {
  const media = useImageMedia(address, known);
  const [broken, setBroken] = useState<string | null>(null);
  const box = cn(shapes[shape], "shrink-0 overflow-hidden bg-muted");
  const alt = shape === "preview" || shape === "logo" ? texts.preview : "";
  // An upload whose state is not in yet shows "processing", never its private original.
  const view =
    media === undefined && isUploadPath(address)
      ? ({ kind: "processing" } as const)
      : imageView(address, media);

  if (view.kind === "picture" && broken !== view.src) {
    return (
      <span className={cn(box, "block")}>
        <ResponsivePicture
          media={view.media}
          fallback={view.src}
          sizes={sizes}
          alt={alt}
          onError={() => setBroken(view.src)}
          data-testid={testId}
          // A logo drawn on white takes the tile's grey (multiply), not a white box on it.
          className={cn(
            "size-full",
            shape === "logo" ? "object-contain p-2 mix-blend-multiply" : "object-cover",
          )}
        />
      </span>
    );
  }
  if (view.kind === "address" && unprocessed !== undefined) return <>{unprocessed}</>;
  if (view.kind === "address" && broken !== view.src) {
    return (
      <span className={cn(box, "block")}>
        <img
          src={view.src}
          alt={alt}
          onError={() => setBroken(view.src)}
          data-testid="admin-address-image"
          className="size-full object-cover"
        />
      </span>
    );
  }
  const small = shape === "thumb" || shape === "avatar";
  const percent = typeof media?.progress === "number" ? media.progress : null;
  if (view.kind === "processing") {
    return (
      <span
        role="status"
        data-testid="image-processing"
        className={cn(
          box,
          small
            ? "flex flex-col items-center justify-center gap-0.5 p-1 text-sm text-muted-foreground"
            : "flex items-center justify-center gap-2 p-2 text-sm text-muted-foreground",
        )}
      >
        <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
        <span className={small ? "sr-only" : undefined}>{texts.processing}</span>
        {/* How far it has come (a HEIC takes seconds to decode): the job's percent, polled. */}
        {percent !== null ? (
          <span
            className={small ? "text-xs tabular-nums" : "tabular-nums"}
            data-testid="image-progress"
          >
            {percent} %
          </span>
        ) : null}
      </span>
    );
  }
  if (view.kind === "failed") {
    // The server's reason begins with its own "could not be processed".
    const reason = view.reason ? texts.message(view.reason, texts.failed) : texts.failed;
    return (
      <span
        className={cn(
          box,
          "flex items-center justify-center p-2 text-center text-sm text-destructive",
        )}
        data-testid="image-failed"
      >
        {small ? (
          <ImageOff className="size-5" role="img" aria-label={texts.failed} />
        ) : (
          <span>{reason}</span>
        )}
      </span>
    );
  }
  return <>{placeholder}</>;
}

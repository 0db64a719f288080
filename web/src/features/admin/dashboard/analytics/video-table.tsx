import { ImageIcon } from "lucide-react";
import type { AnalyticsSummary } from "@/api/analytics.admin";
import { type PortfolioItem, usePortfolio } from "@/api/portfolio";
import { imageTexts } from "@/components/media/image-texts";
import { AdminImage } from "@/components/media/uploaded-image";

/** The portfolio items of both languages by id (a summary names items by id only). */
export function usePortfolioById(): Map<number, PortfolioItem> {
  const no = usePortfolio("no").data ?? [];
  const en = usePortfolio("en").data ?? [];
  return new Map([...en, ...no].map((item) => [item.id, item]));
}

/** An item's picture as visitors see it: its photo, else its processed video's poster. */
export function ItemThumbnail({ item }: { item: PortfolioItem | undefined }) {
  const poster = item?.videoMedia?.status === "ready" ? item.videoMedia.posterUrl : "";
  const address = item?.imageUrl || poster;
  return (
    <AdminImage
      address={address}
      media={item?.imageUrl ? (item.imageMedia ?? null) : null}
      shape="thumb"
      sizes="64px"
      texts={imageTexts.en}
      testId="analytics-thumbnail"
      placeholder={
        <span className="grid size-16 shrink-0 place-items-center rounded-md bg-muted text-muted-foreground">
          <ImageIcon className="size-6" aria-label="No image" />
        </span>
      }
    />
  );
}

/** Per portfolio item: plays, the average share watched and completions (within 2 s of the end). */
export function VideoTable({ videos }: { videos: AnalyticsSummary["videos"] }) {
  const items = usePortfolioById();
  if (videos.length === 0) {
    return <p className="text-sm text-muted-foreground">No videos played in this range.</p>;
  }
  return (
    <ul className="flex flex-col gap-3" data-testid="analytics-videos">
      {videos.map((video) => {
        const item = items.get(video.itemId);
        return (
          <li key={video.itemId} className="flex items-center gap-3">
            <ItemThumbnail item={item} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{item?.title ?? `Item #${video.itemId}`}</p>
              <p className="text-sm text-muted-foreground">
                <span data-testid="video-plays">
                  {video.plays} {video.plays === 1 ? "play" : "plays"}
                </span>
                {" · "}
                {video.avgPct} % watched on average{" · "}
                <span data-testid="video-completions">
                  {video.completions} {video.completions === 1 ? "completion" : "completions"}
                </span>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

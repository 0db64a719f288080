import { track } from "./analytics";

// The player's analytics, apart from api/analytics.ts: it loads with the video player (a click),
// not with the page, whose JavaScript is budgeted (DESIGN.md section 5).

/**
 * Watches the videos inside `element` (media events do not bubble: listened to while capturing)
 * for one portfolio item: a play, then 25/50/75 % and 100 % (within 2 s of the end; a tenth of
 * a clip shorter than 20 s, or every moment of a 2 s clip would be a finish), once each per
 * opening of the player.
 * Returns the function that stops watching.
 */
export function watchVideo(element: Element, item: number): () => void {
  const reached = new Set<number>();
  const onEvent = (event: Event) => {
    const video = event.target as HTMLVideoElement;
    // One play per opening (a pause and resume is the same viewing). A video playing without a
    // "play" heard (autoplay may start before the page listens) counts at its first time update.
    if ((event.type === "play" || !video.paused) && !reached.has(0)) {
      reached.add(0);
      track({ t: "play", item });
    }
    if (event.type === "play") return;
    const { currentTime, duration } = video;
    if (!(duration > 0)) return;
    for (const pct of [25, 50, 75, 100]) {
      const due =
        pct === 100
          ? duration - currentTime <= Math.min(2, duration / 10)
          : currentTime >= (duration * pct) / 100;
      if (due && !reached.has(pct)) {
        reached.add(pct);
        track({ t: "progress", item, pct });
      }
    }
  };
  const types = ["play", "timeupdate", "ended"];
  for (const type of types) element.addEventListener(type, onEvent, true);
  return () => {
    for (const type of types) element.removeEventListener(type, onEvent, true);
  };
}

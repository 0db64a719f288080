let player: (() => void) | undefined;

/**
 * The hero's play button (it looked like one and did nothing): plays the first video the
 * portfolio shows, in the work section's player. The work section answers it (onPlayFirst).
 */
export function playFirst(): void {
  player?.();
}

/** The work section's side: what the hero's button does now. Answers the unsubscribe. */
export function onPlayFirst(play: () => void): () => void {
  player = play;
  return () => {
    player = undefined;
  };
}

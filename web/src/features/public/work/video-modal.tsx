import { useEffect, useRef } from "react";
import { track } from "@/api/analytics";
import { watchVideo } from "@/api/analytics-video";
import { X } from "@/components/ui/icons";
import { UploadedVideoPlayer } from "@/components/video/uploaded-video-player";
import { narrowScreen, pickSource, type VideoTarget } from "./video-links";

/**
 * The full-screen video modal (SPEC.md section 2, "Work"). A native <dialog> opened with
 * showModal(): it traps focus, closes on Escape and makes the page inert. It closes on a backdrop
 * click or the close button. Body scrolling is locked while it is mounted and restored when it
 * closes or when the page unmounts it.
 *
 * The player itself is kept in VideoPlayer so a richer one can replace it in one place.
 */
export function VideoModal({
  target,
  itemId,
  title,
  closeLabel,
  onClose,
}: {
  target: Extract<VideoTarget, { src: string }>;
  /** The portfolio item playing: analytics counts its plays and how far they get. */
  itemId: number;
  title: string;
  closeLabel: string;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening; another video is another modal.
  useEffect(() => {
    const dialog = dialogRef.current;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal?.();
    // A service's embedded player tells the page nothing: opening it counts as its play.
    const stopWatching = dialog ? watchVideo(dialog, itemId) : undefined;
    if (target.kind === "embed") track({ t: "play", item: itemId });
    return () => {
      stopWatching?.();
      document.body.style.overflow = overflow;
      if (dialog?.open) dialog.close();
      opener?.focus?.();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog natively (cancel event).
    <dialog
      ref={dialogRef}
      aria-label={title}
      data-testid="video-modal"
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
      className="m-0 h-dvh max-h-none w-dvw max-w-none bg-stone-950/90 p-0 backdrop:bg-stone-950/80"
    >
      {/* Clicks outside the player fall through to the dialog itself: the backdrop. */}
      <div className="pointer-events-none flex h-full w-full items-center justify-center p-4 sm:p-10">
        <VideoPlayer target={target} title={title} />
      </div>
      <button
        type="button"
        onClick={() => onCloseRef.current()}
        aria-label={closeLabel}
        // biome-ignore lint/a11y/noAutofocus: the dialog's first focus belongs on its close button.
        autoFocus
        className="absolute right-4 top-4 grid size-12 place-items-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
      >
        <X aria-hidden="true" className="size-6" />
      </button>
    </dialog>
  );
}

/** Plays one video: uploads in the uploads player, direct files natively, YouTube/Vimeo embedded. */
function VideoPlayer({
  target,
  title,
}: {
  target: Extract<VideoTarget, { src: string }>;
  title: string;
}) {
  if (target.kind === "embed") {
    return (
      <iframe
        src={target.src}
        title={title}
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        className="pointer-events-auto aspect-video w-full max-w-5xl rounded-2xl bg-black shadow-2xl"
      />
    );
  }
  if (target.kind === "processed") {
    // Chosen once when the modal opens: a phone downloads the small rendition, not the large one.
    const narrow = window.matchMedia?.(narrowScreen).matches ?? false;
    const source = pickSource(target.sources, narrow);
    return (
      // biome-ignore lint/a11y/useMediaCaption: creators' clips come without caption tracks.
      <video
        src={source?.url ?? target.src}
        poster={target.poster || undefined}
        controls
        autoPlay
        playsInline
        data-testid="processed-video"
        className="pointer-events-auto max-h-full max-w-full rounded-2xl bg-black shadow-2xl"
      />
    );
  }
  if (target.kind === "upload") {
    return (
      <UploadedVideoPlayer
        src={target.src}
        autoPlay
        className="pointer-events-auto w-full max-w-5xl rounded-2xl shadow-2xl"
      />
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: creators' clips come without caption tracks.
    <video
      src={target.src}
      controls
      autoPlay
      playsInline
      className="pointer-events-auto max-h-full max-w-full rounded-2xl bg-black shadow-2xl"
    />
  );
}

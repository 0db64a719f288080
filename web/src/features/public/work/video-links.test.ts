import { describe, expect, it } from "vitest";
import type { MediaInfo } from "@/lib/media";
import { opensInModal, pickSource, videoTarget } from "./video-links";

describe("videoTarget", () => {
  it.each([
    ["/uploads/abc123.mp4", { kind: "upload", src: "/uploads/abc123.mp4" }],
    [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      { kind: "embed", src: "https://www.youtube.com/embed/dQw4w9WgXcQ" },
    ],
    [
      "https://youtube.com/watch?v=abc&t=10s",
      { kind: "embed", src: "https://www.youtube.com/embed/abc" },
    ],
    ["https://youtu.be/xyz987", { kind: "embed", src: "https://www.youtube.com/embed/xyz987" }],
    [
      "https://www.youtube.com/embed/already",
      { kind: "embed", src: "https://www.youtube.com/embed/already" },
    ],
    [
      "https://vimeo.com/76979871",
      { kind: "embed", src: "https://player.vimeo.com/video/76979871" },
    ],
    [
      "https://vimeo.com/channels/staffpicks/123456",
      { kind: "embed", src: "https://player.vimeo.com/video/123456" },
    ],
    ["https://cdn.example.com/clip.mp4", { kind: "file", src: "https://cdn.example.com/clip.mp4" }],
    [
      "https://cdn.example.com/clip.WEBM",
      { kind: "file", src: "https://cdn.example.com/clip.WEBM" },
    ],
    [
      "https://cdn.example.com/clip.ogg?sig=1",
      { kind: "file", src: "https://cdn.example.com/clip.ogg?sig=1" },
    ],
    [
      "https://www.instagram.com/p/abc/",
      { kind: "external", href: "https://www.instagram.com/p/abc/" },
    ],
    [
      "https://notyoutube.com/watch?v=1",
      { kind: "external", href: "https://notyoutube.com/watch?v=1" },
    ],
    ["http://youtube.com/embed/abc", { kind: "embed", src: "https://www.youtube.com/embed/abc" }],
    // SPEC.md section 4: any address on the two services opens the modal, even one naming no video.
    [
      "https://www.youtube.com/@somechannel",
      { kind: "embed", src: "https://www.youtube.com/@somechannel" },
    ],
    ["", { kind: "none" }],
    ["   ", { kind: "none" }],
    ["javascript:alert(1)", { kind: "none" }],
    ["not a url", { kind: "none" }],
    ["https:/cdn.example.com/clip.mp4", { kind: "none" }],
  ])("%s", (address, want) => {
    expect(videoTarget(address)).toEqual(want);
  });

  it("opens uploads, embeds and files in the modal, nothing else", () => {
    expect(opensInModal(videoTarget("/uploads/a.mp4"))).toBe(true);
    expect(opensInModal(videoTarget("https://youtu.be/a"))).toBe(true);
    expect(opensInModal(videoTarget("https://x.no/a.webm"))).toBe(true);
    expect(opensInModal(videoTarget("https://x.no/page"))).toBe(false);
    expect(opensInModal(videoTarget(undefined))).toBe(false);
  });
});

describe("processed uploads", () => {
  const small = { url: "/media/p_s.mp4", width: 720, height: 1280, type: "video/mp4", bytes: 1 };
  const large = { url: "/media/p_l.mp4", width: 1080, height: 1920, type: "video/mp4", bytes: 2 };
  const ready: MediaInfo = {
    status: "ready",
    width: 1080,
    height: 1920,
    durationMs: 2000,
    posterUrl: "/media/p_poster.jpg",
    sources: [small, large],
  };

  it("play their renditions with the poster in the modal", () => {
    const target = videoTarget("/media/p_l.mp4", ready);
    expect(target).toEqual({
      kind: "processed",
      src: "/media/p_l.mp4",
      poster: "/media/p_poster.jpg",
      sources: [small, large],
    });
    expect(opensInModal(target)).toBe(true);
  });

  it("until ready, the address opens as before", () => {
    expect(videoTarget("/uploads/a.mp4", { ...ready, status: "processing", sources: [] })).toEqual({
      kind: "upload",
      src: "/uploads/a.mp4",
    });
    expect(videoTarget("/uploads/a.mp4", null)).toEqual({ kind: "upload", src: "/uploads/a.mp4" });
  });

  it("give a narrow screen the small rendition and others the large one", () => {
    expect(pickSource([small, large], true)).toBe(small);
    expect(pickSource([small, large], false)).toBe(large);
    expect(pickSource([large], true)).toBe(large);
  });
});

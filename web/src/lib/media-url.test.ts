import { describe, expect, it } from "vitest";
import { embedUrl, httpUrl, isValidImageUrl, isValidVideoUrl } from "./media-url";

describe("isValidVideoUrl (SPEC.md section 5)", () => {
  it.each([
    ["https://www.youtube.com/watch?v=abc", true],
    ["https://youtu.be/abc", true],
    ["https://m.youtube.com/shorts/abc", true],
    ["https://vimeo.com/123", true],
    ["https://cdn.example.com/a.webm", true],
    ["http://cdn.example.com/a.MP4", true],
    ["/uploads/a.mp4", true],
    ["https://example.com/a", false],
    ["https://notyoutube.com/watch?v=1", false],
    // An address on the services that names no video (a channel page): the preview cannot play it.
    ["https://www.youtube.com/@somechannel", false],
    ["https://www.youtube.com/watch", false],
    ["https://vimeo.com/", false],
    ["javascript:alert(1)//youtube.com", false],
    ["ftp://cdn.example.com/a.mp4", false],
    ["/uploads/../x", false],
    ["/uploads/", false],
    ["/uploads/a/b.mp4", false],
    ["/uploads/.hidden.mp4", false],
    ["/uploads/a b.mp4", false],
    ["https:/youtube.com/watch?v=abc", false],
    ["https:\\\\youtube.com/watch?v=abc", false],
    ["https://user:pass@youtube.com/watch?v=abc", false],
    ["", false],
  ])("%s: %s", (address, ok) => {
    expect(isValidVideoUrl(address)).toBe(ok);
  });
});

describe("isValidImageUrl", () => {
  it.each([
    ["https://example.com/a.jpg", true],
    ["http://example.com/a", true],
    ["/uploads/a.png", true],
    ["/uploads/../secret", false],
    ["data:image/png;base64,AAAA", false],
    ["example.com/a.jpg", false],
    ["http:example.com/a.jpg", false],
    ["https:/example.com/a.jpg", false],
    ["https://user@example.com/a.jpg", false],
  ])("%s: %s", (address, ok) => {
    expect(isValidImageUrl(address)).toBe(ok);
  });
});

describe("embedUrl", () => {
  const embed = (address: string) => {
    const url = httpUrl(address);
    if (!url) throw new Error(`not an http(s) address: ${address}`);
    return embedUrl(url);
  };

  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/xyz987?t=3", "https://www.youtube.com/embed/xyz987"],
    ["https://www.youtube.com/embed/already", "https://www.youtube.com/embed/already"],
    ["https://youtube.com/shorts/short1", "https://www.youtube.com/embed/short1"],
    ["http://youtube.com/embed/abc?start=4", "https://www.youtube.com/embed/abc"],
    ["https://vimeo.com/channels/staffpicks/123456", "https://player.vimeo.com/video/123456"],
  ])("%s → %s", (address, want) => {
    expect(embed(address)).toBe(want);
  });

  it("is null for other hosts and for addresses that name no video", () => {
    expect(embed("https://example.com/watch?v=1")).toBeNull();
    expect(embed("https://www.youtube.com/watch")).toBeNull();
    expect(embed("https://www.youtube.com/@somechannel")).toBeNull();
    expect(embed("https://youtu.be/")).toBeNull();
    expect(embed("https://vimeo.com/")).toBeNull();
  });
});

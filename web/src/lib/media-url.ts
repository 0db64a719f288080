/**
 * The address rules of portfolio and testimonial media, in one place for the public page (how a
 * video opens, SPEC.md section 4) and the admin forms (what may be saved and how the preview plays,
 * section 5). The server applies the same rules before it stores an address
 * (internal/forms/formats.go), so what passes here is never refused there.
 */

// A stored file's name, as the server names them (internal/media ValidName): no path separators,
// no "..", no hidden files, nothing a URL would escape.
const uploadPathPattern = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Our own uploaded file: /uploads/NAME. */
export function isUploadPath(address: string): boolean {
  return uploadPathPattern.test(address) && !address.includes("..");
}

/** The player's source for an upload: the video proxy streams it with Range support. */
export function proxySource(uploadPath: string): string {
  return `/api/video-proxy?url=${encodeURIComponent(uploadPath)}`;
}

/**
 * The address as a URL when it is an http(s) address with a host and no user name or password,
 * as the server requires; null for anything else (javascript:, "https:/x", garbage). The browser's
 * URL parser forgives a missing slash or a backslash, so the written form is checked first.
 */
export function httpUrl(address: string): URL | null {
  if (!/^https?:\/\/[^/\\\s]/i.test(address)) return null;
  try {
    const url = new URL(address);
    return url.username === "" && url.password === "" ? url : null;
  } catch {
    return null;
  }
}

/** Whether the URL is on the domain or one of its subdomains (not merely ending in its name). */
function onDomain(url: URL, domain: string): boolean {
  const host = url.hostname.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

const isYouTube = (url: URL) => onDomain(url, "youtube.com") || onDomain(url, "youtu.be");
const isVimeo = (url: URL) => onDomain(url, "vimeo.com");

/** Whether the address is on one of the two video-sharing services (YouTube, Vimeo). */
export function isVideoService(url: URL): boolean {
  return isYouTube(url) || isVimeo(url);
}

/** Whether the address names a file the browser plays itself: .mp4, .webm or .ogg. */
export function isVideoFile(url: URL): boolean {
  return /\.(mp4|webm|ogg)$/i.test(url.pathname);
}

/**
 * The origins of the players embedUrl makes addresses on: the only ones the server's CSP lets the
 * page frame (frame-src; testdata/rules.json holds both to them).
 */
export const videoFrameHosts = ["https://www.youtube.com", "https://player.vimeo.com"] as const;

/**
 * The player address of a YouTube or Vimeo address, or null when it is neither or names no video
 * (a channel page). YouTube: youtu.be/ID, watch?v=ID, embed/ID, shorts/ID and live/ID become
 * https://www.youtube.com/embed/ID (the one YouTube origin the page's CSP lets it frame); Vimeo:
 * its last path segment is the id.
 */
export function embedUrl(url: URL): string | null {
  const segments = url.pathname.split("/").filter(Boolean);
  if (isVimeo(url)) {
    const id = segments.at(-1);
    return id ? `https://player.vimeo.com/video/${encodeURIComponent(id)}` : null;
  }
  if (!isYouTube(url)) return null;
  let id: string | null | undefined;
  if (onDomain(url, "youtu.be")) id = segments[0];
  else if (url.pathname === "/watch") id = url.searchParams.get("v");
  else if (["embed", "shorts", "live"].includes(segments[0] ?? "")) id = segments[1];
  return id ? `https://www.youtube.com/embed/${encodeURIComponent(id)}` : null;
}

/**
 * SPEC.md section 5's video URL rule: an upload, or an http(s) address on YouTube (two host forms)
 * or Vimeo that names a video (the one the form's preview plays: a channel page or the bare site
 * is refused), or one whose path ends .mp4, .webm or .ogg.
 */
export function isValidVideoUrl(address: string): boolean {
  if (isUploadPath(address)) return true;
  const url = httpUrl(address);
  if (url === null) return false;
  return isVideoService(url) ? embedUrl(url) !== null : isVideoFile(url);
}

/** An image address the server stores: http(s) or an upload. */
export function isValidImageUrl(address: string): boolean {
  return isUploadPath(address) || httpUrl(address) !== null;
}

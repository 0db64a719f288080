/**
 * The address rules of portfolio and testimonial media, in one place for the public page (how a
 * video opens, SPEC.md section 4) and the admin forms (what may be saved and how the preview plays,
 * section 5). The server applies the same rules before it stores an address.
 */

const uploadsPrefix = "/uploads/";

/** Our own uploaded file: /uploads/NAME, never a path that climbs out. */
export function isUploadPath(address: string): boolean {
  return (
    address.startsWith(uploadsPrefix) &&
    address.length > uploadsPrefix.length &&
    !address.includes("..")
  );
}

/** The address as a URL when it is http(s); null for anything else (javascript:, garbage). */
export function httpUrl(address: string): URL | null {
  try {
    const url = new URL(address);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
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

/** Whether the address names a file the browser plays itself: .mp4, .webm or .ogg. */
export function isVideoFile(url: URL): boolean {
  return /\.(mp4|webm|ogg)$/i.test(url.pathname);
}

/**
 * The player address of a YouTube or Vimeo address, or null when it is neither or names no video.
 * YouTube: youtu.be/ID, watch?v=ID, shorts/ID and live/ID become /embed/ID, an /embed/ address stays
 * as it is (a channel or other page names no video); Vimeo: its last path segment is the id.
 */
export function embedUrl(url: URL): string | null {
  const segments = url.pathname.split("/").filter(Boolean);
  if (isVimeo(url)) {
    const id = segments.at(-1);
    return id ? `https://player.vimeo.com/video/${encodeURIComponent(id)}` : null;
  }
  if (!isYouTube(url)) return null;
  if (url.pathname.startsWith("/embed/")) return url.toString();
  let id: string | null | undefined;
  if (onDomain(url, "youtu.be")) id = segments[0];
  else if (url.pathname === "/watch") id = url.searchParams.get("v");
  else if (segments[0] === "shorts" || segments[0] === "live") id = segments[1];
  return id ? `https://www.youtube.com/embed/${encodeURIComponent(id)}` : null;
}

/**
 * SPEC.md section 5's video URL rule: an upload, or an http(s) address on YouTube (two host forms)
 * or Vimeo, or one whose path ends .mp4, .webm or .ogg.
 */
export function isValidVideoUrl(address: string): boolean {
  if (isUploadPath(address)) return true;
  const url = httpUrl(address);
  return url !== null && (isYouTube(url) || isVimeo(url) || isVideoFile(url));
}

/** An image address the server stores: http(s) or an upload. */
export function isValidImageUrl(address: string): boolean {
  return isUploadPath(address) || httpUrl(address) !== null;
}

import { httpUrl, isUploadPath } from "./media-url";

// The address rules of a client logo, as the server applies them
// (internal/forms/formats.go: IsUploadedImage, IsLinkURL; testdata/rules.json holds both sides to
// the same samples). Admin-only: apart from ./media-url, which every visitor loads.

/** The extensions the server stores a photo under (JPEG, PNG, WebP, HEIC). */
const photoExtension = /\.(jpg|png|webp|heic)$/;

/** A photo uploaded here: an /uploads/ file stored as a photo. An external address never is. */
export function isUploadedImage(address: string): boolean {
  return isUploadPath(address) && photoExtension.test(address);
}

/** A link a visitor may follow: an http(s) address with a host, no user name or password. */
export function isLinkUrl(address: string): boolean {
  return address.length <= 2048 && httpUrl(address) !== null;
}

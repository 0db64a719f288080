package media

import (
	"bytes"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/images"
)

// SniffLen is how many leading bytes Sniff needs (an HEIC photo's brands
// can sit some way into its ftyp box).
const SniffLen = images.SniffLen

// imageExt is the extension a photo of each format is stored under.
var imageExt = map[images.Format]string{images.JPEG: ".jpg", images.PNG: ".png", images.WebP: ".webp", images.HEIC: ".heic"}

// headLen is how much of an upload's beginning finalize reads: a photo's
// header, whose size it checks before the photo is stored, or a video's
// signature.
func headLen(fileType string) int64 {
	if IsImageType(fileType) {
		return images.HeaderLen
	}
	return SniffLen
}

// IsImageType reports whether a declared MIME type is an image's.
func IsImageType(fileType string) bool {
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(fileType)), "image/")
}

// IsImageName reports whether a stored name is a photo's (by the extension
// Sniff gave it).
func IsImageName(name string) bool {
	for _, ext := range imageExt {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

// SniffAs names the format of an upload declared as fileType by its bytes:
// an upload declared as an image must be a JPEG, PNG, WebP or HEIC photo,
// any other a video (Sniff). "" when the bytes are not what was declared.
func SniffAs(fileType string, head []byte) string {
	if IsImageType(fileType) {
		return imageExt[images.Sniff(head)]
	}
	return Sniff(head)
}

// Sniff names the video format by the file's signature and returns the
// extension to store it under ("" when it is no video we accept):
//   - MP4 and QuickTime: an ISO base media "ftyp" box at offset 4 (brand "qt  " is QuickTime);
//   - WebM (and Matroska): the EBML magic 1A 45 DF A3;
//   - Ogg: the capture pattern "OggS".
func Sniff(head []byte) string {
	switch {
	case len(head) >= 12 && string(head[4:8]) == "ftyp":
		if string(head[8:12]) == "qt  " {
			return ".mov"
		}
		return ".mp4"
	case bytes.HasPrefix(head, []byte{0x1A, 0x45, 0xDF, 0xA3}):
		return ".webm"
	case bytes.HasPrefix(head, []byte("OggS")):
		return ".ogg"
	}
	return ""
}

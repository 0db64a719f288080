package media

import "bytes"

// SniffLen is how many leading bytes Sniff needs.
const SniffLen = 12

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

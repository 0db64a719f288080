package video

import (
	"path/filepath"
	"strings"
)

// demuxers name the one ffmpeg demuxer for each extension an upload is
// stored under (media.Sniff names it by the file's bytes): ISO base media
// (MP4 and QuickTime share ffmpeg's "mov" demuxer), Matroska/WebM, Ogg.
var demuxers = map[string]string{".mp4": "mov", ".mov": "mov", ".webm": "matroska", ".ogg": "ogg"}

// inputArgs are the options before every "-i" of ffmpeg and the input of
// ffprobe. Left to itself, ffmpeg guesses the format from the bytes and
// then follows what the file says: an HLS playlist or a concat list pulls
// in other files of the disk (another upload, a private original) or, if
// allowed, network addresses. The whitelist lets ffmpeg open local files
// and pipes only, and naming the demuxer keeps it from reading an upload
// as a playlist at all. A file of another extension keeps the whitelist.
func inputArgs(path string) []string {
	args := []string{"-protocol_whitelist", "file,pipe"}
	if f := demuxers[strings.ToLower(filepath.Ext(path))]; f != "" {
		args = append(args, "-f", f)
	}
	return args
}

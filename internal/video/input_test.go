package video

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
)

// writeFile writes text to dir/name and answers its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// An upload that is a playlist or a concat list under a video's
// name is refused, never followed: not to another file of the disk (here a
// real clip beside it, as another upload would be) and not to the network.
func TestInputsReferringToOtherFilesAreRefused(t *testing.T) {
	tl := tools(t)
	dir := t.TempDir()
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=64x64:rate=10", "-t", "1", "-c:v", "libx264", "-preset", "ultrafast",
		"-pix_fmt", "yuv420p", filepath.Join(dir, "other-upload.ts"))
	var fetched atomic.Int32
	remote := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fetched.Add(1) }))
	t.Cleanup(remote.Close)

	inputs := map[string]string{
		"hls.mp4":     "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:1,\nother-upload.ts\n#EXT-X-ENDLIST\n",
		"concat.mov":  "ffconcat version 1.0\nfile 'other-upload.ts'\n",
		"remote.mp4":  "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:1,\n" + remote.URL + "/segment.ts\n#EXT-X-ENDLIST\n",
		"concat.webm": "ffconcat version 1.0\nfile '" + remote.URL + "/clip.mp4'\n",
	}
	for name, text := range inputs {
		in := writeFile(t, dir, name, text)
		if info, err := tl.Probe(context.Background(), in); !errors.Is(err, ErrUnreadable) {
			t.Errorf("%s: probe read it (%+v, %v), want ErrUnreadable", name, info, err)
		}
		// Poster and transcode are never reached through Process, but refuse it
		// on their own too.
		info := Info{DurationMS: 1000, Width: 64, Height: 64}
		if _, err := tl.Poster(context.Background(), in, dir, info); err == nil {
			t.Errorf("%s: a poster was made", name)
		}
		if _, err := tl.Transcode(context.Background(), in, t.TempDir(), info, nil); err == nil {
			t.Errorf("%s: transcoded", name)
		}
	}
	if n := fetched.Load(); n != 0 {
		t.Errorf("ffmpeg fetched %d network addresses", n)
	}
}

// The demuxer named for each extension reads what Sniff stores under it.
func TestEachStoredFormatStillProbes(t *testing.T) {
	tl := tools(t)
	dir := t.TempDir()
	for name, codec := range map[string]string{"clip.webm": "libvpx", "clip.ogg": "libtheora", "clip.mov": "libx264", "clip.mp4": "libx264"} {
		out := filepath.Join(dir, name)
		ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=64x64:rate=10", "-t", "0.5", "-c:v", codec, "-pix_fmt", "yuv420p", out)
		if info, err := tl.Probe(context.Background(), out); err != nil || info.Width != 64 {
			t.Errorf("%s: %+v %v", name, info, err)
		}
	}
}

func TestInputArgs(t *testing.T) {
	for in, want := range map[string]string{
		"/w/original.mp4": "-protocol_whitelist file,pipe -f mov", "/w/original.MOV": "-protocol_whitelist file,pipe -f mov",
		"/w/original.webm": "-protocol_whitelist file,pipe -f matroska", "/w/original.ogg": "-protocol_whitelist file,pipe -f ogg",
		"/w/original.bin": "-protocol_whitelist file,pipe",
	} {
		got := ""
		for i, a := range inputArgs(in) {
			if i > 0 {
				got += " "
			}
			got += a
		}
		if got != want {
			t.Errorf("inputArgs(%q) = %q, want %q", in, got, want)
		}
	}
}

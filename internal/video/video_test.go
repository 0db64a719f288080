package video

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"image/jpeg"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// tools finds the real ffmpeg; the tests need it (make test-go installs it).
func tools(t *testing.T) Tools {
	t.Helper()
	tl, err := Find(context.Background())
	if err != nil {
		t.Fatalf("these tests run the real ffmpeg: %v (apt-get install ffmpeg)", err)
	}
	return tl
}

// ffmpeg runs ffmpeg to make a test clip.
func ffmpeg(t *testing.T, args ...string) {
	t.Helper()
	cmd := exec.Command("ffmpeg", append([]string{"-nostdin", "-hide_banner", "-loglevel", "error", "-y"}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// Clips the tests make with lavfi sources: small and short, so the whole
// package stays quick. Each answers the path of the clip.

// hevcMovWithLocation is what an iPhone sends: HEVC in .mov, filmed in
// portrait (a 90° display matrix over a landscape picture), with the place
// of the shoot in the metadata. 320×180 coded, 180×320 displayed.
func hevcMovWithLocation(t *testing.T, dir string) string {
	plain := filepath.Join(dir, "plain.mov")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100",
		"-t", "2", "-c:v", "libx265", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-metadata", "location=+59.9139+010.7522/", "-metadata", "location-eng=+59.9139+010.7522/", plain)
	// ffmpeg 5.1 writes a rotate tag as a display matrix only on a copy.
	out := filepath.Join(dir, "iphone.mov")
	ffmpeg(t, "-i", plain, "-c", "copy", "-map_metadata", "0", "-metadata:s:v:0", "rotate=90", out)
	return out
}

// sixtyFPSAbove1920 is a 60 fps clip wider than the large rendition.
func sixtyFPSAbove1920(t *testing.T, dir string) string {
	out := filepath.Join(dir, "wide60.mp4")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=2200x1238:rate=60", "-f", "lavfi", "-i", "sine=frequency=660",
		"-t", "0.3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", out)
	return out
}

// variableFrameRate has frames 1/30 s apart for its first second and 1/10
// s apart after, as a phone writes when the light drops.
func variableFrameRate(t *testing.T, dir string) string {
	out := filepath.Join(dir, "vfr.mp4")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-f", "lavfi", "-i", "sine=frequency=330",
		"-t", "2", "-vf", "setpts='if(lt(N,30),N/30,1+(N-30)/10)/TB'", "-fps_mode", "vfr",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", out)
	rates, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v", "-show_entries",
		"stream=r_frame_rate,avg_frame_rate", "-of", "csv=p=0", out).Output()
	if r := strings.Split(strings.TrimSpace(string(rates)), ","); err != nil || len(r) != 2 || r[0] == r[1] {
		t.Fatalf("the clip is not variable frame rate: %q %v", rates, err)
	}
	return out
}

// notAVideo is text with a video's name.
func notAVideo(t *testing.T, dir string) string {
	out := filepath.Join(dir, "notes.mp4")
	if err := os.WriteFile(out, []byte("Dette er ikke en video, bare et notat.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// truncatedMP4 is an MP4 cut in half before its moov box (as an upload
// that broke off would be, written by a camera that puts moov last).
func truncatedMP4(t *testing.T, dir string) string {
	whole := filepath.Join(dir, "whole.mp4")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-t", "2", "-c:v", "libx264", "-preset", "ultrafast",
		"-pix_fmt", "yuv420p", whole)
	b, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "truncated.mp4")
	if err := os.WriteFile(out, b[:len(b)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// probeJSON is ffprobe's full answer about a file, for the checks.
type probeJSON struct {
	Streams []struct {
		CodecType string            `json:"codec_type"`
		CodecName string            `json:"codec_name"`
		Profile   string            `json:"profile"`
		PixFmt    string            `json:"pix_fmt"`
		Width     int               `json:"width"`
		Height    int               `json:"height"`
		Tags      map[string]string `json:"tags"`
		SideData  []map[string]any  `json:"side_data_list"`
	} `json:"streams"`
	Format struct {
		Tags map[string]string `json:"tags"`
	} `json:"format"`
}

func probeFile(t *testing.T, path string) probeJSON {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-print_format", "json", "-show_streams", "-show_format", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	var p probeJSON
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// topLevelBoxes lists the MP4 boxes at the top of the file, in order.
func topLevelBoxes(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var boxes []string
	var off int64
	for {
		var hdr [16]byte
		if _, err := f.ReadAt(hdr[:8], off); err == io.EOF {
			return boxes
		} else if err != nil {
			t.Fatal(err)
		}
		size := int64(binary.BigEndian.Uint32(hdr[:4]))
		if size == 1 {
			if _, err := f.ReadAt(hdr[8:16], off+8); err != nil {
				t.Fatal(err)
			}
			size = int64(binary.BigEndian.Uint64(hdr[8:16]))
		}
		boxes = append(boxes, string(hdr[4:8]))
		if size < 8 {
			return boxes // box to the end of the file
		}
		off += size
	}
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// checkRendition is every promise about a rendition: H.264 High yuv420p
// and AAC (when the source had sound), moov before mdat, the expected
// displayed size with no rotation left, and no location anywhere.
func checkRendition(t *testing.T, out Output, width, height int, sound bool) {
	t.Helper()
	p := probeFile(t, out.Path)
	var sawVideo, sawAudio bool
	for _, s := range p.Streams {
		switch s.CodecType {
		case "video":
			sawVideo = true
			if s.CodecName != "h264" || s.Profile != "High" || s.PixFmt != "yuv420p" {
				t.Errorf("%s: video %s %s %s, want h264 High yuv420p", out.Path, s.CodecName, s.Profile, s.PixFmt)
			}
			if s.Width != width || s.Height != height || out.Width != width || out.Height != height {
				t.Errorf("%s: %dx%d (reported %dx%d), want %dx%d", out.Path, s.Width, s.Height, out.Width, out.Height, width, height)
			}
			for _, sd := range s.SideData {
				if r, ok := sd["rotation"].(float64); ok && r != 0 {
					t.Errorf("%s: still rotated %v", out.Path, r)
				}
			}
		case "audio":
			sawAudio = true
			if s.CodecName != "aac" {
				t.Errorf("%s: audio %s, want aac", out.Path, s.CodecName)
			}
		}
		for k := range s.Tags {
			if strings.Contains(strings.ToLower(k), "location") || k == "rotate" {
				t.Errorf("%s: stream tag %s survived", out.Path, k)
			}
		}
	}
	if !sawVideo || sawAudio != sound {
		t.Errorf("%s: video %v, audio %v (want audio %v)", out.Path, sawVideo, sawAudio, sound)
	}
	for k, v := range p.Format.Tags {
		if strings.Contains(strings.ToLower(k), "location") || strings.Contains(v, "+59.9139") {
			t.Errorf("%s: format tag %s=%s survived", out.Path, k, v)
		}
	}
	boxes := topLevelBoxes(t, out.Path)
	if m, d := indexOf(boxes, "moov"), indexOf(boxes, "mdat"); m < 0 || d < 0 || m > d {
		t.Errorf("%s: boxes %v, want moov before mdat", out.Path, boxes)
	}
}

// checkPoster: a JPEG of the given size that is neither dark nor blank.
func checkPoster(t *testing.T, out Output, width, height int) {
	t.Helper()
	f, err := os.Open(out.Path)
	if err != nil {
		t.Fatalf("poster: %v", err)
	}
	defer f.Close()
	img, err := jpeg.Decode(f)
	if err != nil {
		t.Fatalf("poster is no JPEG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != width || b.Dy() != height {
		t.Errorf("poster %dx%d, want %dx%d", b.Dx(), b.Dy(), width, height)
	}
	mean, _ := LumaStats(img)
	// A test card has bright bars and dark ones: a uniform frame has no spread.
	var lo, hi uint32 = 1 << 16, 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 4 {
		for x := b.Min.X; x < b.Max.X; x += 4 {
			r, _, _, _ := img.At(x, y).RGBA()
			lo, hi = min(lo, r), max(hi, r)
		}
	}
	if mean < darkMean || hi-lo < 1<<14 {
		t.Errorf("poster is dark or blank: mean luma %.0f, red from %d to %d", mean, lo>>8, hi>>8)
	}
}

func TestProcessGoodClips(t *testing.T) {
	tl := tools(t)
	cases := []struct {
		name           string
		make           func(*testing.T, string) string
		displayW       int
		displayH       int
		rotation       int
		sizes          [][2]int // renditions, smallest first
		posterW        int
		posterH        int
		sound          bool
		wantVideoCodec string
	}{
		{"hevc mov, rotated, with location", hevcMovWithLocation, 180, 320, 90, [][2]int{{180, 320}}, 180, 320, true, "hevc"},
		{"60 fps above 1920", sixtyFPSAbove1920, 2200, 1238, 0, [][2]int{{1280, 720}, {1920, 1080}}, 1280, 720, true, "h264"},
		{"variable frame rate", variableFrameRate, 320, 240, 0, [][2]int{{320, 240}}, 320, 240, true, "h264"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			in := c.make(t, dir)
			work := filepath.Join(dir, "work")
			if err := os.Mkdir(work, 0o755); err != nil {
				t.Fatal(err)
			}
			var seen []int
			res, err := tl.Process(context.Background(), in, work, func(p int) { seen = append(seen, p) })
			if err != nil {
				t.Fatal(err)
			}
			info := res.Info
			if info.Width != c.displayW || info.Height != c.displayH || info.Rotation != c.rotation ||
				info.VideoCodec != c.wantVideoCodec || (info.AudioCodec == "aac") != c.sound {
				t.Errorf("probe: %+v", info)
			}
			if info.DurationMS < 250 || info.DurationMS > 2200 {
				t.Errorf("duration %d ms", info.DurationMS)
			}
			if len(res.Renditions) != len(c.sizes) {
				t.Fatalf("%d renditions, want %d", len(res.Renditions), len(c.sizes))
			}
			for i, r := range res.Renditions {
				checkRendition(t, r, c.sizes[i][0], c.sizes[i][1], c.sound)
			}
			checkPoster(t, res.Poster, c.posterW, c.posterH)
			// The kernel's count of what the ffmpeg runs cost: a decode and an
			// encode take CPU time and tens of megabytes at the least.
			if res.Usage.CPU <= 0 || res.Usage.PeakRSS < 10<<20 {
				t.Errorf("usage %+v", res.Usage)
			}
			if len(seen) == 0 {
				t.Error("no progress reported")
			}
			for i := 1; i < len(seen); i++ {
				if seen[i] < seen[i-1] || seen[i] > 99 {
					t.Errorf("progress went %v", seen)
					break
				}
			}
		})
	}
}

func TestProcessRefusesUnreadableFiles(t *testing.T) {
	tl := tools(t)
	for name, make := range map[string]func(*testing.T, string) string{
		"not a video":   notAVideo,
		"truncated mp4": truncatedMP4,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			in := make(t, dir)
			work := filepath.Join(dir, "work")
			os.Mkdir(work, 0o755)
			_, err := tl.Process(context.Background(), in, work, nil)
			if !errors.Is(err, ErrUnreadable) {
				t.Fatalf("err = %v, want ErrUnreadable", err)
			}
			if entries, _ := os.ReadDir(work); len(entries) != 0 {
				t.Errorf("left %d files in the work directory", len(entries))
			}
		})
	}
}

// An HDR (PQ, 10-bit) clip, as phones film: the rendition is tone-mapped
// to 8-bit BT.709 and says so, and the poster is not a flat grey.
func TestProcessToneMapsHDR(t *testing.T) {
	tl := tools(t)
	if !tl.ZScale {
		t.Fatal("this ffmpeg has no zscale: HDR would not be tone-mapped")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "hdr.mov")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30", "-t", "0.5", "-c:v", "libx265",
		"-x265-params", "log-level=error:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc",
		"-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc", in)
	work := filepath.Join(dir, "work")
	os.Mkdir(work, 0o755)
	res, err := tl.Process(context.Background(), in, work, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Info.HDR || res.Info.Transfer != "smpte2084" {
		t.Fatalf("probe: %+v", res.Info)
	}
	checkRendition(t, res.Renditions[0], 320, 180, false)
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v", "-show_entries",
		"stream=color_transfer,color_primaries", "-of", "csv=p=0", res.Renditions[0].Path).Output()
	if err != nil || strings.TrimSpace(string(out)) != "bt709,bt709" {
		t.Fatalf("rendition colour: %q %v", out, err)
	}
	checkPoster(t, res.Poster, 320, 180)
}

// A clip that opens on black: the poster comes from a later window.
func TestPosterSkipsADarkOpening(t *testing.T) {
	tl := tools(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "fade.mp4")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=192x108:rate=5:duration=18,drawbox=color=black:t=fill:enable='lt(t,5.5)'",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", in)
	info, err := tl.Probe(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := tl.Poster(context.Background(), in, dir, info)
	if err != nil {
		t.Fatal(err)
	}
	checkPoster(t, out, 192, 108)
}

func TestFit(t *testing.T) {
	for _, c := range []struct{ w, h, long, ww, wh int }{
		{3840, 2160, 1920, 1920, 1080},
		{2160, 3840, 1280, 720, 1280},
		{2200, 1238, 1920, 1920, 1080},
		{320, 180, 1920, 320, 180},
		{321, 181, 1920, 320, 180},
		{1080, 1920, 1920, 1080, 1920},
	} {
		if w, h := Fit(c.w, c.h, c.long); w != c.ww || h != c.wh {
			t.Errorf("Fit(%d, %d, %d) = %dx%d, want %dx%d", c.w, c.h, c.long, w, h, c.ww, c.wh)
		}
	}
}

func TestParseProbeRotationAndHDR(t *testing.T) {
	out := []byte(`{"streams":[{"codec_type":"video","codec_name":"hevc","width":3840,"height":2160,
		"color_transfer":"arib-std-b67","side_data_list":[{"side_data_type":"Display Matrix","rotation":-90}]},
		{"codec_type":"audio","codec_name":"aac"}],"format":{"duration":"30.5"}}`)
	info, err := parseProbe(out)
	if err != nil {
		t.Fatal(err)
	}
	if info.Width != 2160 || info.Height != 3840 || info.Rotation != 270 || !info.HDR || info.DurationMS != 30500 {
		t.Fatalf("%+v", info)
	}
	if _, err := parseProbe([]byte(`{"streams":[{"codec_type":"audio","codec_name":"mp3"}],"format":{"duration":"3"}}`)); !errors.Is(err, ErrUnreadable) {
		t.Fatalf("sound only: %v", err)
	}
}

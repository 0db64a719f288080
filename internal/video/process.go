package video

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Output is one file processing made, in the job's directory.
type Output struct {
	Path          string
	Role          string // "poster" or "video" (a rendition)
	Width, Height int
	Type          string // MIME type
}

// Result is everything made from one upload.
type Result struct {
	Info       Info
	Poster     Output
	Renditions []Output // smallest first
	Usage      Usage    // what the ffmpeg runs cost
}

// Usage is the CPU time and the peak memory of ffmpeg's runs, as the
// kernel counted them: what processing one video costs the machine,
// whatever else it was doing meanwhile (make bench-video reads it from the
// log line of a ready video).
type Usage struct {
	CPU     time.Duration // user + system, summed over the runs
	PeakRSS int64         // bytes, the largest of the runs
}

func (u *Usage) add(ps *os.ProcessState) {
	if u == nil || ps == nil {
		return
	}
	u.CPU += ps.UserTime() + ps.SystemTime()
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		u.PeakRSS = max(u.PeakRSS, int64(ru.Maxrss)*1024) // Linux counts kilobytes
	}
}

// Process probes the file at in, makes its poster and renditions inside
// dir (which the caller creates and removes), and reports the transcode's
// progress in percent. An unreadable file is ErrUnreadable.
func (t Tools) Process(ctx context.Context, in, dir string, progress func(percent int)) (Result, error) {
	t.usage = &Usage{} // t is this call's copy: its runs add to it
	info, err := t.Probe(ctx, in)
	if err != nil {
		return Result{}, err
	}
	poster, err := t.Poster(ctx, in, dir, info)
	if err != nil {
		return Result{}, err
	}
	renditions, err := t.Transcode(ctx, in, dir, info, progress)
	if err != nil {
		return Result{}, err
	}
	return Result{Info: info, Poster: poster, Renditions: renditions, Usage: *t.usage}, nil
}

// Fit scales width×height down so that the long side is at most long,
// keeping the aspect, to even numbers (H.264 in yuv420p needs them). A
// video already small enough keeps its size (rounded down to even).
func Fit(width, height, long int) (int, int) {
	if width <= 0 || height <= 0 {
		return 0, 0
	}
	if max(width, height) > long {
		if width >= height {
			height = int(float64(height)*float64(long)/float64(width) + 0.5)
			width = long
		} else {
			width = int(float64(width)*float64(long)/float64(height) + 0.5)
			height = long
		}
	}
	return max(2, width&^1), max(2, height&^1)
}

// posterWindows are where a poster is looked for, as fractions of the
// duration: the opening first (what the creator chose to start with), then
// a third in, for a clip that opens on black.
var posterWindows = []float64{0, 1.0 / 3}

// posterSeconds is how much of the video each window looks at, and
// posterRate the frames per second it samples (thumbnail keeps the frames
// it compares in memory: 2 × 5 scaled frames, whatever the source).
const (
	posterSeconds = 5
	posterRate    = 2
)

// darkMean is the mean luma (0–255) under which a poster counts as a dark
// frame and the next window is tried.
const darkMean = 24

// Poster writes poster.jpg into dir: the most representative frame
// (ffmpeg's thumbnail filter) of the opening seconds, or of a later window
// when the opening is dark, in the video's displayed aspect with a long
// side of at most PosterLongSide, tone-mapped like the renditions.
func (t Tools) Poster(ctx context.Context, in, dir string, info Info) (Output, error) {
	w, h := Fit(info.Width, info.Height, PosterLongSide)
	out := Output{Path: filepath.Join(dir, "poster.jpg"), Role: "poster", Width: w, Height: h, Type: "image/jpeg"}
	bestMean := -1.0
	for i, at := range posterWindows {
		path := filepath.Join(dir, fmt.Sprintf("poster-%d.jpg", i))
		start := float64(info.DurationMS) / 1000 * at
		args := []string{"-nostdin", "-hide_banner", "-loglevel", "error", "-y",
			"-ss", strconv.FormatFloat(start, 'f', 3, 64), "-t", strconv.Itoa(posterSeconds)}
		args = append(args, inputArgs(in)...)
		args = append(args, "-i", in, "-map", "0:v:0", "-an", "-sn", "-dn",
			"-vf", fmt.Sprintf("fps=%d,scale=%d:%d,%s,thumbnail=n=%d,format=yuvj420p", posterRate, w, h, t.toSDR(info), posterRate*posterSeconds),
			"-frames:v", "1", "-q:v", "3", "-map_metadata", "-1", "-f", "image2", path)
		if err := t.run(ctx, args, nil); err != nil {
			return Output{}, fmt.Errorf("poster: %w", err)
		}
		mean, err := meanLuma(path)
		if err != nil {
			return Output{}, fmt.Errorf("poster: %w", err)
		}
		if mean > bestMean {
			bestMean = mean
			if err := os.Rename(path, out.Path); err != nil {
				return Output{}, err
			}
		} else {
			os.Remove(path)
		}
		if mean >= darkMean {
			break
		}
	}
	return out, nil
}

// meanLuma is the average brightness (0–255) of a JPEG.
func meanLuma(path string) (float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	img, err := jpeg.Decode(f)
	if err != nil {
		return 0, err
	}
	return LumaStats(img)
}

// LumaStats is the mean luma of an image (0–255), sampled on a grid.
func LumaStats(img image.Image) (float64, error) {
	b := img.Bounds()
	if b.Empty() {
		return 0, errors.New("empty image")
	}
	var sum, n float64
	step := max(1, min(b.Dx(), b.Dy())/64)
	for y := b.Min.Y; y < b.Max.Y; y += step {
		for x := b.Min.X; x < b.Max.X; x += step {
			r, g, bl, _ := img.At(x, y).RGBA()
			sum += (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(bl)) / 257
			n++
		}
	}
	return sum / n, nil
}

// Rendition sizes for a video of the given displayed size: the large one
// (long side ≤ LargeLongSide) and, when it differs, the small one (≤
// SmallLongSide). Smallest first.
func renditionSizes(info Info) [][2]int {
	lw, lh := Fit(info.Width, info.Height, LargeLongSide)
	sw, sh := Fit(info.Width, info.Height, SmallLongSide)
	if sw == lw && sh == lh {
		return [][2]int{{lw, lh}}
	}
	return [][2]int{{sw, sh}, {lw, lh}}
}

// Transcode writes the renditions (video-WxH.mp4) into dir in one ffmpeg
// run: the source is decoded once (4K HEVC decoding is the costly part),
// scaled to the large size, tone-mapped when HDR, split, and scaled again
// for the small one. Each output is H.264 High, yuv420p, CRF 23, AAC
// stereo, moov first (+faststart), with no metadata or chapters at all.
// ffmpeg applies the source's rotation itself (autorotate).
func (t Tools) Transcode(ctx context.Context, in, dir string, info Info, progress func(percent int)) ([]Output, error) {
	sizes := renditionSizes(info)
	large := sizes[len(sizes)-1]
	graph := fmt.Sprintf("[0:v:0]scale=%d:%d,%s", large[0], large[1], t.toSDR(info))
	if len(sizes) == 1 {
		graph += "[v0]"
	} else {
		graph += fmt.Sprintf(",split=2[v1][big];[big]scale=%d:%d[v0]", sizes[0][0], sizes[0][1])
	}
	args := []string{"-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-nostats", "-progress", "pipe:1"}
	args = append(args, inputArgs(in)...)
	args = append(args, "-i", in, "-filter_complex", graph)
	var outs []Output
	for i, size := range sizes {
		path := filepath.Join(dir, fmt.Sprintf("video-%dx%d.mp4", size[0], size[1]))
		args = append(args, "-map", fmt.Sprintf("[v%d]", i), "-map", "0:a:0?",
			"-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p", "-crf", "23")
		args = append(args, x264Speed...)
		args = append(args, "-c:a", "aac", "-b:a", "128k", "-ac", "2",
			"-map_metadata", "-1", "-map_chapters", "-1",
			"-movflags", "+faststart", "-f", "mp4", path)
		outs = append(outs, Output{Path: path, Role: "video", Width: size[0], Height: size[1], Type: "video/mp4"})
	}
	report := func(outTimeUS int64) {
		if progress != nil && info.DurationMS > 0 {
			progress(int(min(99, outTimeUS/10/info.DurationMS)))
		}
	}
	if err := t.run(ctx, args, report); err != nil {
		return nil, fmt.Errorf("transcode: %w", err)
	}
	return outs, nil
}

// toSDR is the filter chain that ends in 8-bit yuv420p BT.709: for an HDR
// source with zscale, linearise, tone-map (Hable) and convert to BT.709;
// otherwise a plain format conversion (an HDR source without zscale then
// keeps its PQ/HLG values and looks flat and grey: docs/configuration.md says so).
func (t Tools) toSDR(info Info) string {
	if !info.HDR || !t.ZScale {
		return "format=yuv420p"
	}
	return "zscale=tin=" + info.Transfer + ":pin=bt2020:min=bt2020nc:t=linear:npl=100,format=gbrpf32le," +
		"zscale=p=bt709,tonemap=tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p"
}

// run runs ffmpeg with args. With onProgress, ffmpeg's -progress lines on
// standard output are read and its out_time_us handed over as they come.
func (t Tools) run(ctx context.Context, args []string, onProgress func(outTimeUS int64)) error {
	cmd := t.command(ctx, args...)
	stderr := &tail{}
	cmd.Stderr = stderr
	var stdout io.ReadCloser
	if onProgress != nil {
		var err error
		if stdout, err = cmd.StdoutPipe(); err != nil {
			return err
		}
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	if stdout != nil {
		readProgress(stdout, onProgress)
	}
	err := cmd.Wait()
	t.usage.add(cmd.ProcessState)
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if err != nil {
		return fmt.Errorf("ffmpeg: %v: %s", err, stderr.String())
	}
	return nil
}

// readProgress reads ffmpeg's -progress key=value lines until they end.
func readProgress(r io.Reader, onProgress func(outTimeUS int64)) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), "=")
		if !ok || key != "out_time_us" {
			continue
		}
		if us, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64); err == nil && us >= 0 {
			onProgress(us)
		}
	}
	io.Copy(io.Discard, r) // a line too long for the scanner: let ffmpeg finish
}

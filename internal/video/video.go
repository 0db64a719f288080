// Package video turns a creator's upload (often HEVC in .mov, 4K, 60 fps,
// HDR, rotated, with the place of the shoot in its metadata) into what any
// browser plays: a poster frame and H.264/AAC MP4 renditions with
// +faststart, rotation applied, HDR tone-mapped to SDR and every metadata
// tag stripped.
//
// It runs Debian's ffprobe and ffmpeg through os/exec with argument lists
// (never a shell) and none of the server's environment but PATH and
// TMPDIR, under `nice` so that the site keeps answering on a small
// machine, and knows nothing of storage, the database or jobs: the caller
// (internal/httpapi's video jobs) hands it a local file and a scratch
// directory and stores what it makes.
package video

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// Long sides of the renditions: the large one for screens, the small one
// for phones (DESIGN.md: a phone visitor should not download the original).
const (
	LargeLongSide  = 1920
	SmallLongSide  = 1280
	PosterLongSide = 1280
)

// Tools are the programs processing runs, found on the machine.
type Tools struct {
	FFmpeg  string // path of ffmpeg
	FFprobe string // path of ffprobe
	// Nice is the path of nice(1), which runs ffmpeg at a lower CPU
	// priority; "" runs it at the server's own priority.
	Nice string
	// ZScale reports whether this ffmpeg has the zscale filter (libzimg),
	// which HDR tone mapping needs; without it HDR sources are converted
	// to 8-bit as they are, and look flat (see toneMap).
	ZScale bool

	usage *Usage // set by Process for its own runs
}

// ErrNoFFmpeg is answered by Find when ffmpeg or ffprobe is missing.
var ErrNoFFmpeg = errors.New("ffmpeg or ffprobe is not installed")

// MissingError is Find's answer when a program it needs is not on PATH:
// its text names the program ("ffprobe is not installed"), which the admin
// is shown when it asks for a video to be processed. It is ErrNoFFmpeg.
type MissingError struct {
	Program string
	Err     error // exec.LookPath's
}

func (e *MissingError) Error() string   { return e.Program + " is not installed" }
func (e *MissingError) Unwrap() []error { return []error{ErrNoFFmpeg, e.Err} }

// Find looks for ffmpeg, ffprobe and nice on PATH and asks ffmpeg whether
// it has zscale. A *MissingError (ErrNoFFmpeg) when either program is
// missing: the site then serves uploads as they arrived.
func Find(ctx context.Context) (Tools, error) {
	var t Tools
	var err error
	if t.FFmpeg, err = exec.LookPath("ffmpeg"); err != nil {
		return Tools{}, &MissingError{Program: "ffmpeg", Err: err}
	}
	if t.FFprobe, err = exec.LookPath("ffprobe"); err != nil {
		return Tools{}, &MissingError{Program: "ffprobe", Err: err}
	}
	t.Nice, _ = exec.LookPath("nice")
	out, err := program(ctx, t.FFmpeg, "-hide_banner", "-filters").Output()
	if err != nil {
		return Tools{}, fmt.Errorf("%w: ffmpeg -filters: %v", ErrNoFFmpeg, err)
	}
	t.ZScale = bytes.Contains(out, []byte(" zscale "))
	return t, nil
}

// x264Speed are the encoder's speed settings: superfast's motion search
// with veryfast's rate control (a macroblock tree over 10 frames of
// lookahead). On make bench-video's 30 s 1080p phone clip, sensor noise
// and all, that is a third less CPU than veryfast for 7 % more bytes at
// the same SSIM against the source (0.973 against 0.974), and it brings
// the 1080p clip from about 1× to 0.7× its length in CPU time on two
// cores. superfast as it is (no macroblock tree) made four times the bytes.
var x264Speed = []string{"-preset", "superfast", "-x264-params", "mbtree=1:rc-lookahead=10"}

// niceLevel is how much lower than the server ffmpeg runs (nice -n).
const niceLevel = "10"

// command makes the exec.Cmd of one ffmpeg run: under nice when there is
// one, killed with the context, and (on Linux) killed when the server
// dies so that no orphan keeps writing into a job's directory.
func (t Tools) command(ctx context.Context, args ...string) *exec.Cmd {
	name := t.FFmpeg
	if t.Nice != "" {
		args = append([]string{"-n", niceLevel, t.FFmpeg}, args...)
		name = t.Nice
	}
	cmd := program(ctx, name, args...)
	dieWithParent(cmd)
	return cmd
}

// program makes the exec.Cmd of one run of ffmpeg, ffprobe or nice, killed
// with the context, with an environment of its own: PATH and the
// temporary directory, nothing else. The server's environment holds its
// secrets (the database's address with its password, the S3 keys, the
// SMTP password, the backup key), and these programs parse files whose
// every byte an uploader chose.
func program(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = programEnv()
	return cmd
}

// programEnv is the whole environment ffmpeg and ffprobe run with.
func programEnv() []string {
	env := []string{"PATH=" + os.Getenv("PATH")}
	if tmp, ok := os.LookupEnv("TMPDIR"); ok {
		env = append(env, "TMPDIR="+tmp)
	}
	return env
}

// tail keeps the last bytes written to it: ffmpeg's error output, for the
// error of a failed run.
type tail struct{ b []byte }

const tailSize = 2048

func (w *tail) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	if len(w.b) > tailSize {
		w.b = w.b[len(w.b)-tailSize:]
	}
	return len(p), nil
}

func (w *tail) String() string { return strings.TrimSpace(string(w.b)) }

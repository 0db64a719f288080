package demo

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// clipName is the demo clip's upload name.
const clipName = "demo-clip.mp4"

// clipTimeout bounds the making of the clip: a few seconds of 360×640 take
// well under a second; a machine that takes longer starts without it.
const clipTimeout = 20 * time.Second

// seedClip draws the demo's clip with ffmpeg (a slow gradient in the
// posters' colours, 4 s of 9:16 at 360×640, silent, some 100 kB), stores it
// as an upload and starts its processing, as an uploaded video's. It
// answers the clip's address, or "" without ffmpeg or when ffmpeg fails
// (said on out: the demo then has no video, and the server starts).
func seedClip(ctx context.Context, d Deps, out io.Writer) (string, error) {
	if d.FFmpeg == "" {
		return "", nil
	}
	data, err := drawClip(ctx, d.FFmpeg)
	if err != nil {
		fmt.Fprintf(out, "The demo has no video: %v\n", err)
		return "", nil
	}
	if err := d.Save(ctx, clipName, data); err != nil {
		return "", err
	}
	url := "/uploads/" + clipName
	if err := d.Process(ctx, url); err != nil {
		return "", err
	}
	return url, nil
}

// drawClip runs ffmpeg on a lavfi source into a temporary file and reads it.
func drawClip(ctx context.Context, ffmpeg string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, clipTimeout)
	defer cancel()
	dir, err := os.MkdirTemp("", "ugcfolio-demo-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, clipName)
	c := posterColors[0]
	source := fmt.Sprintf("gradients=s=360x640:r=24:d=4:speed=0.02:c0=%s:c1=%s:c2=%s:nb_colors=3", c[0], c[1], posterColors[3][1])
	cmd := exec.CommandContext(ctx, ffmpeg, "-hide_banner", "-loglevel", "error", "-nostdin",
		"-f", "lavfi", "-i", source,
		"-c:v", "libx264", "-preset", "veryfast", "-crf", "28", "-pix_fmt", "yuv420p",
		"-movflags", "+faststart", "-an", "-y", out)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("demo clip: %v: %s", err, msg)
	}
	return os.ReadFile(out)
}

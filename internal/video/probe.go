package video

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os/exec"
	"strconv"
)

// Info is what ffprobe tells about a video.
type Info struct {
	DurationMS int64
	// Width and Height are as the video is displayed: rotation applied.
	Width, Height int
	Rotation      int // degrees of the display matrix (0, 90, 180, 270)
	VideoCodec    string
	AudioCodec    string // "" without sound
	// HDR is true for a PQ (smpte2084) or HLG (arib-std-b67) transfer, the
	// HDR of phones: the renditions tone-map it to SDR.
	HDR      bool
	Transfer string // color_transfer as ffprobe names it
}

// ErrUnreadable means ffprobe cannot read the file as a video (not a video,
// truncated, no video stream, no duration): another try cannot help.
var ErrUnreadable = errors.New("not a readable video")

// probeOutput is the part of `ffprobe -print_format json` we read.
type probeOutput struct {
	Streams []struct {
		CodecType    string            `json:"codec_type"`
		CodecName    string            `json:"codec_name"`
		Width        int               `json:"width"`
		Height       int               `json:"height"`
		Duration     string            `json:"duration"`
		ColorTrans   string            `json:"color_transfer"`
		Tags         map[string]string `json:"tags"`
		SideDataList []struct {
			Rotation *float64 `json:"rotation"`
		} `json:"side_data_list"`
		Disposition struct {
			AttachedPic int `json:"attached_pic"`
		} `json:"disposition"`
	} `json:"streams"`
	Format struct {
		Duration string `json:"duration"`
	} `json:"format"`
}

// Probe reads the file's duration, size, codecs and rotation with ffprobe.
// A file ffprobe cannot make sense of is ErrUnreadable (wrapped, with
// ffprobe's own words); a failure to run ffprobe at all is not.
func (t Tools) Probe(ctx context.Context, path string) (Info, error) {
	args := append([]string{"-v", "error", "-print_format", "json", "-show_streams", "-show_format"}, inputArgs(path)...)
	cmd := program(ctx, t.FFprobe, append(args, "--", path)...)
	stderr := &tail{}
	cmd.Stderr = stderr
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return Info{}, ctx.Err()
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return Info{}, fmt.Errorf("%w: %s", ErrUnreadable, firstLine(stderr.String()))
	}
	if err != nil {
		return Info{}, fmt.Errorf("ffprobe: %w", err)
	}
	return parseProbe(out)
}

// parseProbe turns ffprobe's JSON into Info.
func parseProbe(out []byte) (Info, error) {
	var p probeOutput
	if err := json.Unmarshal(out, &p); err != nil {
		return Info{}, fmt.Errorf("ffprobe output: %w", err)
	}
	var info Info
	var streamDuration string
	found := false
	for _, s := range p.Streams {
		switch {
		case s.CodecType == "video" && s.Disposition.AttachedPic == 0 && !found:
			found = true
			info.VideoCodec = s.CodecName
			info.Width, info.Height = s.Width, s.Height
			info.Transfer = s.ColorTrans
			info.HDR = s.ColorTrans == "smpte2084" || s.ColorTrans == "arib-std-b67"
			info.Rotation = rotationOf(s.Tags["rotate"], s.SideDataList)
			streamDuration = s.Duration
		case s.CodecType == "audio" && info.AudioCodec == "":
			info.AudioCodec = s.CodecName
		}
	}
	if !found || info.Width <= 0 || info.Height <= 0 {
		return Info{}, fmt.Errorf("%w: no video stream", ErrUnreadable)
	}
	seconds, err := strconv.ParseFloat(p.Format.Duration, 64)
	if err != nil || seconds <= 0 {
		seconds, err = strconv.ParseFloat(streamDuration, 64)
	}
	if err != nil || seconds <= 0 || math.IsInf(seconds, 0) || math.IsNaN(seconds) {
		return Info{}, fmt.Errorf("%w: no duration", ErrUnreadable)
	}
	info.DurationMS = int64(seconds * 1000)
	if info.Rotation == 90 || info.Rotation == 270 {
		info.Width, info.Height = info.Height, info.Width
	}
	return info, nil
}

// rotationOf is a stream's rotation in quarter turns (0, 90, 180, 270),
// from its display matrix (ffprobe 5+) or the old rotate tag. Only whether
// width and height swap matters here: ffmpeg applies the rotation itself
// (autorotate), in whichever direction the matrix says.
func rotationOf(tag string, sideData []struct {
	Rotation *float64 `json:"rotation"`
}) int {
	deg := 0.0
	for _, sd := range sideData {
		if sd.Rotation != nil {
			deg = *sd.Rotation
		}
	}
	if deg == 0 && tag != "" {
		deg, _ = strconv.ParseFloat(tag, 64)
	}
	r := int(math.Round(deg/90)) * 90 % 360
	if r < 0 {
		r += 360
	}
	return r
}

func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i]
		}
	}
	if s == "" {
		return "ffprobe failed"
	}
	return s
}

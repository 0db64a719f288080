package config

import (
	"fmt"
	"path/filepath"
	"strconv"
	"time"
)

// VideoConfig rules the background processing of uploaded videos (issue
// 12); it runs only where ffmpeg is installed.
type VideoConfig struct {
	// Off turns processing off where ffmpeg is installed
	// (UGCFOLIO_VIDEO_PROCESSING=off): uploads are then served as they
	// arrived, as on a machine without ffmpeg.
	Off bool
	// Workers is how many videos one server transcodes at once
	// (UGCFOLIO_VIDEO_WORKERS, default 1: a transcode takes every core it
	// is given, and the site must stay responsive on two).
	Workers int
	// Timeout is the time limit of one try (UGCFOLIO_VIDEO_TIMEOUT, default
	// 30m: a 100 MB 4K clip takes a few minutes on two cores).
	Timeout time.Duration
}

func loadVideo(getenv Getenv) (VideoConfig, error) {
	v := VideoConfig{Workers: 1, Timeout: 30 * time.Minute}
	switch s := getenv("UGCFOLIO_VIDEO_PROCESSING"); s {
	case "", "on":
	case "off":
		v.Off = true
	default:
		return v, fmt.Errorf("UGCFOLIO_VIDEO_PROCESSING: want on or off (got %q)", s)
	}
	if s := getenv("UGCFOLIO_VIDEO_WORKERS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 16 {
			return v, fmt.Errorf("UGCFOLIO_VIDEO_WORKERS: want a whole number from 1 to 16 (got %q)", s)
		}
		v.Workers = n
	}
	if s := getenv("UGCFOLIO_VIDEO_TIMEOUT"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d < time.Minute {
			return v, fmt.Errorf("UGCFOLIO_VIDEO_TIMEOUT: want a duration of at least 1m, like 30m (got %q)", s)
		}
		v.Timeout = d
	}
	return v, nil
}

// VideoWorkDir is where video jobs keep their temporary files, one
// directory per job, removed when the try ends (and all of it at start).
func (c Config) VideoWorkDir() string { return filepath.Join(c.DataDir, "video-work") }

package config

import (
	"strings"
	"testing"
	"time"
)

func TestVideoSettings(t *testing.T) {
	c, err := loadWith(t, map[string]string{})
	if err != nil || c.Video.Workers != 1 || c.Video.Timeout != 30*time.Minute {
		t.Fatalf("defaults: %+v, %v", c.Video, err)
	}
	c, err = loadWith(t, map[string]string{"UGCFOLIO_VIDEO_WORKERS": "2", "UGCFOLIO_VIDEO_TIMEOUT": "45m", "UGCFOLIO_VIDEO_PROCESSING": "off"})
	if err != nil || c.Video.Workers != 2 || c.Video.Timeout != 45*time.Minute || !c.Video.Off {
		t.Fatalf("set: %+v, %v", c.Video, err)
	}
	for env, want := range map[string]string{"UGCFOLIO_VIDEO_WORKERS": "0", "UGCFOLIO_VIDEO_TIMEOUT": "5s", "UGCFOLIO_VIDEO_PROCESSING": "no"} {
		if _, err := loadWith(t, map[string]string{env: want}); err == nil || !strings.Contains(err.Error(), env) {
			t.Errorf("%s=%s: %v", env, want, err)
		}
	}
}

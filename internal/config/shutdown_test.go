package config

import (
	"strings"
	"testing"
	"time"
)

func TestShutdownSettings(t *testing.T) {
	c, err := loadWith(t, map[string]string{})
	if err != nil || c.Shutdown.Timeout != 30*time.Second || c.Shutdown.DrainDelay != 0 {
		t.Fatalf("defaults: %+v, %v", c.Shutdown, err)
	}
	c, err = loadWith(t, map[string]string{"UGCFOLIO_SHUTDOWN_TIMEOUT": "2m", "UGCFOLIO_DRAIN_DELAY": "5s"})
	if err != nil || c.Shutdown.Timeout != 2*time.Minute || c.Shutdown.DrainDelay != 5*time.Second {
		t.Fatalf("set: %+v, %v", c.Shutdown, err)
	}
	for _, bad := range [][2]string{{"UGCFOLIO_SHUTDOWN_TIMEOUT", "0s"}, {"UGCFOLIO_SHUTDOWN_TIMEOUT", "soon"},
		{"UGCFOLIO_SHUTDOWN_TIMEOUT", "2h"}, {"UGCFOLIO_DRAIN_DELAY", "-1s"}, {"UGCFOLIO_DRAIN_DELAY", "10m"}} {
		if _, err := loadWith(t, map[string]string{bad[0]: bad[1]}); err == nil || !strings.Contains(err.Error(), bad[0]) {
			t.Errorf("%s=%s: %v", bad[0], bad[1], err)
		}
	}
}

package config

import (
	"fmt"
	"time"
)

// ShutdownConfig rules how serve stops on SIGTERM or SIGINT: it
// answers GET /readyz with 503 at once, keeps taking requests for
// DrainDelay (so a load balancer that asks /readyz stops sending them),
// then closes its listeners and gives the requests in flight (an upload
// chunk, an inquiry) up to Timeout to finish. Background jobs that cannot
// finish are handed back for another replica at once.
type ShutdownConfig struct {
	// Timeout is UGCFOLIO_SHUTDOWN_TIMEOUT (default 30s, 1s to 1h).
	Timeout time.Duration
	// DrainDelay is UGCFOLIO_DRAIN_DELAY (default 0: a single server
	// closes at once; 0 to 5m).
	DrainDelay time.Duration
}

// DefaultShutdownTimeout is the default of UGCFOLIO_SHUTDOWN_TIMEOUT.
const DefaultShutdownTimeout = 30 * time.Second

func loadShutdown(getenv Getenv) (ShutdownConfig, error) {
	s := ShutdownConfig{Timeout: DefaultShutdownTimeout}
	if v := getenv("UGCFOLIO_SHUTDOWN_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second || d > time.Hour {
			return s, fmt.Errorf("UGCFOLIO_SHUTDOWN_TIMEOUT: want a duration from 1s to 1h, like 30s (got %q)", v)
		}
		s.Timeout = d
	}
	if v := getenv("UGCFOLIO_DRAIN_DELAY"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > 5*time.Minute {
			return s, fmt.Errorf("UGCFOLIO_DRAIN_DELAY: want a duration from 0s to 5m, like 5s (got %q)", v)
		}
		s.DrainDelay = d
	}
	return s, nil
}

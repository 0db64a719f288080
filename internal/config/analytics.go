package config

import (
	"fmt"
	"strconv"
)

// AnalyticsConfig rules first-party analytics (internal/analytics).
type AnalyticsConfig struct {
	// Off (UGCFOLIO_ANALYTICS=off) counts nothing: no page views, and the
	// beacon's events are answered 204 and dropped.
	Off bool
	// RetentionDays is how long raw events are kept
	// (UGCFOLIO_ANALYTICS_RETENTION, default 30); daily and hourly totals
	// are kept for good. 0 in a Config built by hand: the default.
	RetentionDays int
}

// DefaultAnalyticsRetention is the default of UGCFOLIO_ANALYTICS_RETENTION.
const DefaultAnalyticsRetention = 30

func loadAnalytics(getenv Getenv) (AnalyticsConfig, error) {
	a := AnalyticsConfig{RetentionDays: DefaultAnalyticsRetention}
	switch s := getenv("UGCFOLIO_ANALYTICS"); s {
	case "", "on":
	case "off":
		a.Off = true
	default:
		return a, fmt.Errorf("UGCFOLIO_ANALYTICS: want on or off (got %q)", s)
	}
	if s := getenv("UGCFOLIO_ANALYTICS_RETENTION"); s != "" {
		n, err := strconv.Atoi(s)
		// At least 2 days: the rollup recomputes a day from its raw events.
		if err != nil || n < 2 || n > 3650 {
			return a, fmt.Errorf("UGCFOLIO_ANALYTICS_RETENTION: want a number of days from 2 to 3650 (got %q)", s)
		}
		a.RetentionDays = n
	}
	return a, nil
}

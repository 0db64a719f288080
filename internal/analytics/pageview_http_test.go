package analytics_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// The server counts the privacy page's views as it counts the home page's: a visitor's, in the
// page's language; not an admin's, a crawler's, one with Global Privacy Control, or any with
// analytics off.
func TestPrivacyPageViewsCounted(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{Home: true}, func(t *testing.T, e *sitetest.Site) {
		visitor := e.Client()
		visitor.Do("GET", "/privacy", nil, "User-Agent", browserUA).WantStatus(t, http.StatusOK)
		visitor.Do("GET", "/en/privacy", nil, "User-Agent", browserUA).WantStatus(t, http.StatusOK)
		visitor.Do("GET", "/privacy", nil, "User-Agent", browserUA, "Cookie", "language=en").WantStatus(t, http.StatusOK)
		e.SignedInAdmin(t).Do("GET", "/privacy", nil, "User-Agent", adminUA).WantStatus(t, http.StatusOK)
		e.Client().Do("GET", "/en/privacy", nil, "User-Agent", crawlerUA).WantStatus(t, http.StatusOK)
		e.Client().Do("GET", "/privacy", nil, "User-Agent", browserUA, "Sec-GPC", "1").WantStatus(t, http.StatusOK)
		got := strings.Join(pageViews(t, e), ", ")
		if want := "/privacy no, /en/privacy en, /privacy en"; got != want {
			t.Fatalf("page views %q, want %q", got, want)
		}

		off := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{Home: true, Config: func(c *config.Config) { c.Analytics.Off = true }})
		off.Client().Do("GET", "/privacy", nil, "User-Agent", browserUA).WantStatus(t, http.StatusOK)
		if views := pageViews(t, off); len(views) != 0 {
			t.Fatalf("analytics off counted %v", views)
		}
	})
}

// pageViews are the page views stored (path and language, in order), once
// the analytics' writer has written.
func pageViews(t *testing.T, s *sitetest.Site) []string {
	t.Helper()
	s.Server.Analytics().Flush()
	rows, err := s.Store.DB.QueryContext(t.Context(), `SELECT path, lang FROM analytics_events WHERE kind = 'pageview' ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var path, lang string
		if err := rows.Scan(&path, &lang); err != nil {
			t.Fatal(err)
		}
		out = append(out, path+" "+lang)
	}
	return out
}

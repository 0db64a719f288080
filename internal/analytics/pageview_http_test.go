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
		got := strings.Join(e.PageViews(t), ", ")
		if want := "/privacy no, /en/privacy en, /privacy en"; got != want {
			t.Fatalf("page views %q, want %q", got, want)
		}

		off := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{Home: true, Config: func(c *config.Config) { c.Analytics.Off = true }})
		off.Client().Do("GET", "/privacy", nil, "User-Agent", browserUA).WantStatus(t, http.StatusOK)
		if views := off.PageViews(t); len(views) != 0 {
			t.Fatalf("analytics off counted %v", views)
		}
	})
}

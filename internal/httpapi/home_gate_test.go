package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// With the coming-soon gate on, the browser decides (as before): the home
// page and the privacy page are the plain app, index.html without its
// placeholders, and a page view is still counted.
func TestPagesPlainBehindTheGate(t *testing.T) {
	t.Parallel()
	gated := sitetest.Options{Home: true, Config: func(c *config.Config) { c.GateUsername, c.GatePassword = "u", "p" }}
	e := sitetest.New(t, sitetest.SQLite(t), gated)
	const browserUA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
	body := e.Client().Do("GET", "/", nil).WantStatus(t, http.StatusOK).Body
	if !strings.Contains(body, `<div id="root"></div>`) {
		t.Fatal("behind the gate the home page was rendered")
	}
	if strings.Contains(body, "<!--ssr-") || !strings.Contains(body, "<title>") {
		t.Errorf("the plain page is not index.html without its placeholders:\n%s", body)
	}
	e = sitetest.New(t, sitetest.SQLite(t), gated) // a site of its own: only this view is counted
	body = e.Client().Do("GET", "/en/privacy", nil, "User-Agent", browserUA).WantStatus(t, http.StatusOK).Body
	if !strings.Contains(body, `<div id="root"></div>`) || strings.Contains(body, "page-data") {
		t.Fatal("behind the gate the privacy page was rendered")
	}
	if views := pageViews(t, e); len(views) != 1 || views[0] != "/en/privacy en" {
		t.Fatalf("page views %v", views)
	}
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

package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// rootOf is the inside of #root of a rendered page: what shows before any script runs.
func rootOf(t *testing.T, page string) string {
	t.Helper()
	start, end := strings.Index(page, `<div id="root">`), strings.Index(page, `<script id="page-data"`)
	if start < 0 || end < start {
		t.Fatalf("not a rendered page: %.400s", page)
	}
	return page[start:end]
}

// privacyData is the page data inlined in a rendered privacy page.
func privacyData(t *testing.T, page string) (data struct {
	Language  string `json:"language"`
	Path      string `json:"path"`
	Portfolio any    `json:"portfolio"`
	Content   struct {
		Privacy struct{ Body string }
	} `json:"content"`
}) {
	t.Helper()
	raw := headValue(t, page, `(?s)<script id="page-data" type="application/json">(.*?)</script>`)
	if err := json.Unmarshal([]byte(raw), &data); err != nil {
		t.Fatalf("page data %q: %v", raw, err)
	}
	return data
}

// The privacy page is rendered by the server in each language, with its own head, the built-in
// text until the admin saves one, the contact e-mail in it, and the footer; a saved text shows on
// the next request.
func TestPrivacyPageRenderedInBothLanguages(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		seedHome(t, st)
		e := newHomeEnv(t, st, nil, nil)
		c := e.client()
		cases := []struct {
			name, path, cookie, lang, canonical, title string
			texts                                      []string
		}{
			{"Norwegian at /privacy", "/privacy", "", "no", "https://ugc.example.no/privacy", "Personvern | ugcfolio",
				[]string{">Personvern</h1>", ">Hvor lenge</h2>", "Enkelthendelser slettes etter 30 dager",
					"Behandlingsansvarlig er ugcfolio", "Skriv til no@example.no, så svarer jeg innen en måned.",
					"klage til Datatilsynet (datatilsynet.no)", "Bunntekst-NO"}},
			{"English at /en/privacy", "/en/privacy", "", "en", "https://ugc.example.no/en/privacy", "Privacy | ugcfolio",
				[]string{">Privacy</h1>", ">How long</h2>", "Single events are deleted after 30 days",
					"The controller is ugcfolio", "Write to en@example.no and I will answer within a month.",
					"Datatilsynet (datatilsynet.no)", "Footer-EN"}},
			{"English at /privacy by the cookie", "/privacy", "en", "en", "https://ugc.example.no/en/privacy", "Privacy | ugcfolio",
				[]string{">Privacy</h1>", "Write to en@example.no and I will answer within a month."}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				var headers []string
				if tc.cookie != "" {
					headers = []string{"Cookie", "language=" + tc.cookie}
				}
				page := c.do("GET", tc.path, nil, headers...).wantStatus(t, http.StatusOK).body
				root := rootOf(t, page)
				for _, text := range tc.texts {
					if !strings.Contains(root, text) {
						t.Errorf("the rendered page lacks %q", text)
					}
				}
				if !strings.Contains(page, `<html lang="`+tc.lang+`">`) {
					t.Errorf("no <html lang=%q>", tc.lang)
				}
				for pattern, want := range map[string]string{
					`<title>([^<]*)</title>`:                                    tc.title,
					`<link rel="canonical" href="([^"]*)"`:                      tc.canonical,
					`<link rel="alternate" hreflang="no" href="([^"]*)"`:        "https://ugc.example.no/privacy",
					`<link rel="alternate" hreflang="en" href="([^"]*)"`:        "https://ugc.example.no/en/privacy",
					`<link rel="alternate" hreflang="x-default" href="([^"]*)"`: "https://ugc.example.no/privacy",
					`<meta property="og:url" content="([^"]*)"`:                 tc.canonical,
				} {
					if got := headValue(t, page, pattern); got != want {
						t.Errorf("%s: %q, want %q", pattern, got, want)
					}
				}
				if d := headValue(t, page, `<meta name="description" content="([^"]*)"`); len(d) < 40 || strings.Contains(d, "UGC-skaper") {
					t.Errorf("description %q is not the privacy page's", d)
				}
				if strings.Contains(page, "ld+json") || strings.Contains(page, "Featured-") {
					t.Error("the privacy page carries the home page's JSON-LD or items")
				}
				// The browser hydrates from the text shown: the built-in one is in the data.
				data := privacyData(t, page)
				if data.Language != tc.lang || data.Path != tc.path || data.Portfolio != nil || !strings.Contains(data.Content.Privacy.Body, "{email}") {
					t.Errorf("page data %+v", data)
				}
			})
		}

		admin := e.signedInAdmin(t)
		admin.do("POST", "/api/admin/content", map[string]any{"section": "privacy", "language": "en",
			"content": map[string]string{"body": "## Saved heading\nWe keep little. Ask {email}."}}).wantStatus(t, http.StatusOK)
		page := c.do("GET", "/en/privacy", nil).wantStatus(t, http.StatusOK).body
		root := rootOf(t, page)
		if !strings.Contains(root, ">Saved heading</h2>") || !strings.Contains(root, "We keep little. Ask en@example.no.") ||
			strings.Contains(root, "Single events are deleted") {
			t.Errorf("after the admin's save, the page shows:\n%s", root)
		}
		if data := privacyData(t, page); data.Content.Privacy.Body != "## Saved heading\nWe keep little. Ask {email}." {
			t.Errorf("page data body %q", data.Content.Privacy.Body)
		}
		if no := rootOf(t, c.do("GET", "/privacy", nil).wantStatus(t, http.StatusOK).body); !strings.Contains(no, "Enkelthendelser slettes") {
			t.Error("the English save changed the Norwegian page")
		}
	})
}

// pageViews are the page views stored (path and language), once the writer has written.
func pageViews(t *testing.T, e *testEnv) []string {
	t.Helper()
	e.server.Analytics().Flush()
	rows, err := e.server.store.DB.QueryContext(context.Background(), `SELECT path, lang FROM analytics_events WHERE kind = 'pageview' ORDER BY id`)
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

// The server counts the privacy page's views as it counts the home page's: a visitor's, in the
// page's language; not an admin's, a crawler's, one with Global Privacy Control, or any with
// analytics off.
func TestPrivacyPageViewsCounted(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newHomeEnv(t, st, nil, nil)
		visitor := e.client()
		visitor.do("GET", "/privacy", nil, "User-Agent", browserUA).wantStatus(t, http.StatusOK)
		visitor.do("GET", "/en/privacy", nil, "User-Agent", browserUA).wantStatus(t, http.StatusOK)
		visitor.do("GET", "/privacy", nil, "User-Agent", browserUA, "Cookie", "language=en").wantStatus(t, http.StatusOK)
		e.signedInAdmin(t).do("GET", "/privacy", nil, "User-Agent", adminUA).wantStatus(t, http.StatusOK)
		e.client().do("GET", "/en/privacy", nil, "User-Agent", crawlerUA).wantStatus(t, http.StatusOK)
		e.client().do("GET", "/privacy", nil, "User-Agent", browserUA, "Sec-GPC", "1").wantStatus(t, http.StatusOK)
		got := strings.Join(pageViews(t, e), ", ")
		if want := "/privacy no, /en/privacy en, /privacy en"; got != want {
			t.Fatalf("page views %q, want %q", got, want)
		}

		off := newHomeEnv(t, storetest.SQLite(t), func(c *config.Config) { c.Analytics.Off = true }, nil)
		off.client().do("GET", "/privacy", nil, "User-Agent", browserUA).wantStatus(t, http.StatusOK)
		if views := pageViews(t, off); len(views) != 0 {
			t.Fatalf("analytics off counted %v", views)
		}
	})
}

// Behind the coming-soon gate the privacy page is the plain app too, and is still counted.
func TestPrivacyPagePlainBehindTheGate(t *testing.T) {
	t.Parallel()
	e := newHomeEnv(t, sqliteStore(t), func(c *config.Config) { c.GateUsername, c.GatePassword = "u", "p" }, nil)
	body := e.client().do("GET", "/en/privacy", nil, "User-Agent", browserUA).wantStatus(t, http.StatusOK).body
	if !strings.Contains(body, `<div id="root"></div>`) || strings.Contains(body, "page-data") {
		t.Fatal("behind the gate the privacy page was rendered")
	}
	if views := pageViews(t, e); len(views) != 1 || views[0] != "/en/privacy en" {
		t.Fatalf("page views %v", views)
	}
}

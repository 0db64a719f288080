package content_test

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The public reads of the site's texts, through the real router.

func TestGetLanguageContent(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		c := e.Client()
		// Nothing saved: an empty object, not 404.
		if r := c.Do("GET", "/api/content/no", nil).WantStatus(t, http.StatusOK); strings.TrimSpace(r.Body) != "{}" {
			t.Fatalf("no content saved: %q", r.Body)
		}
		ctx := context.Background()
		for _, s := range []struct{ section, lang, body string }{
			{"hero", "en", `{"tagline":"UGC creator"}`},
			{"about", "en", `{"title":"About me"}`},
			{"hero", "no", `{"tagline":"UGC-skaper"}`},
		} {
			if _, err := e.Store.SaveContent(ctx, s.section, s.lang, json.RawMessage(s.body)); err != nil {
				t.Fatal(err)
			}
		}
		cases := []struct {
			lang string
			want map[string]map[string]string
		}{
			{"en", map[string]map[string]string{"hero": {"tagline": "UGC creator"}, "about": {"title": "About me"}}},
			{"no", map[string]map[string]string{"hero": {"tagline": "UGC-skaper"}}},
		}
		for _, tc := range cases {
			var got map[string]map[string]string
			c.Do("GET", "/api/content/"+tc.lang, nil).WantStatus(t, http.StatusOK).JSON(t, &got)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s: got %v, want %v", tc.lang, got, tc.want)
			}
		}
		c.Do("GET", "/api/content/de", nil).WantMessage(t, http.StatusBadRequest, `Language must be "no" or "en"`)
		// The per-section call is unchanged: 404 for a section never saved.
		c.Do("GET", "/api/content/about/no", nil).WantMessage(t, http.StatusNotFound, "Content not found")
	})
}

func TestGetContent(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		ctx := context.Background()
		if _, err := e.Store.SaveContent(ctx, "hero", "en", json.RawMessage(`{"tagline":"UGC creator","greeting":"Hi","intro":"I am","description":"Videos"}`)); err != nil {
			t.Fatal(err)
		}
		c := e.Client()
		var got store.Content
		c.Do("GET", "/api/content/hero/en", nil).WantStatus(t, http.StatusOK).JSON(t, &got)
		var fields map[string]string
		if err := json.Unmarshal(got.Content, &fields); err != nil {
			t.Fatal(err)
		}
		if got.Section != "hero" || got.Language != "en" || got.ID == 0 || got.UpdatedAt.IsZero() || fields["tagline"] != "UGC creator" {
			t.Fatalf("content %+v %v", got, fields)
		}
		// Saved in English only: Norwegian is missing, so the client uses its built-in texts.
		c.Do("GET", "/api/content/hero/no", nil).WantMessage(t, http.StatusNotFound, "Content not found")
		c.Do("GET", "/api/content/about/en", nil).WantMessage(t, http.StatusNotFound, "Content not found")
		c.Do("GET", "/api/content/hero/de", nil).WantMessage(t, http.StatusBadRequest, `Language must be "no" or "en"`)
		c.Do("GET", "/api/content/HERO%20x/en", nil).WantMessage(t, http.StatusNotFound, "Content not found")
	})
}

package content_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

func TestAdminSaveContent(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		c := e.SignedInAdmin(t)
		hero := map[string]string{"tagline": "UGC creator", "greeting": "Hi!", "intro": "I am Kari", "description": "I make videos"}
		var saved store.Content
		c.Do("POST", "/api/admin/content", map[string]any{"section": "hero", "language": "en", "content": hero}).
			WantStatus(t, http.StatusOK).JSON(t, &saved)
		if saved.ID == 0 || saved.Section != "hero" || saved.Language != "en" || saved.UpdatedAt.IsZero() {
			t.Fatalf("saved %+v", saved)
		}
		// Replacing keeps one row per section and language; the other language is untouched.
		hero["tagline"] = "Content creator"
		c.Do("POST", "/api/admin/content", map[string]any{"section": "hero", "language": "en", "content": hero}).
			WantStatus(t, http.StatusOK)
		got, err := e.Store.GetContent(context.Background(), "hero", "en")
		if err != nil {
			t.Fatal(err)
		}
		var fields map[string]string
		if err := json.Unmarshal(got.Content, &fields); err != nil || fields["tagline"] != "Content creator" || len(fields) != 4 {
			t.Fatalf("stored %s %v", got.Content, err)
		}
		if _, err := e.Store.GetContent(context.Background(), "hero", "no"); err == nil {
			t.Fatal("saving English created Norwegian")
		}

		about := map[string]any{"title": "Om UGC", "description1": "a", "description2": "b",
			"stat1": map[string]string{"number": "79%", "text": "stoler på"},
			"stat2": map[string]string{"number": "2.4x", "text": "mer"},
			"stat3": map[string]string{"number": "73%", "text": "kjøper"}}
		c.Do("POST", "/api/admin/content", map[string]any{"section": "about", "language": "no", "content": about}).WantStatus(t, http.StatusOK)
		for section, content := range map[string]map[string]string{
			"services":  {"title": "a", "description": "b", "creativeTitle": "c", "visualTitle": "d", "videoTitle": "e", "resultsTitle": "f"},
			"contact":   {"title": "a", "description": "b", "email": "c", "location": "d", "hours": "e"},
			"footer":    {"companyDescription": "a", "copyright": "b"},
			"press-kit": {"headline": "x", "body_text": "y"},
		} {
			c.Do("POST", "/api/admin/content", map[string]any{"section": section, "language": "no", "content": content}).WantStatus(t, http.StatusOK)
		}
	})
}

func TestAdminSaveContentValidation(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		c := e.SignedInAdmin(t)
		hero := func() map[string]any {
			return map[string]any{"tagline": "t", "greeting": "g", "intro": "i", "description": "d"}
		}
		with := func(k string, v any) map[string]any { h := hero(); h[k] = v; return h }
		without := func(k string) map[string]any { h := hero(); delete(h, k); return h }
		stat := map[string]string{"number": "1", "text": "t"}
		about := func(s3 any) map[string]any {
			return map[string]any{"title": "a", "description1": "b", "description2": "c", "stat1": stat, "stat2": stat, "stat3": s3}
		}
		c.Do("POST", "/api/admin/content", map[string]any{"section": "hero", "language": "no", "content": hero()}).WantStatus(t, http.StatusOK)

		cases := []struct {
			name string
			body any
			msg  string
		}{
			{"missing field", map[string]any{"section": "hero", "language": "no", "content": without("intro")}, `Field "intro" is required in section hero`},
			{"extra field", map[string]any{"section": "hero", "language": "no", "content": with("title", "x")}, `Unknown field "title" in section hero`},
			{"number field", map[string]any{"section": "hero", "language": "no", "content": with("tagline", 5)}, `Field "tagline" must be a string`},
			{"blank field", map[string]any{"section": "hero", "language": "no", "content": with("tagline", "  ")}, `Field "tagline" is required`},
			{"long field", map[string]any{"section": "hero", "language": "no", "content": with("tagline", strings.Repeat("x", 5001))}, `Field "tagline" must be at most 5000 characters`},
			{"stat as string", map[string]any{"section": "about", "language": "no", "content": about("79%")}, `Field "stat3" must be an object with number and text`},
			{"stat missing text", map[string]any{"section": "about", "language": "no", "content": about(map[string]string{"number": "1"})}, `Field "stat3.text" is required`},
			{"stat extra", map[string]any{"section": "about", "language": "no", "content": about(map[string]string{"number": "1", "text": "t", "x": "y"})}, `Unknown field "x" in stat3`},
			{"content array", map[string]any{"section": "hero", "language": "no", "content": []string{"a"}}, "Content must be an object of text fields"},
			{"content string", map[string]any{"section": "hero", "language": "no", "content": "hello"}, "Content must be an object of text fields"},
			{"content missing", map[string]any{"section": "hero", "language": "no"}, "Content is required"},
			{"content null", map[string]any{"section": "hero", "language": "no", "content": nil}, "Content is required"},
			{"free nested", map[string]any{"section": "extra", "language": "no", "content": map[string]any{"a": map[string]string{"b": "c"}}}, `Field "a" must be a string`},
			{"free empty", map[string]any{"section": "extra", "language": "no", "content": map[string]any{}}, "Content must have at least one field"},
			{"free bad key", map[string]any{"section": "extra", "language": "no", "content": map[string]any{"<b>": "c"}}, `Field name "<b>" must start with a letter and use letters, digits, - and _ only`},
			{"section name", map[string]any{"section": "Hero!", "language": "no", "content": hero()}, `Section must be a lower-case name such as "hero" (letters, digits, - and _, at most 40)`},
			{"section empty", map[string]any{"section": "", "language": "no", "content": hero()}, `Section must be a lower-case name such as "hero" (letters, digits, - and _, at most 40)`},
			{"language", map[string]any{"section": "hero", "language": "NO", "content": hero()}, `Language must be "no" or "en"`},
			{"unknown top field", map[string]any{"section": "hero", "language": "no", "content": hero(), "id": 1}, `Unknown field "id"`},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				c.Do("POST", "/api/admin/content", tc.body).WantMessage(t, http.StatusBadRequest, tc.msg)
			})
		}
		many := map[string]any{}
		for i := range 51 {
			many["f"+strings.Repeat("x", i)] = "v"
		}
		c.Do("POST", "/api/admin/content", map[string]any{"section": "extra", "language": "no", "content": many}).
			WantMessage(t, http.StatusBadRequest, "Content may have at most 50 fields")

		got, err := e.Store.GetContent(context.Background(), "hero", "no")
		if err != nil || !strings.Contains(string(got.Content), `"tagline":"t"`) {
			t.Fatalf("stored hero after refusals: %s %v", got.Content, err)
		}
	})
}

// The privacy page is a content section the admin edits (its body).
func TestPrivacyIsAContentSection(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{})
	admin := e.SignedInAdmin(t)
	admin.Do("POST", "/api/admin/content", map[string]any{"section": "privacy", "language": "en",
		"content": map[string]string{"body": "We count visits without cookies."}}).WantStatus(t, http.StatusOK)
	admin.Do("POST", "/api/admin/content", map[string]any{"section": "privacy", "language": "en",
		"content": map[string]string{"text": "no body"}}).WantStatus(t, http.StatusBadRequest)
}

package ssr

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
)

// stubRenderer renders the page's data as text, or fails; it counts its calls.
type stubRenderer struct {
	calls atomic.Int32
	fail  bool
}

func (r *stubRenderer) Render(_ context.Context, data []byte, _ string) (Page, error) {
	r.calls.Add(1)
	if r.fail {
		return Page{}, errors.New("engine exploded")
	}
	return Page{HTML: "<p>" + string(data) + "</p>", Head: Head{Title: "T"}}, nil
}

var stubWeb = fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><html lang="no"><head><!--ssr-head--><title>Plain</title><!--/ssr-head--></head>` +
	`<body><div id="root"><!--ssr-body--></div><!--ssr-data--></body></html>`)}}

// stubGeneration is the data's version in tests; err, when set, is what reading it answers.
type stubGeneration struct {
	atomic.Int64
	err error
}

func (g *stubGeneration) read(context.Context) (int64, error) { return g.Load(), g.err }

// newStubHome is a cache whose data is *greeting and whose generation is *gen.
func newStubHome(r Renderer, greeting *string, gen *stubGeneration) *Home {
	return NewHome(HomeOptions{
		Renderer: r, Web: stubWeb, Generation: gen.read, Origin: "https://example.no",
		Data: func(_ context.Context, lang string) (Data, error) {
			content, _ := json.Marshal(map[string]string{"greeting": *greeting + "-" + lang})
			return Data{Content: content, Portfolio: json.RawMessage(`[]`), Testimonials: json.RawMessage(`[]`)}, nil
		},
	})
}

// A new generation with the same data keeps the page; changed data renders it again.
func TestHomeRendersAgainOnlyWhenTheDataChanges(t *testing.T) {
	r, greeting, gen := &stubRenderer{}, "hei", &stubGeneration{}
	h := newStubHome(r, &greeting, gen)
	ctx := context.Background()
	first, err := h.Page(ctx, "/", "no")
	if err != nil {
		t.Fatal(err)
	}
	if body := string(first.Body); !strings.Contains(body, `<html lang="no">`) || !strings.Contains(body, `"greeting":"hei-no"`) ||
		strings.Contains(body, "Plain") || first.ETag == "" || len(first.Gzipped) == 0 {
		t.Fatalf("first page %q (ETag %q)", body, first.ETag)
	}
	gen.Add(1) // an admin write that changed nothing shown
	if again, _ := h.Page(ctx, "/", "no"); r.calls.Load() != 1 || again.ETag != first.ETag {
		t.Fatalf("%d renders for unchanged data", r.calls.Load())
	}
	greeting = "hallo"
	if cached, _ := h.Page(ctx, "/", "no"); cached.ETag != first.ETag {
		t.Fatal("the data was checked again within the same generation")
	}
	gen.Add(1)
	changed, err := h.Page(ctx, "/", "no")
	if err != nil || r.calls.Load() != 2 || !strings.Contains(string(changed.Body), "hallo-no") || changed.ETag == first.ETag {
		t.Fatalf("changed data: %v, %d renders", err, r.calls.Load())
	}
	if en, _ := h.Page(ctx, "/en", "en"); !strings.Contains(string(en.Body), `<html lang="en">`) || r.calls.Load() != 3 {
		t.Fatalf("/en: %d renders", r.calls.Load())
	}
}

// After a failure the engine is left alone for a while: the plain page, no render.
func TestHomeBacksOffAfterAFailure(t *testing.T) {
	r, greeting, gen := &stubRenderer{fail: true}, "hei", &stubGeneration{}
	h := newStubHome(r, &greeting, gen)
	if _, err := h.Page(context.Background(), "/", "no"); err == nil || errors.Is(err, ErrBackingOff) {
		t.Fatalf("first error %v, want the render's", err)
	}
	r.fail = false
	if _, err := h.Page(context.Background(), "/", "no"); !errors.Is(err, ErrBackingOff) || r.calls.Load() != 1 {
		t.Fatalf("second call: %v after %d renders", err, r.calls.Load())
	}
}

// renderFunc is a Renderer from a function.
type renderFunc func(data []byte) (Page, error)

func (f renderFunc) Render(_ context.Context, data []byte, _ string) (Page, error) { return f(data) }

// The privacy page is rendered from the texts alone, and the browser hydrates from the data the
// render answers when it filled something in; an address that is no rendered page is refused.
func TestPrivacyPageDataAndTheRendersOwnData(t *testing.T) {
	var given []byte
	r := renderFunc(func(data []byte) (Page, error) {
		given = data
		return Page{HTML: "<p>privacy</p>", Head: Head{Title: "T"}, Data: json.RawMessage(`{"filled":"</script>"}`)}, nil
	})
	greeting, gen := "hei", &stubGeneration{}
	h := newStubHome(r, &greeting, gen)
	doc, err := h.Page(context.Background(), "/en/privacy", "en")
	if err != nil {
		t.Fatal(err)
	}
	var data map[string]json.RawMessage
	if err := json.Unmarshal(given, &data); err != nil {
		t.Fatal(err)
	}
	if _, ok := data["portfolio"]; ok || string(data["path"]) != `"/en/privacy"` || string(data["content"]) != `{"greeting":"hei-en"}` {
		t.Fatalf("the privacy page's data: %s", given)
	}
	body := string(doc.Body)
	if !strings.Contains(body, `<script id="page-data" type="application/json">{"filled":"\u003c/script\u003e"}</script>`) ||
		!strings.Contains(body, `<link rel="canonical" href="https://example.no/en/privacy" />`) {
		t.Fatalf("page %s", body)
	}
	if _, err := h.Page(context.Background(), "/admin", "no"); err == nil {
		t.Fatal("an address that is no rendered page was rendered")
	}
}

// With the generation unknown (the database away) the cached page is served; with none
// cached, the error asks for the plain page.
func TestHomeServesItsCacheWhenTheVersionIsUnknown(t *testing.T) {
	r, greeting, gen := &stubRenderer{}, "hei", &stubGeneration{}
	h := newStubHome(r, &greeting, gen)
	first, err := h.Page(context.Background(), "/", "no")
	if err != nil {
		t.Fatal(err)
	}
	gen.err = errors.New("database away")
	if page, err := h.Page(context.Background(), "/", "no"); err != nil || page.ETag != first.ETag {
		t.Fatalf("cached page: %v", err)
	}
	if _, err := h.Page(context.Background(), "/en", "en"); !errors.Is(err, gen.err) {
		t.Fatalf("nothing cached: %v", err)
	}
}

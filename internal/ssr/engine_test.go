package ssr

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/web"
)

const sampleData = `{"language":"no","path":"/","content":{"hero":{"greeting":"Hei fra testen æøå"}},
"portfolio":[{"id":1,"title":"Video én","description":"d","category":"product","imageUrl":"","videoUrl":"https://youtu.be/abc","featured":true,"language":"no","isActive":true}],
"testimonials":[]}`

func TestRenderTheHomePage(t *testing.T) {
	// The race detector slows the engine tenfold, and the machine may be busy: a wide limit.
	e := New(web.HomeRenderer(), Limits{Time: time.Minute, Memory: DefaultLimits.Memory})
	defer e.Close()
	page, err := e.Render(context.Background(), []byte(sampleData), "https://example.no")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Hei fra testen æøå", "Video én", `aria-label="Spill av «Video én»"`} {
		if !strings.Contains(page.HTML, want) {
			t.Errorf("the HTML lacks %q", want)
		}
	}
	if !strings.Contains(string(page.Head.JSONLD), `"priceCurrency":"NOK"`) {
		t.Errorf("JSON-LD: %s", page.Head.JSONLD)
	}
}

// A script that never ends is stopped by the time limit, and the engine is made again after it.
func TestRenderTimeLimit(t *testing.T) {
	e := New("globalThis.renderHome = function(){ for(;;){} }", Limits{Time: 100 * time.Millisecond, Memory: 32 << 20})
	defer e.Close()
	if _, err := e.Render(context.Background(), []byte(`{}`), ""); err == nil {
		t.Fatal("an endless render returned no error")
	}
	if e.vm != nil {
		t.Fatal("the failed engine was kept")
	}
}

// A render that allocates without end meets the memory limit, not the machine's.
func TestRenderMemoryLimit(t *testing.T) {
	e := New("globalThis.renderHome = function(){ const a = []; for(;;){ a.push('x'.repeat(1e5) + a.length) } }", Limits{Time: 10 * time.Second, Memory: 16 << 20})
	defer e.Close()
	if _, err := e.Render(context.Background(), []byte(`{}`), ""); err == nil {
		t.Fatal("an endless allocation returned no error")
	}
}

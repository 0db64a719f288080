package ssr

import (
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ugcfolio/ugcfolio/web"
)

func builtApp(t *testing.T) fs.FS {
	t.Helper()
	dist, err := web.Dist()
	if err != nil {
		t.Fatal(err)
	}
	return dist
}

// The Vite build leaves the placeholders in index.html, and the shell fills every one of them.
func TestShellFillsTheBuiltIndex(t *testing.T) {
	dist := builtApp(t)
	index, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, mark := range []string{"<!--ssr-head-->", "<!--/ssr-head-->", `<div id="root"><!--ssr-body--></div>`, "<!--ssr-data-->"} {
		if strings.Count(string(index), mark) != 1 {
			t.Fatalf("the built index.html has not exactly one %s:\n%s", mark, index)
		}
	}
	sh, err := NewShell(dist)
	if err != nil {
		t.Fatal(err)
	}
	page := string(sh.fill("en", "<title>Rendered</title>\n", "<p>app</p>", []byte(`{"language":"en","x":"</script>"}`)))
	for _, want := range []string{
		`<html lang="en">`, "<title>Rendered</title>", `<link rel="manifest" href="/manifest.webmanifest" />`,
		`<div id="root"><p>app</p></div>`,
		`<script id="page-data" type="application/json">{"language":"en","x":"\u003c/script\u003e"}</script>`,
		`<script data-app="/assets/index-`,
		`data-catalogue-en="/assets/en-`, `data-catalogue-no="/assets/no-`,
		"PerformanceObserver",
		"<style>",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s:\n%s", want, page)
		}
	}
	// React's DOM renderer is one of the chunks the loader runs before the app.
	if !regexp.MustCompile(`data-chunks="[^"]*/assets/react-dom-[^"]*"`).MatchString(page) {
		t.Error("the loader is not told of React's DOM renderer chunk")
	}
	// Nothing is fetched before the first paint: no script file, no preload.
	for _, gone := range []string{"<!--", "innholdsskaper i Norge", `<meta name="description"`, `rel="stylesheet"`, `<script type="module"`, `rel="modulepreload"`, ` src="`} {
		if strings.Contains(page, gone) {
			t.Errorf("the page still has %s:\n%s", gone, page)
		}
	}
	if strings.Index(page, "<title>Rendered") > strings.Index(page, "</head>") || strings.Index(page, "page-data") > strings.Index(page, "</body>") {
		t.Errorf("the head or the data is out of place:\n%s", page)
	}
	// The loader last, once the app's HTML and data are parsed.
	if loader := strings.Index(page, "<script data-app="); loader < strings.Index(page, `<script id="page-data"`) ||
		strings.Index(page[loader:], "</script>") > strings.Index(page[loader:], "</body>") {
		t.Error("the loader is not between the page data and </body>")
	}
}

// The loader's Content-Security-Policy source is the hash of the script as the page has it.
func TestShellScriptHashIsTheLoaders(t *testing.T) {
	dist := builtApp(t)
	loader, err := fs.ReadFile(dist, "boot.js")
	if err != nil {
		t.Fatal(err)
	}
	sh, err := NewShell(dist)
	if err != nil {
		t.Fatal(err)
	}
	page := string(sh.fill("no", "", "", []byte("{}")))
	if !strings.Contains(page, ">"+string(loader)+"</script>") {
		t.Fatal("the page does not hold boot.js as it is")
	}
	sum := sha256.Sum256(loader)
	if want := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; sh.ScriptHash != want {
		t.Fatalf("ScriptHash %q, want %q", sh.ScriptHash, want)
	}
}

// Without the loader (a build that has none), the app's own tags stay as Vite wrote them, and
// no inline script needs allowing.
func TestShellWithoutLoaderKeepsTheAppsTags(t *testing.T) {
	index := `<!doctype html><html lang="no"><head><!--ssr-head--><title>T</title><!--/ssr-head-->` +
		`<script type="module" crossorigin src="/assets/app.js"></script><link rel="modulepreload" crossorigin href="/assets/r.js"></head>` +
		`<body><div id="root"><!--ssr-body--></div><!--ssr-data--></body></html>`
	sh, err := NewShell(fstest.MapFS{"index.html": {Data: []byte(index)}})
	if err != nil {
		t.Fatal(err)
	}
	page := string(sh.fill("no", "", "", []byte("{}")))
	for _, want := range []string{`<script type="module" crossorigin src="/assets/app.js"></script>`, `<link rel="modulepreload" crossorigin href="/assets/r.js">`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s:\n%s", want, page)
		}
	}
	if sh.ScriptHash != "" || strings.Contains(page, "data-app") {
		t.Errorf("a loader where there is none: %q\n%s", sh.ScriptHash, page)
	}
}

// A loader that would end its own <script> early is refused.
func TestShellRefusesALoaderItCannotInline(t *testing.T) {
	index := `<!doctype html><html lang="no"><head><!--ssr-head--><!--/ssr-head--><script type="module" src="/a.js"></script></head>` +
		`<body><div id="root"><!--ssr-body--></div><!--ssr-data--></body></html>`
	_, err := NewShell(fstest.MapFS{"index.html": {Data: []byte(index)}, "boot.js": {Data: []byte(`x("</SCRIPT>")`)}})
	if err == nil || !strings.Contains(err.Error(), "</script") {
		t.Fatalf("err %v", err)
	}
}

func TestPlainPageDropsThePlaceholders(t *testing.T) {
	index := []byte("<head><!--ssr-head--><title>T</title><!--/ssr-head--><!-- kept --></head><div id=\"root\"><!--ssr-body--></div><!--ssr-data-->")
	if got := string(PlainPage(index)); got != `<head><title>T</title><!-- kept --></head><div id="root"></div>` {
		t.Fatalf("plain page %q", got)
	}
}

// An index.html that lost a placeholder is refused, not served half filled.
func TestShellNeedsEveryPlaceholder(t *testing.T) {
	full := `<!doctype html><html lang="no"><head><!--ssr-head--><title>T</title><!--/ssr-head--></head>` +
		`<body><div id="root"><!--ssr-body--></div><!--ssr-data--></body></html>`
	if _, err := NewShell(fstest.MapFS{"index.html": {Data: []byte(full)}}); err != nil {
		t.Fatalf("a complete index.html: %v", err)
	}
	for _, mark := range []string{"<!--ssr-head-->", "<!--/ssr-head-->", "<!--ssr-body-->", "<!--ssr-data-->"} {
		broken := strings.Replace(full, mark, "", 1)
		if _, err := NewShell(fstest.MapFS{"index.html": {Data: []byte(broken)}}); err == nil {
			t.Errorf("an index.html without %s was accepted", mark)
		}
	}
}

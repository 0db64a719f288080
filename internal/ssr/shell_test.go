package ssr

import (
	"io/fs"
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
		`<link rel="modulepreload" crossorigin href="/assets/index-`, `<script defer src="/boot.js" data-app="/assets/index-`,
		"<style>",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s:\n%s", want, page)
		}
	}
	for _, gone := range []string{"<!--", "innholdsskaper i Norge", `<meta name="description"`, `rel="stylesheet"`, `<script type="module"`} {
		if strings.Contains(page, gone) {
			t.Errorf("the page still has %s:\n%s", gone, page)
		}
	}
	if strings.Index(page, "<title>Rendered") > strings.Index(page, "</head>") || strings.Index(page, "page-data") > strings.Index(page, "</body>") {
		t.Errorf("the head or the data is out of place:\n%s", page)
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

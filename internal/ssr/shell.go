package ssr

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// The page around a rendered home page is the web app's own index.html as the Vite build wrote
// it (web/dist/index.html). web/index.html marks the places a rendered page fills with comments,
// which the build leaves as they are:
//
//	<!--ssr-head--> … <!--/ssr-head-->  the plain page's title and description; the rendered
//	                                    head (head.go) takes their place
//	<!--ssr-body-->                     inside <div id="root">: the app's HTML
//	<!--ssr-data-->                     after it: the page's data, which the browser hydrates from
//
// and <html lang> says the page's language. Every other page gets the file with the comments
// taken out (PlainPage).
const (
	markHeadStart = "ssr-head"
	markHeadEnd   = "/ssr-head"
	markBody      = "ssr-body"
	markData      = "ssr-data"
)

// PlainPage is index.html as the browser renders it (every path but a rendered home page): the
// placeholders taken out, everything else as built.
func PlainPage(index []byte) []byte {
	for _, mark := range []string{markHeadStart, markHeadEnd, markBody, markData} {
		index = bytes.ReplaceAll(index, []byte("<!--"+mark+"-->"), nil)
	}
	return index
}

// Shell is index.html cut at the places a rendered page fills.
type Shell struct {
	beforeLang string // up to <html>
	beforeHead string // from <html> to the head's placeholder
	beforeBody string // from the head's placeholder to #root's
	beforeData string // from #root's placeholder to the data's
	afterData  string
}

// NewShell cuts the built app's index.html once. Two of the tags Vite writes change on the way:
//
//   - The stylesheet is inlined: the page then paints from its first response, with no request
//     blocking it.
//   - The app's script runs after the first paint (web/public/boot.js): the page is complete
//     without it, and on a slow phone its parsing would otherwise come before the paint. It is
//     fetched at once all the same (modulepreload). boot.js first runs the chunks the app imports
//     (React's DOM renderer above all, web/vite.config.ts), each in a task of its own: run with
//     the app in one task, they kept a phone from answering a tap for about 200 ms. boot.js is
//     sent as it is, so its explanation lives here.
//
// A tokenizer finds those tags and the placeholders; everything else is copied byte for byte.
func NewShell(web fs.FS) (*Shell, error) {
	index, err := fs.ReadFile(web, "index.html")
	if err != nil {
		return nil, fmt.Errorf("index.html: %w", err)
	}
	_, err = fs.Stat(web, "boot.js")
	hasBoot := err == nil

	var parts, cuts []string // the text between the cuts, and what each cut was
	var b strings.Builder
	cut := func(at string) {
		parts, cuts = append(parts, b.String()), append(cuts, at)
		b.Reset()
	}
	inPlainHead := false // between <!--ssr-head--> and <!--/ssr-head-->: dropped
	inAppScript := false // between the app's <script> and </script>: dropped
	z := html.NewTokenizer(bytes.NewReader(index))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				return nil, fmt.Errorf("index.html: %w", z.Err())
			}
			break
		}
		raw := string(z.Raw())
		tok := z.Token()
		switch {
		case tt == html.CommentToken && tok.Data == markHeadEnd:
			inPlainHead = false
		case inPlainHead:
		case inAppScript:
			inAppScript = tt != html.EndTagToken || tok.Data != "script"
		case tt == html.StartTagToken && tok.Data == "html":
			if len(tok.Attr) != 1 || tok.Attr[0].Key != "lang" {
				return nil, errors.New(`index.html: <html> has attributes besides lang`)
			}
			cut("html")
		case tt == html.CommentToken && tok.Data == markHeadStart:
			cut(markHeadStart)
			inPlainHead = true
		case tt == html.CommentToken && (tok.Data == markBody || tok.Data == markData):
			cut(tok.Data)
		case (tt == html.StartTagToken || tt == html.SelfClosingTagToken) && tok.Data == "link" &&
			attr(tok, "rel") == "stylesheet" && strings.HasPrefix(attr(tok, "href"), "/"):
			css, err := fs.ReadFile(web, strings.TrimPrefix(attr(tok, "href"), "/"))
			if err != nil {
				return nil, fmt.Errorf("stylesheet: %w", err)
			}
			b.WriteString("<style>" + strings.ReplaceAll(string(css), "</style", `<\/style`) + "</style>")
		case tt == html.StartTagToken && tok.Data == "script" && attr(tok, "type") == "module" &&
			attr(tok, "src") != "" && hasBoot:
			app := html.EscapeString(attr(tok, "src"))
			b.WriteString(`<link rel="modulepreload" crossorigin href="` + app + `">` + "\n    " +
				`<script defer src="/boot.js" data-app="` + app + `"></script>`)
			inAppScript = true
		default:
			b.WriteString(raw)
		}
	}
	parts = append(parts, b.String())
	if want := []string{"html", markHeadStart, markBody, markData}; !slices.Equal(cuts, want) || inPlainHead {
		return nil, fmt.Errorf("index.html has %v, want <html> and the placeholders %v once each, in that order (and <!--%s-->)",
			cuts, want[1:], markHeadEnd)
	}
	return &Shell{beforeLang: parts[0], beforeHead: parts[1], beforeBody: parts[2], beforeData: parts[3], afterData: parts[4]}, nil
}

// attr is the value of a tag's attribute; "" when it has none.
func attr(t html.Token, key string) string {
	for _, a := range t.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// fill puts a rendered page together: its language, its head, the app's HTML in #root, and its
// data beside it for the browser to hydrate from (web/src/main.tsx).
func (sh *Shell) fill(lang, head, appHTML string, data []byte) []byte {
	var b bytes.Buffer
	b.WriteString(sh.beforeLang)
	b.WriteString(`<html lang="` + html.EscapeString(lang) + `">`)
	b.WriteString(sh.beforeHead)
	b.WriteString(head)
	b.WriteString(sh.beforeBody)
	b.WriteString(appHTML)
	b.WriteString(sh.beforeData)
	b.WriteString(`<script id="page-data" type="application/json">`)
	b.Write(escapeScriptJSON(data))
	b.WriteString(`</script>`)
	b.WriteString(sh.afterData)
	return b.Bytes()
}

package ssr

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
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

	// ScriptHash is the Content-Security-Policy source that lets the inlined loader run
	// ("'sha256-…'"); "" when the page has no inline script.
	ScriptHash string
}

// NewShell cuts the built app's index.html once. The tags Vite writes for the stylesheet and the
// app change on the way:
//
//   - The stylesheet is inlined: the page then paints from its first response, with no request
//     blocking it.
//   - The app's scripts are asked for only once the page is on screen, by a loader at the end of
//     the page (web/src/boot.js, minified by the build into boot.js, inline and allowed by
//     ScriptHash): after the first contentful paint it asks for every module the app starts with
//     at once (`modulepreload`: the chunks Vite preloads, React's DOM renderer above all, the app,
//     and the page's language's texts, which the app would otherwise ask for only once it runs,
//     one round trip later), then runs the chunks each in a task of its own before the app (run
//     in one task, they kept a phone from answering a tap for about 200 ms). At the end of the
//     page, it runs once the app's HTML and data are parsed.
//     Why not from the head, as Vite's tags do: on a fast connection the scripts then arrive
//     before the first paint, and Lighthouse's simulated phone (PageSpeed Insights) counts every
//     request that ended before a paint as needed for it: 100 KB of scripts at 1.6 Mb/s made the
//     simulated first and largest paints a second later. Asked for after the paint, they start
//     about 0.2 s later on a really throttled phone, which the texts' saved round trip makes up.
//   - The loader is inline rather than a file: a file is one more request before the paint.
//
// A tokenizer finds those tags and the placeholders; everything else is copied byte for byte.
func NewShell(web fs.FS) (*Shell, error) {
	index, err := fs.ReadFile(web, "index.html")
	if err != nil {
		return nil, fmt.Errorf("index.html: %w", err)
	}
	loader, err := fs.ReadFile(web, "boot.js")
	hasLoader := err == nil
	if hasLoader && strings.Contains(strings.ToLower(string(loader)), "</script") {
		return nil, errors.New("boot.js: cannot be inlined, it contains </script")
	}
	preloads, err := modulePreloads(index)
	if err != nil {
		return nil, err
	}

	sh := &Shell{}
	var parts, cuts []string // the text between the cuts, and what each cut was
	var b strings.Builder
	cut := func(at string) {
		parts, cuts = append(parts, b.String()), append(cuts, at)
		b.Reset()
	}
	inPlainHead := false // between <!--ssr-head--> and <!--/ssr-head-->: dropped
	inAppScript := false // between the app's <script> and </script>: dropped
	loaderTag := ""      // the loader, until </body>
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
		isTag := tt == html.StartTagToken || tt == html.SelfClosingTagToken
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
		case isTag && tok.Data == "link" && attr(tok, "rel") == "stylesheet" && strings.HasPrefix(attr(tok, "href"), "/"):
			css, err := fs.ReadFile(web, strings.TrimPrefix(attr(tok, "href"), "/"))
			if err != nil {
				return nil, fmt.Errorf("stylesheet: %w", err)
			}
			b.WriteString("<style>" + strings.ReplaceAll(string(css), "</style", `<\/style`) + "</style>")
		case isTag && tok.Data == "link" && attr(tok, "rel") == "modulepreload" && hasLoader:
			// The loader asks for it after the first paint.
		case tt == html.StartTagToken && tok.Data == "script" && attr(tok, "type") == "module" &&
			attr(tok, "src") != "" && hasLoader:
			loaderTag = loaderScript(tok, preloads, string(loader))
			sum := sha256.Sum256(loader)
			sh.ScriptHash = "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
			inAppScript = true
		case tt == html.EndTagToken && tok.Data == "body" && loaderTag != "":
			b.WriteString(loaderTag + "\n  " + raw)
			loaderTag = ""
		default:
			b.WriteString(raw)
		}
	}
	parts = append(parts, b.String())
	if loaderTag != "" {
		return nil, errors.New("index.html: no </body> for the loader")
	}
	if want := []string{"html", markHeadStart, markBody, markData}; !slices.Equal(cuts, want) || inPlainHead {
		return nil, fmt.Errorf("index.html has %v, want <html> and the placeholders %v once each, in that order (and <!--%s-->)",
			cuts, want[1:], markHeadEnd)
	}
	sh.beforeLang, sh.beforeHead, sh.beforeBody, sh.beforeData, sh.afterData = parts[0], parts[1], parts[2], parts[3], parts[4]
	return sh, nil
}

// modulePreloads are the addresses of index.html's <link rel="modulepreload"> tags, in order:
// the chunks the app imports. Vite writes them after the app's <script>, so they are read first.
func modulePreloads(index []byte) ([]string, error) {
	var hrefs []string
	z := html.NewTokenizer(bytes.NewReader(index))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				return nil, fmt.Errorf("index.html: %w", z.Err())
			}
			return hrefs, nil
		}
		tok := z.Token()
		if (tt == html.StartTagToken || tt == html.SelfClosingTagToken) && tok.Data == "link" &&
			attr(tok, "rel") == "modulepreload" && attr(tok, "href") != "" {
			hrefs = append(hrefs, attr(tok, "href"))
		}
	}
}

// loaderScript is the loader inline, told the app's address (data-app), the chunks to run before
// it (data-chunks) and the other data- attributes of Vite's tag for the app (each language's
// texts, web/vite.config.ts).
func loaderScript(app html.Token, preloads []string, loader string) string {
	src := attr(app, "src")
	var chunks []string
	for _, href := range preloads {
		if href != src {
			chunks = append(chunks, href)
		}
	}
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString(`<script data-app="` + esc(src) + `" data-chunks="` + esc(strings.Join(chunks, " ")) + `"`)
	for _, a := range app.Attr {
		if strings.HasPrefix(a.Key, "data-") {
			b.WriteString(" " + a.Key + `="` + esc(a.Val) + `"`)
		}
	}
	b.WriteString(">" + loader + "</script>")
	return b.String()
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

package mediakit

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"slices"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/lang"
)

//go:embed templates/kit.html
var templateFS embed.FS

var pageTmpl = template.Must(template.New("kit.html").Funcs(template.FuncMap{
	"join": func(list []string) string { return strings.Join(list, ", ") },
	"stars": func(n int) string {
		return strings.Repeat("★", min(max(n, 0), 5)) + strings.Repeat("☆", 5-min(max(n, 0), 5))
	},
	"rating": func(t texts, n int) string { return fmt.Sprintf(t.Rating, n) },
}).ParseFS(templateFS, "templates/kit.html"))

// pageData is a view with what only the page's head needs.
type pageData struct {
	view
	SiteURL, Canonical, Locale, Description, Image, ImageAlt string
	// About: the cover says who she is (her intro and niches).
	About bool
}

// defaultCardImage is the site's preview card (web/public/og-card.png),
// the kit's preview image when no video has a poster.
const defaultCardImage = "/og-card.png"

// renderPage answers the kit's HTML: the whole document, its styles
// inline, and no script.
func renderPage(k Kit) ([]byte, error) {
	v := newView(k)
	site := strings.TrimRight(k.SiteURL, "/")
	d := pageData{view: v, SiteURL: site, Canonical: site + v.Path, Locale: "nb_NO", Image: site + defaultCardImage, ImageAlt: k.Name}
	if k.Lang == lang.English {
		d.Locale = "en_US"
	}
	d.About = slices.Contains(k.Sections, SectionAbout)
	d.Description = k.Intro
	if d.Description == "" {
		d.Description = strings.Join(k.Niches, ", ")
	}
	if d.Description == "" {
		d.Description = k.Name + " – " + v.T.Title
	}
	if r := []rune(d.Description); len(r) > 200 {
		d.Description = strings.TrimSpace(string(r[:199])) + "…"
	}
	for _, w := range k.Work {
		if w.Poster != "" {
			d.Image, d.ImageAlt = absolute(site, w.Poster), w.Title
			break
		}
	}
	var b bytes.Buffer
	if err := pageTmpl.Execute(&b, d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func absolute(site, address string) string {
	if strings.HasPrefix(address, "/") && !strings.HasPrefix(address, "//") {
		return site + address
	}
	return address
}

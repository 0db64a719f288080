package mediakit

import (
	"fmt"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/pdfkit"
)

// The PDF: A4 in points, one page per section, in the site's colours
// (stone and amber, web/src/index.css), drawn with internal/pdfkit as
// billing's invoices are.
const (
	pageW   = pdfkit.A4Width
	pageH   = pdfkit.A4Height
	margin  = 56.0
	right   = pageW - margin
	bottom  = pageH - 60
	regular = pdfkit.Regular
	bold    = pdfkit.Bold
	italic  = pdfkit.Italic
)

var (
	ink    = pdfkit.Color{28, 25, 23}    // stone-900
	muted  = pdfkit.Color{87, 83, 78}    // stone-600
	light  = pdfkit.Color{214, 211, 209} // stone-300
	line   = pdfkit.Color{231, 229, 228} // stone-200
	soft   = pdfkit.Color{245, 245, 244} // stone-100
	paper  = pdfkit.Color{250, 250, 249} // stone-50
	amber  = pdfkit.Color{251, 191, 36}  // amber-400
	amberD = pdfkit.Color{180, 83, 9}    // amber-700
	white  = pdfkit.Color{255, 255, 255}
)

// renderPDF draws the kit: a cover (who she is), then a page per section
// she shows, in her order. The file carries no date of its making, so the
// same kit gives the same bytes.
func renderPDF(k Kit) ([]byte, error) {
	r := &pdfRenderer{v: newView(k)}
	doc, err := pdfkit.New(k.Name+" – "+r.v.T.Title, k.Name, regular, bold, italic)
	if err != nil {
		return nil, fmt.Errorf("media kit PDF: %w", err)
	}
	r.Doc = doc
	r.cover()
	for _, s := range k.Sections {
		switch s {
		case SectionNumbers:
			r.numbers()
		case SectionWork:
			if len(r.v.Work) > 0 {
				r.work()
			}
		case SectionPackages:
			r.packages()
		case SectionBrands:
			if len(k.Brands) > 0 {
				r.brands()
			}
		case SectionTestimonials:
			if len(k.Testimonials) > 0 {
				r.testimonials()
			}
		}
	}
	out, err := r.Bytes()
	if err != nil {
		return nil, fmt.Errorf("media kit PDF: %w", err)
	}
	return out, nil
}

// pdfRenderer draws the kit page by page; y is where the next thing goes
// on a section's page.
type pdfRenderer struct {
	*pdfkit.Doc
	v     view
	y     float64
	pages int
}

// cover is the first page: dark, her name large, the intro and niches
// when she shows "about", the day of the figures and the site.
func (r *pdfRenderer) cover() {
	v, t := r.v, r.v.T
	r.AddPage()
	r.pages++
	r.Rect(0, 0, pageW, pageH, ink)
	r.Rect(pageW-18, 0, 18, pageH, amber) // the amber edge of the cover
	r.Text(margin, 130, bold, 11, amber, strings.ToUpper(t.Title))
	y := 160.0
	for _, l := range r.Wrap(v.Kit.Name, right-margin, bold, 44) {
		r.Text(margin, y, bold, 44, white, l)
		y += 50
	}
	y += 14
	about := false
	for _, s := range v.Kit.Sections {
		about = about || s == SectionAbout
	}
	if about && v.Kit.Intro != "" {
		for _, para := range strings.Split(v.Kit.Intro, "\n") {
			for _, l := range r.Wrap(para, right-margin-40, regular, 14) {
				r.Text(margin, y, regular, 14, light, l)
				y += 21
			}
		}
		y += 18
	}
	if about && len(v.Kit.Niches) > 0 {
		r.Text(margin, y, bold, 9, amber, strings.ToUpper(t.Niches))
		y += 18
		x := margin
		for _, n := range v.Kit.Niches {
			w := r.Width(n, regular, 11) + 22
			if x+w > right {
				x, y = margin, y+28
			}
			r.Box(x, y, w, 20, 0.8, amber)
			r.Text(x+11, y+5, regular, 11, white, n)
			x += w + 8
		}
	}
	r.Rect(margin, pageH-150, 40, 4, amber)
	r.Text(margin, pageH-132, bold, 12, white, v.AsOf)
	r.Link(margin, pageH-112, regular, 11, light, v.HomeURL)
}

// page starts a section's page: an amber stripe, the title, and a footer.
func (r *pdfRenderer) page(section, lead string) {
	r.AddPage()
	r.pages++
	r.Rect(0, 0, pageW, pageH, paper)
	r.Rect(0, 0, pageW, 8, amber)
	r.Text(margin, 52, bold, 9, amberD, strings.ToUpper(r.v.T.Title+" · "+r.v.Kit.Name))
	r.Text(margin, 74, bold, 28, ink, r.v.T.Sections[section])
	r.y = 116
	if lead != "" {
		for _, l := range r.Wrap(lead, right-margin, regular, 11) {
			r.Text(margin, r.y, regular, 11, muted, l)
			r.y += 16
		}
		r.y += 12
	}
	r.Rect(margin, pageH-48, right-margin, 0.8, line)
	r.Text(margin, pageH-38, regular, 8.5, muted, r.v.Kit.Name+" · "+r.v.AsOf)
	r.TextRight(right, pageH-38, regular, 8.5, muted, fmt.Sprint(r.pages))
}

func (r *pdfRenderer) numbers() {
	v, t := r.v, r.v.T
	r.page(SectionNumbers, t.Footer)
	// The day, as a dark pill.
	w := r.Width(v.AsOf, bold, 10) + 24
	r.Rect(margin, r.y, w, 22, ink)
	r.Text(margin+12, r.y+6, bold, 10, white, v.AsOf)
	r.y += 40
	colW := (right - margin - 14) / 2
	for i, s := range v.Stats {
		x := margin + float64(i%2)*(colW+14)
		y := r.y + float64(i/2)*96
		r.Rect(x, y, colW, 84, white)
		r.Box(x, y, colW, 84, 0.8, line)
		r.Rect(x+14, y, 30, 3, amber)
		r.Text(x+14, y+16, bold, 26, ink, s.Value)
		r.Text(x+14, y+50, bold, 10.5, ink, s.Label)
		r.Text(x+14, y+65, regular, 9, muted, s.Period)
	}
	r.y += float64((len(v.Stats)+1)/2)*96 + 16
	if len(v.Figures) == 0 {
		return
	}
	h := 44 + float64(len(v.Figures))*38
	r.Rect(margin, r.y, right-margin, h, soft)
	r.Text(margin+16, r.y+16, bold, 13, ink, t.SelfReported)
	y := r.y + 44
	for _, f := range v.Figures {
		r.Rect(margin+16, y-6, right-margin-32, 0.6, line)
		r.Text(margin+16, y, bold, 11, ink, f.Platform)
		r.Text(margin+16, y+15, italic, 8.5, muted, f.Note)
		r.Text(margin+200, y, regular, 11, ink, f.Followers)
		r.Text(margin+340, y, regular, 11, ink, f.Engagement)
		y += 38
	}
	r.y += h
}

func (r *pdfRenderer) work() {
	v, t := r.v, r.v.T
	r.page(SectionWork, t.WorkLead)
	for i, w := range v.Work {
		y := r.y
		r.Rect(margin, y, right-margin, 92, white)
		r.Box(margin, y, right-margin, 92, 0.8, line)
		r.Rect(margin, y, 6, 92, amber)
		r.Text(margin+24, y+18, bold, 30, line, fmt.Sprintf("%02d", i+1))
		title := r.Wrap(w.Title, right-margin-120, bold, 15)
		r.Text(margin+90, y+18, bold, 15, ink, title[0])
		if w.Caption != "" {
			r.Text(margin+90, y+42, regular, 11, muted, w.Caption)
		}
		r.Link(margin+90, y+62, regular, 9.5, amberD, w.Link)
		r.y += 108
	}
}

func (r *pdfRenderer) packages() {
	v, t := r.v, r.v.T
	r.page(SectionPackages, t.ExVAT)
	colW := (right - margin - 14) / 2
	for i, p := range v.Packages {
		x := margin + float64(i%2)*(colW+14)
		y := r.y + float64(i/2)*104
		r.Rect(x, y, colW, 92, white)
		r.Box(x, y, colW, 92, 0.8, line)
		r.Text(x+16, y+16, bold, 13, ink, p.Name)
		if p.Videos != "" {
			r.Text(x+16, y+34, regular, 10, muted, p.Videos)
		}
		r.Text(x+16, y+56, bold, 20, ink, p.Price)
	}
	r.y += float64((len(v.Packages)+1)/2)*104 + 10
	if len(v.Rights) == 0 {
		return
	}
	h := 62 + float64(len(v.Rights))*28
	r.Rect(margin, r.y, right-margin, h, ink)
	r.Text(margin+18, r.y+18, bold, 13, amber, t.Rights)
	r.Text(margin+18, r.y+36, regular, 10, light, t.RightsLead)
	y := r.y + 62
	for _, rt := range v.Rights {
		r.Rect(margin+18, y-7, right-margin-36, 0.6, muted)
		r.Text(margin+18, y, regular, 11, white, rt.Name)
		r.TextRight(right-18, y, bold, 11, white, rt.Price)
		y += 28
	}
	r.y += h
}

func (r *pdfRenderer) brands() {
	r.page(SectionBrands, "")
	colW := (right - margin - 2*12) / 3
	for i, b := range r.v.Kit.Brands {
		x := margin + float64(i%3)*(colW+12)
		y := r.y + float64(i/3)*62
		if y+50 > bottom {
			break
		}
		r.Rect(x, y, colW, 50, white)
		r.Box(x, y, colW, 50, 0.8, line)
		name := r.Wrap(b.Name, colW-20, bold, 12)[0]
		r.Text(x+(colW-r.Width(name, bold, 12))/2, y+19, bold, 12, ink, name)
	}
}

func (r *pdfRenderer) testimonials() {
	t := r.v.T
	r.page(SectionTestimonials, "")
	for _, q := range r.v.Testimonials {
		lines := r.Wrap(q.Text, right-margin-48, italic, 11.5)
		h := float64(len(lines))*17 + 64
		if r.y+h > bottom {
			break
		}
		r.Rect(margin, r.y, right-margin, h, white)
		r.Box(margin, r.y, right-margin, h, 0.8, line)
		r.Text(margin+16, r.y+8, bold, 30, amberD, "“")
		y := r.y + 20
		for _, l := range lines {
			r.Text(margin+34, y, italic, 11.5, ink, l)
			y += 17
		}
		who := q.Name
		if q.Company != "" {
			who += ", " + q.Company
		}
		if q.Rating > 0 {
			who += " · " + fmt.Sprintf(t.Rating, q.Rating)
		}
		r.Text(margin+34, y+8, bold, 10, muted, who)
		r.y += h + 14
	}
}

package mediakit

import (
	"fmt"
	"strings"

	"github.com/signintech/gopdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
)

// The PDF: A4 in points, one page per section, in the site's colours
// (stone and amber, web/src/index.css), the Go fonts embedded (subset) so
// æøå print anywhere, in the way internal/billing/document draws invoices.
const (
	pageW   = 595.28
	pageH   = 841.89
	margin  = 56.0
	right   = pageW - margin
	bottom  = pageH - 60
	regular = "go"
	bold    = "go-bold"
	italic  = "go-italic"
)

var (
	ink    = [3]uint8{28, 25, 23}    // stone-900
	muted  = [3]uint8{87, 83, 78}    // stone-600
	light  = [3]uint8{214, 211, 209} // stone-300
	line   = [3]uint8{231, 229, 228} // stone-200
	soft   = [3]uint8{245, 245, 244} // stone-100
	paper  = [3]uint8{250, 250, 249} // stone-50
	amber  = [3]uint8{251, 191, 36}  // amber-400
	amberD = [3]uint8{180, 83, 9}    // amber-700
	white  = [3]uint8{255, 255, 255}
)

// renderPDF draws the kit: a cover (who she is), then a page per section
// she shows, in her order. The file carries no date of its making, so the
// same kit gives the same bytes.
func renderPDF(k Kit) ([]byte, error) {
	r := &pdfRenderer{v: newView(k)}
	r.pdf.Start(gopdf.Config{PageSize: gopdf.Rect{W: pageW, H: pageH}, Unit: gopdf.UnitPT})
	for _, f := range []struct {
		name string
		ttf  []byte
	}{{regular, goregular.TTF}, {bold, gobold.TTF}, {italic, goitalic.TTF}} {
		if err := r.pdf.AddTTFFontData(f.name, f.ttf); err != nil {
			return nil, fmt.Errorf("media kit PDF: font %s: %w", f.name, err)
		}
	}
	r.pdf.SetInfo(gopdf.PdfInfo{Title: k.Name + " – " + r.v.T.Title, Author: k.Name, Creator: "ugcfolio"})
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
	if r.err != nil {
		return nil, fmt.Errorf("media kit PDF: %w", r.err)
	}
	return r.pdf.GetBytesPdfReturnErr()
}

type pdfRenderer struct {
	pdf   gopdf.GoPdf
	v     view
	y     float64
	pages int
	err   error
}

// cover is the first page: dark, her name large, the intro and niches
// when she shows "about", the day of the figures and the site.
func (r *pdfRenderer) cover() {
	v, t := r.v, r.v.T
	r.pdf.AddPage()
	r.pages++
	r.rect(0, 0, pageW, pageH, ink)
	r.rect(pageW-18, 0, 18, pageH, amber) // the amber edge of the cover
	r.text(margin, 130, bold, 11, amber, strings.ToUpper(t.Title))
	y := 160.0
	for _, l := range r.wrap(v.Kit.Name, right-margin, bold, 44) {
		r.text(margin, y, bold, 44, white, l)
		y += 50
	}
	y += 14
	about := false
	for _, s := range v.Kit.Sections {
		about = about || s == SectionAbout
	}
	if about && v.Kit.Intro != "" {
		for _, para := range strings.Split(v.Kit.Intro, "\n") {
			for _, l := range r.wrap(para, right-margin-40, regular, 14) {
				r.text(margin, y, regular, 14, light, l)
				y += 21
			}
		}
		y += 18
	}
	if about && len(v.Kit.Niches) > 0 {
		r.text(margin, y, bold, 9, amber, strings.ToUpper(t.Niches))
		y += 18
		x := margin
		for _, n := range v.Kit.Niches {
			w := r.width(n, regular, 11) + 22
			if x+w > right {
				x, y = margin, y+28
			}
			r.pdf.SetLineWidth(0.8)
			r.stroke(amber)
			r.pdf.RectFromUpperLeftWithStyle(x, y, w, 20, "D")
			r.text(x+11, y+5, regular, 11, white, n)
			x += w + 8
		}
	}
	r.rect(margin, pageH-150, 40, 4, amber)
	r.text(margin, pageH-132, bold, 12, white, v.AsOf)
	r.link(margin, pageH-112, regular, 11, light, v.HomeURL)
}

// page starts a section's page: an amber stripe, the title, and a footer.
func (r *pdfRenderer) page(section, lead string) {
	r.pdf.AddPage()
	r.pages++
	r.rect(0, 0, pageW, pageH, paper)
	r.rect(0, 0, pageW, 8, amber)
	r.text(margin, 52, bold, 9, amberD, strings.ToUpper(r.v.T.Title+" · "+r.v.Kit.Name))
	r.text(margin, 74, bold, 28, ink, r.v.T.Sections[section])
	r.y = 116
	if lead != "" {
		for _, l := range r.wrap(lead, right-margin, regular, 11) {
			r.text(margin, r.y, regular, 11, muted, l)
			r.y += 16
		}
		r.y += 12
	}
	r.rect(margin, pageH-48, right-margin, 0.8, line)
	r.text(margin, pageH-38, regular, 8.5, muted, r.v.Kit.Name+" · "+r.v.AsOf)
	r.textRight(right, pageH-38, regular, 8.5, muted, fmt.Sprint(r.pages))
}

func (r *pdfRenderer) numbers() {
	v, t := r.v, r.v.T
	r.page(SectionNumbers, t.Footer)
	// The day, as a dark pill.
	w := r.width(v.AsOf, bold, 10) + 24
	r.rect(margin, r.y, w, 22, ink)
	r.text(margin+12, r.y+6, bold, 10, white, v.AsOf)
	r.y += 40
	colW := (right - margin - 14) / 2
	for i, s := range v.Stats {
		x := margin + float64(i%2)*(colW+14)
		y := r.y + float64(i/2)*96
		r.rect(x, y, colW, 84, white)
		r.box(x, y, colW, 84, line)
		r.rect(x+14, y, 30, 3, amber)
		r.text(x+14, y+16, bold, 26, ink, s.Value)
		r.text(x+14, y+50, bold, 10.5, ink, s.Label)
		r.text(x+14, y+65, regular, 9, muted, s.Period)
	}
	r.y += float64((len(v.Stats)+1)/2)*96 + 16
	if len(v.Figures) == 0 {
		return
	}
	h := 44 + float64(len(v.Figures))*38
	r.rect(margin, r.y, right-margin, h, soft)
	r.text(margin+16, r.y+16, bold, 13, ink, t.SelfReported)
	y := r.y + 44
	for _, f := range v.Figures {
		r.rect(margin+16, y-6, right-margin-32, 0.6, line)
		r.text(margin+16, y, bold, 11, ink, f.Platform)
		r.text(margin+16, y+15, italic, 8.5, muted, f.Note)
		r.text(margin+200, y, regular, 11, ink, f.Followers)
		r.text(margin+340, y, regular, 11, ink, f.Engagement)
		y += 38
	}
	r.y += h
}

func (r *pdfRenderer) work() {
	v, t := r.v, r.v.T
	r.page(SectionWork, t.WorkLead)
	for i, w := range v.Work {
		y := r.y
		r.rect(margin, y, right-margin, 92, white)
		r.box(margin, y, right-margin, 92, line)
		r.rect(margin, y, 6, 92, amber)
		r.text(margin+24, y+18, bold, 30, line, fmt.Sprintf("%02d", i+1))
		title := r.wrap(w.Title, right-margin-120, bold, 15)
		r.text(margin+90, y+18, bold, 15, ink, title[0])
		if w.Caption != "" {
			r.text(margin+90, y+42, regular, 11, muted, w.Caption)
		}
		r.link(margin+90, y+62, regular, 9.5, amberD, w.Link)
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
		r.rect(x, y, colW, 92, white)
		r.box(x, y, colW, 92, line)
		r.text(x+16, y+16, bold, 13, ink, p.Name)
		if p.Videos != "" {
			r.text(x+16, y+34, regular, 10, muted, p.Videos)
		}
		r.text(x+16, y+56, bold, 20, ink, p.Price)
	}
	r.y += float64((len(v.Packages)+1)/2)*104 + 10
	if len(v.Rights) == 0 {
		return
	}
	h := 62 + float64(len(v.Rights))*28
	r.rect(margin, r.y, right-margin, h, ink)
	r.text(margin+18, r.y+18, bold, 13, amber, t.Rights)
	r.text(margin+18, r.y+36, regular, 10, light, t.RightsLead)
	y := r.y + 62
	for _, rt := range v.Rights {
		r.rect(margin+18, y-7, right-margin-36, 0.6, muted)
		r.text(margin+18, y, regular, 11, white, rt.Name)
		r.textRight(right-18, y, bold, 11, white, rt.Price)
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
		r.rect(x, y, colW, 50, white)
		r.box(x, y, colW, 50, line)
		name := r.wrap(b.Name, colW-20, bold, 12)[0]
		r.text(x+(colW-r.width(name, bold, 12))/2, y+19, bold, 12, ink, name)
	}
}

func (r *pdfRenderer) testimonials() {
	t := r.v.T
	r.page(SectionTestimonials, "")
	for _, q := range r.v.Testimonials {
		lines := r.wrap(q.Text, right-margin-48, italic, 11.5)
		h := float64(len(lines))*17 + 64
		if r.y+h > bottom {
			break
		}
		r.rect(margin, r.y, right-margin, h, white)
		r.box(margin, r.y, right-margin, h, line)
		r.text(margin+16, r.y+8, bold, 30, amberD, "“")
		y := r.y + 20
		for _, l := range lines {
			r.text(margin+34, y, italic, 11.5, ink, l)
			y += 17
		}
		who := q.Name
		if q.Company != "" {
			who += ", " + q.Company
		}
		if q.Rating > 0 {
			who += " · " + fmt.Sprintf(t.Rating, q.Rating)
		}
		r.text(margin+34, y+8, bold, 10, muted, who)
		r.y += h + 14
	}
}

func (r *pdfRenderer) rect(x, y, w, h float64, c [3]uint8) {
	r.fill(c)
	r.pdf.RectFromUpperLeftWithStyle(x, y, w, h, "F")
}

func (r *pdfRenderer) box(x, y, w, h float64, c [3]uint8) {
	r.pdf.SetLineWidth(0.8)
	r.stroke(c)
	r.pdf.RectFromUpperLeftWithStyle(x, y, w, h, "D")
}

func (r *pdfRenderer) fill(c [3]uint8)   { r.pdf.SetFillColor(c[0], c[1], c[2]) }
func (r *pdfRenderer) stroke(c [3]uint8) { r.pdf.SetStrokeColor(c[0], c[1], c[2]) }

// text draws s with its top-left corner at x, y.
func (r *pdfRenderer) text(x, y float64, font string, size float64, color [3]uint8, s string) {
	if r.err != nil {
		return
	}
	if err := r.pdf.SetFont(font, "", size); err != nil {
		r.err = err
		return
	}
	r.pdf.SetTextColor(color[0], color[1], color[2])
	r.pdf.SetXY(x, y)
	if err := r.pdf.Cell(nil, s); err != nil {
		r.err = fmt.Errorf("%q: %w", s, err)
	}
}

func (r *pdfRenderer) textRight(x, y float64, font string, size float64, color [3]uint8, s string) {
	r.text(x-r.width(s, font, size), y, font, size, color, s)
}

// link draws an address that opens when clicked.
func (r *pdfRenderer) link(x, y float64, font string, size float64, color [3]uint8, address string) {
	r.text(x, y, font, size, color, address)
	if r.err == nil {
		r.pdf.AddExternalLink(address, x, y, r.width(address, font, size), size+2)
	}
}

func (r *pdfRenderer) width(s, font string, size float64) float64 {
	if r.err != nil {
		return 0
	}
	if err := r.pdf.SetFont(font, "", size); err != nil {
		r.err = err
		return 0
	}
	w, err := r.pdf.MeasureTextWidth(s)
	if err != nil {
		r.err = fmt.Errorf("%q: %w", s, err)
	}
	return w
}

// wrap splits s into lines no wider than width, at spaces.
func (r *pdfRenderer) wrap(s string, width float64, font string, size float64) []string {
	if r.err != nil || s == "" {
		return []string{s}
	}
	if err := r.pdf.SetFont(font, "", size); err != nil {
		r.err = err
		return []string{s}
	}
	lines, err := r.pdf.SplitTextWithWordWrap(s, width)
	if err != nil || len(lines) == 0 {
		return []string{s}
	}
	return lines
}

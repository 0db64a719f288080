// Package pdfkit is what the site's PDFs (billing's invoices, the media
// kit) draw with: an A4 page in points on gopdf, the Go fonts embedded
// (subset) so æøå print anywhere, and text, boxes and lines placed by their
// top-left corner. The file carries no date or random identifier, so the
// same drawing gives the same bytes. It knows nothing of what is drawn.
package pdfkit

import (
	"fmt"

	"github.com/signintech/gopdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
)

// A4 in points.
const (
	A4Width  = 595.28
	A4Height = 841.89
)

// Font names one of the Go fonts; a Doc embeds the ones New is given.
type Font string

// The Go fonts a Doc can embed.
const (
	Regular Font = "go"
	Bold    Font = "go-bold"
	Italic  Font = "go-italic"
)

var ttf = map[Font][]byte{Regular: goregular.TTF, Bold: gobold.TTF, Italic: goitalic.TTF}

// Color is red, green and blue.
type Color [3]uint8

// Doc is a PDF being drawn. A drawing error (a font it does not embed,
// text gopdf cannot place) is kept and answered by Bytes; after one,
// nothing more is drawn, so a renderer draws top to bottom without
// checking each call. A glyph the font lacks is no error: gopdf leaves it
// out.
type Doc struct {
	pdf gopdf.GoPdf
	err error
}

// New starts an A4 document that embeds fonts, in that order, and names
// its title and author (ugcfolio as its creator).
func New(title, author string, fonts ...Font) (*Doc, error) {
	d := &Doc{}
	d.pdf.Start(gopdf.Config{PageSize: gopdf.Rect{W: A4Width, H: A4Height}, Unit: gopdf.UnitPT})
	for _, f := range fonts {
		if err := d.pdf.AddTTFFontData(string(f), ttf[f]); err != nil {
			return nil, fmt.Errorf("font %s: %w", f, err)
		}
	}
	d.pdf.SetInfo(gopdf.PdfInfo{Title: title, Author: author, Creator: "ugcfolio"})
	return d, nil
}

// Bytes answers the file, or the first drawing error.
func (d *Doc) Bytes() ([]byte, error) {
	if d.err != nil {
		return nil, d.err
	}
	return d.pdf.GetBytesPdfReturnErr()
}

// AddPage starts a new page; what follows is drawn on it.
func (d *Doc) AddPage() { d.pdf.AddPage() }

// Text draws s with its top-left corner at x, y.
func (d *Doc) Text(x, y float64, font Font, size float64, c Color, s string) {
	if !d.setFont(font, size) {
		return
	}
	d.pdf.SetTextColor(c[0], c[1], c[2])
	d.pdf.SetXY(x, y)
	if err := d.pdf.Cell(nil, s); err != nil {
		d.err = fmt.Errorf("%q: %w", s, err)
	}
}

// TextRight draws s ending at x.
func (d *Doc) TextRight(x, y float64, font Font, size float64, c Color, s string) {
	d.Text(x-d.Width(s, font, size), y, font, size, c, s)
}

// Link draws an address that opens when clicked.
func (d *Doc) Link(x, y float64, font Font, size float64, c Color, address string) {
	d.Text(x, y, font, size, c, address)
	if d.err == nil {
		d.pdf.AddExternalLink(address, x, y, d.Width(address, font, size), size+2)
	}
}

// Width is how wide s is in font at size.
func (d *Doc) Width(s string, font Font, size float64) float64 {
	if !d.setFont(font, size) {
		return 0
	}
	w, err := d.pdf.MeasureTextWidth(s)
	if err != nil {
		d.err = fmt.Errorf("%q: %w", s, err)
	}
	return w
}

// Wrap splits s into lines no wider than width, at spaces; s itself when
// it cannot be split.
func (d *Doc) Wrap(s string, width float64, font Font, size float64) []string {
	if s == "" || !d.setFont(font, size) {
		return []string{s}
	}
	lines, err := d.pdf.SplitTextWithWordWrap(s, width)
	if err != nil || len(lines) == 0 {
		return []string{s}
	}
	return lines
}

// Rect fills a rectangle whose top-left corner is at x, y.
func (d *Doc) Rect(x, y, w, h float64, c Color) {
	d.pdf.SetFillColor(c[0], c[1], c[2])
	d.pdf.RectFromUpperLeftWithStyle(x, y, w, h, "F")
}

// Box outlines a rectangle whose top-left corner is at x, y, with a line
// lineWidth wide.
func (d *Doc) Box(x, y, w, h, lineWidth float64, c Color) {
	d.pdf.SetLineWidth(lineWidth)
	d.pdf.SetStrokeColor(c[0], c[1], c[2])
	d.pdf.RectFromUpperLeftWithStyle(x, y, w, h, "D")
}

// Line draws a line lineWidth wide from x1, y1 to x2, y2.
func (d *Doc) Line(x1, y1, x2, y2, lineWidth float64, c Color) {
	d.pdf.SetStrokeColor(c[0], c[1], c[2])
	d.pdf.SetLineWidth(lineWidth)
	d.pdf.Line(x1, y1, x2, y2)
}

// setFont makes font at size the current one; false after an error.
func (d *Doc) setFont(font Font, size float64) bool {
	if d.err != nil {
		return false
	}
	if err := d.pdf.SetFont(string(font), "", size); err != nil {
		d.err = err
		return false
	}
	return true
}

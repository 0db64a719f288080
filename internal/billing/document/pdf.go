package document

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/signintech/gopdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// The page: A4 in points, 50 pt margins.
const (
	pageWidth    = 595.28
	pageHeight   = 841.89
	margin       = 50.0
	contentRight = pageWidth - margin
	footerTop    = pageHeight - 45
)

// The lines table's columns: the description's left edge and width, and
// the right edges of the figures.
const (
	colDescription      = margin
	colDescriptionWidth = 265.0
	colQuantityRight    = 365.0
	colUnitPriceRight   = 440.0
	colVATRight         = 480.0
	colAmountRight      = contentRight
)

// The greys and the one colour of the page.
var (
	ink     = [3]uint8{33, 37, 41}
	muted   = [3]uint8{108, 117, 125}
	rule    = [3]uint8{206, 212, 218}
	shade   = [3]uint8{241, 243, 245}
	accent  = [3]uint8{30, 64, 110}
	regular = "go"
	bold    = "go-bold"
)

// PDF answers the document as a one- or more-page A4 PDF with everything
// bokføringsforskriften § 5-1-1 asks printed: the seller with org.nr (and
// "MVA" when registered), the buyer, number, dates, what was delivered and
// when, amounts per line, VAT per rate and in total (in NOK too for another
// currency), and how to pay. Texts follow Document.Language. The Go fonts
// are embedded (subset), so æøå print anywhere; the file carries no date or
// random identifier, so the same Document always gives the same bytes.
func PDF(d Document) ([]byte, error) {
	r := &renderer{d: d, t: textsFor(d.Language)}
	r.pdf.Start(gopdf.Config{PageSize: gopdf.Rect{W: pageWidth, H: pageHeight}, Unit: gopdf.UnitPT})
	if err := r.pdf.AddTTFFontData(regular, goregular.TTF); err != nil {
		return nil, fmt.Errorf("PDF: regular font: %w", err)
	}
	if err := r.pdf.AddTTFFontData(bold, gobold.TTF); err != nil {
		return nil, fmt.Errorf("PDF: bold font: %w", err)
	}
	r.pdf.SetInfo(gopdf.PdfInfo{Title: r.title() + " " + d.Number, Author: d.Seller.Name, Creator: "ugcfolio"})
	r.newPage()
	r.parties()
	r.lines()
	r.totals()
	r.notes()
	r.payment()
	if r.err != nil {
		return nil, fmt.Errorf("PDF: %w", r.err)
	}
	return r.pdf.GetBytesPdfReturnErr()
}

// renderer draws a document top to bottom; y is where the next thing
// goes. Drawing errors (a glyph missing from the font) are kept, the
// first one answered at the end.
type renderer struct {
	pdf   gopdf.GoPdf
	d     Document
	t     texts
	y     float64
	pages int
	err   error
}

func (r *renderer) title() string {
	switch r.d.Kind {
	case KindDeposit:
		return r.t.deposit
	case KindCreditNote:
		return r.t.creditNote
	}
	return r.t.invoice
}

// newPage starts a page with the seller's footer; later pages repeat the
// title and number small at the top.
func (r *renderer) newPage() {
	r.pdf.AddPage()
	r.pages++
	r.y = margin
	r.fill(shade)
	r.pdf.RectFromUpperLeftWithStyle(0, 0, pageWidth, 6, "F")
	r.footer()
	if r.pages > 1 {
		r.text(margin, r.y, bold, 10, ink, r.title()+" "+r.d.Number)
		r.textRight(contentRight, r.y, regular, 9, muted, fmt.Sprintf("%s %d", r.t.page, r.pages))
		r.y += 30
	}
}

// need starts a new page unless h points fit above the footer.
func (r *renderer) need(h float64) {
	if r.y+h > footerTop-15 {
		r.newPage()
	}
}

func (r *renderer) footer() {
	s := r.d.Seller
	parts := []string{s.Name, r.t.orgNumber + " " + r.sellerNumber()}
	if s.Email != "" {
		parts = append(parts, s.Email)
	}
	r.stroke(rule)
	r.pdf.SetLineWidth(0.5)
	r.pdf.Line(margin, footerTop, contentRight, footerTop)
	r.text(margin, footerTop+8, regular, 8, muted, strings.Join(parts, "  ·  "))
}

// sellerNumber is the org.nr as printed, with "MVA" after it for a
// registered seller (bokføringsforskriften § 5-1-1).
func (r *renderer) sellerNumber() string {
	n := GroupOrgNumber(r.d.Seller.OrgNumber)
	if r.d.VATMode != VATNone {
		n += " " + r.t.mva
	}
	return n
}

// parties draws the title and the seller at the top, then the buyer on the
// left and the document's numbers and dates on the right.
func (r *renderer) parties() {
	d, t := r.d, r.t
	r.text(margin, r.y, bold, 24, accent, r.title())
	r.text(margin, r.y+30, regular, 11, muted, d.Number)

	y := r.y
	s := d.Seller
	r.textRight(contentRight, y, bold, 11, ink, s.Name)
	y += 15
	for _, l := range addressLines(s.Address) {
		r.textRight(contentRight, y, regular, 9, ink, l)
		y += 12
	}
	r.textRight(contentRight, y, regular, 9, ink, t.orgNumber+" "+r.sellerNumber())
	y += 12
	if d.SellerInForetaksregisteret {
		r.textRight(contentRight, y, regular, 9, ink, t.foretaksregisteret)
		y += 12
	}
	if s.Email != "" {
		r.textRight(contentRight, y, regular, 9, muted, s.Email)
		y += 12
	}
	r.y = max(y, r.y+50) + 22

	top := r.y
	b := d.Buyer
	r.text(margin, r.y, regular, 8, muted, strings.ToUpper(t.buyer))
	r.y += 12
	r.text(margin, r.y, bold, 11, ink, b.Name)
	r.y += 15
	for _, l := range addressLines(b.Address) {
		r.text(margin, r.y, regular, 9, ink, l)
		r.y += 12
	}
	if b.OrgNumber != "" {
		r.text(margin, r.y, regular, 9, ink, t.orgNumber+" "+GroupOrgNumber(b.OrgNumber))
		r.y += 12
	}
	if b.VATID != "" {
		r.text(margin, r.y, regular, 9, ink, t.vatID+" "+b.VATID)
		r.y += 12
	}
	left := r.y

	numberLabel, dateLabel := t.number, t.issueDate
	if d.Kind == KindCreditNote {
		numberLabel, dateLabel = t.creditNumber, t.creditDate
	}
	facts := [][2]string{{numberLabel, d.Number}, {dateLabel, r.date(d.IssueDate)}}
	if d.DueDate != "" {
		facts = append(facts, [2]string{t.dueDate, r.date(d.DueDate)})
	}
	if d.DeliveryDate != "" {
		facts = append(facts, [2]string{t.deliveryDate, r.date(d.DeliveryDate)})
	} else if d.DeliveryStart != "" {
		facts = append(facts, [2]string{t.deliveryPeriod, r.date(d.DeliveryStart) + " – " + r.date(d.DeliveryEnd)})
	}
	if d.BuyerReference != "" {
		facts = append(facts, [2]string{t.buyerReference, d.BuyerReference})
	}
	if d.Corrects != nil {
		facts = append(facts, [2]string{t.corrects, d.Corrects.Number + r.ofDate(d.Corrects.IssueDate)})
	}
	for _, dep := range d.Deposits {
		facts = append(facts, [2]string{t.deducts, dep.Number + r.ofDate(dep.IssueDate)})
	}
	y = top + 12
	for _, f := range facts {
		r.text(345, y, regular, 9, muted, f[0])
		r.textRight(contentRight, y, regular, 9, ink, f[1])
		y += 13
	}
	r.y = max(left, y) + 24
}

func (r *renderer) ofDate(date string) string {
	if date == "" {
		return ""
	}
	return " (" + r.date(date) + ")"
}

// lines draws the table of what was delivered; a long description wraps,
// a table longer than the page continues on the next with its header.
func (r *renderer) lines() {
	r.lineHeader()
	for _, l := range r.d.Lines {
		wrapped := r.wrap(l.Description, colDescriptionWidth, regular, 9)
		h := float64(len(wrapped))*12 + 8
		if r.y+h > footerTop-15 {
			r.newPage()
			r.lineHeader()
		}
		for i, s := range wrapped {
			r.text(colDescription, r.y+float64(i)*12, regular, 9, ink, s)
		}
		r.textRight(colQuantityRight, r.y, regular, 9, ink, strconv.FormatInt(l.Quantity, 10))
		r.textRight(colUnitPriceRight, r.y, regular, 9, ink, r.money(l.UnitPrice))
		if r.d.VATMode != VATNone {
			r.textRight(colVATRight, r.y, regular, 9, ink, r.rate(l.VATRate))
		}
		r.textRight(colAmountRight, r.y, regular, 9, ink, r.money(l.Net))
		r.y += h
		r.stroke(rule)
		r.pdf.SetLineWidth(0.5)
		r.pdf.Line(margin, r.y-4, contentRight, r.y-4)
	}
	r.y += 8
}

func (r *renderer) lineHeader() {
	t := r.t
	r.fill(shade)
	r.pdf.RectFromUpperLeftWithStyle(margin-4, r.y-5, contentRight-margin+8, 19, "F")
	r.text(colDescription, r.y, bold, 8, muted, strings.ToUpper(t.description))
	r.textRight(colQuantityRight, r.y, bold, 8, muted, strings.ToUpper(t.quantity))
	r.textRight(colUnitPriceRight, r.y, bold, 8, muted, strings.ToUpper(t.unitPrice))
	if r.d.VATMode != VATNone { // a seller outside the register shows no VAT at all
		r.textRight(colVATRight, r.y, bold, 8, muted, strings.ToUpper(t.vatRate))
	}
	r.textRight(colAmountRight, r.y, bold, 8, muted, strings.ToUpper(t.amount)+" ("+r.d.Currency+")")
	r.y += 22
}

// totals draws the sums on the right: net, VAT per rate, total, a deducted
// deposit and what is to be paid (or refunded), and the VAT in NOK for
// another currency.
func (r *renderer) totals() {
	d, t := r.d, r.t
	var rows [][2]string
	if d.VATMode != VATNone {
		rows = append(rows, [2]string{t.net, r.money(d.Net)})
		for _, v := range d.VAT {
			rows = append(rows, [2]string{fmt.Sprintf("%s %s %s %s", t.vat, r.rate(v.Rate), r.of(), r.money(v.Taxable)), r.money(v.Tax)})
		}
	}
	rows = append(rows, [2]string{t.total, r.money(d.Gross)})
	if d.Prepaid != 0 {
		rows = append(rows, [2]string{t.prepaid, "−" + r.money(d.Prepaid)})
	}
	r.need(float64(len(rows))*15 + 50)
	for _, row := range rows {
		r.text(300, r.y, regular, 9, ink, row[0])
		r.textRight(contentRight, r.y, regular, 9, ink, row[1])
		r.y += 15
	}
	r.stroke(ink)
	r.pdf.SetLineWidth(0.8)
	r.pdf.Line(300, r.y-3, contentRight, r.y-3)
	r.y += 4
	due := t.payable
	if d.Kind == KindCreditNote {
		due = t.refund
	}
	r.text(300, r.y, bold, 11, ink, due)
	r.textRight(contentRight, r.y, bold, 11, ink, d.Currency+" "+r.money(d.Payable))
	r.y += 20
	if d.Currency != "NOK" && d.VATMode != VATNone {
		r.text(300, r.y, regular, 9, muted, fmt.Sprintf("%s (%s %s)", t.vatInNOK, t.exchangeRate, r.exchangeRate()))
		r.textRight(contentRight, r.y, regular, 9, muted, "NOK "+r.money(d.TaxNOK))
		r.y += 15
	}
	r.y += 10
}

// notes draws the VAT wording a 0 % document must carry and the note (a
// credit note's reason).
func (r *renderer) notes() {
	var lines []string
	switch r.d.VATMode {
	case VATNone:
		lines = append(lines, r.t.notRegistered)
	case VATExport:
		lines = append(lines, r.t.reverseCharge)
	}
	if r.d.Note != "" {
		lines = append(lines, r.d.Note)
	}
	for _, l := range lines {
		wrapped := r.wrap(l, contentRight-margin, regular, 9)
		r.need(float64(len(wrapped)) * 12)
		for _, s := range wrapped {
			r.text(margin, r.y, regular, 9, ink, s)
			r.y += 12
		}
		r.y += 4
	}
	r.y += 10
}

// payment draws how to pay, in a shaded box: the account, the KID (or the
// invoice number to mark the payment with), IBAN and BIC, the due date and
// the amount. A credit note pays nothing.
func (r *renderer) payment() {
	d, t := r.d, r.t
	if d.Kind == KindCreditNote {
		return
	}
	var rows [][2]string
	if d.Payment.AccountNumber != "" {
		rows = append(rows, [2]string{t.account, GroupAccount(d.Payment.AccountNumber)})
	}
	if d.Payment.KID != "" {
		rows = append(rows, [2]string{t.kid, d.Payment.KID})
	} else {
		rows = append(rows, [2]string{t.markWithNumber, d.Number})
	}
	if d.Payment.IBAN != "" {
		rows = append(rows, [2]string{t.iban, d.Payment.IBAN})
	}
	if d.Payment.BIC != "" {
		rows = append(rows, [2]string{t.bic, d.Payment.BIC})
	}
	rows = append(rows, [2]string{t.dueDate, r.date(d.DueDate)}, [2]string{t.payable, d.Currency + " " + r.money(d.Payable)})
	h := float64(len(rows))*14 + 34
	r.need(h)
	r.fill(shade)
	r.pdf.RectFromUpperLeftWithStyle(margin, r.y, contentRight-margin, h, "F")
	y := r.y + 12
	r.text(margin+12, y, bold, 8, muted, strings.ToUpper(t.payment))
	y += 16
	for _, row := range rows {
		r.text(margin+12, y, regular, 9, muted, row[0])
		r.text(margin+200, y, bold, 10, ink, row[1])
		y += 14
	}
	r.y += h + 10
}

// text draws s with its top-left corner at x, y.
func (r *renderer) text(x, y float64, font string, size float64, color [3]uint8, s string) {
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

// textRight draws s ending at x.
func (r *renderer) textRight(x, y float64, font string, size float64, color [3]uint8, s string) {
	if r.err != nil {
		return
	}
	if err := r.pdf.SetFont(font, "", size); err != nil {
		r.err = err
		return
	}
	w, err := r.pdf.MeasureTextWidth(s)
	if err != nil {
		r.err = fmt.Errorf("%q: %w", s, err)
		return
	}
	r.text(x-w, y, font, size, color, s)
}

// wrap splits s into lines no wider than width, at spaces.
func (r *renderer) wrap(s string, width float64, font string, size float64) []string {
	if r.err != nil {
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

func (r *renderer) fill(c [3]uint8)   { r.pdf.SetFillColor(c[0], c[1], c[2]) }
func (r *renderer) stroke(c [3]uint8) { r.pdf.SetStrokeColor(c[0], c[1], c[2]) }

func (r *renderer) norwegian() bool { return r.t.invoice == norwegian.invoice }

// money writes minor units as the language writes amounts: "12 345,67" in
// Norwegian, "12,345.67" in English.
func (r *renderer) money(minor int64) string {
	s := decimal(minor)
	sign := ""
	if s[0] == '-' {
		sign, s = "−", s[1:]
	}
	whole, cents, _ := strings.Cut(s, ".")
	sep, point := ",", "."
	if r.norwegian() {
		sep, point = " ", ","
	}
	return sign + groupThousands(whole, sep) + point + cents
}

func (r *renderer) rate(percent int) string { return strconv.Itoa(percent) + " %" }

func (r *renderer) of() string {
	if r.norwegian() {
		return "av"
	}
	return "of"
}

// exchangeRate writes NOKRate (millionths) with the decimals it needs.
func (r *renderer) exchangeRate() string {
	s := fmt.Sprintf("%d.%06d", r.d.NOKRate/1_000_000, r.d.NOKRate%1_000_000)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if r.norwegian() {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// date writes YYYY-MM-DD as dd.mm.yyyy in Norwegian; English keeps ISO.
func (r *renderer) date(iso string) string {
	if !r.norwegian() || len(iso) != 10 {
		return iso
	}
	return iso[8:10] + "." + iso[5:7] + "." + iso[0:4]
}

func groupThousands(digits, sep string) string {
	var b strings.Builder
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	return b.String()
}

// GroupOrgNumber writes a 9-digit organisation number as people read it, "123 456 785".
func GroupOrgNumber(n string) string {
	if len(n) != 9 {
		return n
	}
	return n[0:3] + " " + n[3:6] + " " + n[6:9]
}

// GroupAccount writes an 11-digit Norwegian account as people read it,
// "8601.11.17947" (the PDF and the e-mails alike).
func GroupAccount(n string) string {
	if len(n) != 11 {
		return n
	}
	return n[0:4] + "." + n[4:6] + "." + n[6:11]
}

// addressLines are an address as printed; the country only when not Norway.
func addressLines(a Address) []string {
	var lines []string
	if a.Street != "" {
		lines = append(lines, a.Street)
	}
	if city := strings.TrimSpace(a.PostalCode + " " + a.City); city != "" {
		lines = append(lines, city)
	}
	if a.Country != "" && a.Country != "NO" {
		lines = append(lines, a.Country)
	}
	return lines
}

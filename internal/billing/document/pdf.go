package document

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/pdfkit"
)

// The page: A4 in points, 50 pt margins.
const (
	pageWidth    = pdfkit.A4Width
	pageHeight   = pdfkit.A4Height
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
	ink    = pdfkit.Color{33, 37, 41}
	muted  = pdfkit.Color{108, 117, 125}
	rule   = pdfkit.Color{206, 212, 218}
	shade  = pdfkit.Color{241, 243, 245}
	accent = pdfkit.Color{30, 64, 110}
)

const regular, bold = pdfkit.Regular, pdfkit.Bold

// PDF answers the document as a one- or more-page A4 PDF with everything
// bokføringsforskriften § 5-1-1 asks printed: the seller with org.nr (and
// "MVA" when registered), the buyer, number, dates, what was delivered and
// when, amounts per line, VAT per rate and in total (in NOK too for another
// currency), and how to pay. Texts follow Document.Language. The Go fonts
// are embedded (subset), so æøå print anywhere; the file carries no date or
// random identifier, so the same Document always gives the same bytes.
func PDF(d Document) ([]byte, error) {
	r := &renderer{d: d, t: textsFor(d.Language)}
	doc, err := pdfkit.New(r.title()+" "+d.Number, d.Seller.Name, regular, bold)
	if err != nil {
		return nil, fmt.Errorf("PDF: %w", err)
	}
	r.Doc = doc
	r.newPage()
	r.parties()
	r.lines()
	r.totals()
	r.notes()
	r.payment()
	out, err := r.Bytes()
	if err != nil {
		return nil, fmt.Errorf("PDF: %w", err)
	}
	return out, nil
}

// renderer draws a document top to bottom; y is where the next thing
// goes. The Doc keeps the first drawing error and answers it at the end.
type renderer struct {
	*pdfkit.Doc
	d     Document
	t     texts
	y     float64
	pages int
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
	r.AddPage()
	r.pages++
	r.y = margin
	r.Rect(0, 0, pageWidth, 6, shade)
	r.footer()
	if r.pages > 1 {
		r.Text(margin, r.y, bold, 10, ink, r.title()+" "+r.d.Number)
		r.TextRight(contentRight, r.y, regular, 9, muted, fmt.Sprintf("%s %d", r.t.page, r.pages))
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
	r.Line(margin, footerTop, contentRight, footerTop, 0.5, rule)
	r.Text(margin, footerTop+8, regular, 8, muted, strings.Join(parts, "  ·  "))
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
	r.Text(margin, r.y, bold, 24, accent, r.title())
	r.Text(margin, r.y+30, regular, 11, muted, d.Number)

	y := r.y
	s := d.Seller
	r.TextRight(contentRight, y, bold, 11, ink, s.Name)
	y += 15
	for _, l := range addressLines(s.Address) {
		r.TextRight(contentRight, y, regular, 9, ink, l)
		y += 12
	}
	r.TextRight(contentRight, y, regular, 9, ink, t.orgNumber+" "+r.sellerNumber())
	y += 12
	if d.SellerInForetaksregisteret {
		r.TextRight(contentRight, y, regular, 9, ink, t.foretaksregisteret)
		y += 12
	}
	if s.Email != "" {
		r.TextRight(contentRight, y, regular, 9, muted, s.Email)
		y += 12
	}
	r.y = max(y, r.y+50) + 22

	top := r.y
	b := d.Buyer
	r.Text(margin, r.y, regular, 8, muted, strings.ToUpper(t.buyer))
	r.y += 12
	r.Text(margin, r.y, bold, 11, ink, b.Name)
	r.y += 15
	for _, l := range addressLines(b.Address) {
		r.Text(margin, r.y, regular, 9, ink, l)
		r.y += 12
	}
	if b.OrgNumber != "" {
		r.Text(margin, r.y, regular, 9, ink, t.orgNumber+" "+GroupOrgNumber(b.OrgNumber))
		r.y += 12
	}
	if b.VATID != "" {
		r.Text(margin, r.y, regular, 9, ink, t.vatID+" "+b.VATID)
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
		r.Text(345, y, regular, 9, muted, f[0])
		r.TextRight(contentRight, y, regular, 9, ink, f[1])
		y += 13
	}
	r.y = max(left, y) + 24
}

// lines draws the table of what was delivered; a long description wraps,
// a table longer than the page continues on the next with its header.
func (r *renderer) lines() {
	r.lineHeader()
	for _, l := range r.d.Lines {
		wrapped := r.Wrap(l.Description, colDescriptionWidth, regular, 9)
		h := float64(len(wrapped))*12 + 8
		if r.y+h > footerTop-15 {
			r.newPage()
			r.lineHeader()
		}
		for i, s := range wrapped {
			r.Text(colDescription, r.y+float64(i)*12, regular, 9, ink, s)
		}
		r.TextRight(colQuantityRight, r.y, regular, 9, ink, strconv.FormatInt(l.Quantity, 10))
		r.TextRight(colUnitPriceRight, r.y, regular, 9, ink, r.money(l.UnitPrice))
		if r.d.VATMode != VATNone {
			r.TextRight(colVATRight, r.y, regular, 9, ink, r.rate(l.VATRate))
		}
		r.TextRight(colAmountRight, r.y, regular, 9, ink, r.money(l.Net))
		r.y += h
		r.Line(margin, r.y-4, contentRight, r.y-4, 0.5, rule)
	}
	r.y += 8
}

func (r *renderer) lineHeader() {
	t := r.t
	r.Rect(margin-4, r.y-5, contentRight-margin+8, 19, shade)
	r.Text(colDescription, r.y, bold, 8, muted, strings.ToUpper(t.description))
	r.TextRight(colQuantityRight, r.y, bold, 8, muted, strings.ToUpper(t.quantity))
	r.TextRight(colUnitPriceRight, r.y, bold, 8, muted, strings.ToUpper(t.unitPrice))
	if r.d.VATMode != VATNone { // a seller outside the register shows no VAT at all
		r.TextRight(colVATRight, r.y, bold, 8, muted, strings.ToUpper(t.vatRate))
	}
	r.TextRight(colAmountRight, r.y, bold, 8, muted, strings.ToUpper(t.amount)+" ("+r.d.Currency+")")
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
		r.Text(300, r.y, regular, 9, ink, row[0])
		r.TextRight(contentRight, r.y, regular, 9, ink, row[1])
		r.y += 15
	}
	r.Line(300, r.y-3, contentRight, r.y-3, 0.8, ink)
	r.y += 4
	due := t.payable
	if d.Kind == KindCreditNote {
		due = t.refund
	}
	r.Text(300, r.y, bold, 11, ink, due)
	r.TextRight(contentRight, r.y, bold, 11, ink, d.Currency+" "+r.money(d.Payable))
	r.y += 20
	if d.Currency != "NOK" && d.VATMode != VATNone {
		r.Text(300, r.y, regular, 9, muted, fmt.Sprintf("%s (%s %s)", t.vatInNOK, t.exchangeRate, r.exchangeRate()))
		r.TextRight(contentRight, r.y, regular, 9, muted, "NOK "+r.money(d.TaxNOK))
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
		wrapped := r.Wrap(l, contentRight-margin, regular, 9)
		r.need(float64(len(wrapped)) * 12)
		for _, s := range wrapped {
			r.Text(margin, r.y, regular, 9, ink, s)
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
	r.Rect(margin, r.y, contentRight-margin, h, shade)
	y := r.y + 12
	r.Text(margin+12, y, bold, 8, muted, strings.ToUpper(t.payment))
	y += 16
	for _, row := range rows {
		r.Text(margin+12, y, regular, 9, muted, row[0])
		r.Text(margin+200, y, bold, 10, ink, row[1])
		y += 14
	}
	r.y += h + 10
}

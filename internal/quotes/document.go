package quotes

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"html/template"
	"strconv"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/deals"
)

// The quote's document: what the brand reads in the room and in e-mail, in
// the deal's language. Sending renders it once and stores the HTML with
// its SHA-256; the room shows those stored bytes, never a new rendering,
// so the hash the brand's form posts back names exactly what was shown.

//go:embed templates/*.html templates/*.txt
var templateFS embed.FS

var (
	documentTmpl = template.Must(template.ParseFS(templateFS, "templates/document.html"))
	documentText = texttemplate.Must(texttemplate.ParseFS(templateFS, "templates/document.txt"))
)

// docView is what the document prints.
type docView struct {
	T          docTexts
	Number     int
	Title      string
	From       string // the seller as her billing profile names her; "" before she has one
	Brand      string
	Contact    string
	Date       string
	ValidUntil string
	Terms      string
	Currency   string
	Lines      []lineView
	Net        string
	VAT        []vatView
	Gross      string
	Deposit    string // "" for no deposit
	VATNote    string
	Note       string
}

type lineView struct {
	Description, Rights, Quantity, UnitPrice, VATRate, Net string
}

type vatView struct{ Label, Tax string }

// docTexts are the document's words in one language.
type docTexts struct {
	Lang, Quote, From, To, Date, ValidUntil, Terms, TermsDays, Currency   string
	Description, Quantity, UnitPrice, VAT, Amount, Net, VATOf, Gross      string
	Deposit, Months, Month, Rights, NotRegistered, ReverseCharge, NoteHdr string
	Kinds                                                                 map[string]string
}

var docNorwegian = docTexts{Lang: "no", Quote: "Tilbud %d", From: "Fra", To: "Til", Date: "Dato", ValidUntil: "Gyldig til og med",
	Terms: "Betalingsbetingelser", TermsDays: "%d dager netto fra fakturadato", Currency: "Valuta",
	Description: "Beskrivelse", Quantity: "Antall", UnitPrice: "Enhetspris", VAT: "MVA", Amount: "Beløp",
	Net: "Sum eks. MVA", VATOf: "MVA %d %% av %s", Gross: "Totalt", Deposit: "Depositum %d %%, faktureres når tilbudet er godtatt og betales før arbeidet starter",
	Months: "%d måneder", Month: "1 måned", Rights: "Bruksrett",
	NotRegistered: "Selger er ikke registrert i Merverdiavgiftsregisteret: ingen MVA.",
	ReverseCharge: "Omvendt avgiftsplikt: kjøper beregner MVA (mval. § 6-22).", NoteHdr: "Merknad",
	Kinds: map[string]string{KindOrganic: "organisk bruk", KindPaid: "betalt bruk (annonser)", KindWhitelisting: "whitelisting",
		KindExclusivity: "eksklusivitet"}}

var docEnglish = docTexts{Lang: "en", Quote: "Quote %d", From: "From", To: "To", Date: "Date", ValidUntil: "Valid until (inclusive)",
	Terms: "Payment terms", TermsDays: "%d days net from the invoice date", Currency: "Currency",
	Description: "Description", Quantity: "Quantity", UnitPrice: "Unit price", VAT: "VAT", Amount: "Amount",
	Net: "Total excl. VAT", VATOf: "VAT %d %% of %s", Gross: "Total", Deposit: "Deposit %d %%, invoiced when the quote is accepted and paid before the work starts",
	Months: "%d months", Month: "1 month", Rights: "Usage rights",
	NotRegistered: "The seller is not registered for VAT: no VAT is charged.",
	ReverseCharge: "Reverse charge: the buyer accounts for the VAT (Norwegian VAT Act § 6-22).", NoteHdr: "Note",
	Kinds: map[string]string{KindOrganic: "organic use", KindPaid: "paid use (ads)", KindWhitelisting: "whitelisting",
		KindExclusivity: "exclusivity"}}

func docTextsFor(lang string) docTexts {
	if lang == "en" {
		return docEnglish
	}
	return docNorwegian
}

// words picks the Norwegian or the English of a text.
func words(lang, no, en string) string {
	if lang == "en" {
		return en
	}
	return no
}

// dateText is a day as the document writes it: 31.03.2026 / 31 March 2026.
func dateText(lang, day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return t.Format(words(lang, "02.01.2006", "2 January 2006"))
}

// momentText is a time with its hour, in Oslo.
func momentText(lang string, at time.Time) string {
	return at.In(oslo).Format(words(lang, "02.01.2006 kl. 15:04", "2 January 2006 at 15:04"))
}

// money writes an amount in minor units: "6 300,00 kr" in Norwegian, "NOK
// 6,300.00" in English; other currencies by their code.
func money(lang, currency string, minor int64) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	whole, cents := strconv.FormatInt(minor/100, 10), fmt.Sprintf("%02d", minor%100)
	sep, dec := " ", ","
	if lang == "en" {
		sep, dec = ",", "."
	}
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(r)
	}
	n := sign + b.String() + dec + cents
	if lang == "en" {
		return currency + " " + n
	}
	if currency == "NOK" {
		return n + " kr"
	}
	return n + " " + currency
}

// rightsText describes a usage right: "betalt bruk (annonser), 6 måneder, Norge".
func rightsText(t docTexts, l Line) string {
	months := fmt.Sprintf(t.Months, l.Months)
	if l.Months == 1 {
		months = t.Month
	}
	return t.Rights + ": " + t.Kinds[l.Kind] + ", " + months + ", " + l.Territory
}

// documentView is the document's data for a quote as it is sent.
func documentView(q Quote, d deals.Deal, from string) docView {
	t := docTextsFor(q.Language)
	m := func(v int64) string { return money(q.Language, q.Currency, v) }
	v := docView{T: t, Number: q.Number, Title: fmt.Sprintf(t.Quote, q.Number), From: from, Brand: q.Brand, Contact: d.ContactName,
		ValidUntil: dateText(q.Language, q.ValidUntil), Terms: fmt.Sprintf(t.TermsDays, q.PaymentTermsDays),
		Currency: q.Currency, Net: m(q.Totals.Net), Gross: m(q.Totals.Gross), Note: q.Note}
	if q.SentAt != nil {
		v.Date = dateText(q.Language, q.SentAt.In(oslo).Format(time.DateOnly))
	}
	for _, l := range q.Lines {
		lv := lineView{Description: l.Description, Quantity: strconv.FormatInt(l.Quantity, 10), UnitPrice: m(l.UnitPrice),
			VATRate: strconv.Itoa(l.VATRate) + " %", Net: m(l.Net)}
		if l.Kind != KindItem {
			lv.Rights = rightsText(t, l)
			if lv.Description == "" {
				lv.Description, lv.Rights = lv.Rights, ""
			}
		}
		v.Lines = append(v.Lines, lv)
	}
	for _, x := range q.Totals.VATLines {
		v.VAT = append(v.VAT, vatView{Label: fmt.Sprintf(t.VATOf, x.Rate, m(x.Taxable)), Tax: m(x.Tax)})
	}
	if q.DepositPercent > 0 {
		v.Deposit = fmt.Sprintf(t.Deposit, q.DepositPercent) + ": " + m(q.Totals.Deposit)
	}
	switch q.VATMode {
	case "none":
		v.VATNote = t.NotRegistered
	case "export":
		v.VATNote = t.ReverseCharge
	}
	return v
}

// renderDocument answers the document's HTML, from the seller named from.
func renderDocument(q Quote, d deals.Deal, from string) (string, error) {
	var b bytes.Buffer
	err := documentTmpl.Execute(&b, documentView(q, d, from))
	return b.String(), err
}

// documentPlain answers the document as plain text (an e-mail's text part).
func documentPlain(q Quote, d deals.Deal, from string) (string, error) {
	var b bytes.Buffer
	err := documentText.Execute(&b, documentView(q, d, from))
	return b.String(), err
}

// hashOf is the SHA-256 of a document, hex.
func hashOf(doc string) string {
	sum := sha256.Sum256([]byte(doc))
	return hex.EncodeToString(sum[:])
}

// InvoiceLines answers the quote's lines as an invoice prints them: a
// usage right says its kind, months and territory after its description,
// as the accepted document did (what the brand agreed to is what it is
// invoiced for).
func (q Quote) InvoiceLines() []document.Line {
	t := docTextsFor(q.Language)
	out := make([]document.Line, 0, len(q.Lines))
	for _, l := range q.Lines {
		what := l.Description
		if l.Kind != KindItem {
			rights := rightsText(t, l)
			if what == "" {
				what = rights
			} else {
				what += " – " + rights
			}
		}
		out = append(out, document.Line{Description: what, Quantity: l.Quantity, UnitPrice: l.UnitPrice, VATRate: l.VATRate})
	}
	return out
}

package billing

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"strconv"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/billing/dunning"
)

// The words of billing's e-mail to the brand, in the invoice's language
// (Norwegian or English): a subject, paragraphs, a table of figures (what
// to pay, where, by when), and the seller's name, rendered as text and as
// HTML.

type letter struct {
	Lang       string
	Subject    string
	Greeting   string
	Paragraphs []string
	Figures    []figure
	Link       string // a button after the figures (a card payment's); "" for none
	LinkLabel  string
	Closing    string
	Signature  string
}

// figure is one row of a letter's table: "KID: 00010013".
type figure struct{ Label, Value string }

// words picks the Norwegian or the English of a text.
func words(lang, no, en string) string {
	if lang == "en" {
		return en
	}
	return no
}

// amountText writes minor units as the language writes money:
// "7 875,00 NOK" / "NOK 7,875.00".
func amountText(lang string, minor int64, currency string) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	whole := strconv.FormatInt(minor/100, 10)
	sep, point := ",", "."
	if lang != "en" {
		sep, point = "\u00a0", ","
	}
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	n := fmt.Sprintf("%s%s%s%02d", sign, b.String(), point, minor%100)
	if lang == "en" {
		return currency + " " + n
	}
	return n + " " + currency
}

// dateText writes a day (YYYY-MM-DD): 27.03.2026 / 27 March 2026.
func dateText(lang, day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	if lang == "en" {
		return t.Format("2 January 2006")
	}
	return t.Format("02.01.2006")
}

// documentName is what the letter calls an invoice: "faktura 1001".
func documentName(lang string, inv Invoice) string {
	n := strconv.FormatInt(*inv.Number, 10)
	switch inv.Kind {
	case string(document.KindDeposit):
		return words(lang, "forskuddsfaktura ", "deposit request ") + n
	case string(document.KindCreditNote):
		return words(lang, "kreditnota ", "credit note ") + n
	}
	return words(lang, "faktura ", "invoice ") + n
}

func capitalised(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// paymentFigures are where and how to pay: the account and the KID (or
// the invoice number to mark the payment with), IBAN and BIC for a payer
// abroad.
func paymentFigures(lang string, inv Invoice, p Profile) []figure {
	var out []figure
	if inv.document != nil && inv.document.Payment.AccountNumber != "" {
		out = append(out, figure{words(lang, "Kontonummer", "Account number"), document.GroupAccount(inv.document.Payment.AccountNumber)})
	} else if p.AccountNumber != "" {
		out = append(out, figure{words(lang, "Kontonummer", "Account number"), document.GroupAccount(p.AccountNumber)})
	}
	if inv.KID != "" {
		out = append(out, figure{"KID", inv.KID})
	} else {
		out = append(out, figure{words(lang, "Merk betalingen med", "Mark the payment with"),
			words(lang, "fakturanummer ", "invoice number ") + strconv.FormatInt(*inv.Number, 10)})
	}
	if p.IBAN != "" {
		out = append(out, figure{"IBAN", p.IBAN})
	}
	if p.BIC != "" {
		out = append(out, figure{"BIC", p.BIC})
	}
	return out
}

// invoiceLetter is the letter an issued document is sent with.
func invoiceLetter(inv Invoice, p Profile) letter {
	lang := inv.Language
	name := documentName(lang, inv)
	l := letter{Lang: lang, Greeting: words(lang, "Hei,", "Hello,"), Signature: p.LegalName,
		Subject: capitalised(name) + words(lang, " fra ", " from ") + p.LegalName,
		Closing: words(lang, "Med vennlig hilsen", "Kind regards"),
		Paragraphs: []string{fmt.Sprintf(words(lang, "Vedlagt er %s, datert %s.", "Please find attached %s, dated %s."),
			name, dateText(lang, inv.IssueDate))}}
	if inv.Kind == string(document.KindCreditNote) {
		l.Figures = []figure{{words(lang, "Kreditert beløp", "Amount credited"), amountText(lang, inv.Totals.Gross, inv.Currency)}}
		return l
	}
	l.Paragraphs = append(l.Paragraphs, words(lang, "Vi ber om at beløpet betales innen forfall:", "Please pay the amount by the due date:"))
	l.Figures = append([]figure{
		{words(lang, "Å betale", "Amount due"), amountText(lang, inv.Payable, inv.Currency)},
		{words(lang, "Forfallsdato", "Due date"), dateText(lang, inv.DueDate)},
	}, paymentFigures(lang, inv, p)...)
	if inv.EHFSHA256 != "" {
		l.Paragraphs = append(l.Paragraphs, words(lang, "Fakturaen er også vedlagt som EHF (XML) for regnskapssystemet deres.",
			"The invoice is also attached as EHF (XML) for your accounting system."))
	}
	return l
}

// sentReminder is a row of invoice_reminders.
type sentReminder struct {
	Step     string
	SentOn   string
	Interest int64
	Fee      int64
}

// reminderLetter is the letter of one step of the reminder schedule: a
// heads-up 3 days before the due date, on it, 7 days after, and the
// formal reminder (purring) with the late interest earned and the fee.
func reminderLetter(inv Invoice, p Profile, r sentReminder) letter {
	lang := inv.Language
	name := documentName(lang, inv)
	due := dateText(lang, inv.DueDate)
	owed := amountText(lang, inv.Outstanding, inv.Currency)
	l := letter{Lang: lang, Greeting: words(lang, "Hei,", "Hello,"), Signature: p.LegalName, Closing: words(lang, "Med vennlig hilsen", "Kind regards")}
	already := words(lang, "Har dere allerede betalt, kan dere se bort fra denne e-posten.", "If you have already paid, please disregard this e-mail.")
	switch dunning.Step(r.Step) {
	case dunning.StepBeforeDue:
		l.Subject = fmt.Sprintf(words(lang, "Påminnelse: %s forfaller %s", "Reminder: %s is due on %s"), name, due)
		l.Paragraphs = []string{fmt.Sprintf(words(lang, "En vennlig påminnelse om at %s på %s forfaller om tre dager, %s.",
			"A friendly reminder that %s of %s is due in three days, on %s."), name, owed, due), already}
	case dunning.StepOnDue:
		l.Subject = fmt.Sprintf(words(lang, "%s forfaller i dag", "%s is due today"), capitalised(name))
		l.Paragraphs = []string{fmt.Sprintf(words(lang, "%s på %s forfaller i dag, %s.", "%s of %s is due today, %s."),
			capitalised(name), owed, due), already}
	case dunning.StepAfterDue:
		l.Subject = fmt.Sprintf(words(lang, "%s er forfalt", "%s is overdue"), capitalised(name))
		l.Paragraphs = []string{fmt.Sprintf(words(lang, "%s forfalt %s, og %s er fortsatt ikke betalt. Vi ber om at beløpet betales snarest.",
			"%s was due on %s, and %s is still unpaid. Please pay the amount as soon as possible."), capitalised(name), due, owed), already}
	default: // the formal reminder
		l.Subject = fmt.Sprintf(words(lang, "Purring: %s", "Payment reminder: %s"), name)
		l.Paragraphs = []string{fmt.Sprintf(words(lang, "%s forfalt til betaling %s og er fortsatt ikke betalt. Vi ber om at dere betaler innen 14 dager.",
			"%s was due for payment on %s and is still unpaid. Please pay within 14 days."), capitalised(name), due), already}
	}
	total := inv.Outstanding + r.Interest + r.Fee
	l.Figures = []figure{{words(lang, "Utestående", "Outstanding"), owed}}
	if r.Interest > 0 {
		l.Figures = append(l.Figures, figure{fmt.Sprintf(words(lang, "Forsinkelsesrente til %s", "Late interest to %s"), dateText(lang, r.SentOn)),
			amountText(lang, r.Interest, inv.Currency)})
	}
	if r.Fee > 0 {
		l.Figures = append(l.Figures, figure{words(lang, "Purregebyr", "Reminder fee"), amountText(lang, r.Fee, inv.Currency)})
	}
	if total != inv.Outstanding {
		l.Figures = append(l.Figures, figure{words(lang, "Å betale", "Amount due"), amountText(lang, total, inv.Currency)})
	}
	l.Figures = append(l.Figures, paymentFigures(lang, inv, p)...)
	l.Paragraphs = append(l.Paragraphs, words(lang, "Fakturaen er vedlagt.", "The invoice is attached."))
	return l
}

// render writes the letter as plain text and as HTML.
func (l letter) render() (text, html string, err error) {
	var t strings.Builder
	t.WriteString(l.Greeting + "\n\n")
	for _, p := range l.Paragraphs {
		t.WriteString(p + "\n\n")
	}
	for _, f := range l.Figures {
		t.WriteString(f.Label + ": " + f.Value + "\n")
	}
	if len(l.Figures) > 0 {
		t.WriteString("\n")
	}
	if l.Link != "" {
		t.WriteString(l.LinkLabel + ": " + l.Link + "\n\n")
	}
	t.WriteString(l.Closing + "\n" + l.Signature + "\n")
	var h bytes.Buffer
	if err := letterHTML.Execute(&h, l); err != nil {
		return "", "", err
	}
	return t.String(), h.String(), nil
}

var letterHTML = htmltemplate.Must(htmltemplate.New("letter").Parse(`<!doctype html>
<html lang="{{if eq .Lang "en"}}en{{else}}no{{end}}"><body style="font-family: sans-serif; line-height: 1.5">
<p>{{.Greeting}}</p>
{{range .Paragraphs}}<p>{{.}}</p>
{{end}}{{if .Figures}}<table style="border-collapse: collapse">
{{range .Figures}}<tr><td style="padding: 2px 16px 2px 0; color: #555">{{.Label}}</td><td style="padding: 2px 0"><strong>{{.Value}}</strong></td></tr>
{{end}}</table>
{{end}}{{if .Link}}<p><a href="{{.Link}}" style="display: inline-block; padding: 8px 16px; background: #1c1917; color: #fff; text-decoration: none; border-radius: 6px">{{.LinkLabel}}</a></p>
{{end}}<p>{{.Closing}}<br>{{.Signature}}</p>
</body></html>
`))

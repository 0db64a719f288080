package rooms

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/deals"
)

// The words of the rooms' messages, in Norwegian and English: the brand
// reads the deal's language, the creator Norwegian (as the inquiries'
// notifications). A letter is a subject, paragraphs, an optional quote (a
// comment), one link and a footer, rendered as text and as HTML.

type letter struct {
	Lang       string
	Subject    string
	Greeting   string
	Paragraphs []string
	QuoteLabel string
	Quote      string
	LinkLabel  string
	Link       string
	Footer     string
}

// words picks the Norwegian or the English of a text.
func words(lang, no, en string) string {
	if lang == "en" {
		return en
	}
	return no
}

// longDate is a day as a letter writes it: 30.06.2026 / 30 June 2026.
func longDate(lang string, t time.Time) string {
	if lang == "en" {
		return t.Format("2 January 2006")
	}
	return t.Format("02.01.2006")
}

// dueText is when a draft is approved automatically, in Oslo.
func dueText(lang string, t time.Time) string {
	local := t.In(oslo)
	if lang == "en" {
		return local.Format("Monday 2 January 2006 at 15:04")
	}
	return norwegianWeekday[local.Weekday()] + " " + local.Format("02.01.2006 kl. 15:04")
}

var norwegianWeekday = [...]string{"søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag"}

func greeting(lang, name string) string {
	if name = strings.TrimSpace(name); name != "" {
		return words(lang, "Hei "+name+",", "Hello "+name+",")
	}
	return words(lang, "Hei,", "Hello,")
}

// letterAbout is the letter of a draft's event.
func letterAbout(event string, d deals.Deal, dr Draft, lang string) letter {
	which := fmt.Sprintf(words(lang, "video %d, versjon %d", "video %d, version %d"), dr.Deliverable, dr.Version)
	l := letter{Lang: lang, Greeting: greeting(lang, ""),
		Footer: words(lang, "Sendt fra leveringsrommet til "+d.Brand+".", "Sent from the delivery room of "+d.Brand+".")}
	switch event {
	case eventDraftReady:
		l.Greeting = greeting(lang, d.ContactName)
		l.Subject = words(lang, "Nytt utkast til godkjenning: ", "New draft for your approval: ") + which + " – " + d.Brand
		l.Paragraphs = []string{words(lang, "Et nytt utkast er klart i leveringsrommet: ", "A new draft is ready in your delivery room: ") + which + "."}
		if dr.Note != "" {
			l.QuoteLabel, l.Quote = words(lang, "Kommentar til utkastet", "A note on the draft"), dr.Note
		}
		answer := words(lang, "Se det, og svar med «Godkjenn» eller «Be om endringer».", "Watch it, then answer with “Approve” or “Ask for changes”.")
		if dr.DueAt != nil {
			answer += words(lang, " Hører vi ikke fra dere innen "+dueText(lang, *dr.DueAt)+", regnes utkastet som godkjent.",
				" If we do not hear from you by "+dueText(lang, *dr.DueAt)+", the draft counts as approved.")
		}
		l.Paragraphs = append(l.Paragraphs, answer)
		l.LinkLabel = words(lang, "Åpne leveringsrommet", "Open the delivery room")
		l.Footer = words(lang, "Lenken er personlig: ikke del den videre.", "The link is personal: please do not share it.")
	case eventAnswered:
		if dr.State == DraftApproved {
			l.Subject = fmt.Sprintf(words(lang, "%s godkjente video %d v%d", "%s approved video %d v%d"), d.Brand, dr.Deliverable, dr.Version)
			l.Paragraphs = []string{fmt.Sprintf(words(lang, "%s godkjente %s. Den endelige filen kan nå lastes ned i leveringsrommet.",
				"%s approved %s. The final file can now be downloaded in the delivery room."), brandName(d), which)}
		} else {
			l.Subject = fmt.Sprintf(words(lang, "%s ber om endringer på video %d v%d", "%s asks for changes to video %d v%d"), d.Brand, dr.Deliverable, dr.Version)
			l.Paragraphs = []string{fmt.Sprintf(words(lang, "%s ba om endringer på %s.", "%s asked for changes to %s."), brandName(d), which)}
		}
		if dr.Comment != "" {
			l.QuoteLabel, l.Quote = words(lang, "Kommentar", "Comment"), dr.Comment
		}
	case eventAutoApproved:
		l.Subject = fmt.Sprintf(words(lang, "Godkjent automatisk: %s – %s", "Approved automatically: %s – %s"), which, d.Brand)
		l.Paragraphs = []string{fmt.Sprintf(words(lang,
			"Utkastet %s fikk ikke svar innen fristen og er derfor godkjent automatisk. Den endelige filen i full kvalitet kan lastes ned i leveringsrommet.",
			"The draft %s was not answered in time and is therefore approved automatically. The final file in full quality can be downloaded in the delivery room."), which)}
		l.LinkLabel = words(lang, "Åpne leveringsrommet", "Open the delivery room")
	}
	return l
}

// reminderLetter is a licence's reminder to the creator; today is Oslo's day.
func reminderLetter(event string, d deals.Deal, l Licence, today string) letter {
	const lang = "no"
	end := longDate(lang, isoDay(l.EndDate))
	which := fmt.Sprintf("%s, video %d", d.Brand, l.Deliverable)
	out := letter{Lang: lang, Greeting: greeting(lang, ""), LinkLabel: "Se avtalen i admin",
		Footer: "Du får én påminnelse 14 dager før en lisens går ut og én på siste dag."}
	left := daysBetween(today, l.EndDate)
	switch {
	case event == eventLicenceSoon:
		out.Subject = fmt.Sprintf("Lisensen for %s går ut om %d dager (%s)", which, left, end)
	case left == 0:
		out.Subject = fmt.Sprintf("Lisensen for %s går ut i dag (%s)", which, end)
	default:
		out.Subject = fmt.Sprintf("Lisensen for %s gikk ut %s", which, end)
	}
	use := map[string]string{"organic": "organisk bruk", "paid": "betalt bruk"}[l.Usage]
	white := "uten whitelisting"
	if l.Whitelisting {
		white = "med whitelisting"
	}
	out.Paragraphs = []string{
		fmt.Sprintf("Bruksretten til %s (%s på %s, %s, %s) gjelder fra %s til og med %s.", which, use,
			strings.Join(l.Channels, ", "), l.Territory, white, longDate(lang, isoDay(l.StartDate)), end),
		"Vil merkevaren bruke videoen lenger, er dette et godt tidspunkt å tilby en fornyelse.",
	}
	return out
}

var letterText = texttemplate.Must(texttemplate.New("text").Parse(`{{.Greeting}}
{{range .Paragraphs}}
{{.}}
{{end}}{{if .Quote}}
{{.QuoteLabel}}:
{{.Quote}}
{{end}}{{if .Link}}
{{.LinkLabel}}: {{.Link}}
{{end}}
{{.Footer}}
`))

var letterHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="{{.Lang}}"><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5;max-width:36rem">
<p>{{.Greeting}}</p>
{{range .Paragraphs}}<p>{{.}}</p>
{{end}}{{if .Quote}}<p style="margin-bottom:0"><strong>{{.QuoteLabel}}:</strong></p>
<blockquote style="margin:.25rem 0 1rem;padding:.5rem 1rem;border-left:3px solid #d1d5db;white-space:pre-wrap">{{.Quote}}</blockquote>
{{end}}{{if .Link}}<p><a href="{{.Link}}" style="display:inline-block;background:#111827;color:#ffffff;padding:.6rem 1.1rem;border-radius:.4rem;text-decoration:none">{{.LinkLabel}}</a></p>
{{end}}<p style="color:#6b7280;font-size:.875rem">{{.Footer}}</p>
</body></html>
`))

// render answers the letter as text and as HTML.
func (l letter) render() (string, string, error) {
	var t, h bytes.Buffer
	if err := letterText.Execute(&t, l); err != nil {
		return "", "", err
	}
	if err := letterHTML.Execute(&h, l); err != nil {
		return "", "", err
	}
	return t.String(), h.String(), nil
}

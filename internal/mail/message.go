package mail

import (
	"bytes"
	"encoding/json"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"time"
	_ "time/tzdata" // Europe/Oslo on machines without a zoneinfo database
	"unicode"

	"github.com/ugcfolio/ugcfolio/internal/lang"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// headerText makes visitor text safe for a header: every control or line
// break character becomes a space (so CR/LF cannot start a new header or
// recipient), runs of space shrink to one, and it is cut to max runes.
func headerText(s string, max int) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		s = string(r[:max-1]) + "…"
	}
	return s
}

// notifySubject names the sender, the company and the service.
func notifySubject(inq store.Inquiry) string {
	s := "Ny henvendelse fra " + headerText(inq.Name, 80)
	if c := headerText(inq.Company, 60); c != "" {
		s += " (" + c + ")"
	}
	if sv := headerText(inq.Service, 40); sv != "" {
		s += " – " + sv
	}
	return s
}

// notification is the data of the message to the creator.
type notification struct {
	Inquiry  store.Inquiry
	Received string
	Language string
	AdminURL string
}

func oslo(t time.Time) string {
	loc, err := time.LoadLocation("Europe/Oslo")
	if err != nil {
		loc = time.UTC
	}
	return t.In(loc).Format("02.01.2006 kl. 15:04 (MST)")
}

func newNotification(inq store.Inquiry, siteURL string) notification {
	language := "norsk"
	if inq.Language == lang.English {
		language = "engelsk"
	}
	return notification{Inquiry: inq, Received: oslo(inq.CreatedAt), Language: language,
		AdminURL: fmt.Sprintf("%s/admin/inquiries?inquiry=%d", siteURL, inq.ID)}
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "–"
	}
	return s
}

var funcs = map[string]any{"orDash": orDash}

var notifyText = texttemplate.Must(texttemplate.New("text").Funcs(funcs).Parse(`Ny henvendelse fra kontaktskjemaet.

Navn:     {{.Inquiry.Name}}
E-post:   {{.Inquiry.Email}}
Bedrift:  {{orDash .Inquiry.Company}}
Tjeneste: {{orDash .Inquiry.Service}}
Språk:    {{.Language}}
Mottatt:  {{.Received}}

Melding:
{{.Inquiry.Message}}

Se henvendelsen i admin: {{.AdminURL}}
Svar på denne e-posten for å svare {{.Inquiry.Name}} direkte.
`))

var notifyHTML = htmltemplate.Must(htmltemplate.New("html").Funcs(funcs).Parse(`<!doctype html>
<html lang="no"><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">
<p>Ny henvendelse fra kontaktskjemaet.</p>
<table style="border-collapse:collapse">
<tr><th align="left" style="padding:2px 12px 2px 0">Navn</th><td>{{.Inquiry.Name}}</td></tr>
<tr><th align="left" style="padding:2px 12px 2px 0">E-post</th><td><a href="mailto:{{.Inquiry.Email}}">{{.Inquiry.Email}}</a></td></tr>
<tr><th align="left" style="padding:2px 12px 2px 0">Bedrift</th><td>{{orDash .Inquiry.Company}}</td></tr>
<tr><th align="left" style="padding:2px 12px 2px 0">Tjeneste</th><td>{{orDash .Inquiry.Service}}</td></tr>
<tr><th align="left" style="padding:2px 12px 2px 0">Språk</th><td>{{.Language}}</td></tr>
<tr><th align="left" style="padding:2px 12px 2px 0">Mottatt</th><td>{{.Received}}</td></tr>
</table>
<p><strong>Melding:</strong></p>
<p style="white-space:pre-wrap">{{.Inquiry.Message}}</p>
<p><a href="{{.AdminURL}}">Se henvendelsen i admin</a></p>
<p style="color:#6b7280">Svar på denne e-posten for å svare {{.Inquiry.Name}} direkte.</p>
</body></html>
`))

// autoReply is the thank-you to a visitor. It holds no text the visitor
// wrote (not the message, not the name): a form that mails arbitrary text
// to an arbitrary address would be a spam relay.
type autoReply struct {
	Subject, Greeting, Thanks, Next, HoursLabel, Hours, EmailLabel, Email, Footer string
}

// autoReplyTexts are the built-in words; Next, Hours and Email come from the
// contact section the admin edits, with these defaults (the web app's
// built-in contact texts in web/src/lib/i18n).
var autoReplyTexts = map[string]autoReply{
	lang.Norwegian: {
		Subject:    "Takk for henvendelsen",
		Greeting:   "Hei,",
		Thanks:     "Takk for henvendelsen! Jeg har fått den og ser på den så snart jeg kan.",
		Next:       "Fortell meg om merkevaren din og hva du ønsker å oppnå, så svarer jeg innen én virkedag med forslag og pris.",
		HoursLabel: "Arbeidstid",
		Hours:      "Man-Fre: 09:00 - 17:00",
		EmailLabel: "E-post",
		Email:      "kontakt@ugcfolio.no",
		Footer:     "Dette er et automatisk svar. Du får ett slikt svar per dag.",
	},
	lang.English: {
		Subject:    "Thank you for your inquiry",
		Greeting:   "Hello,",
		Thanks:     "Thank you for your inquiry! I have received it and will look at it as soon as I can.",
		Next:       "Tell me about your brand and what you want to achieve, and I will reply within one business day with ideas and a price.",
		HoursLabel: "Working hours",
		Hours:      "Mon-Fri: 09:00 - 17:00",
		EmailLabel: "E-mail",
		Email:      "kontakt@ugcfolio.no",
		Footer:     "This is an automatic reply. You get at most one a day.",
	},
}

// newAutoReply fills the built-in words with the saved contact section
// (its description, hours and e-mail), if any.
func newAutoReply(language string, contact json.RawMessage) autoReply {
	a, ok := autoReplyTexts[language]
	if !ok {
		a = autoReplyTexts[lang.Default]
	}
	var c struct{ Description, Hours, Email string }
	if len(contact) > 0 && json.Unmarshal(contact, &c) == nil {
		if strings.TrimSpace(c.Description) != "" {
			a.Next = c.Description
		}
		if strings.TrimSpace(c.Hours) != "" {
			a.Hours = c.Hours
		}
		if strings.TrimSpace(c.Email) != "" {
			a.Email = c.Email
		}
	}
	return a
}

var autoReplyText = texttemplate.Must(texttemplate.New("text").Parse(`{{.Greeting}}

{{.Thanks}}

{{.Next}}

{{.HoursLabel}}: {{.Hours}}
{{.EmailLabel}}: {{.Email}}

{{.Footer}}
`))

var autoReplyHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">
<p>{{.Greeting}}</p>
<p>{{.Thanks}}</p>
<p>{{.Next}}</p>
<p>{{.HoursLabel}}: {{.Hours}}<br>{{.EmailLabel}}: {{.Email}}</p>
<p style="color:#6b7280">{{.Footer}}</p>
</body></html>
`))

func render(t executor, data any) (string, error) {
	var b bytes.Buffer
	err := t.Execute(&b, data)
	return b.String(), err
}

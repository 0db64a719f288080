package quotes

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"strconv"
	texttemplate "text/template"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/rooms"
)

// The quotes' e-mail: a job kind of its own on the mail queue's terms
// (mail.Retry), queued in the transaction of what it tells, composed from
// what is stored when it is sent — as the rooms' messages are. The brand
// reads the deal's language, the creator Norwegian (as the admin does).
// Each message carries the frozen document itself, so the accepted quote
// each side keeps is the one the brand was shown.

const mailKind = "quotes.mail"

// The events a message tells of.
const (
	eventSent     = "sent"     // to the brand: a quote waits in the room
	eventAccepted = "accepted" // to both: the brand accepted, with the record
)

// Who a message goes to.
const (
	toBrand   = "brand"
	toCreator = "creator"
)

// mailJob is the payload of a message's job.
type mailJob struct {
	Event   string `json:"event"`
	To      string `json:"to"`
	QuoteID int64  `json:"quoteId"`
}

// queueMail queues a message in tx; with e-mail off, nothing.
func (s *Service) queueMail(ctx context.Context, tx *sql.Tx, j mailJob) error {
	if !s.mail.Enabled() {
		return nil
	}
	_, err := s.mailer.Enqueue(ctx, tx, "quote:"+strconv.FormatInt(j.QuoteID, 10), j)
	return err
}

var errNothingToSay = errors.New("the quote was withdrawn or answered before its message was sent")

// sendMail is the job's handler: compose from what is stored, then send.
func (s *Service) sendMail(ctx context.Context, _ *jobs.Task, j mailJob) error {
	msg, err := s.compose(ctx, j)
	switch {
	case apperr.Is(err, apperr.CodeNotFound) || errors.Is(err, sql.ErrNoRows):
		return jobs.Permanent(errGone)
	case errors.Is(err, rooms.ErrRoomClosed) || errors.Is(err, errNothingToSay):
		return jobs.Permanent(err)
	case err != nil:
		return err
	}
	return s.mail.Deliver(ctx, msg)
}

// letter is a message's words around the document.
type letter struct {
	Lang       string
	Subject    string
	Greeting   string
	Paragraphs []string
	Link       string
	LinkLabel  string
	Document   htmltemplate.HTML
	Plain      string // the document as text
	Record     []string
	Footer     string
}

// compose builds the message of a job.
func (s *Service) compose(ctx context.Context, j mailJob) (mail.Message, error) {
	q, err := s.Get(ctx, j.QuoteID)
	if err != nil {
		return mail.Message{}, err
	}
	if q.DealID == nil {
		return mail.Message{}, jobs.Permanent(errGone) // the deal was deleted: nobody to write to
	}
	d, err := s.deals.Get(ctx, *q.DealID)
	if err != nil {
		return mail.Message{}, err
	}
	from, err := s.seller(ctx)
	if err != nil {
		return mail.Message{}, err
	}
	plain, err := documentPlain(q, d, from)
	if err != nil {
		return mail.Message{}, jobs.Permanent(err)
	}
	lang := q.Language
	if j.To == toCreator {
		lang = "no"
	}
	l := letter{Lang: lang, Document: htmltemplate.HTML(q.document), Plain: plain, // #nosec: stored from html/template
		Greeting: words(lang, "Hei,", "Hello,")}
	title := fmt.Sprintf(docTextsFor(q.Language).Quote, q.Number)
	gross := money(q.Language, q.Currency, q.Totals.Gross)
	switch {
	case j.Event == eventSent:
		if q.State != StateSent {
			return mail.Message{}, errNothingToSay
		}
		link, err := s.rooms.MailLink(ctx, d.ID)
		if err != nil {
			return mail.Message{}, err
		}
		if d.ContactName != "" {
			l.Greeting = words(lang, "Hei "+d.ContactName+",", "Hello "+d.ContactName+",")
		}
		l.Subject = words(lang, title+" – "+d.Brand+": til godkjenning", title+" – "+d.Brand+": for your acceptance")
		l.Paragraphs = []string{
			words(lang, "Et tilbud venter på dere i leveringsrommet: totalt "+gross+", gyldig til og med "+dateText(lang, q.ValidUntil)+".",
				"A quote waits for you in your delivery room: "+gross+" in total, valid until "+dateText(lang, q.ValidUntil)+"."),
			words(lang, "Tilbudet står under. Dere godtar det i leveringsrommet.", "The quote is below. You accept it in the delivery room."),
		}
		l.Link, l.LinkLabel = quoteLink(link, q.Number), words(lang, "Les og godta tilbudet", "Read and accept the quote")
		l.Footer = words(lang, "Lenken er personlig: ikke del den videre.", "The link is personal: please do not share it.")
		return s.brandMessage(d, l)
	case j.Event == eventAccepted && q.Acceptance != nil:
		a := q.Acceptance
		l.Record = []string{
			words(lang, "Godtatt av: ", "Accepted by: ") + a.Name + ", " + a.Title + ", " + a.Company,
			words(lang, "Tidspunkt: ", "Time: ") + momentText(lang, a.At),
			words(lang, "Fingeravtrykk (SHA-256) av tilbudet: ", "Fingerprint (SHA-256) of the quote: ") + a.SHA256,
		}
		if j.To == toCreator {
			l.Subject = fmt.Sprintf("%s godtok tilbud %d (%s)", d.Brand, q.Number, gross)
			l.Paragraphs = []string{fmt.Sprintf("%s godtok tilbud %d i leveringsrommet. Avtalen er flyttet til «Booket».", d.Brand, q.Number)}
			if q.DepositPercent > 0 {
				l.Paragraphs = append(l.Paragraphs, fmt.Sprintf("Tilbudet ber om %d %% depositum (%s): lag depositumsfakturaen fra avtalen.",
					q.DepositPercent, money("no", q.Currency, q.Totals.Deposit)))
			}
			l.Link, l.LinkLabel = fmt.Sprintf("%s/admin/deals/%d", s.siteURL, d.ID), "Se avtalen i admin"
			l.Footer = "Tilbudet og godkjenningen er lagret som bevis på avtalen."
			return s.creatorMessage(ctx, d, l)
		}
		l.Greeting = words(lang, "Hei "+a.Name+",", "Hello "+a.Name+",")
		l.Subject = words(lang, title+" – "+d.Brand+": godtatt", title+" – "+d.Brand+": accepted")
		l.Paragraphs = []string{words(lang, "Takk! Her er en kopi av tilbudet dere godtok, og hva som ble lagret om godkjenningen.",
			"Thank you! Here is a copy of the quote you accepted, and what was kept of the acceptance.")}
		l.Footer = words(lang, "Ta vare på denne e-posten som kopi av avtalen.", "Keep this e-mail as your copy of the agreement.")
		return s.brandMessage(d, l)
	}
	return mail.Message{}, errNothingToSay
}

// brandMessage addresses a letter to the deal's contact; answering goes to
// the creator's address for mail (never an admin's login), and it names no
// deal number.
func (s *Service) brandMessage(d deals.Deal, l letter) (mail.Message, error) {
	if d.ContactEmail == "" {
		return mail.Message{}, jobs.Permanent(errors.New("the deal has no contact e-mail"))
	}
	msg, err := render([]string{d.ContactEmail}, l)
	msg.ReplyTo = s.mail.ReplyAddress()
	return msg, err
}

// creatorMessage addresses a letter to the creator; answering goes to the brand.
func (s *Service) creatorMessage(ctx context.Context, d deals.Deal, l letter) (mail.Message, error) {
	to, err := s.mail.CreatorAddresses(ctx)
	if err != nil {
		return mail.Message{}, err
	}
	msg, err := render(to, l)
	msg.ReplyTo = d.ContactEmail
	msg.Headers = map[string]string{"X-Ugcfolio-Deal": strconv.FormatInt(d.ID, 10)}
	return msg, err
}

var letterText = texttemplate.Must(texttemplate.New("text").Parse(`{{.Greeting}}
{{range .Paragraphs}}
{{.}}
{{end}}{{if .Link}}
{{.LinkLabel}}: {{.Link}}
{{end}}
----
{{.Plain}}----
{{range .Record}}{{.}}
{{end}}
{{.Footer}}
`))

var letterHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="{{.Lang}}"><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5;max-width:40rem">
<p>{{.Greeting}}</p>
{{range .Paragraphs}}<p>{{.}}</p>
{{end}}{{if .Link}}<p><a href="{{.Link}}" style="display:inline-block;background:#111827;color:#ffffff;padding:.6rem 1.1rem;border-radius:.4rem;text-decoration:none">{{.LinkLabel}}</a></p>
{{end}}<div style="border:1px solid #e5e7eb;border-radius:.5rem;padding:1rem;margin:1rem 0">{{.Document}}</div>
{{if .Record}}<ul style="padding-left:1.2rem">{{range .Record}}<li style="word-break:break-all">{{.}}</li>{{end}}</ul>
{{end}}<p style="color:#6b7280;font-size:.875rem">{{.Footer}}</p>
</body></html>
`))

// render makes a message of a letter, as text and as HTML.
func render(to []string, l letter) (mail.Message, error) {
	var t, h bytes.Buffer
	if err := letterText.Execute(&t, l); err != nil {
		return mail.Message{}, jobs.Permanent(err)
	}
	if err := letterHTML.Execute(&h, l); err != nil {
		return mail.Message{}, jobs.Permanent(err)
	}
	return mail.Message{To: to, Subject: l.Subject, Text: t.String(), HTML: h.String()}, nil
}

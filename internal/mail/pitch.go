package mail

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"strconv"
	texttemplate "text/template"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/ugcfolio/ugcfolio/internal/jobs"
)

// KindPitchOpened is the e-mail to the creator the first time one of her
// pitch links is opened (internal/analytics decides when, once per
// link, and the link's own switch whether).
const KindPitchOpened = "mail.pitch-opened"

// pitchOpened is the payload of KindPitchOpened: what the e-mail says, as
// it was when the link was opened (a link deleted meanwhile was opened all
// the same).
type pitchOpened struct {
	LinkID int64     `json:"linkId"`
	Name   string    `json:"name"`
	Note   string    `json:"note"`
	At     time.Time `json:"at"`
}

// EnqueuePitchOpened enqueues, in tx (the transaction that records the
// opening), the e-mail telling the creator that the pitch link made for
// name was first opened at at. Call Wake after the commit. Disabled, it
// does nothing.
func (m *Mailer) EnqueuePitchOpened(ctx context.Context, tx *sql.Tx, linkID int64, name, note string, at time.Time) error {
	if !m.Enabled() {
		return nil
	}
	_, err := m.pitchOpened.Enqueue(ctx, tx, "pitch-link:"+strconv.FormatInt(linkID, 10),
		pitchOpened{LinkID: linkID, Name: name, Note: note, At: at})
	return err
}

// sendPitchOpened is the KindPitchOpened handler: one message, in
// Norwegian and then English, to the notification's recipients.
func (m *Mailer) sendPitchOpened(ctx context.Context, _ *jobs.Task, p pitchOpened) error {
	to, err := m.recipients(ctx)
	if err != nil {
		return err
	}
	msg := gomail.NewMsg()
	if err := msg.From(m.cfg.From); err != nil {
		return jobs.Permanent(fmt.Errorf("UGCFOLIO_MAIL_FROM: %w", err))
	}
	if err := msg.To(to...); err != nil {
		return jobs.Permanent(fmt.Errorf("recipient: %w", err))
	}
	data := newPitchOpenedMail(p, m.siteURL)
	msg.Subject(data.Subject)
	msg.SetGenHeader("X-Ugcfolio-Pitch-Link", strconv.FormatInt(p.LinkID, 10))
	if err := setBodies(msg, pitchOpenedText, pitchOpenedHTML, data); err != nil {
		return err
	}
	return m.send(ctx, msg)
}

// recipients are UGCFOLIO_NOTIFY_TO, else every admin.
func (m *Mailer) recipients(ctx context.Context) ([]string, error) {
	if len(m.cfg.NotifyTo) > 0 {
		return m.cfg.NotifyTo, nil
	}
	to, err := m.st.AdminEmails(ctx)
	if err != nil {
		return nil, err
	}
	if len(to) == 0 {
		return nil, errors.New("no recipient: set UGCFOLIO_NOTIFY_TO or create an admin")
	}
	return to, nil
}

// pitchOpenedMail is the data of the message. Name and Note are the
// creator's own words, cut and made safe for the subject line.
type pitchOpenedMail struct {
	Subject, Name, Note   string
	WhenNorwegian, WhenEN string
	AdminURL              string
}

func newPitchOpenedMail(p pitchOpened, siteURL string) pitchOpenedMail {
	name := headerText(p.Name, 80)
	loc, err := time.LoadLocation("Europe/Oslo")
	if err != nil {
		loc = time.UTC
	}
	return pitchOpenedMail{
		Subject:       "Pitch-lenken din til " + name + " ble åpnet / Your pitch link for " + name + " was opened",
		Name:          p.Name,
		Note:          p.Note,
		WhenNorwegian: oslo(p.At),
		WhenEN:        p.At.In(loc).Format("2 January 2006 at 15:04 (MST)"),
		AdminURL:      siteURL + "/admin/analytics",
	}
}

var pitchOpenedText = texttemplate.Must(texttemplate.New("text").Parse(`Pitch-lenken din til {{.Name}} ble åpnet for første gang {{.WhenNorwegian}}.
{{if .Note}}Notat: {{.Note}}
{{end}}
Se hvilke deler av siden de leste og hvilke videoer de så, under Analyse i admin:
{{.AdminURL}}

Du får denne e-posten bare første gang en lenke åpnes. Du kan slå den av for hver lenke under Analyse.

---

Your pitch link for {{.Name}} was opened for the first time on {{.WhenEN}}.
{{if .Note}}Note: {{.Note}}
{{end}}
See which parts of the site they read and which videos they watched on the Analytics tab of the admin:
{{.AdminURL}}

You get this e-mail only the first time a link is opened. You can switch it off for each link on the Analytics tab.
`))

var pitchOpenedHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">
<div lang="no">
<p>Pitch-lenken din til <strong>{{.Name}}</strong> ble åpnet for første gang {{.WhenNorwegian}}.</p>
{{if .Note}}<p>Notat: {{.Note}}</p>{{end}}
<p><a href="{{.AdminURL}}">Se hva de leste og så, under Analyse i admin</a></p>
<p style="color:#6b7280">Du får denne e-posten bare første gang en lenke åpnes. Du kan slå den av for hver lenke under Analyse.</p>
</div>
<hr style="border:none;border-top:1px solid #e5e7eb">
<div lang="en">
<p>Your pitch link for <strong>{{.Name}}</strong> was opened for the first time on {{.WhenEN}}.</p>
{{if .Note}}<p>Note: {{.Note}}</p>{{end}}
<p><a href="{{.AdminURL}}">See what they read and watched on the Analytics tab</a></p>
<p style="color:#6b7280">You get this e-mail only the first time a link is opened. You can switch it off for each link on the Analytics tab.</p>
</div>
</body></html>
`))

package mail

import (
	"context"
	"encoding/json"
	"fmt"
	htmltemplate "html/template"
	"strconv"
	"strings"
	texttemplate "text/template"

	gomail "github.com/wneessen/go-mail"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// dueWith answers inq and the inquiries of the other notifications due
// now, which this try takes (jobs.Task.TakeDue): they are mailed together.
// An inquiry deleted meanwhile is left out; its job ends with this one.
func (m *Mailer) dueWith(ctx context.Context, t *jobs.Task, inq store.Inquiry) ([]store.Inquiry, error) {
	list := []store.Inquiry{inq}
	others, err := t.TakeDue(ctx, maxDigest-1)
	if err != nil {
		return nil, err
	}
	for _, j := range others {
		var n notice
		if err := json.Unmarshal(j.Payload, &n); err != nil {
			continue // not a notice: nothing to list (Register's decoding would fail it too)
		}
		other, err := m.st.GetInquiry(ctx, n.InquiryID)
		if apperr.Is(err, apperr.CodeNotFound) || (err == nil && other.ID == inq.ID) {
			continue
		}
		if err != nil {
			return nil, err
		}
		list = append(list, other)
	}
	return list, nil
}

// digest is one notification listing several inquiries. It has no
// Reply-To (they come from several visitors); each entry names its
// sender's address and links to the inquiry in the admin.
func (m *Mailer) digest(msg *gomail.Msg, list []store.Inquiry) error {
	ids := make([]string, len(list))
	data := digestData{Count: len(list), AdminURL: m.siteURL + "/admin/inquiries"}
	for i, inq := range list {
		ids[i] = strconv.FormatInt(inq.ID, 10)
		data.Items = append(data.Items, newNotification(inq, m.siteURL))
	}
	msg.Subject(fmt.Sprintf("%d nye henvendelser fra kontaktskjemaet", len(list)))
	msg.SetGenHeader("X-Ugcfolio-Inquiry", strings.Join(ids, ", "))
	return setBodies(msg, digestText, digestHTML, data)
}

type digestData struct {
	Count    int
	Items    []notification
	AdminURL string
}

var digestText = texttemplate.Must(texttemplate.New("text").Funcs(funcs).Parse(`{{.Count}} nye henvendelser fra kontaktskjemaet.
{{range $i, $n := .Items}}
--- {{$n.Inquiry.Name}} <{{$n.Inquiry.Email}}>
Bedrift:  {{orDash $n.Inquiry.Company}}
Tjeneste: {{orDash $n.Inquiry.Service}}
Språk:    {{$n.Language}}
Mottatt:  {{$n.Received}}

{{$n.Inquiry.Message}}

Se henvendelsen i admin: {{$n.AdminURL}}
{{end}}
Alle henvendelsene: {{.AdminURL}}
Svar avsenderen på e-postadressen ved navnet.
`))

var digestHTML = htmltemplate.Must(htmltemplate.New("html").Funcs(funcs).Parse(`<!doctype html>
<html lang="no"><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">
<p>{{.Count}} nye henvendelser fra kontaktskjemaet.</p>
{{range .Items}}<hr>
<p><strong>{{.Inquiry.Name}}</strong> &lt;<a href="mailto:{{.Inquiry.Email}}">{{.Inquiry.Email}}</a>&gt;<br>
Bedrift: {{orDash .Inquiry.Company}}<br>Tjeneste: {{orDash .Inquiry.Service}}<br>Språk: {{.Language}}<br>Mottatt: {{.Received}}</p>
<p style="white-space:pre-wrap">{{.Inquiry.Message}}</p>
<p><a href="{{.AdminURL}}">Se henvendelsen i admin</a></p>
{{end}}<hr>
<p><a href="{{.AdminURL}}">Alle henvendelsene</a></p>
</body></html>
`))

// dotsIgnored are the mail domains whose provider ignores dots in the
// local part (k.a.r.i@gmail.com is kari@gmail.com); googlemail.com is
// gmail.com by then.
var dotsIgnored = map[string]bool{"gmail.com": true}

// AutoReplyKey is the address an auto-reply counts against: lower case,
// without a +tag, gmail's dots and googlemail.com folded, so that one
// mailbox cannot be sent one auto-reply per spelling of its address.
func AutoReplyKey(address string) string {
	a := strings.ToLower(strings.TrimSpace(address))
	at := strings.LastIndexByte(a, '@')
	if at < 0 {
		return a
	}
	local, domain := a[:at], strings.TrimSuffix(a[at+1:], ".")
	if i := strings.IndexByte(local, '+'); i > 0 {
		local = local[:i]
	}
	if domain == "googlemail.com" {
		domain = "gmail.com"
	}
	if dotsIgnored[domain] {
		local = strings.ReplaceAll(local, ".", "")
	}
	return local + "@" + domain
}

// Prune deletes what only mattered for a while: the records of
// auto-replies past their window, and mail jobs done for more than that
// (a notification's sending time stays in its inquiry). The janitor calls
// it every hour in each replica; deleting twice deletes nothing more.
func (m *Mailer) Prune(ctx context.Context) error {
	if m == nil || m.st == nil {
		return nil
	}
	before := m.now().Add(-AutoReplyWindow)
	if _, err := m.st.PruneAutoReplies(ctx, before); err != nil {
		return err
	}
	if m.jobs == nil {
		return nil
	}
	for _, kind := range []string{KindNotify, KindAutoReply} {
		if _, err := m.jobs.PruneDone(ctx, kind, before); err != nil {
			return err
		}
	}
	return nil
}

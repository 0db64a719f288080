package analytics_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

type pitchLinkAnswer struct {
	ID         int64
	Name       string
	URL        string
	NotifyOpen bool
}

// The creator gets one e-mail when a pitch link is first opened: not for
// later visits, not for a link she switched it off for, not for her own or
// a link previewer's visit; the switch answers through the admin API.
func TestPitchLinkFirstOpenMailsTheCreator(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{Mail: true, TrustLoopback: true}, func(t *testing.T, e *sitetest.Site) {
		smtp := e.SMTP
		admin := e.SignedInAdmin(t)
		var acme, quiet pitchLinkAnswer
		admin.Do("POST", "/api/admin/pitch-links", map[string]any{"name": "Acme AS", "note": "Spring pitch"}).
			WantStatus(t, http.StatusCreated).JSON(t, &acme)
		admin.Do("POST", "/api/admin/pitch-links", map[string]any{"name": "Quiet AS", "notifyOpen": false}).
			WantStatus(t, http.StatusCreated).JSON(t, &quiet)
		if !acme.NotifyOpen || quiet.NotifyOpen {
			t.Fatalf("created %+v and %+v", acme, quiet)
		}
		ref := func(l pitchLinkAnswer) string { return l.URL[strings.Index(l.URL, "/?ref="):] }

		// The creator's own check of the link and a chat app's preview count nothing.
		admin.Do("GET", ref(acme), nil, "User-Agent", adminUA).WantStatus(t, http.StatusOK)
		e.Client().Do("GET", ref(acme), nil, "User-Agent", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)").WantStatus(t, http.StatusOK)
		e.Server.Analytics().Flush()
		// The brand opens it, then a colleague, then the brand again.
		for _, from := range []string{"198.51.100.1", "198.51.100.2", "198.51.100.1"} {
			e.Client().Do("GET", ref(acme), nil, "User-Agent", browserUA, "X-Forwarded-For", from).WantStatus(t, http.StatusOK)
			e.Client().Do("GET", ref(quiet), nil, "User-Agent", browserUA, "X-Forwarded-For", from).WantStatus(t, http.StatusOK)
			e.Server.Analytics().Flush()
		}
		msg := smtp.WaitFor(t, 1, 10*time.Second)[0]
		if s := msg.Subject(); !strings.Contains(s, "Your pitch link for Acme AS was opened") || !strings.Contains(msg.Text, "Spring pitch") {
			t.Fatalf("message %q:\n%s", s, msg.Text)
		}
		time.Sleep(300 * time.Millisecond)
		if n := len(smtp.Messages()); n != 1 {
			t.Fatalf("%d messages, want one for the first opening of Acme AS", n)
		}

		// The switch, by PATCH; a body without it changes nothing.
		path := "/api/admin/pitch-links/" + strconv.FormatInt(quiet.ID, 10)
		var switched pitchLinkAnswer
		admin.Do("PATCH", path, map[string]any{"notifyOpen": true}).WantStatus(t, http.StatusOK).JSON(t, &switched)
		if !switched.NotifyOpen || switched.Name != "Quiet AS" {
			t.Fatalf("switched on: %+v", switched)
		}
		var kept pitchLinkAnswer
		admin.Do("PATCH", path, map[string]any{}).WantStatus(t, http.StatusOK).JSON(t, &kept)
		if !kept.NotifyOpen {
			t.Fatalf("an empty PATCH changed the switch: %+v", kept)
		}
		admin.Do("PATCH", path, map[string]any{"notifyOpen": "yes"}).WantStatus(t, http.StatusBadRequest)
		admin.Do("PATCH", "/api/admin/pitch-links/99999", map[string]any{"notifyOpen": true}).WantStatus(t, http.StatusNotFound)
		e.Client().Do("PATCH", path, map[string]any{"notifyOpen": false}).WantStatus(t, http.StatusUnauthorized)
		// Switched on after its first opening, it sends nothing: the first opening has passed.
		e.Client().Do("GET", ref(quiet), nil, "User-Agent", browserUA, "X-Forwarded-For", "198.51.100.9").WantStatus(t, http.StatusOK)
		e.Server.Analytics().Flush()
		time.Sleep(300 * time.Millisecond)
		if n := len(smtp.Messages()); n != 1 {
			t.Fatalf("%d messages after a later visit of a link switched on", n)
		}
	})
}

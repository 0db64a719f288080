package httpapi

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
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
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e, smtp := mailEnv(t, st)
		admin := e.signedInAdmin(t)
		var acme, quiet pitchLinkAnswer
		admin.do("POST", "/api/admin/pitch-links", map[string]any{"name": "Acme AS", "note": "Spring pitch"}).
			wantStatus(t, http.StatusCreated).json(t, &acme)
		admin.do("POST", "/api/admin/pitch-links", map[string]any{"name": "Quiet AS", "notifyOpen": false}).
			wantStatus(t, http.StatusCreated).json(t, &quiet)
		if !acme.NotifyOpen || quiet.NotifyOpen {
			t.Fatalf("created %+v and %+v", acme, quiet)
		}
		ref := func(l pitchLinkAnswer) string { return l.URL[strings.Index(l.URL, "/?ref="):] }

		// The creator's own check of the link and a chat app's preview count nothing.
		admin.do("GET", ref(acme), nil, "User-Agent", adminUA).wantStatus(t, http.StatusOK)
		e.client().do("GET", ref(acme), nil, "User-Agent", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)").wantStatus(t, http.StatusOK)
		e.server.Analytics().Flush()
		// The brand opens it, then a colleague, then the brand again.
		for _, from := range []string{"198.51.100.1", "198.51.100.2", "198.51.100.1"} {
			e.client().do("GET", ref(acme), nil, "User-Agent", browserUA, "X-Forwarded-For", from).wantStatus(t, http.StatusOK)
			e.client().do("GET", ref(quiet), nil, "User-Agent", browserUA, "X-Forwarded-For", from).wantStatus(t, http.StatusOK)
			e.server.Analytics().Flush()
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
		admin.do("PATCH", path, map[string]any{"notifyOpen": true}).wantStatus(t, http.StatusOK).json(t, &switched)
		if !switched.NotifyOpen || switched.Name != "Quiet AS" {
			t.Fatalf("switched on: %+v", switched)
		}
		var kept pitchLinkAnswer
		admin.do("PATCH", path, map[string]any{}).wantStatus(t, http.StatusOK).json(t, &kept)
		if !kept.NotifyOpen {
			t.Fatalf("an empty PATCH changed the switch: %+v", kept)
		}
		admin.do("PATCH", path, map[string]any{"notifyOpen": "yes"}).wantStatus(t, http.StatusBadRequest)
		admin.do("PATCH", "/api/admin/pitch-links/99999", map[string]any{"notifyOpen": true}).wantStatus(t, http.StatusNotFound)
		e.client().do("PATCH", path, map[string]any{"notifyOpen": false}).wantStatus(t, http.StatusUnauthorized)
		// Switched on after its first opening, it sends nothing: the first opening has passed.
		e.client().do("GET", ref(quiet), nil, "User-Agent", browserUA, "X-Forwarded-For", "198.51.100.9").wantStatus(t, http.StatusOK)
		e.server.Analytics().Flush()
		time.Sleep(300 * time.Millisecond)
		if n := len(smtp.Messages()); n != 1 {
			t.Fatalf("%d messages after a later visit of a link switched on", n)
		}
	})
}

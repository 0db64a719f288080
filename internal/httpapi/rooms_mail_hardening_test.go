package httpapi

import (
	"context"
	"io/fs"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/mail/smtptest"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// newRoomsEnvMail is newRoomsEnv (no video) with the mail settings mc
// (SMTPURL is filled in with the test server's).
func newRoomsEnvMail(t *testing.T, st *store.Store, mc config.MailConfig) *roomsEnv {
	t.Helper()
	srv := smtptest.Start(t)
	mc.SMTPURL = srv.URL()
	q := jobs.New(st, discardLog)
	q.Poll = 10 * time.Millisecond
	ts := httptest.NewUnstartedServer(nil)
	siteURL := "http://" + ts.Listener.Addr().String()
	m, err := mail.New(mail.Deps{Config: mc, SiteURL: siteURL, Store: st, Jobs: q, Log: discardLog, RootCAs: srv.RootCAs()})
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.Config{Addr: "127.0.0.1:0", DataDir: t.TempDir(), Mail: mc}
	storage := media.NewLocal(cfg.UploadsDir())
	clock := &fakeClock{t: monday}
	s := New(Deps{Config: cfg, Store: st, Log: discardLog, Web: fs.FS(testWeb), Storage: storage, Jobs: q, Mail: m,
		SiteURL: siteURL, RoomsClock: clock.now})
	ts.Config.Handler = s.Handler()
	ts.Start()
	t.Cleanup(ts.Close)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { q.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	e := &testEnv{t: t, store: st, url: ts.URL, server: s}
	return &roomsEnv{uploadEnv: &uploadEnv{testEnv: e, dataDir: cfg.DataDir, storage: storage}, smtp: srv, clock: clock}
}

// TestBrandMailNamesNoLoginAndNoDealNumber: a message to a brand carries no
// sequential deal id (it tells how many deals the creator has) and is not
// answered to the admin's login address (half of what a password guess
// needs): replies go to the address the creator chose for mail —
// UGCFOLIO_NOTIFY_TO's first, else the sender, UGCFOLIO_MAIL_FROM.
func TestBrandMailNamesNoLoginAndNoDealNumber(t *testing.T) {
	for _, tc := range []struct {
		name      string
		notifyTo  []string
		wantReply string // "" for no Reply-To: replies go to From
	}{
		{"no notify address", nil, ""},
		{"a notify address", []string{"post@kari.no", "agent@kari.no"}, "<post@kari.no>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, st *store.Store) {
				e := newRoomsEnvMail(t, st, config.MailConfig{From: "noreply@ugcfolio.no", NotifyTo: tc.notifyTo})
				admin := e.signedInAdmin(t)
				id := admin.newDeal(t, map[string]any{"brand": "Fjellkaffe " + tc.name, "contactName": "Ola", "contactEmail": "ola@fjellkaffe.no",
					"language": "en", "brief": "Three videos", "deliverableCount": 1})
				admin.openRoom(t, id, map[string]any{"answerDays": 3})
				admin.uploadDraft(t, id, "brand-mail-draft-1", fakeVideo(64<<10), 1)

				msg := e.smtp.WaitFor(t, 1, 10*time.Second)[0]
				if msg.To[0] != "ola@fjellkaffe.no" {
					t.Fatalf("the first message went to %v", msg.To)
				}
				if got := msg.Header.Get("Reply-To"); got != tc.wantReply {
					t.Errorf("Reply-To %q, want %q (the admin's login is admin@example.no)", got, tc.wantReply)
				}
				for k := range msg.Header {
					if k == "X-Ugcfolio-Deal" {
						t.Errorf("the brand's mail has %s: %s", k, msg.Header.Get(k))
					}
				}
			})
		})
	}
}

// Package sitetest runs the real site in tests: the router the binary
// serves (httpapi.New and its Handler, every middleware included) on a
// loopback port over a fresh database — an SQLite file in t.TempDir(), and
// a schema of its own on PostgreSQL when TEST_DATABASE_URL is set — so that
// each capability's HTTP tests live beside it, in its own external test
// package, as pocketbase's tests/api.go lets them. A Client is a browser
// with cookies; Scenarios are table-driven requests (name, method, URL,
// body, status, what the body must hold).
package sitetest

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"net/http/httptest"
	"net/netip"
	"os"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/httpapi"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/mail/smtptest"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/ssr"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
	"github.com/ugcfolio/ugcfolio/internal/video"
	"github.com/ugcfolio/ugcfolio/web"
)

// Options say what a site under test runs with; the zero value is the
// plain site (local storage, no mail, no video, a job queue nobody runs).
type Options struct {
	// Config tweaks the settings before the site starts.
	Config func(*config.Config)
	// Deps tweaks the server's dependencies before it is made.
	Deps func(*httpapi.Deps)
	// Jobs runs the job queue (polling every 10 ms), for tests that wait
	// on background work.
	Jobs bool
	// Mail sends the site's e-mail to a loopback SMTP server (Site.SMTP),
	// from noreply@ugcfolio.no to creator@ugcfolio.no; it runs the jobs.
	Mail bool
	// MailRetry, when set, is mail's retry schedule (tests shorten the
	// back-off); AutoReply turns auto-replies on at the default hourly cap.
	MailRetry *jobs.Options
	AutoReply bool
	// TrustLoopback trusts X-Forwarded-For from the loopback proxy, so each
	// request can come from an address of its own.
	TrustLoopback bool
	// Video processes uploads with the real ffmpeg (the test fails
	// without it); it runs the jobs.
	Video bool
	// Home serves the built web app (web/dist) with the real page renderer
	// (web/dist-ssr), as the binary does, instead of the stand-in Web.
	Home bool
	// RoomsClock, when set, is the delivery rooms' time.
	RoomsClock *Clock
}

// Site is a real server on a loopback port.
type Site struct {
	T       testing.TB
	Store   *store.Store
	Server  *httpapi.Server
	URL     string // http://127.0.0.1:port, also the site's address (Deps.SiteURL)
	DataDir string
	Storage media.Storage
	Jobs    *jobs.Queue      // nil unless the options run the jobs
	SMTP    *smtptest.Server // with Options.Mail
	Log     *slog.Logger     // discards
}

// Quiet is a logger that discards everything.
var Quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// SQLite is a migrated store on a new file in t.TempDir().
func SQLite(t testing.TB) *store.Store { return storetest.SQLite(t) }

// Each runs fn on a site over SQLite, and over PostgreSQL when
// TEST_DATABASE_URL is set, as parallel subtests named after the engine
// (each site has a database of its own).
func Each(t *testing.T, o Options, fn func(t *testing.T, s *Site)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		fn(t, New(t, storetest.SQLite(t), o))
	})
	if os.Getenv("TEST_DATABASE_URL") != "" {
		t.Run("postgres", func(t *testing.T) {
			t.Parallel()
			fn(t, New(t, storetest.Postgres(t), o))
		})
	}
}

// New starts a site over st; everything it started stops at the test's end.
func New(t testing.TB, st *store.Store, o Options) *Site {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	s := &Site{T: t, Store: st, URL: "http://" + ts.Listener.Addr().String(), DataDir: t.TempDir(), Log: Quiet}
	cfg := config.Config{Addr: "127.0.0.1:0", DataDir: s.DataDir}
	if o.Mail {
		s.SMTP = smtptest.Start(t)
		cfg.Mail = config.MailConfig{SMTPURL: s.SMTP.URL(), From: "noreply@ugcfolio.no", NotifyTo: []string{"creator@ugcfolio.no"}}
		if o.AutoReply {
			cfg.Mail.AutoReply, cfg.Mail.AutoReplyPerHour = true, config.DefaultAutoReplyPerHour
		}
	}
	if o.TrustLoopback {
		cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("::1/128")}
	}
	if o.Config != nil {
		o.Config(&cfg)
	}
	s.Storage = media.NewLocal(cfg.UploadsDir())
	d := httpapi.Deps{Config: cfg, Store: st, Log: Quiet, Web: fs.FS(Web), Storage: s.Storage, SiteURL: s.URL}
	if o.Jobs || o.Mail || o.Video {
		s.Jobs = jobs.New(st, Quiet)
		s.Jobs.Poll = 10 * time.Millisecond
		d.Jobs = s.Jobs
	}
	if o.Mail {
		m, err := mail.New(mail.Deps{Config: cfg.Mail, SiteURL: s.URL, Store: st, Jobs: s.Jobs, Log: Quiet, RootCAs: s.SMTP.RootCAs(), Retry: o.MailRetry})
		if err != nil {
			t.Fatal(err)
		}
		d.Mail = m
	}
	if o.Video {
		tools, err := video.Find(context.Background())
		if err != nil {
			t.Fatalf("these tests run the real ffmpeg: %v (apt-get install ffmpeg)", err)
		}
		d.Video = &tools
	}
	if o.Home {
		dist, err := web.Dist()
		if err != nil {
			t.Fatal(err)
		}
		d.Web, d.Renderer = dist, homeEngine()
	}
	if o.RoomsClock != nil {
		d.RoomsClock = o.RoomsClock.Now
	}
	if o.Deps != nil {
		o.Deps(&d)
	}
	s.Storage = d.Storage
	s.Server = httpapi.New(d)
	ts.Config.Handler = s.Server.Handler()
	ts.Start()
	t.Cleanup(ts.Close)
	if s.Jobs != nil {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { s.Jobs.Run(ctx); close(done) }()
		t.Cleanup(func() { cancel(); <-done })
	}
	return s
}

// homeEngine is the page renderer the Home sites share: one engine per test
// binary, as the binary has one.
var homeEngine = sync.OnceValue(func() *ssr.Engine {
	// The race detector slows the engine (C translated to Go) tenfold: a time limit for that.
	return ssr.New(web.HomeRenderer(), ssr.Limits{Time: time.Minute, Memory: ssr.DefaultLimits.Memory})
})

// Web stands in for the built app: an index page and an asset.
var Web = fstest.MapFS{
	"index.html":           {Data: []byte("<!doctype html><html><body><div id=root></div>" + strings.Repeat("<!-- pad -->", 100) + "</body></html>")},
	"assets/app-abc123.js": {Data: []byte("console.log('app');" + strings.Repeat("/* pad */", 200))},
	"favicon.svg":          {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
}

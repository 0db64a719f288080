// Command ugcfolio serves the portfolio site and its back office, and
// manages admin accounts. main only parses, wires and starts: the work is
// done in internal/.
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/auth"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/demo"
	"github.com/ugcfolio/ugcfolio/internal/httpapi"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/ssr"
	"github.com/ugcfolio/ugcfolio/internal/store"
	// Named so: the tests of this package have a helper called video.
	videoproc "github.com/ugcfolio/ugcfolio/internal/video"
	"github.com/ugcfolio/ugcfolio/web"
)

const usage = `ugcfolio: a creator's portfolio site and its back office.

Usage:
  ugcfolio serve [--addr HOST:PORT] [--data DIR] [--demo]
  ugcfolio admin create --email EMAIL [--name NAME] [--reset-password]   (password on standard input)
  ugcfolio admin promote EMAIL
  ugcfolio backup --to DIR|s3://bucket/prefix [--data DIR]
  ugcfolio restore --from DIR|s3://bucket/prefix [--data DIR]
  ugcfolio migrate --from-data DIR | --to-data DIR [--replace]
  ugcfolio probe [URL]   (exit 0 when it answers 200; default: this server's /healthz)

Run "ugcfolio COMMAND --help" for a command's flags and environment.
`

// renderLimits bound a render of the home page; the tests, which run serve inside a
// race-instrumented test binary on a loaded machine, give it more time (render_limits_test.go).
var renderLimits = ssr.DefaultLimits

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}

// run is main without the process: testable, with its exit code returned.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv config.Getenv) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "serve":
		err = serve(ctx, args[1:], stdout, stderr, getenv)
	case "admin":
		err = admin(ctx, args[1:], stdin, stdout, stderr, getenv)
	case "backup":
		err = backupCmd(ctx, args[1:], stdout, stderr, getenv)
	case "restore":
		err = restoreCmd(ctx, args[1:], stdout, stderr, getenv)
	case "migrate":
		err = migrateCmd(ctx, args[1:], stdout, stderr, getenv)
	case "probe":
		err = probeCmd(ctx, args[1:], stderr, getenv)
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "ugcfolio: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		return 2
	}
	// One line, whatever the error: drivers like to wrap theirs over several.
	msg := strings.Join(strings.FieldsFunc(err.Error(), func(r rune) bool { return r == '\n' || r == '\t' }), "; ")
	fmt.Fprintf(stderr, "ugcfolio: %s\n", msg)
	return 1
}

// jobLease, when set, replaces the background jobs' lease (30 s): the
// tests that kill serve with SIGKILL shorten it so the job is taken again
// after a second.
var jobLease time.Duration

// testJobs, when set, registers job kinds of the tests' own once the
// server's are registered: the drain test runs a job that never ends.
var testJobs func(*jobs.Queue)

// notifyEvery, when set, replaces the spacing of inquiry notifications
// (mail.NotifyEvery): the kill tests set it short to see digests quickly.
var notifyEvery time.Duration

// errUsage marks an error whose message the flag package already printed.
var errUsage = errors.New("usage")

// newFlagSet makes a flag set that prints its help to stderr and returns
// errors instead of exiting.
func newFlagSet(name, help string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, help)
		fs.PrintDefaults()
	}
	return fs
}

func parseErr(err error) error {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return err
	}
	if strings.HasPrefix(err.Error(), "flag provided but not defined") || strings.HasPrefix(err.Error(), "invalid ") {
		return errUsage // flag has printed the error and the usage
	}
	return err
}

const serveHelp = `Usage: ugcfolio serve [flags]

Serves the site, the API and the back office.

Environment:
  UGCFOLIO_ADDR, UGCFOLIO_DATA    defaults for --addr and --data
  DATABASE_URL                    postgres://… to use PostgreSQL instead of DATA/ugcfolio.db
  UGCFOLIO_GATE_USERNAME, UGCFOLIO_GATE_PASSWORD
                                  turn on the coming-soon gate with these credentials
  UGCFOLIO_REGISTRATION           unset: POST /api/register works until the site has an admin, then
                                  answers 403; open: always works; closed: never (admin create)
  UGCFOLIO_SESSION_IDLE           a session unused this long ends (default 48h; 5m to 336h)
  UGCFOLIO_TRUSTED_PROXIES        addresses or CIDRs whose X-Forwarded-For and
                                  X-Forwarded-Proto (https: Secure cookie) are believed
  UGCFOLIO_S3_ENDPOINT, _BUCKET, _ACCESS_KEY, _SECRET_KEY, _REGION, _TLS
                                  keep uploads in S3-compatible storage (TLS unless _TLS=false)
  UGCFOLIO_SMTP_URL               smtp://user:pass@host:port (STARTTLS required: a server that
                                  does not offer it gets nothing) or smtps://… (TLS from the start);
                                  smtp://host:port?tls=none for plain text, without user and password:
                                  e-mail each inquiry to the creator
  UGCFOLIO_MAIL_FROM              the sender of that e-mail
  UGCFOLIO_NOTIFY_TO              its recipients, comma-separated (default: every admin)
  UGCFOLIO_MAIL_AUTOREPLY=true    also thank the visitor (at most once a day per address)
  UGCFOLIO_PUBLIC_URL             the site's address, for links in e-mail
  UGCFOLIO_STRIPE_SECRET_KEY, UGCFOLIO_STRIPE_WEBHOOK_SECRET
                                  card payment of invoices through Stripe Checkout (both, or neither)
  UGCFOLIO_STRIPE_VIPPS=true      also offer Vipps on NOK invoices (a preview at Stripe)
  UGCFOLIO_LOG_FORMAT=json        JSON request logs
  UGCFOLIO_DOMAINS                default for --domain (comma-separated)
  UGCFOLIO_ACME_EMAIL             contact address for the certificate authority
  UGCFOLIO_HTTPS_ADDR, UGCFOLIO_HTTP_ADDR
                                  listen addresses with --domain (default :443 and :80)
  UGCFOLIO_ACME_DIRECTORY, UGCFOLIO_ACME_CA_FILE
                                  another ACME server than Let's Encrypt, and the
                                  roots of its own HTTPS certificate
  UGCFOLIO_METRICS_ADDR           default for --metrics-addr
  UGCFOLIO_SHUTDOWN_TIMEOUT       on SIGTERM, how long requests in flight may take to finish (default 30s)
  UGCFOLIO_DRAIN_DELAY            on SIGTERM, how long to keep taking requests while /readyz
                                  answers 503, before closing the listeners (default 0s)
  UGCFOLIO_VIDEO_WORKERS          videos transcoded at once (default 1; needs ffmpeg)
  UGCFOLIO_VIDEO_TIMEOUT          time limit of one try of a video (default 30m)
  UGCFOLIO_VIDEO_PROCESSING=off   serve uploaded videos as they arrived even with ffmpeg
  UGCFOLIO_BACKUP_TO              back up on a schedule to a directory or s3://bucket/prefix
  UGCFOLIO_BACKUP_KEY             the secret (32+ characters) backups are signed with (required with _TO)
  UGCFOLIO_BACKUP_AGE_RECIPIENTS  encrypt backups for these age public keys
  UGCFOLIO_BACKUP_EVERY, _KEEP    how often (default 24h) and how many to keep (default 7)
  UGCFOLIO_BACKUP_S3_ENDPOINT, _ACCESS_KEY, _SECRET_KEY, _REGION, _TLS
                                  the backup bucket's server (default: the UGCFOLIO_S3_* ones)
  NAME_FILE                       read a secret (DATABASE_URL, UGCFOLIO_SMTP_URL, passwords, keys) from a file

Flags:
`

func serve(ctx context.Context, args []string, stdout, stderr io.Writer, getenv config.Getenv) error {
	fs := newFlagSet("serve", serveHelp, stderr)
	cfg, err := config.LoadServe(args, getenv, fs)
	if err != nil {
		return parseErr(err)
	}
	log := newLogger(stdout, cfg.LogJSON)

	// Listen before anything slow, so a taken or bad address fails at once.
	lns, err := listenAll(cfg)
	if err != nil {
		return err
	}
	defer lns.Close()

	st, err := store.Open(ctx, cfg.DatabaseURL, cfg.SQLitePath())
	if err != nil {
		return fmt.Errorf("database: %v", err)
	}
	defer st.Close()

	storage, err := openStorage(ctx, cfg)
	if err != nil {
		return err
	}
	webFS, err := web.Dist()
	if err != nil {
		return fmt.Errorf("web app: %v", err)
	}
	m := newMetrics(cfg, st)
	queue := jobs.New(st, log)
	if jobLease > 0 {
		queue.Lease = jobLease
	}
	// On SIGTERM a job gets this long to finish before it is handed back (queued again at
	// once, its lease given up) for another replica: a transcode must not hold a deploy.
	queue.Grace = min(queue.Grace, cfg.Shutdown.Timeout)
	siteURL := cfg.Mail.PublicURL
	if siteURL == "" && len(cfg.TLS.Domains) > 0 {
		siteURL = "https://" + cfg.TLS.Domains[0]
	}
	// Absolute addresses (canonical links, previews, the sitemap, links in e-mail) come from
	// the configuration only: a request's Host header is the client's to make up.
	if siteURL == "" {
		siteURL = "http://" + lns.site.Addr().String()
		log.Warn("no UGCFOLIO_PUBLIC_URL: canonical links, the sitemap and e-mail links name "+siteURL+"; set it to the site's public address",
			"public_url", siteURL)
	}
	mailer, err := mail.New(mail.Deps{Config: cfg.Mail, SiteURL: siteURL, Store: st, Jobs: queue, Log: log, NotifyEvery: notifyEvery})
	if err != nil {
		return err
	}
	if !mailer.Enabled() {
		log.Info("e-mail is off: inquiries are not mailed (set UGCFOLIO_SMTP_URL and UGCFOLIO_MAIL_FROM)")
	} else {
		log.Info("e-mail is on", "transport", mailer.Transport())
	}
	tools, videoOff := findVideoTools(ctx, cfg, log)
	// The home page is rendered in the binary (internal/ssr); the engine loads in the background
	// so the first visitor does not wait for it.
	renderer := ssr.New(web.HomeRenderer(), renderLimits)
	warmCtx, stopWarm := context.WithCancel(ctx)
	warmed := make(chan struct{})
	go func() {
		defer close(warmed)
		if err := renderer.Warm(warmCtx); err != nil && warmCtx.Err() == nil {
			log.Error("home page renderer failed to load: the browser renders the page", "err", err)
		}
	}()
	defer func() { stopWarm(); <-warmed; renderer.Close() }()
	roomsClock, sweepEvery := roomsTestClock(getenv, log)
	api := httpapi.New(httpapi.Deps{Config: cfg, Store: st, Log: log, Web: webFS, Storage: storage, Metrics: m,
		Jobs: queue, Mail: mailer, Video: tools, VideoOff: videoOff, Renderer: renderer, SiteURL: siteURL,
		RoomsClock: roomsClock, RoomsSweepEvery: sweepEvery})
	if testJobs != nil {
		testJobs(queue)
	}
	// After the server: the demo's logos are processed by its job kinds, which run below.
	if cfg.Demo {
		deps := demo.Deps{Save: saveUpload(storage), Process: api.ProcessUpload, Deals: api.Deals()}
		if tools != nil {
			deps.FFmpeg = tools.FFmpeg // the demo's clip, processed like an upload
		}
		if err := demo.Seed(ctx, st, deps, stdout); err != nil {
			return fmt.Errorf("demo content: %v", err)
		}
	}
	// The background jobs (kinds registered by httpapi.New), the janitor
	// (abandoned uploads, expired sessions) and scheduled backups use the
	// store: they stop, and are waited for, before the store closes
	// (deferred above); job handlers get a grace.
	jobsCtx, stopJobs := context.WithCancel(ctx)
	jobsDone := make(chan struct{})
	go func() { defer close(jobsDone); queue.Run(jobsCtx) }()
	defer func() { stopJobs(); <-jobsDone }()
	janitorCtx, stopJanitor := context.WithCancel(ctx)
	janitorDone := make(chan struct{})
	go func() { defer close(janitorDone); api.RunJanitor(janitorCtx) }()
	defer func() { stopJanitor(); <-janitorDone }()
	// The analytics stop after the last request (deferred, after runServers): page views of
	// the requests served while draining are written too.
	analyticsCtx, stopAnalytics := context.WithCancel(context.WithoutCancel(ctx))
	analyticsDone := make(chan struct{})
	go func() { defer close(analyticsDone); api.RunAnalytics(analyticsCtx) }()
	defer func() { stopAnalytics(); <-analyticsDone }()
	// The rooms' sweep, billing's reminders and Fiken's payments (internal/capabilities).
	sweepsCtx, stopSweeps := context.WithCancel(ctx)
	sweepsDone := make(chan struct{})
	go func() { defer close(sweepsDone); api.RunSweeps(sweepsCtx) }()
	defer func() { stopSweeps(); <-sweepsDone }()
	stopBackups, err := startBackups(ctx, cfg, st, serveDeps{log: log, backupDone: backupReporter(m)})
	if err != nil {
		return err
	}
	defer stopBackups()

	servers, err := lns.servers(cfg, api.Handler(), m, log)
	if err != nil {
		return err
	}
	engine := "SQLite at " + cfg.SQLitePath()
	if st.Dialect == store.Postgres {
		engine = "PostgreSQL"
	}
	log.Info("ugcfolio serving", "database", engine, "gate", cfg.GateEnabled())
	return runServers(ctx, servers, api.Drain, cfg.Shutdown, log)
}

// findVideoTools answers the ffmpeg tools that process uploaded videos, or
// nil and why (the admin is told: "ffmpeg is not installed"), with one log
// line, when processing is off.
func findVideoTools(ctx context.Context, cfg config.Config, log *slog.Logger) (*videoproc.Tools, error) {
	if cfg.Video.Off {
		log.Info("video processing is off (UGCFOLIO_VIDEO_PROCESSING=off): uploads are served as they arrived")
		return nil, errors.New("UGCFOLIO_VIDEO_PROCESSING=off")
	}
	tools, err := videoproc.Find(ctx)
	if err != nil {
		log.Info("video processing is off: uploads are served as they arrived (install ffmpeg to turn it on)", "err", err)
		return nil, err
	}
	if !tools.ZScale {
		log.Warn("this ffmpeg has no zscale filter: HDR videos are converted without tone mapping")
	}
	return &tools, nil
}

func newLogger(w io.Writer, asJSON bool) *slog.Logger {
	if asJSON {
		return slog.New(slog.NewJSONHandler(w, nil))
	}
	return slog.New(slog.NewTextHandler(w, nil))
}

// unwrapOp drops the "listen tcp …:" prefix that repeats the address.
func unwrapOp(err error) error {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		return op.Err
	}
	return err
}

const adminHelp = `Usage:
  ugcfolio admin create --email EMAIL [--name NAME] [--reset-password]
      Creates an admin account. The password is read from standard input (one line,
      at least 12 characters). If the address already has an account (anyone may
      register any address while registration is open), add --reset-password: the
      account gets this password and name, becomes an admin, and every session of
      it ends, so whoever registered it has no way in left.
  ugcfolio admin promote EMAIL
      Makes an existing account an admin, if its password was set with admin create:
      a password chosen at registration proves nothing about who owns the address.

Both use the database of "serve": --data DIR or UGCFOLIO_DATA, or DATABASE_URL
(or DATABASE_URL_FILE).

Flags:
`

func admin(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv config.Getenv) error {
	if len(args) == 0 || (args[0] != "create" && args[0] != "promote") {
		if len(args) > 0 && (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
			fmt.Fprint(stdout, adminHelp)
			return nil
		}
		fmt.Fprint(stderr, adminHelp)
		return errUsage
	}
	fs := newFlagSet("admin "+args[0], adminHelp, stderr)
	email := fs.String("email", "", "the admin's e-mail address, used as username (create)")
	name := fs.String("name", "", "display name (create; default: the part before @)")
	reset := fs.Bool("reset-password", false, "create: if the account exists, set this password, make it an admin and end its sessions")
	dataDir := fs.String("data", or(getenv("UGCFOLIO_DATA"), "data"), "data directory of the SQLite database")
	if err := fs.Parse(args[1:]); err != nil {
		return parseErr(err)
	}
	databaseURL, err := config.DatabaseURL(getenv)
	if err != nil {
		return err
	}
	cfg := config.Config{DataDir: *dataDir}

	switch args[0] {
	case "create":
		if fs.NArg() > 0 {
			return fmt.Errorf("unexpected argument %q (the password is read from standard input)", fs.Arg(0))
		}
		password, err := readLine(stdin)
		if err != nil {
			return err
		}
		if err := auth.ValidateCredentials(*email, password); err != nil {
			return clientMessage(err)
		}
		if utf8.RuneCountInString(password) < auth.MinAdminPasswordLength {
			return fmt.Errorf("an admin password must be at least %d characters", auth.MinAdminPasswordLength)
		}
		display := *name
		if display == "" {
			display, _, _ = strings.Cut(*email, "@")
		}
		hash, err := auth.HashPassword(password)
		if err != nil {
			return err
		}
		st, err := store.Open(ctx, databaseURL, cfg.SQLitePath())
		if err != nil {
			return fmt.Errorf("database: %v", err)
		}
		defer st.Close()
		u, err := st.CreateUser(ctx, store.UserInput{Username: *email, DisplayName: display, PasswordHash: hash, IsAdmin: true, PasswordSetByOperator: true})
		if apperr.Is(err, apperr.CodeConflict) {
			if !*reset {
				return existingAccount(ctx, st, *email)
			}
			u, err = st.TakeOverUser(ctx, *email, display, hash, httpapi.SessionUser)
			if err != nil {
				return clientMessage(err)
			}
			fmt.Fprintf(stdout, "Reset the password of %s (%s): an admin now; its other sessions have ended\n", u.Username, u.DisplayName)
			return nil
		}
		if err != nil {
			return clientMessage(err)
		}
		fmt.Fprintf(stdout, "Created admin %s (%s)\n", u.Username, u.DisplayName)
	case "promote":
		if fs.NArg() != 1 {
			return errors.New("admin promote takes one argument: the account's e-mail address")
		}
		st, err := store.Open(ctx, databaseURL, cfg.SQLitePath())
		if err != nil {
			return fmt.Errorf("database: %v", err)
		}
		defer st.Close()
		u, err := st.PromoteUser(ctx, fs.Arg(0))
		if errors.Is(err, store.ErrPasswordNotOperators) {
			return fmt.Errorf("%s has a password chosen at registration, which proves nothing about who owns the address: "+
				"set one of yours with: ugcfolio admin create --email %s --reset-password", fs.Arg(0), fs.Arg(0))
		}
		if err != nil {
			return clientMessage(err)
		}
		fmt.Fprintf(stdout, "%s is now an admin\n", u.Username)
	}
	return nil
}

// existingAccount is the refusal of admin create for an address that has an
// account already, naming the way on.
func existingAccount(ctx context.Context, st *store.Store, email string) error {
	u, err := st.UserByUsername(ctx, email)
	if err != nil {
		return clientMessage(err)
	}
	if u.IsAdmin {
		return fmt.Errorf("%s already has an account, an admin (add --reset-password to give it a new password)", u.Username)
	}
	return fmt.Errorf("%s already has an account, registered on the site with a password its registrant chose; "+
		"to make it your admin with your password (ending its sessions), run this again with --reset-password", u.Username)
}

// readLine reads the password: the first line of standard input.
func readLine(r io.Reader) (string, error) {
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("read password: %v", err)
	}
	line = strings.TrimRight(line, "\r\n")
	if line == "" {
		return "", errors.New("no password on standard input (give it as one line)")
	}
	return line, nil
}

// clientMessage shows a domain error by its message alone.
func clientMessage(err error) error {
	if e, ok := apperr.As(err); ok {
		return errors.New(e.Message)
	}
	return err
}

func or(v, fallback string) string {
	if v != "" {
		return v
	}
	return fallback
}

// openStorage picks where uploads live: an S3-compatible bucket when
// UGCFOLIO_S3_ENDPOINT is set, else DATA/uploads.
func openStorage(ctx context.Context, cfg config.Config) (media.Storage, error) {
	if cfg.S3.Endpoint == "" {
		return media.NewLocal(cfg.UploadsDir()), nil
	}
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	return media.NewS3(ctx, media.S3Options(cfg.S3))
}

// saveUpload writes demo files through the uploads storage.
func saveUpload(s media.Storage) demo.SaveFile {
	return func(ctx context.Context, name string, data []byte) error {
		return s.Put(ctx, name, bytes.NewReader(data), int64(len(data)))
	}
}

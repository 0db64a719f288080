// Package config turns flags and environment into one Config, validated
// once at start so that a bad setting stops the binary with one clear line.
package config

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is everything `ugcfolio serve` needs.
type Config struct {
	Addr        string // UGCFOLIO_ADDR, --addr
	DataDir     string // UGCFOLIO_DATA, --data
	DatabaseURL string // DATABASE_URL (or DATABASE_URL_FILE): PostgreSQL instead of SQLite
	Demo        bool   // --demo: seed demo content and a demo admin on an empty database
	LogJSON     bool   // UGCFOLIO_LOG_FORMAT=json

	// The coming-soon gate is on when both are set.
	GateUsername string // UGCFOLIO_GATE_USERNAME
	GatePassword string // UGCFOLIO_GATE_PASSWORD (or _FILE)

	// TrustedProxies are the peers whose X-Forwarded-For and
	// X-Forwarded-Proto we believe (UGCFOLIO_TRUSTED_PROXIES, comma-separated
	// addresses or CIDR prefixes). Empty: trust nobody.
	TrustedProxies []netip.Prefix

	// Accounts. Registration (UGCFOLIO_REGISTRATION) says when
	// POST /api/register creates accounts: by default only while the site
	// has no admin. SessionIdle (UGCFOLIO_SESSION_IDLE, default 48h; 0 in a
	// Config built by hand: none) ends a session unused that long, within
	// its 14-day lifetime.
	Registration Registration
	SessionIdle  time.Duration

	S3    S3Config
	Mail  MailConfig
	Fiken FikenConfig // UGCFOLIO_FIKEN_*: invoices issued and sent through Fiken (fiken.go)
	Video VideoConfig // UGCFOLIO_VIDEO_*: processing of uploaded videos (video.go)

	Stripe StripeConfig // UGCFOLIO_STRIPE_*: card payment of invoices (stripe.go)

	Analytics AnalyticsConfig // UGCFOLIO_ANALYTICS*: first-party analytics (analytics.go)
	Shutdown  ShutdownConfig  // UGCFOLIO_SHUTDOWN_TIMEOUT, UGCFOLIO_DRAIN_DELAY (shutdown.go)

	// Running for years (ops.go): scheduled backups, automatic HTTPS, metrics.
	Backup      BackupConfig
	TLS         TLSConfig
	MetricsAddr string // --metrics-addr, UGCFOLIO_METRICS_ADDR: Prometheus /metrics; "" = off
}

// S3Config selects S3-compatible object storage for uploads when Endpoint is set.
type S3Config struct {
	Endpoint  string // UGCFOLIO_S3_ENDPOINT, host:port
	Bucket    string // UGCFOLIO_S3_BUCKET
	AccessKey string // UGCFOLIO_S3_ACCESS_KEY
	SecretKey string // UGCFOLIO_S3_SECRET_KEY (or _FILE)
	Region    string // UGCFOLIO_S3_REGION
	UseTLS    bool   // UGCFOLIO_S3_TLS: true unless set to false
}

// GateEnabled reports whether visitors must pass the coming-soon gate.
func (c Config) GateEnabled() bool { return c.GateUsername != "" && c.GatePassword != "" }

// SQLitePath is where the embedded database lives.
func (c Config) SQLitePath() string { return filepath.Join(c.DataDir, "ugcfolio.db") }

// UploadsDir is where local storage keeps uploaded files.
func (c Config) UploadsDir() string { return filepath.Join(c.DataDir, "uploads") }

// ChunksDir is where chunked uploads in progress keep their chunks (always
// on the local disk, whatever the storage of finished files).
func (c Config) ChunksDir() string { return filepath.Join(c.DataDir, "upload-chunks") }

// Getenv looks up an environment variable (os.Getenv in production).
type Getenv func(string) string

// LoadServe parses the serve sub-command's flags over the environment and
// validates the result. It does not touch the network or the database.
func LoadServe(args []string, getenv Getenv, fs *flag.FlagSet) (Config, error) {
	c := Config{
		Addr:         or(getenv("UGCFOLIO_ADDR"), "127.0.0.1:8080"),
		DataDir:      or(getenv("UGCFOLIO_DATA"), "data"),
		LogJSON:      getenv("UGCFOLIO_LOG_FORMAT") == "json",
		GateUsername: getenv("UGCFOLIO_GATE_USERNAME"),
		S3: S3Config{
			Endpoint:  getenv("UGCFOLIO_S3_ENDPOINT"),
			Bucket:    getenv("UGCFOLIO_S3_BUCKET"),
			AccessKey: getenv("UGCFOLIO_S3_ACCESS_KEY"),
			Region:    getenv("UGCFOLIO_S3_REGION"),
			UseTLS:    getenv("UGCFOLIO_S3_TLS") != "false",
		},
	}
	var err error
	if c.DatabaseURL, err = DatabaseURL(getenv); err != nil {
		return c, err
	}
	if c.GatePassword, err = secret(getenv, "UGCFOLIO_GATE_PASSWORD"); err != nil {
		return c, err
	}
	if c.S3.SecretKey, err = secret(getenv, "UGCFOLIO_S3_SECRET_KEY"); err != nil {
		return c, err
	}
	if c.Mail, err = loadMail(getenv); err != nil {
		return c, err
	}
	if c.Stripe, err = loadStripe(getenv); err != nil {
		return c, err
	}
	if c.Fiken, err = loadFiken(getenv); err != nil {
		return c, err
	}
	if c.TrustedProxies, err = parsePrefixes(getenv("UGCFOLIO_TRUSTED_PROXIES")); err != nil {
		return c, err
	}
	if c.Video, err = loadVideo(getenv); err != nil {
		return c, err
	}
	if c.Analytics, err = loadAnalytics(getenv); err != nil {
		return c, err
	}
	if c.Registration, c.SessionIdle, err = loadAccounts(getenv); err != nil {
		return c, err
	}
	if c.Shutdown, err = loadShutdown(getenv); err != nil {
		return c, err
	}
	if err := c.loadOps(getenv, fs); err != nil {
		return c, err
	}
	fs.StringVar(&c.Addr, "addr", c.Addr, "listen address HOST:PORT (env UGCFOLIO_ADDR)")
	fs.StringVar(&c.DataDir, "data", c.DataDir, "data directory: SQLite database and uploads (env UGCFOLIO_DATA)")
	fs.BoolVar(&c.Demo, "demo", false, "on an empty database, add demo content and a demo admin whose password is printed once")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return c, c.Validate()
}

// Validate checks every setting that can be checked without a network call,
// and prepares the data directory.
func (c Config) Validate() error {
	host, port, err := net.SplitHostPort(c.Addr)
	if err != nil {
		return fmt.Errorf("bad address %q: want HOST:PORT", c.Addr)
	}
	if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
		return fmt.Errorf("bad address %q: port must be a number from 0 to 65535", c.Addr)
	}
	if host != "" && host != "localhost" {
		if _, err := netip.ParseAddr(host); err != nil {
			return fmt.Errorf("bad address %q: host must be an IP address or localhost", c.Addr)
		}
	}
	if c.DatabaseURL != "" && !IsPostgresURL(c.DatabaseURL) {
		return ErrDatabaseURL
	}
	if (c.GateUsername == "") != (c.GatePassword == "") {
		return errors.New("set both UGCFOLIO_GATE_USERNAME and UGCFOLIO_GATE_PASSWORD, or neither")
	}
	if c.S3.Endpoint != "" && (c.S3.Bucket == "" || c.S3.AccessKey == "" || c.S3.SecretKey == "") {
		return errors.New("UGCFOLIO_S3_ENDPOINT needs UGCFOLIO_S3_BUCKET, UGCFOLIO_S3_ACCESS_KEY and UGCFOLIO_S3_SECRET_KEY")
	}
	if err := c.checkPlaceholders(); err != nil {
		return err
	}
	if err := c.validateOps(); err != nil {
		return err
	}
	if err := c.Mail.validate(); err != nil {
		return err
	}
	if err := c.Stripe.validate(); err != nil {
		return err
	}
	return checkWritableDir(c.DataDir)
}

// DefaultSessionIdle is how long an unused session lasts unless configured.
const DefaultSessionIdle = 48 * time.Hour

// Registration is when POST /api/register creates accounts.
type Registration string

const (
	// RegistrationUntilAdmin (the default, UGCFOLIO_REGISTRATION unset):
	// open while the site has no admin, closed (403) once it has one. A
	// visitor's account can do nothing an anonymous visitor cannot, and an
	// open registration lets anyone take addresses first.
	RegistrationUntilAdmin Registration = ""
	// RegistrationOpen (UGCFOLIO_REGISTRATION=open): always open.
	RegistrationOpen Registration = "open"
	// RegistrationClosed (UGCFOLIO_REGISTRATION=closed): always closed;
	// accounts come from ugcfolio admin create.
	RegistrationClosed Registration = "closed"
)

// loadAccounts reads UGCFOLIO_REGISTRATION (unset, open or closed) and
// UGCFOLIO_SESSION_IDLE.
func loadAccounts(getenv Getenv) (reg Registration, idle time.Duration, err error) {
	switch v := Registration(getenv("UGCFOLIO_REGISTRATION")); v {
	case RegistrationUntilAdmin, RegistrationOpen, RegistrationClosed:
		reg = v
	default:
		return "", 0, fmt.Errorf("UGCFOLIO_REGISTRATION: %q is neither open nor closed (unset: open until the site has an admin)", v)
	}
	idle = DefaultSessionIdle
	if v := getenv("UGCFOLIO_SESSION_IDLE"); v != "" {
		if idle, err = time.ParseDuration(v); err != nil || idle < 5*time.Minute || idle > 14*24*time.Hour {
			return "", 0, fmt.Errorf("UGCFOLIO_SESSION_IDLE: %q is not a duration from 5m to 336h", v)
		}
	}
	return reg, idle, nil
}

// checkWritableDir creates dir if needed (readable by its owner only: it
// holds the database, sessions and unpublished originals) and proves we can
// write in it.
func checkWritableDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("data directory %s cannot be created: %v", dir, unwrapPath(err))
	}
	f, err := os.CreateTemp(dir, ".write-check-*")
	if err != nil {
		return fmt.Errorf("data directory %s is not writable: %v", dir, unwrapPath(err))
	}
	f.Close()
	return os.Remove(f.Name())
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// DatabaseURL is DATABASE_URL, or the contents of the file DATABASE_URL_FILE
// names: the one rule serve and the admin commands share, so both always
// open the same database.
func DatabaseURL(getenv Getenv) (string, error) { return secret(getenv, "DATABASE_URL") }

// secret reads NAME, or the contents of the file named by NAME_FILE.
func secret(getenv Getenv, name string) (string, error) {
	if v := getenv(name); v != "" {
		return v, nil
	}
	path := getenv(name + "_FILE")
	if path == "" {
		return "", nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("%s_FILE: %v", name, err)
	}
	return strings.TrimSpace(string(b)), nil
}

func parsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if !strings.Contains(item, "/") {
			a, err := netip.ParseAddr(item)
			if err != nil {
				return nil, fmt.Errorf("UGCFOLIO_TRUSTED_PROXIES: bad address %q", item)
			}
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(item)
		if err != nil {
			return nil, fmt.Errorf("UGCFOLIO_TRUSTED_PROXIES: bad prefix %q", item)
		}
		out = append(out, p)
	}
	return out, nil
}

func or(v, fallback string) string {
	if v != "" {
		return v
	}
	return fallback
}

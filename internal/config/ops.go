package config

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// Settings for running the site for years: backups, automatic HTTPS and
// metrics. They live here, apart from the core settings.

// BackupConfig is where and how often backups go.
type BackupConfig struct {
	To    string        // UGCFOLIO_BACKUP_TO: a directory or s3://bucket/prefix; "" = no scheduled backups
	Every time.Duration // UGCFOLIO_BACKUP_EVERY (Go duration), default 24h
	Keep  int           // UGCFOLIO_BACKUP_KEEP, default 7; 0 keeps all
	// S3 connects to the backup bucket: UGCFOLIO_BACKUP_S3_ENDPOINT,
	// _ACCESS_KEY, _SECRET_KEY (or _FILE), _REGION, _TLS, each defaulting
	// to the UGCFOLIO_S3_* setting of the uploads storage.
	S3 S3Config
	// Key signs every backup (UGCFOLIO_BACKUP_KEY or _FILE, at least 32
	// bytes): restore refuses a backup whose signature does not verify.
	Key string
	// AgeRecipients, when set, encrypt backups at rest with age
	// (UGCFOLIO_BACKUP_AGE_RECIPIENTS: age1… public keys, comma-separated);
	// AgeIdentityFile holds the private key restore decrypts them with
	// (UGCFOLIO_BACKUP_AGE_IDENTITY_FILE).
	AgeRecipients   string
	AgeIdentityFile string
}

// MinBackupKeyBytes is the shortest UGCFOLIO_BACKUP_KEY accepted.
const MinBackupKeyBytes = 32

// CheckKey says what is wrong with the signing key, if anything.
func (b BackupConfig) CheckKey() error {
	if len(b.Key) < MinBackupKeyBytes {
		return fmt.Errorf("UGCFOLIO_BACKUP_KEY must be set to a secret of at least %d characters: backups are signed with it and restore needs the same key (keep a copy away from the server)", MinBackupKeyBytes)
	}
	return nil
}

// TLSConfig turns on automatic HTTPS when Domains is set.
type TLSConfig struct {
	Domains   []string // --domain (repeatable or comma-separated), UGCFOLIO_DOMAINS
	Email     string   // UGCFOLIO_ACME_EMAIL: the CA's contact for expiry notices
	Directory string   // UGCFOLIO_ACME_DIRECTORY: ACME directory URL, default Let's Encrypt
	HTTPSAddr string   // UGCFOLIO_HTTPS_ADDR, default :443
	HTTPAddr  string   // UGCFOLIO_HTTP_ADDR, default :80 (ACME challenges and the redirect)
	// CAFile is a PEM file of roots that sign the ACME server's own HTTPS
	// certificate (UGCFOLIO_ACME_CA_FILE), for a private CA; default the system's.
	CAFile string
}

// LetsEncrypt is the default ACME directory.
const LetsEncrypt = "https://acme-v02.api.letsencrypt.org/directory"

// LoadBackup reads the backup settings from the environment.
func LoadBackup(getenv Getenv) (BackupConfig, error) {
	b := BackupConfig{To: getenv("UGCFOLIO_BACKUP_TO"), Every: 24 * time.Hour, Keep: 7,
		AgeRecipients: getenv("UGCFOLIO_BACKUP_AGE_RECIPIENTS"), AgeIdentityFile: getenv("UGCFOLIO_BACKUP_AGE_IDENTITY_FILE")}
	if v := getenv("UGCFOLIO_BACKUP_EVERY"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Minute {
			return b, fmt.Errorf("UGCFOLIO_BACKUP_EVERY: want a duration of a minute or more, like 24h or 6h (got %q)", v)
		}
		b.Every = d
	}
	if v := getenv("UGCFOLIO_BACKUP_KEEP"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return b, fmt.Errorf("UGCFOLIO_BACKUP_KEEP: want a whole number, 0 for all (got %q)", v)
		}
		b.Keep = n
	}
	pick := func(name string) string { return or(getenv("UGCFOLIO_BACKUP_S3_"+name), getenv("UGCFOLIO_S3_"+name)) }
	b.S3 = S3Config{
		Endpoint:  pick("ENDPOINT"),
		AccessKey: pick("ACCESS_KEY"),
		Region:    pick("REGION"),
		UseTLS:    pick("TLS") != "false", // TLS unless the operator says otherwise
	}
	var err error
	if b.Key, err = secret(getenv, "UGCFOLIO_BACKUP_KEY"); err != nil {
		return b, err
	}
	if b.S3.SecretKey, err = secret(getenv, "UGCFOLIO_BACKUP_S3_SECRET_KEY"); err != nil || b.S3.SecretKey != "" {
		return b, err
	}
	b.S3.SecretKey, err = secret(getenv, "UGCFOLIO_S3_SECRET_KEY")
	return b, err
}

// Secret reads NAME, or the contents of the file named by NAME_FILE (for
// commands that need one setting and not all of serve's).
func Secret(getenv Getenv, name string) (string, error) { return secret(getenv, name) }

// loadOps reads the backup, HTTPS and metrics settings and registers their flags.
func (c *Config) loadOps(getenv Getenv, fs *flag.FlagSet) error {
	var err error
	if c.Backup, err = LoadBackup(getenv); err != nil {
		return err
	}
	c.MetricsAddr = getenv("UGCFOLIO_METRICS_ADDR")
	c.TLS = TLSConfig{
		Domains:   splitList(getenv("UGCFOLIO_DOMAINS")),
		Email:     getenv("UGCFOLIO_ACME_EMAIL"),
		Directory: or(getenv("UGCFOLIO_ACME_DIRECTORY"), LetsEncrypt),
		HTTPSAddr: or(getenv("UGCFOLIO_HTTPS_ADDR"), ":443"),
		HTTPAddr:  or(getenv("UGCFOLIO_HTTP_ADDR"), ":80"),
		CAFile:    getenv("UGCFOLIO_ACME_CA_FILE"),
	}
	fs.Func("domain", "serve HTTPS for this name with certificates from Let's Encrypt, on :443 and :80 (repeatable; env UGCFOLIO_DOMAINS)", func(v string) error {
		c.TLS.Domains = append(c.TLS.Domains, splitList(v)...)
		return nil
	})
	fs.StringVar(&c.MetricsAddr, "metrics-addr", c.MetricsAddr, "serve Prometheus /metrics on this HOST:PORT, apart from the site; off when empty (env UGCFOLIO_METRICS_ADDR)")
	return nil
}

// validateOps checks the settings loadOps read.
func (c Config) validateOps() error {
	if c.MetricsAddr != "" {
		if err := checkAddr("--metrics-addr", c.MetricsAddr); err != nil {
			return err
		}
	}
	if strings.HasPrefix(c.Backup.To, "s3://") && (c.Backup.S3.Endpoint == "" || c.Backup.S3.AccessKey == "" || c.Backup.S3.SecretKey == "") {
		return errors.New("UGCFOLIO_BACKUP_TO=s3://… needs UGCFOLIO_BACKUP_S3_ENDPOINT, _ACCESS_KEY and _SECRET_KEY (or the UGCFOLIO_S3_* ones)")
	}
	if c.Backup.To != "" {
		if err := c.Backup.CheckKey(); err != nil {
			return err
		}
	}
	if len(c.TLS.Domains) == 0 {
		return nil
	}
	for _, d := range c.TLS.Domains {
		if !validDomain(d) {
			return fmt.Errorf("--domain %q: want a host name like example.no", d)
		}
	}
	if err := checkAddr("UGCFOLIO_HTTPS_ADDR", c.TLS.HTTPSAddr); err != nil {
		return err
	}
	if err := checkAddr("UGCFOLIO_HTTP_ADDR", c.TLS.HTTPAddr); err != nil {
		return err
	}
	if !strings.HasPrefix(c.TLS.Directory, "https://") {
		return errors.New("UGCFOLIO_ACME_DIRECTORY must be an https:// URL")
	}
	return nil
}

// CertsDir is where automatic HTTPS keeps its account key and certificates.
func (c Config) CertsDir() string { return c.DataDir + "/certs" }

func checkAddr(name, addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%s: bad address %q: want HOST:PORT", name, addr)
	}
	if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
		return fmt.Errorf("%s: bad address %q: port must be a number from 0 to 65535", name, addr)
	}
	if host != "" && host != "localhost" {
		if _, err := netip.ParseAddr(host); err != nil {
			return fmt.Errorf("%s: bad address %q: host must be an IP address or localhost", name, addr)
		}
	}
	return nil
}

// validDomain accepts a DNS name with at least one dot (ACME certificates
// are for public names), letters, digits and hyphens.
func validDomain(d string) bool {
	if len(d) > 253 || !strings.Contains(d, ".") || strings.HasPrefix(d, ".") || strings.HasSuffix(d, ".") {
		return false
	}
	for _, label := range strings.Split(d, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
				return false
			}
		}
	}
	return true
}

func splitList(v string) []string {
	var out []string
	for _, item := range strings.Split(v, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, strings.ToLower(item))
		}
	}
	return out
}

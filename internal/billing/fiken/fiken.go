// Package fiken issues and sends invoices through the creator's Fiken
// (its API v2, client.go): with Fiken connected in Settings → Billing,
// "Issue in Fiken" makes the contact and the invoice there, Fiken numbers
// it (billing stores the invoice under Fiken's number; its own series is
// not used meanwhile), and sends it by EHF when the buyer can receive it,
// else by e-mail. Credit notes go the same way; payments go both ways
// (one registered in Fiken comes back by a periodic job, one recorded
// here is sent there). Every call to Fiken runs in a job of the kind
// fiken.call (a document, a payment, the payments' fetch: its subject
// says which) so that Fiken busy or down is tried again,
// and a wrong token or Fiken's refusal is shown on the invoice with
// Fiken's words and not tried again. Nothing is made twice: each document
// carries a reference of its own (its orderReference in Fiken), recorded
// before the first try, by which a try after a lost answer finds what the
// earlier one made.
package fiken

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Config is the connection from the environment (UGCFOLIO_FIKEN_TOKEN,
// UGCFOLIO_FIKEN_COMPANY, UGCFOLIO_FIKEN_BANK_ACCOUNT); with Token set it
// wins over Settings, which then cannot change it.
type Config struct {
	Token, Company, BankAccount string
	// BaseURL is Fiken's API (UGCFOLIO_FIKEN_API_URL; DefaultBaseURL when empty).
	BaseURL string
}

// Deps are what the Fiken connection needs.
type Deps struct {
	Store   *store.Store
	Log     *slog.Logger
	Billing *billing.Service
	Jobs    *jobs.Queue
	Config  Config
	HTTP    *http.Client // nil: a client with a 30 s time limit
	// Backoff is the wait between tries of a call Fiken may take later
	// (nil: 30 s doubling up to 30 min, 8 tries).
	Backoff jobs.Backoff
	// SyncEvery is how often each server queues the payments' fetch (0: 15 min).
	SyncEvery time.Duration
}

// Service is the site's Fiken connection.
type Service struct {
	st        *store.Store
	log       *slog.Logger
	billing   *billing.Service
	jobs      *jobs.Queue
	cfg       Config
	http      *http.Client
	syncEvery time.Duration

	calls jobs.Kind[call]
}

// call is one job of the kind fiken.call: a document to make and send
// (Doc), a payment to send (Payment), or the payments' fetch (Sync). One
// kind for all, so that one call to Fiken runs at a time in a process
// (Fiken takes one request at a time from an integration).
type call struct {
	Doc     int64 `json:"doc,omitempty"`
	Payment int64 `json:"payment,omitempty"`
	Sync    bool  `json:"sync,omitempty"`
}

const (
	callKind = "fiken.call"
	// secretName names the key the token is sealed under (site_secrets).
	secretName = "fiken-token"
)

// New makes the connection, registers its jobs and billing's hooks.
func New(d Deps) *Service {
	s := &Service{st: d.Store, log: d.Log, billing: d.Billing, jobs: d.Jobs, cfg: d.Config, http: d.HTTP, syncEvery: d.SyncEvery}
	if s.syncEvery <= 0 {
		s.syncEvery = 15 * time.Minute
	}
	backoff := d.Backoff
	if backoff == nil {
		backoff = jobs.Exponential(30*time.Second, 30*time.Minute)
	}
	opts := jobs.Options{MaxAttempts: 8, Timeout: 5 * time.Minute, Backoff: backoff}
	s.calls = jobs.Register(d.Jobs, callKind, opts, func(ctx context.Context, t *jobs.Task, c call) error {
		switch {
		case c.Doc > 0:
			return s.work(ctx, c.Doc, t.Attempts >= t.MaxAttempts)
		case c.Payment > 0:
			return s.pushPayment(ctx, c.Payment)
		case c.Sync:
			if err := s.Sync(ctx); err != nil {
				return jobs.Permanent(err) // the next round fetches again
			}
		}
		return nil
	})
	d.Billing.SetSeriesOwner(func(ctx context.Context) (string, error) {
		_, ok, err := s.connection(ctx)
		if ok {
			return "Fiken", err
		}
		return "", err
	})
	d.Billing.SetIssuedElsewhere(s.issuedHere)
	d.Billing.OnPayment(s.onPayment)
	return s
}

// issuedHere answers "Fiken" for a billing document Fiken numbered (its
// e-mail and reminders are Fiken's).
func (s *Service) issuedHere(ctx context.Context, invoiceID int64) (string, error) {
	var n int
	err := s.st.DB.QueryRowContext(ctx, s.q(`SELECT count(*) FROM fiken_documents WHERE invoice_id = ?`), invoiceID).Scan(&n)
	if err != nil || n == 0 {
		return "", err
	}
	return "Fiken", nil
}

// Run queues the payments' fetch every SyncEvery until ctx ends (serve runs it).
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(s.syncEvery)
	defer t.Stop()
	for {
		if err := s.ScheduleSync(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("fiken: queue the payments' fetch", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// ScheduleSync queues the payments' fetch unless one waits or runs, and
// only while Fiken is connected.
func (s *Service) ScheduleSync(ctx context.Context) error {
	if _, ok, err := s.connection(ctx); err != nil || !ok {
		return err
	}
	_, err := s.calls.EnqueueOnce(ctx, jobs.OncePrefix+"fiken.sync", call{Sync: true})
	return err
}

// conn is a working connection.
type conn struct {
	company, token, bankAccount string
	source                      string // "environment" or "settings"
	connectedAt                 *time.Time
}

func (s *Service) client(c conn) *Client {
	return &Client{BaseURL: s.cfg.BaseURL, Token: c.token, Company: c.company, HTTP: s.http}
}

// connection answers the connection: the environment's, else the one
// stored in Settings (its token opened); ok false when there is none.
func (s *Service) connection(ctx context.Context) (conn, bool, error) {
	if s.cfg.Token != "" {
		bank := s.cfg.BankAccount
		if bank == "" {
			bank = defaultBankAccount
		}
		return conn{company: s.cfg.Company, token: s.cfg.Token, bankAccount: bank, source: "environment"}, true, nil
	}
	var c conn
	var sealed string
	var at time.Time
	err := s.st.DB.QueryRowContext(ctx, `SELECT company, token_sealed, bank_account, connected_at FROM fiken_connection WHERE id = 1`).
		Scan(&c.company, &sealed, &c.bankAccount, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return conn{}, false, nil
	}
	if err != nil {
		return conn{}, false, err
	}
	if c.token, err = s.open(ctx, c.company, sealed); err != nil {
		return conn{}, false, err
	}
	c.source, c.connectedAt = "settings", &at
	return c, true, nil
}

// defaultBankAccount is Fiken's usual first bank account.
const defaultBankAccount = "1920:10001"

// sealData binds a sealed token to its company: copied onto another it does not open.
func sealData(company string) []byte { return []byte("fiken-token:" + company) }

func (s *Service) seal(ctx context.Context, company, token string) (string, error) {
	sealer, err := s.st.Sealer(ctx, secretName)
	if err != nil {
		return "", err
	}
	return sealer.Seal(token, sealData(company)), nil
}

var errSealed = errors.New("fiken: the stored token does not open (the site's key was replaced): connect Fiken again")

func (s *Service) open(ctx context.Context, company, sealed string) (string, error) {
	sealer, err := s.st.Sealer(ctx, secretName)
	if err != nil {
		return "", err
	}
	token, ok := sealer.Open(sealed, sealData(company))
	if !ok {
		return "", errSealed
	}
	return token, nil
}

// newRef is a document's own reference in Fiken: what it is and a random
// part, so that a site started afresh never takes an old one for its own.
func newRef(prefix string, id int64) string {
	b := make([]byte, 4)
	rand.Read(b)
	return prefix + "-" + itoa(id) + "-" + hex.EncodeToString(b)
}

var errNotConnected = apperr.New(apperr.CodeConflict, "Fiken is not connected: connect it in Settings → Billing")

// SetBaseURL points the client at another Fiken (tests: a fake's address).
func (s *Service) SetBaseURL(u string) { s.cfg.BaseURL = u }

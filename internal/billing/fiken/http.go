package fiken

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// The admin's API of the Fiken connection (docs/fiken.md).

// Routes answers the connection's routes, all the admin's.
func (s *Service) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/admin/billing/fiken", Admin: s.getConnection},
		{Pattern: "PUT /api/admin/billing/fiken", Admin: s.putConnection},
		{Pattern: "DELETE /api/admin/billing/fiken", Admin: s.deleteConnection},
		{Pattern: "POST /api/admin/billing/fiken/test", Admin: s.testConnection},
		{Pattern: "POST /api/admin/billing/fiken/sync", Admin: s.syncNow},
		{Pattern: "GET /api/admin/invoices/{id}/fiken", Admin: s.getStatus},
		{Pattern: "POST /api/admin/invoices/{id}/fiken/issue", Admin: s.issue},
		{Pattern: "POST /api/admin/invoices/{id}/fiken/credit-note", Admin: s.creditNote},
	}
}

// Connection is what the admin sees of the connection: never the token.
type Connection struct {
	Connected   bool       `json:"connected"`
	Source      string     `json:"source"` // "settings", "environment" or ""
	Company     string     `json:"company"`
	BankAccount string     `json:"bankAccount"`
	ConnectedAt *time.Time `json:"connectedAt"`
}

// ConnectInput is PUT /api/admin/billing/fiken.
type ConnectInput struct {
	Token       string `json:"token"`
	Company     string `json:"company"`
	BankAccount string `json:"bankAccount"`
}

func (s *Service) view(ctx context.Context) (Connection, error) {
	c, ok, err := s.connection(ctx)
	if err != nil || !ok {
		return Connection{}, err
	}
	return Connection{Connected: true, Source: c.source, Company: c.company, BankAccount: c.bankAccount, ConnectedAt: c.connectedAt}, nil
}

func (s *Service) getConnection(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	v, err := s.view(r.Context())
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, v)
}

// putConnection connects: the token and the company are tried on Fiken
// (GET the company) before anything is stored; the token is stored sealed.
func (s *Service) putConnection(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	if s.cfg.Token != "" {
		return apperr.New(apperr.CodeConflict, "Fiken is connected by the environment (UGCFOLIO_FIKEN_TOKEN): change it there")
	}
	var in ConnectInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	in.Token, in.Company, in.BankAccount = strings.TrimSpace(in.Token), strings.TrimSpace(in.Company), strings.TrimSpace(in.BankAccount)
	if in.BankAccount == "" {
		in.BankAccount = defaultBankAccount
	}
	switch {
	case in.Token == "" || len(in.Token) > 500:
		return apperr.Invalid("token is required: a personal API token from Fiken (Rediger konto → API)")
	case in.Company == "" || len(in.Company) > 200 || strings.ContainsAny(in.Company, "/?# "):
		return apperr.Invalid("company is required: the company's slug in Fiken (the name in its addresses, fiken.no/foretak/<slug>)")
	case !bankAccountCode(in.BankAccount):
		return apperr.Invalid(`bankAccount must be a Fiken bank account code, "1920:" and five digits (1920:10001)`)
	}
	cl := s.client(conn{company: in.Company, token: in.Token})
	if _, err := cl.GetCompany(r.Context()); err != nil {
		return apperr.Invalid("Fiken did not accept the connection: %s", fikenMessage(err))
	}
	sealed, err := s.seal(r.Context(), in.Company, in.Token)
	if err != nil {
		return err
	}
	now := s.billing.Now()
	if _, err := s.st.DB.ExecContext(r.Context(), s.q(`INSERT INTO fiken_connection (id, company, token_sealed, bank_account, connected_at)
		VALUES (1, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET company = excluded.company, token_sealed = excluded.token_sealed,
		bank_account = excluded.bank_account, connected_at = excluded.connected_at`), in.Company, sealed, in.BankAccount, now); err != nil {
		return err
	}
	v, err := s.view(r.Context())
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, v)
}

func bankAccountCode(s string) bool {
	acc, sub, ok := strings.Cut(s, ":")
	if !ok || len(acc) != 4 || len(sub) != 5 {
		return false
	}
	for _, c := range acc + sub {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func fikenMessage(err error) string {
	if fe, ok := AsError(err); ok {
		if fe.Status == http.StatusUnauthorized {
			return "the API token is wrong or revoked (401)"
		}
		return fe.Error()
	}
	return err.Error()
}

func (s *Service) deleteConnection(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	if s.cfg.Token != "" {
		return apperr.New(apperr.CodeConflict, "Fiken is connected by the environment (UGCFOLIO_FIKEN_TOKEN): remove it there")
	}
	if _, err := s.st.DB.ExecContext(r.Context(), `DELETE FROM fiken_connection WHERE id = 1`); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// TestResult is POST …/fiken/test.
type TestResult struct {
	OK      bool   `json:"ok"`
	Company string `json:"company"` // the company's name in Fiken
	Message string `json:"message"`
}

func (s *Service) testConnection(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	c, ok, err := s.connection(r.Context())
	if err != nil {
		return err
	}
	if !ok {
		return errNotConnected
	}
	co, err := s.client(c).GetCompany(r.Context())
	if err != nil {
		return httpx.WriteJSON(w, http.StatusOK, TestResult{Message: fikenMessage(err)})
	}
	return httpx.WriteJSON(w, http.StatusOK, TestResult{OK: true, Company: co.Name, Message: "Connected to " + co.Name})
}

func (s *Service) syncNow(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	if _, ok, err := s.connection(r.Context()); err != nil {
		return err
	} else if !ok {
		return errNotConnected
	}
	if err := s.ScheduleSync(r.Context()); err != nil {
		return err
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}

// Status is GET /api/admin/invoices/{id}/fiken: the invoice's document in
// Fiken (null when not made there), its credit notes' and its payments'.
type Status struct {
	Connected   bool            `json:"connected"`
	Document    *Document       `json:"document"`
	CreditNotes []Document      `json:"creditNotes"`
	Payments    []PaymentStatus `json:"payments"`
}

// StatusOf answers invoice id's life in Fiken.
func (s *Service) StatusOf(ctx context.Context, id int64) (Status, error) {
	_, connected, err := s.connection(ctx)
	if err != nil {
		return Status{}, err
	}
	st := Status{Connected: connected, CreditNotes: []Document{}}
	docs, err := s.docs(ctx, `WHERE (kind = 'invoice' AND source_id = ?) OR invoice_id = ? ORDER BY id`, id, id)
	if err != nil {
		return Status{}, err
	}
	if len(docs) > 0 {
		d, err := s.withJob(ctx, docs[0])
		if err != nil {
			return Status{}, err
		}
		st.Document = &d
	}
	notes, err := s.docs(ctx, `WHERE kind = 'credit-note' AND source_id = ? ORDER BY id`, id)
	if err != nil {
		return Status{}, err
	}
	for _, n := range notes {
		n, err := s.withJob(ctx, n)
		if err != nil {
			return Status{}, err
		}
		st.CreditNotes = append(st.CreditNotes, n)
	}
	if st.Payments, err = s.payments(ctx, id); err != nil {
		return Status{}, err
	}
	return st, nil
}

func invoiceID(r *http.Request) (int64, error) { return httpx.PathID(r, "id", "invoice with id") }

func (s *Service) getStatus(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := invoiceID(r)
	if err != nil {
		return err
	}
	if _, err := s.billing.Get(r.Context(), id); err != nil {
		return err
	}
	st, err := s.StatusOf(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, st)
}

// issue answers POST …/fiken/issue (body optional: {exchangeRate}) with
// 202 and the document, queued.
func (s *Service) issue(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := invoiceID(r)
	if err != nil {
		return err
	}
	var o billing.IssueOptions
	if r.ContentLength != 0 {
		if err := httpx.DecodeJSON(w, r, &o); err != nil {
			return err
		}
	}
	d, err := s.IssueInvoice(r.Context(), id, o)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusAccepted, d)
}

// creditNote answers POST …/fiken/credit-note {lines?, reason} with 202
// and the credit note's document, queued.
func (s *Service) creditNote(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := invoiceID(r)
	if err != nil {
		return err
	}
	var in billing.CreditInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	d, err := s.CreditNote(r.Context(), id, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusAccepted, d)
}

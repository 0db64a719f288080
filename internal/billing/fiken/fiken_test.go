package fiken_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/billing/fiken"
	"github.com/ugcfolio/ugcfolio/internal/billing/fiken/fikentest"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/httpapi"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// Issuing, sending, crediting and paying through Fiken, against the fake
// built from Fiken's published description, through the real router and
// job queue, on SQLite and PostgreSQL.

const token = "fiken-personal-token-7f3a9c"

// profile is a VAT-registered seller (no KID agreement: Fiken makes the KID).
var profile = map[string]any{
	"legalName": "Kari Nordmann Film", "orgNumber": "988 077 917", "vatRegistered": true,
	"address": map[string]string{"street": "Storgata 1", "postalCode": "0155", "city": "Oslo", "country": "no"},
	"email":   "kari@example.no", "accountNumber": "8601.11.17947", "paymentTermsDays": 14,
	"invoiceLanguage": "no", "firstInvoiceNumber": 1001, "inForetaksregisteret": true,
}

type site struct {
	*sitetest.Site
	fake  *fikentest.Fake
	admin *sitetest.Client
}

// withFiken runs fn on a site whose Fiken is the fake, the job queue
// running; a try Fiken may take later comes again after wait.
func withFiken(t *testing.T, wait time.Duration, fn func(t *testing.T, s site)) {
	t.Helper()
	sitetest.Each(t, sitetest.Options{Jobs: true, Deps: func(d *httpapi.Deps) {
		d.Fiken = func(fd *fiken.Deps) { fd.Backoff = func(int) time.Duration { return wait } }
	}}, func(t *testing.T, e *sitetest.Site) {
		fake := fikentest.New(t, token, "kari-nordmann-film")
		e.Server.Fiken().SetBaseURL(fake.URL)
		s := site{Site: e, fake: fake, admin: e.SignedInAdmin(t)}
		s.admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		fn(t, s)
	})
}

func (s site) connect(t *testing.T) {
	t.Helper()
	s.admin.Do("PUT", "/api/admin/billing/fiken", map[string]any{"token": token, "company": "kari-nordmann-film"}).WantStatus(t, http.StatusOK)
}

// draft makes a booked deal's draft with the buyer given (PATCH's buyer).
func (s site) draft(t *testing.T, buyer map[string]any) int64 {
	t.Helper()
	var d struct{ ID int64 }
	s.admin.Do("POST", "/api/admin/deals", map[string]any{"brand": "Fjellkaffe AS", "contactEmail": "marked@fjellkaffe.no",
		"package": "Instagram-pakke", "price": 6300, "currency": "NOK", "deliverableCount": 3, "deliverableSeconds": 30,
		"dueDate": "2026-03-12", "stage": "booked"}).WantStatus(t, http.StatusCreated).JSON(t, &d)
	var inv struct{ ID int64 }
	s.admin.Do("POST", fmt.Sprintf("/api/admin/deals/%d/invoices", d.ID), nil).WantStatus(t, http.StatusCreated).JSON(t, &inv)
	s.admin.Do("PATCH", fmt.Sprintf("/api/admin/invoices/%d", inv.ID), map[string]any{"buyer": buyer}).WantStatus(t, http.StatusOK)
	return inv.ID
}

type status struct {
	Connected   bool
	Document    *doc
	CreditNotes []doc
	Payments    []struct {
		Direction, State, Error string
		FikenPaymentID          *int64
	}
}

type doc struct {
	ID          int64
	Kind        string
	InvoiceID   *int64
	State       string
	FikenID     *int64
	FikenNumber *int64
	SentVia     string
	Error       string
	ErrorStatus int
	Retrying    bool
}

func (s site) status(t *testing.T, id int64) status {
	t.Helper()
	var st status
	s.admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d/fiken", id), nil).WantStatus(t, http.StatusOK).JSON(t, &st)
	return st
}

// until reads the status until done says it is there (the job queue runs
// apart); a bound on the wait only, never a measure.
func (s site) until(t *testing.T, id int64, what string, done func(status) bool) status {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); {
		st := s.status(t, id)
		if done(st) {
			return st
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("invoice %d: never %s: %+v", id, what, s.status(t, id))
	return status{}
}

func settled(st status) bool {
	return st.Document != nil && (st.Document.State == fiken.StateSent || st.Document.State == fiken.StateFailed || st.Document.Retrying)
}

type invoiceJSON struct {
	ID          int64
	Number      *int64
	State       string
	KID         string
	Outstanding int64
	Paid        int64
	Totals      struct{ Gross int64 }
	CorrectsID  *int64
	PDFSHA256   string
}

func (s site) invoice(t *testing.T, id int64) invoiceJSON {
	t.Helper()
	var inv invoiceJSON
	s.admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d", id), nil).WantStatus(t, http.StatusOK).JSON(t, &inv)
	return inv
}

var norwegianBuyer = map[string]any{"orgNumber": "123456785", "email": "faktura@fjellkaffe.no"}
var privateBuyer = map[string]any{"email": "ola@example.no", "address": map[string]any{"street": "Kirkegata 2", "postalCode": "0153", "city": "Oslo", "country": "NO"}}

func TestConnection(t *testing.T) {
	t.Parallel()
	withFiken(t, time.Hour, func(t *testing.T, s site) {
		var c map[string]any
		s.admin.Do("GET", "/api/admin/billing/fiken", nil).WantStatus(t, http.StatusOK).JSON(t, &c)
		if c["connected"] != false {
			t.Fatalf("before connecting: %v", c)
		}
		s.admin.Do("PUT", "/api/admin/billing/fiken", map[string]any{"token": "wrong", "company": "kari-nordmann-film"}).
			WantMessage(t, http.StatusBadRequest, "Fiken did not accept the connection: the API token is wrong or revoked (401)")
		s.admin.Do("PUT", "/api/admin/billing/fiken", map[string]any{"token": token, "company": "kari-nordmann-film", "bankAccount": "1920"}).
			WantStatus(t, http.StatusBadRequest)
		res := s.admin.Do("PUT", "/api/admin/billing/fiken", map[string]any{"token": token, "company": "kari-nordmann-film"}).WantStatus(t, http.StatusOK)
		get := s.admin.Do("GET", "/api/admin/billing/fiken", nil).WantStatus(t, http.StatusOK)
		for _, body := range []string{string(res.Body), string(get.Body)} {
			if strings.Contains(body, token) || strings.Contains(body, token[len(token)-4:]) {
				t.Fatalf("the API answers the token: %s", body)
			}
		}
		get.JSON(t, &c)
		if c["connected"] != true || c["source"] != "settings" || c["company"] != "kari-nordmann-film" || c["bankAccount"] != "1920:10001" {
			t.Fatalf("connected: %v", c)
		}
		var sealed string
		if err := s.Store.DB.QueryRow(`SELECT token_sealed FROM fiken_connection`).Scan(&sealed); err != nil || sealed == "" || strings.Contains(sealed, token) {
			t.Fatalf("stored token %q, %v", sealed, err)
		}
		var test map[string]any
		s.admin.Do("POST", "/api/admin/billing/fiken/test", nil).WantStatus(t, http.StatusOK).JSON(t, &test)
		if test["ok"] != true {
			t.Fatalf("test: %v", test)
		}
		// While Fiken is connected the own series is not used.
		id := s.draft(t, norwegianBuyer)
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/issue", id), nil).
			WantMessage(t, http.StatusConflict, "Fiken is connected and numbers the invoices: issue it in Fiken (the own series is not used meanwhile)")
		s.admin.Do("DELETE", "/api/admin/billing/fiken", nil).WantStatus(t, http.StatusNoContent)
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", id), nil).
			WantMessage(t, http.StatusConflict, "Fiken is not connected: connect it in Settings → Billing")
		inv := s.invoice(t, id)
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/issue", id), nil).WantStatus(t, http.StatusOK).JSON(t, &inv)
		if inv.Number == nil || *inv.Number != 1001 {
			t.Fatalf("own series after disconnecting: %+v", inv)
		}
	})
}

func TestConnectionFromTheEnvironment(t *testing.T) {
	t.Parallel()
	fake := fikentest.New(t, token, "kari-nordmann-film")
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{Jobs: true, Config: func(c *config.Config) {
		c.Fiken = config.FikenConfig{Token: token, Company: "kari-nordmann-film", APIURL: fake.URL}
	}})
	s := site{Site: e, fake: fake, admin: e.SignedInAdmin(t)}
	s.admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
	var c map[string]any
	s.admin.Do("GET", "/api/admin/billing/fiken", nil).WantStatus(t, http.StatusOK).JSON(t, &c)
	if c["connected"] != true || c["source"] != "environment" || c["company"] != "kari-nordmann-film" {
		t.Fatalf("from the environment: %v", c)
	}
	s.admin.Do("PUT", "/api/admin/billing/fiken", map[string]any{"token": "other", "company": "x"}).WantStatus(t, http.StatusConflict)
	s.admin.Do("DELETE", "/api/admin/billing/fiken", nil).WantStatus(t, http.StatusConflict)
	id := s.draft(t, privateBuyer)
	s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", id), nil).WantStatus(t, http.StatusAccepted)
	if st := s.until(t, id, "sent", settled); st.Document.State != fiken.StateSent {
		t.Fatalf("issued with the environment's token: %+v", st.Document)
	}
}

func TestIssueSendsByEHFOrEmail(t *testing.T) {
	t.Parallel()
	withFiken(t, 10*time.Millisecond, func(t *testing.T, s site) {
		s.connect(t)
		s.fake.ReceivesEHF("123456785")
		ehf := s.draft(t, norwegianBuyer)
		var d doc
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", ehf), nil).WantStatus(t, http.StatusAccepted).JSON(t, &d)
		if d.State != fiken.StatePending {
			t.Fatalf("queued: %+v", d)
		}
		st := s.until(t, ehf, "sent", settled)
		if st.Document.State != fiken.StateSent || st.Document.SentVia != "ehf" || st.Document.FikenNumber == nil || *st.Document.FikenNumber != 10001 {
			t.Fatalf("by EHF: %+v", st.Document)
		}
		inv := s.invoice(t, ehf)
		if inv.Number == nil || *inv.Number != 10001 || inv.State != "issued" || inv.KID != "0010001" || inv.PDFSHA256 == "" {
			t.Fatalf("issued here under Fiken's number: %+v", inv)
		}
		if got := s.fake.Dispatches(10001); len(got) != 1 || got[0] != "ehf" {
			t.Fatalf("Fiken sent %v", got)
		}
		// A second time is refused; the fake made one.
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", ehf), nil).WantStatus(t, http.StatusConflict)

		// A private buyer: by e-mail, the next number of Fiken's series.
		mail := s.draft(t, privateBuyer)
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", mail), nil).WantStatus(t, http.StatusAccepted)
		st = s.until(t, mail, "sent", settled)
		if st.Document.State != fiken.StateSent || st.Document.SentVia != "email" || *st.Document.FikenNumber != 10002 {
			t.Fatalf("by e-mail: %+v", st.Document)
		}
		// A Norwegian company that cannot receive EHF gets e-mail.
		other := s.draft(t, map[string]any{"orgNumber": "988077917", "email": "post@annen.no"})
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", other), nil).WantStatus(t, http.StatusAccepted)
		if st = s.until(t, other, "sent", settled); st.Document.SentVia != "email" {
			t.Fatalf("no EHF: %+v", st.Document)
		}
		if n := s.fake.InvoiceCount(); n != 3 {
			t.Fatalf("Fiken has %d invoices", n)
		}
		// The own series was not used: disconnected, it starts at its first number.
		s.admin.Do("DELETE", "/api/admin/billing/fiken", nil).WantStatus(t, http.StatusNoContent)
		own := s.draft(t, norwegianBuyer)
		var issued invoiceJSON
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/issue", own), nil).WantStatus(t, http.StatusOK).JSON(t, &issued)
		if *issued.Number != 1001 {
			t.Fatalf("own series: %d", *issued.Number)
		}
	})
}

package billing_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// Billing's API through the real router and guard (internal/sitetest), on
// SQLite and PostgreSQL.

type invoiceJSON struct {
	ID           int64  `json:"id"`
	DealID       int64  `json:"dealId"`
	Kind         string `json:"kind"`
	Number       *int64 `json:"number"`
	State        string `json:"state"`
	Currency     string `json:"currency"`
	Language     string `json:"language"`
	IssueDate    string `json:"issueDate"`
	DueDate      string `json:"dueDate"`
	DeliveryDate string `json:"deliveryDate"`
	VATMode      string `json:"vatMode"`
	Buyer        struct {
		Name      string `json:"name"`
		OrgNumber string `json:"orgNumber"`
		VATID     string `json:"vatId"`
		Address   struct {
			Street, PostalCode, City, Country string
		} `json:"address"`
		Email     string `json:"email"`
		Reference string `json:"reference"`
	} `json:"buyer"`
	Lines []struct {
		Description string `json:"description"`
		Quantity    int64  `json:"quantity"`
		UnitPrice   int64  `json:"unitPrice"`
		VATRate     int    `json:"vatRate"`
	} `json:"lines"`
	Totals struct {
		Net, VAT, Gross int64
	} `json:"totals"`
	KID         string `json:"kid"`
	Paid        int64  `json:"paid"`
	Outstanding int64  `json:"outstanding"`
	Prepaid     int64  `json:"prepaid"`
	Payable     int64  `json:"payable"`
	Credited    int64  `json:"credited"`
	CorrectsID  *int64 `json:"correctsId"`
	PDFSHA256   string `json:"pdfSha256"`
	EHFSHA256   string `json:"ehfSha256"`
}

// invoice sends a request about an invoice and answers the invoice that comes back.
func invoice(t *testing.T, c *sitetest.Client, method, path string, body any, status int) invoiceJSON {
	t.Helper()
	var inv invoiceJSON
	c.Do(method, path, body).WantStatus(t, status).JSON(t, &inv)
	return inv
}

// profile is a VAT-registered seller with a MOD10 KID agreement of 8 digits.
var profile = map[string]any{
	"legalName": "Kari Nordmann Film", "orgNumber": "988 077 917", "vatRegistered": true,
	"address": map[string]string{"street": "Storgata 1", "postalCode": "0155", "city": "Oslo", "country": "no"},
	"email":   "kari@example.no", "accountNumber": "8601.11.17947", "iban": "NO93 8601 1117 947", "bic": "DNBANOKK",
	"kidAgreement": map[string]any{"length": 8, "algorithm": "mod10"}, "paymentTermsDays": 14,
	"invoiceLanguage": "no", "firstInvoiceNumber": 1001, "inForetaksregisteret": true,
}

// pdfText is a PDF's text as pdftotext reads it.
func pdfText(t *testing.T, pdf string) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = strings.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext (make pdftotext installs it): %v", err)
	}
	return string(out)
}

// clockAt sets billing's clock to a day in Oslo (noon).
func clockAt(e *sitetest.Site, day string) *sitetest.Clock {
	t, _ := time.Parse(time.DateOnly, day)
	c := sitetest.NewClock(t.Add(11 * time.Hour))
	e.Server.Billing().SetClock(c.Now)
	return c
}

// newDeal makes a booked deal of 3 videos at 6 300 kr and answers its id.
func newDeal(t *testing.T, admin *sitetest.Client, brand, currency string) int64 {
	t.Helper()
	var d struct{ ID int64 }
	admin.Do("POST", "/api/admin/deals", map[string]any{"brand": brand, "contactEmail": "marked@" + "fjellkaffe.no",
		"package": "Instagram-pakke", "price": 6300, "currency": currency, "deliverableCount": 3, "deliverableSeconds": 30,
		"dueDate": "2026-03-12", "stage": "booked"}).WantStatus(t, http.StatusCreated).JSON(t, &d)
	return d.ID
}

// readyDraft makes a draft of the deal (body: POST's) that has all it
// needs to be issued: the buyer's organisation number (norwegian-numbers'
// 123456785).
func readyDraft(t *testing.T, admin *sitetest.Client, deal int64, body any) int64 {
	t.Helper()
	d := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/deals/%d/invoices", deal), body, http.StatusCreated)
	invoice(t, admin, "PATCH", fmt.Sprintf("/api/admin/invoices/%d", d.ID), map[string]any{"buyer": map[string]any{"orgNumber": "123456785"}}, http.StatusOK)
	return d.ID
}

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

func dealStage(t *testing.T, admin *sitetest.Client, id int64) string {
	t.Helper()
	var d struct{ Stage string }
	admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d", id), nil).WantStatus(t, http.StatusOK).JSON(t, &d)
	return d.Stage
}

func TestProfile(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		var p map[string]any
		admin.Do("GET", "/api/admin/billing", nil).WantStatus(t, http.StatusOK).JSON(t, &p)
		if p["paymentTermsDays"] != 14.0 || p["kidAgreement"] != nil || p["firstInvoiceNumber"] != 1.0 || p["invoiceLanguage"] != "no" || p["vatRegistered"] != false {
			t.Fatalf("default profile %v", p)
		}
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK).JSON(t, &p)
		addr := p["address"].(map[string]any)
		if p["orgNumber"] != "988077917" || p["accountNumber"] != "86011117947" || p["iban"] != "NO9386011117947" || addr["country"] != "NO" {
			t.Errorf("normalised profile %v", p)
		}
		admin.Do("GET", "/api/admin/billing", nil).WantStatus(t, http.StatusOK).JSON(t, &p)
		if p["legalName"] != "Kari Nordmann Film" || p["firstInvoiceNumber"] != 1001.0 || p["kidAgreement"].(map[string]any)["algorithm"] != "mod10" {
			t.Errorf("stored profile %v", p)
		}
		// Left out stays; null removes the KID agreement.
		admin.Do("PUT", "/api/admin/billing", map[string]any{"kidAgreement": nil}).WantStatus(t, http.StatusOK).JSON(t, &p)
		if p["kidAgreement"] != nil || p["legalName"] != "Kari Nordmann Film" {
			t.Errorf("after kidAgreement null: %v", p)
		}
		sitetest.Run(t, admin, []sitetest.Scenario{
			{Name: "org number", Method: "PUT", URL: "/api/admin/billing", Body: map[string]any{"orgNumber": "988077918"}, WantStatus: 400,
				WantMessage: "orgNumber must be a Norwegian organisation number: 9 digits, the last a valid MOD11 check digit"},
			{Name: "account", Method: "PUT", URL: "/api/admin/billing", Body: map[string]any{"accountNumber": "86011117946"}, WantStatus: 400,
				WantMessage: "accountNumber must be a Norwegian account number: 11 digits, the last a valid MOD11 check digit"},
			{Name: "KID length", Method: "PUT", URL: "/api/admin/billing", Body: map[string]any{"kidAgreement": map[string]any{"length": 3, "algorithm": "mod10"}},
				WantStatus: 400, WantMessage: "kidAgreement.length must be a whole number from 4 to 25"},
			{Name: "KID algorithm", Method: "PUT", URL: "/api/admin/billing", Body: map[string]any{"kidAgreement": map[string]any{"length": 10, "algorithm": "luhn"}},
				WantStatus: 400, WantMessage: `kidAgreement.algorithm must be "mod10" or "mod11"`},
			{Name: "terms", Method: "PUT", URL: "/api/admin/billing", Body: map[string]any{"paymentTermsDays": -1}, WantStatus: 400,
				WantMessage: "paymentTermsDays must be a whole number from 0 to 365"},
			{Name: "language", Method: "PUT", URL: "/api/admin/billing", Body: map[string]any{"invoiceLanguage": "sv"}, WantStatus: 400,
				WantMessage: `invoiceLanguage must be "no" or "en"`},
			{Name: "IBAN", Method: "PUT", URL: "/api/admin/billing", Body: map[string]any{"iban": "NO9486011117947"}, WantStatus: 400,
				WantMessage: "iban must be an IBAN (2 letters, 2 check digits and the account, valid by MOD97)"},
			{Name: "country", Method: "PUT", URL: "/api/admin/billing", Body: map[string]any{"address": map[string]any{"country": "Norway"}}, WantStatus: 400,
				WantMessage: "address.country must be a two-letter country code (ISO 3166-1) like NO"},
			{Name: "e-mail", Method: "PUT", URL: "/api/admin/billing", Body: map[string]any{"email": "kari"}, WantStatus: 400,
				WantMessage: "email must be an e-mail address like name@example.no"},
			{Name: "first number", Method: "PUT", URL: "/api/admin/billing", Body: map[string]any{"firstInvoiceNumber": 0}, WantStatus: 400,
				WantMessage: "firstInvoiceNumber must be a whole number from 1 to 999999999"},
		})

		// The first number changes until the first issue, and then no more.
		admin.Do("PUT", "/api/admin/billing", map[string]any{"firstInvoiceNumber": 2001}).WantStatus(t, http.StatusOK)
		clockAt(e, "2026-03-13")
		deal := newDeal(t, admin, "Fjellkaffe", "NOK")
		issued := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, deal, nil)), nil, http.StatusOK)
		if issued.Number == nil || *issued.Number != 2001 {
			t.Fatalf("issued %+v", issued)
		}
		admin.Do("PUT", "/api/admin/billing", map[string]any{"firstInvoiceNumber": 1}).
			WantMessage(t, http.StatusConflict, "firstInvoiceNumber cannot change once an invoice is issued")
		admin.Do("PUT", "/api/admin/billing", map[string]any{"firstInvoiceNumber": 2001, "paymentTermsDays": 10}).WantStatus(t, http.StatusOK)
		// Saving the profile again never restarts the series.
		second := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, deal, nil)), nil, http.StatusOK)
		if second.Number == nil || *second.Number != 2002 {
			t.Fatalf("the issue after saving the profile: %+v", second)
		}
	})
}

func TestInvoiceLifecycle(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		clock := clockAt(e, "2026-03-13")
		deal := newDeal(t, admin, "Fjellkaffe", "NOK")

		// A draft prefilled from the deal: brand, e-mail, its videos at its price, 25 % VAT.
		d := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/deals/%d/invoices", deal), nil, http.StatusCreated)
		if d.Number != nil || d.State != "draft" || d.Kind != "invoice" || d.Buyer.Name != "Fjellkaffe" || d.Buyer.Email != "marked@fjellkaffe.no" ||
			d.VATMode != "domestic" || d.Currency != "NOK" || d.Language != "no" || d.DeliveryDate != "2026-03-12" || len(d.Lines) != 1 ||
			d.Lines[0].Quantity != 3 || d.Lines[0].UnitPrice != 2100_00 || d.Lines[0].VATRate != 25 ||
			d.Lines[0].Description != "Instagram-pakke: 3 videoer, 30 sek, 9:16" || d.Totals.Gross != 7875_00 || d.Totals.VAT != 1575_00 {
			t.Fatalf("draft %+v", d)
		}
		path := fmt.Sprintf("/api/admin/invoices/%d", d.ID)

		// Issuing names what is missing; the refusal takes no number.
		admin.Do("POST", path+"/issue", nil).WantMessage(t, http.StatusBadRequest,
			"Cannot issue: missing the buyer's address or organisation number (buyer.address: street, city and country; or buyer.orgNumber, or buyer.vatId abroad)")
		p := invoice(t, admin, "PATCH", path, map[string]any{"buyer": map[string]any{"address": map[string]any{"street": "Kaigata 2", "postalCode": "5003", "city": "Bergen"}, "reference": "PO-77", "orgNumber": "988077917"},
			"lines": []map[string]any{{"description": "3 videoer, 30 sek", "quantity": 3, "unitPrice": 2100_00, "vatRate": 25}, {"description": "Bruksrett betalt annonsering, 3 mnd, Norge", "quantity": 1, "unitPrice": 1500_00, "vatRate": 25}}},
			http.StatusOK)
		if p.Buyer.Address.Country != "NO" || p.Buyer.Address.City != "Bergen" || p.Buyer.Reference != "PO-77" || p.Buyer.OrgNumber != "988077917" ||
			len(p.Lines) != 2 || p.Totals.Net != 7800_00 {
			t.Fatalf("patched %+v", p)
		}

		issued := invoice(t, admin, "POST", path+"/issue", nil, http.StatusOK)
		if issued.Number == nil || *issued.Number != 1001 || issued.IssueDate != "2026-03-13" || issued.DueDate != "2026-03-27" ||
			issued.KID != "00010017" /* 0001001 and its Luhn digit */ || issued.State != "issued" || issued.Totals.Gross != 9750_00 || issued.Outstanding != 9750_00 {
			t.Fatalf("issued %+v", issued)
		}

		// The files are the stored bytes, with the stored hash, every time.
		for _, f := range []struct{ ext, ctype, sha string }{{"pdf", "application/pdf", issued.PDFSHA256}, {"ehf", "application/xml", issued.EHFSHA256}} {
			r1 := admin.Do("GET", path+"/"+f.ext, nil).WantStatus(t, http.StatusOK)
			r2 := admin.Do("GET", path+"/"+f.ext, nil).WantStatus(t, http.StatusOK)
			if r1.Header.Get("Content-Type") != f.ctype || r1.Body != r2.Body || sha(r1.Body) != f.sha || f.sha == "" {
				t.Errorf("%s: type %q, sha %s, stored %s", f.ext, r1.Header.Get("Content-Type"), sha(r1.Body), f.sha)
			}
		}

		// What the brand reads: the law's items, in the PDF made at issue.
		text := pdfText(t, admin.Do("GET", path+"/pdf", nil).WantStatus(t, http.StatusOK).Body)
		for _, want := range []string{"Faktura", "1001", "Kari Nordmann Film", "988 077 917 MVA", "Foretaksregisteret",
			"Fjellkaffe", "Kaigata 2", "8601.11.17947", "00010017", "27.03.2026", "Mva 25 %", "1 950,00", "9 750,00"} {
			if !strings.Contains(text, want) {
				t.Errorf("the PDF does not say %q:\n%s", want, text)
			}
		}

		// Issued is final.
		admin.Do("PATCH", path, map[string]any{"note": "x"}).WantStatus(t, http.StatusConflict)
		admin.Do("DELETE", path, nil).WantStatus(t, http.StatusConflict)
		admin.Do("POST", path+"/issue", nil).WantStatus(t, http.StatusConflict)

		// Overdue after the due date, partly paid, paid: derived, never stored.
		clock.Set(clock.Now().AddDate(0, 0, 15))
		if got := invoice(t, admin, "GET", path, nil, http.StatusOK); got.State != "overdue" {
			t.Errorf("after the due date: %s", got.State)
		}
		var list []invoiceJSON
		admin.Do("GET", "/api/admin/invoices?state=overdue", nil).WantStatus(t, http.StatusOK).JSON(t, &list)
		if len(list) != 1 || list[0].ID != d.ID {
			t.Errorf("overdue %+v", list)
		}
		part := invoice(t, admin, "POST", path+"/payments", map[string]any{"amount": 5000_00, "paidOn": "2026-03-28", "method": "bank"}, http.StatusCreated)
		if part.State != "partly-paid" || part.Paid != 5000_00 || part.Outstanding != 4750_00 || dealStage(t, admin, deal) != "booked" {
			t.Errorf("partly paid %+v", part)
		}
		admin.Do("POST", path+"/payments", map[string]any{"amount": 4750_01, "paidOn": "2026-03-28"}).
			WantMessage(t, http.StatusConflict, "amount 475001 is more than the 475000 outstanding")
		paid := invoice(t, admin, "POST", path+"/payments", map[string]any{"amount": 4750_00, "paidOn": "2026-03-28"}, http.StatusCreated)
		if paid.State != "paid" || paid.Outstanding != 0 {
			t.Errorf("paid %+v", paid)
		}
		if st := dealStage(t, admin, deal); st != "paid" {
			t.Errorf("the deal is %s, want paid", st)
		}
		admin.Do("GET", "/api/admin/invoices?state=paid", nil).WantStatus(t, http.StatusOK).JSON(t, &list)
		if len(list) != 1 {
			t.Errorf("paid list %+v", list)
		}

		// A credit note in part, then the rest; never more than is left.
		cpath := path + "/credit-note"
		cn := invoice(t, admin, "POST", cpath, map[string]any{"reason": "Bruksretten ble ikke brukt",
			"lines": []map[string]any{{"description": "Bruksrett betalt annonsering, 3 mnd, Norge", "quantity": 1, "unitPrice": 1500_00, "vatRate": 25}}}, http.StatusCreated)
		if cn.Kind != "credit-note" || cn.Number == nil || *cn.Number != 1002 || cn.CorrectsID == nil || *cn.CorrectsID != d.ID ||
			cn.Totals.Gross != 1875_00 || cn.PDFSHA256 == "" || cn.EHFSHA256 == "" || cn.KID != "" || cn.DueDate != "" {
			t.Fatalf("credit note %+v", cn)
		}
		if got := invoice(t, admin, "GET", path, nil, http.StatusOK); got.Credited != 1875_00 {
			t.Errorf("credited %+v", got)
		}
		admin.Do("POST", cpath, map[string]any{"reason": "Feil", "lines": []map[string]any{{"description": "Alt", "quantity": 1, "unitPrice": 7000_00, "vatRate": 25}}}).
			WantMessage(t, http.StatusBadRequest, "lines credit 875000, more than the 787500 left to credit of invoice 1001")
		admin.Do("POST", cpath, map[string]any{"reason": "Feil"}).
			WantMessage(t, http.StatusConflict, "The invoice is partly credited already: send the lines to credit")
		admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/credit-note", cn.ID), map[string]any{"reason": "x"}).
			WantMessage(t, http.StatusConflict, "A credit note cannot be credited")

		// The issued invoice keeps its deal.
		admin.Do("DELETE", fmt.Sprintf("/api/admin/deals/%d", deal), nil).WantMessage(t, http.StatusConflict,
			"The deal has 2 issued invoice(s), which the law keeps for 5 years: the deal cannot be deleted (move it to lost instead)")
		admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d", deal), nil).WantStatus(t, http.StatusOK)
	})
}

// A whole credit note makes an unpaid invoice credited; a deal with drafts
// only is deleted with them.
func TestWholeCreditAndDraftsGoWithTheDeal(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		clockAt(e, "2026-03-13")
		deal := newDeal(t, admin, "Fjellkaffe", "NOK")
		id := readyDraft(t, admin, deal, nil)
		invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", id), nil, http.StatusOK)
		cn := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/credit-note", id), map[string]any{"reason": "Avlyst"}, http.StatusCreated)
		if cn.Totals.Gross != 7875_00 || len(cn.Lines) != 1 {
			t.Errorf("whole credit note %+v", cn)
		}
		if got := invoice(t, admin, "GET", fmt.Sprintf("/api/admin/invoices/%d", id), nil, http.StatusOK); got.State != "credited" || got.Outstanding != 0 {
			t.Errorf("credited invoice %+v", got)
		}
		if st := dealStage(t, admin, deal); st != "booked" {
			t.Errorf("a credited deal moved to %s", st)
		}
		admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/credit-note", id), map[string]any{"reason": "Igjen"}).
			WantMessage(t, http.StatusConflict, "The invoice is credited in full already")

		other := newDeal(t, admin, "Havsalt", "NOK")
		draft := readyDraft(t, admin, other, nil)
		admin.Do("DELETE", fmt.Sprintf("/api/admin/deals/%d", other), nil).WantStatus(t, http.StatusNoContent)
		admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d", draft), nil).WantStatus(t, http.StatusNotFound)
		var lines int
		if err := e.Store.DB.QueryRow(`SELECT COUNT(*) FROM invoice_lines`).Scan(&lines); err != nil || lines != 2 {
			t.Errorf("lines left %d (%v), want the issued invoice's and its credit note's 2", lines, err)
		}
	})
}

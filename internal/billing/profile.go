package billing

import (
	"context"
	"database/sql"
	"math/big"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/auth"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
)

// The billing profile: who the seller is on every invoice, where she is
// paid, and how her invoices are numbered and marked (KID).

// KIDAgreement is the KID the seller's bank agreed with her: how many
// digits (the check digit included) and which check.
type KIDAgreement struct {
	Length    int    `json:"length"`
	Algorithm string `json:"algorithm"` // "mod10" or "mod11"
}

// Profile is GET|PUT /api/admin/billing.
type Profile struct {
	LegalName     string `json:"legalName"`
	OrgNumber     string `json:"orgNumber"` // 9 digits, "" until she has one
	VATRegistered bool   `json:"vatRegistered"`
	// InForetaksregisteret: the seller is in the Register of Business
	// Enterprises (every AS; a sole proprietorship once registered), and
	// the invoice must say so by the org.nr.
	InForetaksregisteret bool             `json:"inForetaksregisteret"`
	Address              document.Address `json:"address"`
	Email                string           `json:"email"`
	AccountNumber        string           `json:"accountNumber"` // 11 digits
	IBAN                 string           `json:"iban"`
	BIC                  string           `json:"bic"`
	KIDAgreement         *KIDAgreement    `json:"kidAgreement"` // null: no KID, payments are marked with the invoice number
	// PaymentTermsDays is the days from issue to due date.
	PaymentTermsDays int    `json:"paymentTermsDays"`
	InvoiceLanguage  string `json:"invoiceLanguage"` // "no" or "en"
	// FirstInvoiceNumber is the series' first number: settable until the
	// first invoice is issued.
	FirstInvoiceNumber int64 `json:"firstInvoiceNumber"`
	// ReminderFee is what a formal reminder (purring) adds, in øre; 0 is
	// none. It may be charged only when the reminder is sent no earlier
	// than 14 days after the due date, as the schedule does.
	ReminderFee int64 `json:"reminderFee"`
}

// Bounds of the profile's fields.
const (
	maxName            = 200
	maxAddressField    = 200
	maxPaymentTerms    = 365
	maxFirstNumber     = 999_999_999
	defaultPaymentDays = 14
	// maxReminderFee is the most a reminder fee may be: a tenth of the
	// inkassosats (inkassoloven § 17, inkassoforskriften § 1-2), 70 kr while
	// the inkassosats is 700 kr. Check it when the inkassosats changes.
	maxReminderFee = 70_00
)

// Profile reads the billing profile.
func (s *Service) Profile(ctx context.Context) (Profile, error) {
	return s.readProfile(ctx, s.st.DB)
}

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func (s *Service) readProfile(ctx context.Context, q querier) (Profile, error) {
	var p Profile
	var kidLength int
	var kidAlgorithm string
	err := q.QueryRowContext(ctx, `SELECT p.legal_name, p.org_number, p.vat_registered, p.in_foretaksregisteret, p.street, p.postal_code, p.city,
		p.country, p.email, p.account_number, p.iban, p.bic, p.kid_length, p.kid_algorithm, p.payment_terms_days,
		p.invoice_language, s.first_number, p.reminder_fee FROM billing_profile p, invoice_series s WHERE p.id = 1 AND s.id = 1`).Scan(
		&p.LegalName, &p.OrgNumber, &p.VATRegistered, &p.InForetaksregisteret, &p.Address.Street, &p.Address.PostalCode, &p.Address.City,
		&p.Address.Country, &p.Email, &p.AccountNumber, &p.IBAN, &p.BIC, &kidLength, &kidAlgorithm, &p.PaymentTermsDays,
		&p.InvoiceLanguage, &p.FirstInvoiceNumber, &p.ReminderFee)
	if kidLength > 0 {
		p.KIDAgreement = &KIDAgreement{Length: kidLength, Algorithm: kidAlgorithm}
	}
	return p, err
}

// SaveProfile checks p and stores it. The first invoice number changes
// only while no invoice is issued: after, a different one is a 409.
func (s *Service) SaveProfile(ctx context.Context, p Profile) (Profile, error) {
	p, err := CheckProfile(p)
	if err != nil {
		return Profile{}, err
	}
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		// The series first: its row's lock keeps an issue from coming between.
		// Before the first issue the next number follows the first; after, the
		// same first number is taken as it is and the next stays where it is.
		res, err := tx.ExecContext(ctx, s.q(`UPDATE invoice_series SET first_number = ?,
			next_number = CASE WHEN next_number = first_number THEN ? ELSE next_number END
			WHERE id = 1 AND (first_number = ? OR next_number = first_number)`), p.FirstInvoiceNumber, p.FirstInvoiceNumber, p.FirstInvoiceNumber)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return apperr.New(apperr.CodeConflict, "firstInvoiceNumber cannot change once an invoice is issued")
		}
		kidLength, kidAlgorithm := 0, ""
		if p.KIDAgreement != nil {
			kidLength, kidAlgorithm = p.KIDAgreement.Length, p.KIDAgreement.Algorithm
		}
		_, err = tx.ExecContext(ctx, s.q(`UPDATE billing_profile SET legal_name = ?, org_number = ?, vat_registered = ?, in_foretaksregisteret = ?,
			street = ?, postal_code = ?, city = ?, country = ?, email = ?, account_number = ?, iban = ?, bic = ?,
			kid_length = ?, kid_algorithm = ?, payment_terms_days = ?, invoice_language = ?, reminder_fee = ?, updated_at = ? WHERE id = 1`),
			p.LegalName, p.OrgNumber, p.VATRegistered, p.InForetaksregisteret, p.Address.Street, p.Address.PostalCode, p.Address.City,
			p.Address.Country, p.Email, p.AccountNumber, p.IBAN, p.BIC, kidLength, kidAlgorithm, p.PaymentTermsDays,
			p.InvoiceLanguage, p.ReminderFee, s.now())
		return err
	})
	if err != nil {
		return Profile{}, err
	}
	return p, nil
}

// withoutSpaces drops the spaces and dots people write numbers with
// ("988 077 917", "8601.11.17947").
func withoutSpaces(s string) string {
	return strings.NewReplacer(" ", "", ".", "", "\u00a0", "").Replace(s)
}

// CheckProfile answers p trimmed and normalised, or the first field that
// is wrong as a 400 naming it. Fields may be empty: issuing names what an
// invoice still lacks.
func CheckProfile(p Profile) (Profile, error) {
	p.LegalName = strings.TrimSpace(p.LegalName)
	if err := capText("legalName", p.LegalName, maxName); err != nil {
		return p, err
	}
	p.OrgNumber = withoutSpaces(p.OrgNumber)
	if p.OrgNumber != "" && !ValidOrgNumber(p.OrgNumber) {
		return p, apperr.Invalid("orgNumber must be a Norwegian organisation number: 9 digits, the last a valid MOD11 check digit")
	}
	var err error
	if p.Address, err = checkAddress("address", p.Address); err != nil {
		return p, err
	}
	p.Email = strings.TrimSpace(p.Email)
	if p.Email != "" && !auth.ValidEmail(p.Email) {
		return p, apperr.Invalid("email must be an e-mail address like name@example.no")
	}
	p.AccountNumber = withoutSpaces(p.AccountNumber)
	if p.AccountNumber != "" && !ValidAccountNumber(p.AccountNumber) {
		return p, apperr.Invalid("accountNumber must be a Norwegian account number: 11 digits, the last a valid MOD11 check digit")
	}
	p.IBAN = strings.ToUpper(withoutSpaces(p.IBAN))
	if p.IBAN != "" && !ValidIBAN(p.IBAN) {
		return p, apperr.Invalid("iban must be an IBAN (2 letters, 2 check digits and the account, valid by MOD97)")
	}
	p.BIC = strings.ToUpper(strings.TrimSpace(p.BIC))
	if p.BIC != "" && !validBIC(p.BIC) {
		return p, apperr.Invalid("bic must be a BIC of 8 or 11 letters and digits")
	}
	if k := p.KIDAgreement; k != nil {
		if k.Length < MinKIDLength || k.Length > MaxKIDLength {
			return p, apperr.Invalid("kidAgreement.length must be a whole number from 4 to 25")
		}
		if k.Algorithm != KIDMod10 && k.Algorithm != KIDMod11 {
			return p, apperr.Invalid(`kidAgreement.algorithm must be "mod10" or "mod11"`)
		}
	}
	if p.PaymentTermsDays < 0 || p.PaymentTermsDays > maxPaymentTerms {
		return p, apperr.Invalid("paymentTermsDays must be a whole number from 0 to 365")
	}
	if p.InvoiceLanguage != "no" && p.InvoiceLanguage != "en" {
		return p, apperr.Invalid(`invoiceLanguage must be "no" or "en"`)
	}
	if p.FirstInvoiceNumber < 1 || p.FirstInvoiceNumber > maxFirstNumber {
		return p, apperr.Invalid("firstInvoiceNumber must be a whole number from 1 to 999999999")
	}
	if p.ReminderFee < 0 || p.ReminderFee > maxReminderFee {
		return p, apperr.Invalid("reminderFee must be a whole number of øre from 0 to %d (a reminder fee is at most a tenth of the inkassosats: 70 kr)", maxReminderFee)
	}
	return p, nil
}

// checkAddress trims an address and checks its fields' lengths and its
// country (ISO 3166-1 alpha-2, or "").
func checkAddress(field string, a document.Address) (document.Address, error) {
	a.Street, a.PostalCode, a.City = strings.TrimSpace(a.Street), strings.TrimSpace(a.PostalCode), strings.TrimSpace(a.City)
	a.Country = strings.ToUpper(strings.TrimSpace(a.Country))
	for _, f := range []struct{ name, value string }{{"street", a.Street}, {"postalCode", a.PostalCode}, {"city", a.City}} {
		if err := capText(field+"."+f.name, f.value, maxAddressField); err != nil {
			return a, err
		}
	}
	if a.Country != "" && !isLetters(a.Country, 2) {
		return a, apperr.Invalid("%s.country must be a two-letter country code (ISO 3166-1) like NO", field)
	}
	return a, nil
}

func capText(field, s string, max int) error {
	if len([]rune(s)) > max {
		return apperr.Invalid("%s must be at most %d characters", field, max)
	}
	return nil
}

func isLetters(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for _, c := range s {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}

func isAlnum(s string) bool {
	for _, c := range s {
		if (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// ValidIBAN answers whether s (upper case, no spaces) is an IBAN: a
// country, two check digits and up to 30 letters and digits, whose
// rearranged number is 1 modulo 97 (ISO 13616).
func ValidIBAN(s string) bool {
	if len(s) < 15 || len(s) > 34 || !isLetters(s[:2], 2) || !digitsOnly(s[2:4], 2) || !isAlnum(s) {
		return false
	}
	var digits strings.Builder
	for _, c := range s[4:] + s[:4] {
		if c >= 'A' && c <= 'Z' {
			digits.WriteString(big.NewInt(int64(c-'A') + 10).String())
		} else {
			digits.WriteRune(c)
		}
	}
	n, ok := new(big.Int).SetString(digits.String(), 10)
	return ok && new(big.Int).Mod(n, big.NewInt(97)).Int64() == 1
}

func validBIC(s string) bool {
	return (len(s) == 8 || len(s) == 11) && isAlnum(s) && isLetters(s[:4], 4)
}

// sellerParty is the seller as a document names her.
func (p Profile) sellerParty() document.Party {
	party := document.Party{Name: p.LegalName, OrgNumber: p.OrgNumber, Address: p.Address, Email: p.Email}
	if p.VATRegistered && p.OrgNumber != "" {
		party.VATID = "NO" + p.OrgNumber + "MVA"
	}
	return party
}

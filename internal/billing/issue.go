// Issuing: a draft takes the next number of the series and is frozen as a
// document (its PDF, EHF and their hashes) in one transaction, once the law's
// items are there; a final invoice deducts the deposits paid.

package billing

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/deals"
)

// IssueOptions are what issuing may carry: the NOK exchange rate of a
// currency not NOK ("11.4532": NOK for one unit, up to 6 decimals).
type IssueOptions struct {
	ExchangeRate json.Number `json:"exchangeRate"`
}

// Issue gives a draft the next number of the series and freezes it: the
// document, its PDF and EHF and their hashes are stored in the same
// transaction as the number, so a refusal or a failure takes no number.
func (s *Service) Issue(ctx context.Context, actor deals.Actor, id int64, o IssueOptions) (Invoice, error) {
	if err := s.ownSeries(ctx); err != nil {
		return Invoice{}, err
	}
	rate, err := parseRate(o.ExchangeRate)
	if err != nil {
		return Invoice{}, err
	}
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		number, err := s.takeNumber(ctx, tx)
		if err != nil {
			return err
		}
		inv, err := s.readDraft(ctx, tx, id, true)
		if err != nil {
			return err
		}
		_, err = s.issue(ctx, tx, actor, inv, number, rate, nil, nil)
		return err
	})
	if err != nil {
		return Invoice{}, err
	}
	return s.Get(ctx, id)
}

// readDraft reads draft id to issue (lock: with its row's lock): an
// issued invoice is refused, and so is a credit note, issued when it is
// made.
func (s *Service) readDraft(ctx context.Context, tx *sql.Tx, id int64, lock bool) (Invoice, error) {
	inv, err := s.readInvoice(ctx, tx, id, lock)
	switch {
	case err != nil:
		return Invoice{}, err
	case inv.Number != nil:
		return Invoice{}, errIssued
	case inv.Kind == string(document.KindCreditNote):
		return Invoice{}, apperr.New(apperr.CodeConflict, "A credit note is issued when it is made")
	}
	return inv, nil
}

// issue builds the document of inv (a draft, or a credit note being
// made), checks what the law asks of it, makes its files and stores all
// under number; ext is what another system that numbered it gave (its
// KID), nil for the own series.
func (s *Service) issue(ctx context.Context, tx *sql.Tx, actor deals.Actor, inv Invoice, number, rate int64, corrects *Invoice, ext *External) (document.Document, error) {
	p, err := s.readProfile(ctx, tx)
	if err != nil {
		return document.Document{}, err
	}
	today := s.today()
	doc := document.Document{Kind: document.Kind(inv.Kind), Number: strconv.FormatInt(number, 10), Language: inv.Language,
		Currency: inv.Currency, VATMode: document.VATMode(inv.VATMode), IssueDate: today, DeliveryDate: inv.DeliveryDate,
		Seller: p.sellerParty(), SellerInForetaksregisteret: p.InForetaksregisteret, Buyer: document.Party{Name: inv.Buyer.Name, OrgNumber: inv.Buyer.OrgNumber,
			VATID: inv.Buyer.VATID, Address: inv.Buyer.Address, Email: inv.Buyer.Email},
		BuyerReference: inv.Buyer.Reference, Lines: docLines(inv.Lines), NOKRate: rate, Note: inv.Note,
		Payment: document.Payment{AccountNumber: p.AccountNumber, IBAN: p.IBAN, BIC: p.BIC}}
	if doc.BuyerReference == "" {
		doc.BuyerReference = fmt.Sprintf("Deal %d", inv.DealID)
	}
	if inv.Currency == "NOK" {
		doc.NOKRate = 0
	}
	if corrects != nil {
		doc.Corrects = &document.Reference{Number: strconv.FormatInt(*corrects.Number, 10), IssueDate: corrects.IssueDate}
		doc.NOKRate = corrects.document.NOKRate // the rate the corrected invoice stated
	} else {
		doc.DueDate = addDays(today, p.PaymentTermsDays)
		if ext != nil {
			doc.Payment.KID = ext.KID
		} else if p.KIDAgreement != nil {
			if doc.Payment.KID, err = MakeKID(number, p.KIDAgreement.Length, p.KIDAgreement.Algorithm); err != nil {
				return document.Document{}, apperr.New(apperr.CodeConflict, "Cannot issue: %v (kidAgreement.length in Settings → Billing)", err)
			}
		}
	}
	if inv.Kind == string(document.KindInvoice) {
		if err := s.deductDeposits(ctx, tx, inv.DealID, &doc); err != nil {
			return doc, err
		}
	}
	if err := lawful(p, inv, doc); err != nil {
		return doc, err
	}
	if err := doc.Compute(); err != nil {
		return doc, apperr.Invalid("Cannot issue: %v", err)
	}
	if inv.Kind != string(document.KindCreditNote) && doc.Gross <= 0 {
		return doc, apperr.Invalid("Cannot issue: missing the amount (the lines add up to nothing)")
	}
	js, err := json.Marshal(doc)
	if err != nil {
		return doc, err
	}
	pdf, err := document.PDF(doc)
	if err != nil {
		return doc, fmt.Errorf("invoice %d's PDF: %w", inv.ID, err)
	}
	// A buyer with no Peppol address (no Norwegian org.nr, no European VAT
	// id: a private person, a business in the US) gets the PDF only.
	ehf, err := document.EHF(doc)
	if errors.Is(err, document.ErrNoEndpoint) {
		ehf = nil
	} else if err != nil {
		return doc, apperr.Invalid("Cannot issue: %v", err) // what the EHF needs that lawful does not ask
	}
	if number == 0 { // Prepare: the document checked whole, nothing stored
		return doc, errPrepared
	}
	payable := doc.Payable
	if inv.Kind == string(document.KindCreditNote) {
		payable = doc.Gross // what it takes off the invoice it corrects
	}
	if err := s.writeIssued(ctx, tx, inv.ID, issued{number: number, issueDate: doc.IssueDate, dueDate: doc.DueDate,
		kid: doc.Payment.KID, payable: payable, document: js, pdf: pdf, ehf: ehf, pdfSHA: hash(pdf), ehfSHA: hashOrNone(ehf),
		at: s.now()}); err != nil {
		return doc, err
	}
	return doc, s.deals.Record(ctx, tx, deals.Event{DealID: &inv.DealID, Brand: inv.Buyer.Name, Actor: actor,
		Kind: "invoice-issued", Detail: fmt.Sprintf("%s %d issued", kindLabel(inv.Kind), number)})
}

func kindLabel(kind string) string {
	switch kind {
	case string(document.KindDeposit):
		return "Deposit request"
	case string(document.KindCreditNote):
		return "Credit note"
	}
	return "Invoice"
}

// hashOrNone is hash, or "" for no file.
func hashOrNone(b []byte) string {
	if b == nil {
		return ""
	}
	return hash(b)
}

func hash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// deductDeposits makes a final invoice deduct what was paid of the deal's
// issued deposit requests (Prepaid), naming each (Deposits).
func (s *Service) deductDeposits(ctx context.Context, tx *sql.Tx, dealID int64, doc *document.Document) error {
	deposits, err := s.readInvoices(ctx, tx, `WHERE deal_id = ? AND kind = 'deposit' AND number IS NOT NULL ORDER BY number`, dealID)
	if err != nil {
		return err
	}
	for _, dep := range deposits {
		paid := min(dep.Paid, dep.Payable)
		if paid <= 0 {
			continue
		}
		if dep.Currency != doc.Currency {
			return apperr.Invalid("Cannot issue: deposit %d is in %s, this invoice in %s", *dep.Number, dep.Currency, doc.Currency)
		}
		doc.Prepaid += paid
		doc.Deposits = append(doc.Deposits, document.Reference{Number: strconv.FormatInt(*dep.Number, 10), IssueDate: dep.IssueDate})
	}
	return nil
}

// lawful names the first item bokføringsforskriften § 5-1-1 asks of an
// invoice that this one lacks, as a 400; and refuses a VAT mode that does
// not fit the seller and the buyer.
func lawful(p Profile, inv Invoice, doc document.Document) error {
	missing := func(item string) error { return apperr.Invalid("Cannot issue: missing %s", item) }
	b := inv.Buyer
	switch {
	case p.LegalName == "":
		return missing("the seller's name (legalName in Settings → Billing)")
	case p.OrgNumber == "":
		return missing("the seller's organisation number (orgNumber in Settings → Billing)")
	case p.Address.Street == "" || p.Address.City == "" || p.Address.Country == "":
		return missing("the seller's address (address: street, city and country in Settings → Billing)")
	case inv.Kind != string(document.KindCreditNote) && p.AccountNumber == "" && p.IBAN == "":
		return missing("the account to pay to (accountNumber or iban in Settings → Billing)")
	case b.Name == "":
		return missing("the buyer's name (buyer.name)")
	case b.OrgNumber == "" && b.VATID == "" && (b.Address.Street == "" || b.Address.City == "" || b.Address.Country == ""):
		return missing("the buyer's address or organisation number (buyer.address: street, city and country; or buyer.orgNumber, or buyer.vatId abroad)")
	case len(inv.Lines) == 0:
		return missing("what was delivered (lines)")
	case inv.DeliveryDate == "":
		return missing("the delivery date (deliveryDate)")
	case inv.Currency != "NOK" && doc.NOKRate <= 0:
		return missing(fmt.Sprintf("the NOK exchange rate (exchangeRate: an invoice in %s states its VAT in NOK too)", inv.Currency))
	}
	switch inv.VATMode {
	case string(document.VATNone):
		if p.VATRegistered {
			return apperr.Invalid("Cannot issue: vatMode none is for a seller not VAT-registered, and the billing profile is registered")
		}
	case string(document.VATDomestic):
		if !p.VATRegistered {
			return apperr.Invalid("Cannot issue: vatMode domestic charges VAT, and the billing profile is not VAT-registered")
		}
	case string(document.VATExport):
		if !p.VATRegistered {
			return apperr.Invalid("Cannot issue: vatMode export is for a VAT-registered seller, and the billing profile is not registered")
		}
		if b.Address.Country == "" || b.Address.Country == "NO" {
			return apperr.Invalid("Cannot issue: vatMode export is for a buyer abroad (buyer.address.country is %q)", b.Address.Country)
		}
		if b.VATID == "" {
			return missing("the buyer's VAT id (buyer.vatId: reverse charge is for a business abroad)")
		}
	}
	return nil
}

// maxRate is the highest exchange rate taken (NOK for one unit).
const maxRate = 100_000

// parseRate reads an exchange rate ("11.4532") as millionths; "" is 0.
func parseRate(n json.Number) (int64, error) {
	s := string(n)
	if s == "" {
		return 0, nil
	}
	bad := apperr.Invalid("exchangeRate must be a positive decimal number of NOK for one unit of the currency, with at most 6 decimals (11.4532)")
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || !digitsOnly(whole, 0) || len(whole) > 6 || len(frac) > 6 || (frac != "" && !digitsOnly(frac, 0)) {
		return 0, bad
	}
	w, _ := strconv.ParseInt(whole, 10, 64)
	for len(frac) < 6 {
		frac += "0"
	}
	f, _ := strconv.ParseInt(frac, 10, 64)
	rate := w*1_000_000 + f
	if rate <= 0 || w > maxRate {
		return 0, bad
	}
	return rate, nil
}

package billing

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/deals"
)

// What the admin does with drafts: one made from a deal (or its accepted
// quote), its changes, its deletion, the deal's deletion refused once it
// has issued invoices. Issuing is issue.go's; credit notes and payments
// are payments.go's.

var errDraftHasNoFile = apperr.New(apperr.CodeConflict, "A draft has no PDF or EHF: issue it first")

// DraftOptions say what kind of draft to make of a deal: an invoice, or a
// deposit request of Share percent of the deal's price.
type DraftOptions struct {
	Kind  string `json:"kind"`  // "invoice" (default) or "deposit"
	Share *int   `json:"share"` // a deposit's percent, 1 to 100 (default 50)
}

// CreateDraft makes a draft from a deal: the buyer is the brand (its
// contact's e-mail), the lines its package, videos and price, the
// language the deal's, the VAT mode the profile's and the buyer's country.
func (s *Service) CreateDraft(ctx context.Context, actor deals.Actor, dealID int64, o DraftOptions) (Invoice, error) {
	kind, share, err := checkDraftOptions(o)
	if err != nil {
		return Invoice{}, err
	}
	deal, err := s.deals.Get(ctx, dealID)
	if err != nil {
		return Invoice{}, err
	}
	p, err := s.Profile(ctx)
	if err != nil {
		return Invoice{}, err
	}
	d := Draft{Currency: deal.Currency, Language: deal.Language, DeliveryDate: deal.DueDate,
		Buyer: Buyer{Name: deal.Brand, Email: deal.ContactEmail}}
	if deal.Currency == "NOK" {
		d.Buyer.Address.Country = "NO"
	}
	d.VATMode = vatModeFor(p, d.Buyer.Address.Country)
	d.Lines = dealLines(deal, d.VATMode, kind, share)
	if a, ok, err := s.agreement(ctx, dealID); err != nil {
		return Invoice{}, err
	} else if ok {
		if o.Share == nil && a.DepositPercent > 0 {
			share = a.DepositPercent
		}
		d.Lines = agreedLines(a, deal.Language, d.VATMode, kind, share)
	}
	if d, err = CheckDraft(d); err != nil {
		return Invoice{}, err
	}
	var id int64
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		id, err = s.insertDraft(ctx, tx, dealID, kind, d, nil)
		return err
	})
	if err != nil {
		return Invoice{}, err
	}
	return s.Get(ctx, id)
}

func checkDraftOptions(o DraftOptions) (kind string, share int, err error) {
	kind, share = o.Kind, defaultDeposit
	if kind == "" {
		kind = string(document.KindInvoice)
	}
	if kind != string(document.KindInvoice) && kind != string(document.KindDeposit) {
		return "", 0, apperr.Invalid(`kind must be "invoice" or "deposit" (a credit note is made from an issued invoice)`)
	}
	if o.Share != nil {
		if kind != string(document.KindDeposit) {
			return "", 0, apperr.Invalid("share is a deposit's: send it with kind \"deposit\"")
		}
		if *o.Share < 1 || *o.Share > 100 {
			return "", 0, apperr.Invalid("share must be a whole percent from 1 to 100")
		}
		share = *o.Share
	}
	return kind, share, nil
}

// Get reads one invoice.
func (s *Service) Get(ctx context.Context, id int64) (Invoice, error) {
	return s.readInvoice(ctx, s.st.DB, id, false)
}

// List answers every invoice, or those in one state, newest first.
func (s *Service) List(ctx context.Context, state string) ([]Invoice, error) {
	if state != "" && !slices.Contains(States, state) {
		return nil, apperr.Invalid("state must be one of %s", joinStates())
	}
	all, err := s.readInvoices(ctx, s.st.DB, `ORDER BY id DESC`)
	if err != nil || state == "" {
		return all, err
	}
	return slices.DeleteFunc(all, func(inv Invoice) bool { return inv.State != state }), nil
}

func joinStates() string { return strings.Join(States, ", ") }

// UpdateDraft writes a draft's new fields: an issued invoice is a 409.
func (s *Service) UpdateDraft(ctx context.Context, cur Invoice, next Draft) (Invoice, error) {
	if cur.Number != nil {
		return Invoice{}, errIssued
	}
	next, err := CheckDraft(next)
	if err != nil {
		return Invoice{}, err
	}
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		ok, err := s.updateDraft(ctx, tx, cur.ID, next)
		if err == nil && !ok {
			return s.issuedOrGone(ctx, tx, cur.ID)
		}
		return err
	})
	if err != nil {
		return Invoice{}, err
	}
	return s.Get(ctx, cur.ID)
}

// issuedOrGone answers why a draft's write found no draft.
func (s *Service) issuedOrGone(ctx context.Context, tx *sql.Tx, id int64) error {
	var one int
	if tx.QueryRowContext(ctx, s.q(`SELECT 1 FROM invoices WHERE id = ?`), id).Scan(&one) == sql.ErrNoRows {
		return errInvoiceNotFound
	}
	return errIssued
}

// DeleteDraft removes a draft: an issued invoice is a 409.
func (s *Service) DeleteDraft(ctx context.Context, id int64) error {
	return s.st.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM invoices WHERE id = ? AND number IS NULL`), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return s.issuedOrGone(ctx, tx, id)
		}
		return nil
	})
}

// onDealDelete refuses the deletion of a deal with issued invoices (they
// are kept 5 years after the year's end: bokføringsloven § 13); its
// drafts go with it (ON DELETE CASCADE).
func (s *Service) onDealDelete(ctx context.Context, tx *sql.Tx, dealID int64) (func(context.Context), error) {
	var n int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM invoices WHERE deal_id = ? AND number IS NOT NULL`), dealID).Scan(&n); err != nil {
		return nil, err
	}
	if n > 0 {
		return nil, apperr.New(apperr.CodeConflict,
			"The deal has %d issued invoice(s), which the law keeps for 5 years: the deal cannot be deleted (move it to lost instead)", n)
	}
	return nil, nil
}

// agreement answers the deal's accepted quote, when there is one.
func (s *Service) agreement(ctx context.Context, dealID int64) (Agreement, bool, error) {
	if s.agreementOf == nil {
		return Agreement{}, false, nil
	}
	return s.agreementOf(ctx, dealID)
}

// agreedLines are a draft's lines from an accepted quote: its lines (at
// the rate of the draft's VAT mode), or for a deposit request one line of
// share percent of their net sum.
func agreedLines(a Agreement, language, mode, kind string, share int) []Line {
	if kind == string(document.KindDeposit) {
		var net int64
		for _, l := range a.Lines {
			net += l.Quantity * l.UnitPrice
		}
		label := fmt.Sprintf("Forskudd %d %% av akseptert tilbud", share)
		if language == "en" {
			label = fmt.Sprintf("Deposit %d %% of the accepted quote", share)
		}
		return []Line{{Description: label, Quantity: 1, UnitPrice: document.RoundDiv(net*int64(share), 100), VATRate: rateFor(mode)}}
	}
	lines := make([]Line, len(a.Lines))
	for i, l := range a.Lines {
		lines[i] = Line{Description: l.Description, Quantity: l.Quantity, UnitPrice: l.UnitPrice, VATRate: rateFor(mode)}
	}
	return lines
}

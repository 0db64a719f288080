package quotes

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// What the admin does with quotes: write one from a deal, change or delete
// the draft, send it, withdraw it (send.go). Each change of state records an event in
// the deal's history, in the same transaction.

// Defaults of a new quote.
const (
	DefaultTermsDays = 14 // the billing profile's default payment terms
	DefaultValidDays = 30 // a new quote is valid for a month
)

// conflict is a 409 with its message.
func conflict(format string, args ...any) error {
	return apperr.New(apperr.CodeConflict, format, args...)
}

var (
	errNotDraft     = conflict("Only a draft can be changed or deleted: this quote has been sent")
	errAcceptedKept = conflict("An accepted quote cannot be changed, withdrawn or deleted: it is the record of the agreement")
	errHasAccepted  = conflict("This deal already has an accepted quote")
	errNoRoom       = conflict("Make a link to the deal's delivery room first: the brand reads and accepts the quote there")
	errDealGone     = conflict("The deal of this quote has been deleted")
	errWithdrawn    = conflict("This quote is withdrawn already")
)

// kindQuote is the kind of the deal events the quotes record.
const kindQuote = "quote"

// draftFor is a new quote's input, prefilled from the deal: one line for
// its videos (package, count, length, format) at its price, the default
// VAT mode, terms and last valid day.
func (s *Service) draftFor(ctx context.Context, d deals.Deal) (Input, error) {
	mode := document.VATDomestic
	if s.vatMode != nil {
		m, err := s.vatMode(ctx)
		if err != nil {
			return Input{}, err
		}
		mode = m
	}
	rate := 0
	if mode == document.VATDomestic {
		rate = 25
	}
	count := int64(max(d.DeliverableCount, 1))
	total := int64(d.Price) * 100 // the deal's price is in whole kroner; a quote counts øre
	line := LineInput{Kind: KindItem, Description: videoDescription(d), Quantity: count, UnitPrice: total / count, VATRate: rate}
	if total%count != 0 {
		// A price that does not split evenly into øre is quoted as one line
		// for all the videos, never rounded away.
		line.Quantity, line.UnitPrice = 1, total
		line.Description = fmt.Sprintf("%d × %s", count, line.Description)
	}
	return Input{VATMode: string(mode), Lines: []LineInput{line}, PaymentTermsDays: DefaultTermsDays,
		ValidUntil: addDays(s.today(), DefaultValidDays)}, nil
}

// videoDescription describes the deal's videos in its language: "UGC-video
// (Starter), 9:16, 30 sek".
func videoDescription(d deals.Deal) string {
	parts := []string{words(d.Language, "UGC-video", "UGC video")}
	if d.Package != "" {
		parts[0] += " (" + d.Package + ")"
	}
	parts = append(parts, d.DeliverableFormat)
	if d.DeliverableSeconds > 0 {
		parts = append(parts, fmt.Sprintf(words(d.Language, "%d sek", "%d s"), d.DeliverableSeconds))
	}
	return strings.Join(parts, ", ")
}

// Create writes a new draft for a deal: the deal's prefill, with what
// over changes of it applied (over may be nil).
func (s *Service) Create(ctx context.Context, actor deals.Actor, dealID int64, over func(*Input) error) (Quote, error) {
	d, err := s.deals.Get(ctx, dealID)
	if err != nil {
		return Quote{}, err
	}
	in, err := s.draftFor(ctx, d)
	if err != nil {
		return Quote{}, err
	}
	if over != nil {
		lines := in.Lines
		in.Lines = nil
		if err := over(&in); err != nil {
			return Quote{}, err
		}
		if in.Lines == nil {
			in.Lines = lines
		}
	}
	if in, err = Check(in); err != nil {
		return Quote{}, err
	}
	if err := checkValidUntil(in.ValidUntil, s.today()); err != nil {
		return Quote{}, err
	}
	if _, _, err := computeTotals(in); err != nil {
		return Quote{}, err
	}
	var id int64
	// Two drafts made at once may pick the same number: the second tries
	// the next one.
	for range 3 {
		err = s.st.InTx(ctx, func(tx *sql.Tx) error {
			id, err = s.insert(ctx, tx, d, in)
			return err
		})
		if !store.IsUniqueViolation(err) {
			break
		}
	}
	if err != nil {
		return Quote{}, err
	}
	return s.get(ctx, s.st.DB, id)
}

func (s *Service) insert(ctx context.Context, tx *sql.Tx, d deals.Deal, in Input) (int64, error) {
	var number int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT COALESCE(MAX(number), 0) + 1 FROM quotes WHERE deal_id = ?`), d.ID).Scan(&number); err != nil {
		return 0, err
	}
	now := s.now()
	var id int64
	err := tx.QueryRowContext(ctx, s.q(`INSERT INTO quotes (deal_id, number, brand, currency, language, vat_mode, deposit_percent,
		payment_terms_days, valid_until, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		d.ID, number, d.Brand, d.Currency, d.Language, in.VATMode, in.DepositPercent, in.PaymentTermsDays, in.ValidUntil, in.Note,
		now, now).Scan(&id)
	if err != nil {
		return 0, err
	}
	return id, s.writeLines(ctx, tx, id, in.Lines)
}

// Get reads one quote.
func (s *Service) Get(ctx context.Context, id int64) (Quote, error) { return s.get(ctx, s.st.DB, id) }

// OfDeal answers a deal's quotes, newest first (404 for no such deal).
func (s *Service) OfDeal(ctx context.Context, dealID int64) ([]Quote, error) {
	if _, err := s.deals.Get(ctx, dealID); err != nil {
		return nil, err
	}
	return s.list(ctx, `WHERE deal_id = ?`, dealID)
}

// All answers every quote, or those in one state, newest first: accepted
// quotes whose deal was deleted are here too.
func (s *Service) All(ctx context.Context, state string) ([]Quote, error) {
	all, err := s.list(ctx, ``)
	if err != nil || state == "" {
		return all, err
	}
	out := []Quote{}
	for _, q := range all {
		if q.State == state {
			out = append(out, q)
		}
	}
	return out, nil
}

// Accepted answers the accepted quote of a deal with its lines, totals and
// deposit share (a 404 when it has none): what the invoices make a deposit
// request and a final invoice from.
func (s *Service) Accepted(ctx context.Context, dealID int64) (Quote, error) {
	list, err := s.list(ctx, `WHERE deal_id = ? AND accepted_at IS NOT NULL`, dealID)
	if err != nil {
		return Quote{}, err
	}
	if len(list) == 0 {
		return Quote{}, apperr.NotFound("This deal has no accepted quote")
	}
	return list[0], nil
}

// stateError answers why a quote in cur's state cannot be changed.
func stateError(cur Quote) error {
	if cur.State == StateAccepted {
		return errAcceptedKept
	}
	return errNotDraft
}

// Update writes next over a draft; a quote sent since it was read is a 409,
// and nothing of next is stored.
func (s *Service) Update(ctx context.Context, cur Quote, next Input) (Quote, error) {
	if cur.State != StateDraft {
		return Quote{}, stateError(cur)
	}
	next, err := Check(next)
	if err != nil {
		return Quote{}, err
	}
	if next.ValidUntil != cur.ValidUntil {
		if err := checkValidUntil(next.ValidUntil, s.today()); err != nil {
			return Quote{}, err
		}
	}
	if _, _, err := computeTotals(next); err != nil {
		return Quote{}, err
	}
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE quotes SET vat_mode = ?, deposit_percent = ?, payment_terms_days = ?,
			valid_until = ?, note = ?, updated_at = ? WHERE id = ? AND sent_at IS NULL`),
			next.VATMode, next.DepositPercent, next.PaymentTermsDays, next.ValidUntil, next.Note, s.now(), cur.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return s.whyNot(ctx, tx, cur.ID)
		}
		return s.writeLines(ctx, tx, cur.ID, next.Lines)
	})
	if err != nil {
		return Quote{}, err
	}
	return s.Get(ctx, cur.ID)
}

// whyNot answers why a write that required a draft found none.
func (s *Service) whyNot(ctx context.Context, db querier, id int64) error {
	q, err := s.get(ctx, db, id)
	if err != nil {
		return err
	}
	return stateError(q)
}

// Delete removes a draft.
func (s *Service) Delete(ctx context.Context, id int64) error {
	return s.st.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM quotes WHERE id = ? AND sent_at IS NULL`), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return s.whyNot(ctx, tx, id)
		}
		return nil
	})
}

// record adds an event to the deal's history in tx.
func (s *Service) record(ctx context.Context, tx *sql.Tx, d deals.Deal, actor deals.Actor, detail string) error {
	return s.deals.Record(ctx, tx, deals.Event{DealID: &d.ID, Brand: d.Brand, At: s.now(), Actor: actor, Kind: kindQuote, Detail: detail})
}

// onDealDelete is the deals' delete hook: an accepted quote is detached
// from the deal (kept, with its brand and frozen document) before the
// deal's row goes and takes its other quotes with it. An accepted quote is
// the proof of an agreement the creator's invoices rest on, so it is kept
// as long as they are; a draft, a withdrawn or an unanswered quote proves
// nothing and goes with the deal.
func (s *Service) onDealDelete(ctx context.Context, tx *sql.Tx, dealID int64) (func(context.Context), error) {
	_, err := tx.ExecContext(ctx, s.q(`UPDATE quotes SET deal_id = NULL WHERE deal_id = ? AND accepted_at IS NOT NULL`), dealID)
	return nil, err
}

var errGone = errors.New("the quote was deleted before its message was sent")

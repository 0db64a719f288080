// A quote's way out: sent (frozen, stored with its SHA-256, shown in the
// deal's room and e-mailed to the brand) and withdrawn.

package quotes

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/rooms"
)

// Send freezes a draft and shows it in the deal's room: the document in
// the deal's language (as it is now) is rendered, stored with its SHA-256,
// and e-mailed to the brand's contact (when mail is on and the deal has
// one). The room must have a working link, the last valid day must be
// today or later, and the deal must have no accepted quote.
func (s *Service) Send(ctx context.Context, actor deals.Actor, id int64) (Quote, error) {
	cur, err := s.Get(ctx, id)
	if err != nil {
		return Quote{}, err
	}
	if cur.State != StateDraft {
		return Quote{}, stateError(cur)
	}
	if cur.DealID == nil {
		return Quote{}, errDealGone
	}
	d, err := s.deals.Get(ctx, *cur.DealID)
	if err != nil {
		return Quote{}, err
	}
	if err := checkValidUntil(cur.ValidUntil, s.today()); err != nil {
		return Quote{}, err
	}
	if _, err := s.Accepted(ctx, d.ID); err == nil {
		return Quote{}, errHasAccepted
	} else if !apperr.Is(err, apperr.CodeNotFound) {
		return Quote{}, err
	}
	rm, err := s.rooms.Room(ctx, d.ID)
	if err != nil {
		return Quote{}, err
	}
	if rm.State != rooms.StateActive {
		return Quote{}, errNoRoom
	}
	sentAt := s.now()
	frozen := cur
	frozen.Brand, frozen.Language, frozen.SentAt = d.Brand, d.Language, &sentAt
	from, err := s.seller(ctx)
	if err != nil {
		return Quote{}, err
	}
	doc, err := renderDocument(frozen, d, from)
	if err != nil {
		return Quote{}, err
	}
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE quotes SET brand = ?, language = ?, sent_at = ?, document = ?, document_sha256 = ?,
			updated_at = ? WHERE id = ? AND sent_at IS NULL`), d.Brand, d.Language, sentAt, doc, hashOf(doc), sentAt, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return s.whyNot(ctx, tx, id)
		}
		detail := fmt.Sprintf("sent quote %d (%s)", cur.Number, money("en", cur.Currency, cur.Totals.Gross))
		if err := s.record(ctx, tx, d, actor, detail); err != nil {
			return err
		}
		if d.ContactEmail != "" {
			return s.queueMail(ctx, tx, mailJob{Event: eventSent, To: toBrand, QuoteID: id})
		}
		return nil
	})
	if err != nil {
		return Quote{}, err
	}
	return s.Get(ctx, id)
}

// Withdraw takes back a sent quote: the brand can no longer accept it.
func (s *Service) Withdraw(ctx context.Context, actor deals.Actor, id int64) (Quote, error) {
	cur, err := s.Get(ctx, id)
	if err != nil {
		return Quote{}, err
	}
	switch cur.State {
	case StateDraft:
		return Quote{}, conflict("A draft is not sent: delete it instead")
	case StateAccepted:
		return Quote{}, errAcceptedKept
	case StateWithdrawn:
		return Quote{}, errWithdrawn
	}
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		now := s.now()
		res, err := tx.ExecContext(ctx, s.q(`UPDATE quotes SET withdrawn_at = ?, updated_at = ? WHERE id = ?
			AND sent_at IS NOT NULL AND withdrawn_at IS NULL AND accepted_at IS NULL`), now, now, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return s.whyNotWithdrawn(ctx, tx, id)
		}
		if cur.DealID == nil {
			return nil
		}
		d, err := s.deals.Get(ctx, *cur.DealID)
		if err != nil {
			return err
		}
		return s.record(ctx, tx, d, actor, fmt.Sprintf("withdrew quote %d", cur.Number))
	})
	if err != nil {
		return Quote{}, err
	}
	return s.Get(ctx, id)
}

// whyNotWithdrawn answers why a withdrawal that changed nothing did so (another
// request accepted or withdrew the quote in between).
func (s *Service) whyNotWithdrawn(ctx context.Context, db querier, id int64) error {
	q, err := s.get(ctx, db, id)
	if err != nil {
		return err
	}
	if q.State == StateAccepted {
		return errAcceptedKept
	}
	return errWithdrawn
}

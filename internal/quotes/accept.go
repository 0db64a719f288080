// The brand's acceptance of a sent quote: the form's rules, the refusals
// in the brand's words, and the one transaction that records it (the deal
// booked, both sides e-mailed).

package quotes

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// refusal is an acceptance refused: its status (400 or 409) and which of
// the brand's messages says why.
type refusal struct {
	status  int
	message func(roomTexts) string
}

func (e *refusal) Error() string { return e.message(roomEnglish) }

func refuse(status int, msg func(roomTexts) string) error {
	return &refusal{status: status, message: msg}
}

// checkAccept applies the form's rules.
func checkAccept(in AcceptForm) (AcceptForm, error) {
	in.Name, in.Title, in.Company = strings.TrimSpace(in.Name), strings.TrimSpace(in.Title), strings.TrimSpace(in.Company)
	for _, f := range []string{in.Name, in.Title, in.Company} {
		if !utf8.ValidString(f) || strings.ContainsFunc(f, unicode.IsControl) {
			return in, refuse(http.StatusBadRequest, func(t roomTexts) string { return t.ErrControl })
		}
		if utf8.RuneCountInString(f) > 200 {
			return in, refuse(http.StatusBadRequest, func(t roomTexts) string { return t.ErrTooLong })
		}
	}
	switch {
	case in.Name == "":
		return in, refuse(http.StatusBadRequest, func(t roomTexts) string { return t.ErrName })
	case in.Title == "":
		return in, refuse(http.StatusBadRequest, func(t roomTexts) string { return t.ErrTitle })
	case in.Company == "":
		return in, refuse(http.StatusBadRequest, func(t roomTexts) string { return t.ErrCompany })
	case !in.Confirmed:
		return in, refuse(http.StatusBadRequest, func(t roomTexts) string { return t.ErrConfirm })
	}
	return in, nil
}

// stateRefusal answers why a quote in this state cannot be accepted.
func stateRefusal(state string) error {
	switch state {
	case StateExpired:
		return refuse(http.StatusConflict, func(t roomTexts) string { return t.ErrExpired })
	case StateWithdrawn:
		return refuse(http.StatusConflict, func(t roomTexts) string { return t.ErrWithdrawn })
	case StateAccepted:
		return refuse(http.StatusConflict, func(t roomTexts) string { return t.ErrAccepted })
	}
	return nil
}

var errChangedDoc = refuse(http.StatusConflict, func(t roomTexts) string { return t.ErrChanged })

// Accept records the brand's acceptance of a sent quote, in one
// transaction: the typed name, title and company, the time, the client's
// address and the SHA-256 of the document shown (which must be the stored
// one: a form shown with another document is a 409), the deal moved to
// booked with its event, and the accepted quote e-mailed to both sides.
func (s *Service) Accept(ctx context.Context, q Quote, in AcceptForm, clientAddress string) error {
	in, err := checkAccept(in)
	if err != nil {
		return err
	}
	if err := stateRefusal(q.State); err != nil {
		return err
	}
	if in.SHA256 != q.DocumentSHA256 {
		return errChangedDoc
	}
	if q.DealID == nil {
		return refuse(http.StatusConflict, func(t roomTexts) string { return t.ErrWithdrawn })
	}
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		now := s.now()
		res, err := tx.ExecContext(ctx, s.q(`UPDATE quotes SET accepted_at = ?, accepted_name = ?, accepted_title = ?,
			accepted_company = ?, accepted_address = ?, accepted_sha256 = ?, updated_at = ?
			WHERE id = ? AND sent_at IS NOT NULL AND withdrawn_at IS NULL AND accepted_at IS NULL
			AND valid_until >= ? AND document_sha256 = ?`),
			now, in.Name, in.Title, in.Company, clientAddress, in.SHA256, now, q.ID, s.today(), in.SHA256)
		if store.IsUniqueViolation(err) {
			return refuse(http.StatusConflict, func(t roomTexts) string { return t.ErrOtherAccepted })
		}
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			// Another request came between (a withdrawal, the other accept).
			cur, err := s.get(ctx, tx, q.ID)
			if err != nil {
				return err
			}
			if err := stateRefusal(cur.State); err != nil {
				return err
			}
			return errChangedDoc
		}
		actor := deals.Actor{Name: in.Name + " (" + in.Company + ")"}
		d, err := s.deals.Get(ctx, *q.DealID)
		if err != nil {
			return err
		}
		if err := s.record(ctx, tx, d, actor, fmt.Sprintf("quote %d accepted by %s, %s, %s", q.Number, in.Name, in.Title, in.Company)); err != nil {
			return err
		}
		// The deal waits for the creator to look (the Overview's "Needs you").
		if err := s.deals.MarkAnswered(ctx, tx, d.ID); err != nil {
			return err
		}
		if _, err := s.deals.MoveTo(ctx, tx, actor, d.ID, deals.StageBooked,
			[]string{deals.StageNew, deals.StageNegotiating, deals.StageLost}); err != nil {
			return err
		}
		if err := s.queueMail(ctx, tx, mailJob{Event: eventAccepted, To: toCreator, QuoteID: q.ID}); err != nil {
			return err
		}
		if d.ContactEmail != "" {
			return s.queueMail(ctx, tx, mailJob{Event: eventAccepted, To: toBrand, QuoteID: q.ID})
		}
		return nil
	})
	return err
}

package deals

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/lang"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// What the admin does with deals: make one (by hand or from an inquiry),
// change it, delete it. Each checks the deal form and records its event in
// the same transaction as the change.

// Create stores a deal made by hand; empty choices take their defaults.
func (s *Service) Create(ctx context.Context, actor Actor, in Input) (Deal, error) {
	in, err := Check(defaults(in))
	if err != nil {
		return Deal{}, err
	}
	var d Deal
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		d, err = s.insert(ctx, tx, actor, in, nil, "")
		return err
	})
	return d, err
}

// FromInquiry makes the deal of an inquiry: brand (the company, else the
// sender's name), contact, e-mail, the page's language, the package it
// named (its name in that language, its videos and price: packages.go) and
// its message as the brief, wherever over has left them empty (a count of
// 0 videos is empty: the package's, else one). An inquiry becomes at most
// one deal: when it has one already, that deal is answered (created false)
// and over is ignored.
func (s *Service) FromInquiry(ctx context.Context, actor Actor, inquiryID int64, over Input) (d Deal, created bool, err error) {
	if d, err := s.byInquiry(ctx, inquiryID); err != sql.ErrNoRows {
		return d, false, err
	}
	inq, err := s.st.GetInquiry(ctx, inquiryID)
	if err != nil {
		return Deal{}, false, err
	}
	in := prefill(over, inq)
	if in.DeliverableCount == 0 {
		in.DeliverableCount = defaultVideos
	}
	if in, err = Check(defaults(in)); err != nil {
		return Deal{}, false, err
	}
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		d, err = s.insert(ctx, tx, actor, in, &inquiryID, fmt.Sprintf("from inquiry %d", inquiryID))
		return err
	})
	if store.IsUniqueViolation(err) {
		// The same inquiry's other click won the race: its deal is the one.
		d, err = s.byInquiry(ctx, inquiryID)
		return d, false, err
	}
	return d, err == nil, err
}

// prefill fills the fields of in an inquiry can give, where in has none.
func prefill(in Input, inq store.Inquiry) Input {
	or := func(dst *string, v string) {
		if strings.TrimSpace(*dst) == "" {
			*dst = strings.TrimSpace(v)
		}
	}
	or(&in.Brand, inq.Company)
	or(&in.Brand, inq.Name)
	or(&in.ContactName, inq.Name)
	or(&in.ContactEmail, inq.Email)
	if in.Language == "" && lang.Valid(inq.Language) {
		in.Language = inq.Language
	}
	or(&in.Brief, inq.Message)
	return withPackage(in, inq.Service)
}

// Update writes a deal's new fields over what is stored, recording what
// changed (nothing is written when nothing changed). cur is the deal as it
// was read before next was made from it: a write that came between is a
// 409, never lost.
func (s *Service) Update(ctx context.Context, actor Actor, cur Deal, next Input) (Deal, error) {
	next, err := Check(next)
	if err != nil {
		return Deal{}, err
	}
	return s.store(ctx, actor, cur, next)
}

// Delete removes a deal, what hangs off it (the OnDelete hooks) and its
// history, and records that it was deleted.
func (s *Service) Delete(ctx context.Context, actor Actor, id int64) error {
	return s.remove(ctx, actor, id)
}

// Ref names a deal from elsewhere (an inquiry shows its deal).
type Ref struct {
	ID    int64  `json:"id"`
	Stage string `json:"stage"`
}

// OfInquiries answers the deal of each of these inquiries that has one.
func (s *Service) OfInquiries(ctx context.Context, ids []int64) (map[int64]Ref, error) {
	out := map[int64]Ref{}
	if len(ids) == 0 {
		return out, nil
	}
	want := make(map[int64]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	// Every deal made from an inquiry: a creator's deals are hundreds, and
	// one query beats a list of placeholders as long as the inbox's page.
	rows, err := s.st.DB.QueryContext(ctx, `SELECT inquiry_id, id, stage FROM deals WHERE inquiry_id IS NOT NULL`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var inquiry int64
		var r Ref
		if err := rows.Scan(&inquiry, &r.ID, &r.Stage); err != nil {
			return nil, err
		}
		if want[inquiry] {
			out[inquiry] = r
		}
	}
	return out, rows.Err()
}

// MoveStage moves a deal to stage inside tx, with the event of the move
// (detail says why), for what other packages' work decides (a
// deal whose invoices are settled moves to paid). A deal at that stage
// already is left as it is, with no event.
func (s *Service) MoveStage(ctx context.Context, tx *sql.Tx, actor Actor, dealID int64, stage, detail string) error {
	var from, brand string
	err := tx.QueryRowContext(ctx, s.q(`SELECT stage, brand FROM deals WHERE id = ?`), dealID).Scan(&from, &brand)
	if err == sql.ErrNoRows {
		return errNotFound
	}
	if err != nil || from == stage {
		return err
	}
	at := s.now()
	if _, err := tx.ExecContext(ctx, s.q(`UPDATE deals SET stage = ?, version = version + 1, updated_at = ? WHERE id = ?`),
		stage, at, dealID); err != nil {
		return err
	}
	return s.Record(ctx, tx, Event{DealID: &dealID, Brand: brand, At: at, Actor: actor, Kind: KindUpdated,
		FromStage: from, ToStage: stage, Detail: detail})
}

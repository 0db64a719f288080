package rooms

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"regexp"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/deals"
)

// A room's links: /room/<token>, a token of 24 random bytes (192 bits) in
// URL-safe base64. A request is looked up by its SHA-256 alone; the admin's
// current link is also kept sealed (seal.go), so the creator can copy it
// again instead of making a new one. An e-mail to the brand carries a link
// of its own, made as it is sent, and kept only as its hash.

const tokenBytes = 24

// tokenRe is a token's shape; anything else is not looked up.
var tokenRe = regexp.MustCompile(`^[A-Za-z0-9_-]{32}$`)

// newToken answers a fresh token and its hash.
func newToken() (token, hash string) {
	b := make([]byte, tokenBytes)
	rand.Read(b) // never fails (crypto/rand)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// roomURL is the address of a room's page.
func (s *Service) roomURL(token string) string { return s.siteURL + "/room/" + token }

// NewLink answers POST /api/admin/deals/{id}/room: the room is made if the
// deal has none, the settings of the body are applied, every earlier link
// stops working, and a new one is made and answered (Room.URL).
// Drafts still waiting for an answer wait the room's full days from now:
// the brand may not have had a working link until now.
func (s *Service) NewLink(ctx context.Context, actor deals.Actor, dealID int64, body func(*Settings) error) (Room, error) {
	d, err := s.deals.Get(ctx, dealID)
	if err != nil {
		return Room{}, err
	}
	cur, err := s.room(ctx, s.st.DB, dealID)
	if err != nil {
		return Room{}, err
	}
	in := Settings{ExpiresOn: cur.ExpiresOn, AnswerDays: cur.AnswerDays}
	if err := body(&in); err != nil {
		return Room{}, err
	}
	if in, err = s.checkSettings(in, cur.ExpiresOn); err != nil {
		return Room{}, err
	}
	sealer, err := s.st.Sealer(ctx, sealKeyName)
	if err != nil {
		return Room{}, err
	}
	token, hash := newToken()
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		id, err := s.ensureRoom(ctx, tx, dealID)
		if err != nil {
			return err
		}
		sealed := sealer.Seal(token, sealData(id))
		now := s.now()
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE deal_rooms SET answer_days = ?, expires_on = ?, updated_at = ? WHERE id = ?`),
			in.AnswerDays, in.ExpiresOn, now, id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE room_links SET revoked_at = ? WHERE room_id = ? AND revoked_at IS NULL`),
			now, id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO room_links (room_id, token_hash, token_sealed, purpose, created_at) VALUES (?, ?, ?, 'admin', ?)`),
			id, hash, sealed, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE room_drafts SET due_at = ? WHERE deal_id = ? AND state = 'pending'`),
			addBusinessDays(now, in.AnswerDays), dealID); err != nil {
			return err
		}
		return s.record(ctx, tx, d, actor, kindRoom, "made a delivery room link ("+settingsDetail(in)+")")
	})
	if err != nil {
		return Room{}, err
	}
	rm, err := s.room(ctx, s.st.DB, dealID)
	rm.URL = s.roomURL(token)
	return rm, err
}

// Revoke answers DELETE /api/admin/deals/{id}/room: every link of the room
// stops working at once (its drafts and licences stay; a new link opens it
// again).
func (s *Service) Revoke(ctx context.Context, actor deals.Actor, dealID int64) (Room, error) {
	d, err := s.deals.Get(ctx, dealID)
	if err != nil {
		return Room{}, err
	}
	cur, err := s.room(ctx, s.st.DB, dealID)
	if err != nil {
		return Room{}, err
	}
	if cur.State == StateNone {
		return Room{}, errNoRoom
	}
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE room_links SET revoked_at = ? WHERE room_id = ? AND revoked_at IS NULL`),
			s.now(), cur.id); err != nil {
			return err
		}
		return s.record(ctx, tx, d, actor, kindRoom, "revoked the delivery room link")
	})
	if err != nil {
		return Room{}, err
	}
	return s.room(ctx, s.st.DB, dealID)
}

// mintMailLink makes a link for one message to the brand and answers its
// URL; an error when the room has no working link (revoked or expired: the
// message must not open what the creator closed).
func (s *Service) mintMailLink(ctx context.Context, dealID int64) (string, error) {
	rm, err := s.room(ctx, s.st.DB, dealID)
	if err != nil {
		return "", err
	}
	if rm.State != StateActive {
		return "", errRoomClosed
	}
	token, hash := newToken()
	if _, err := s.st.DB.ExecContext(ctx, s.q(`INSERT INTO room_links (room_id, token_hash, purpose, created_at) VALUES (?, ?, 'mail', ?)`),
		rm.id, hash, s.now()); err != nil {
		return "", err
	}
	return s.roomURL(token), nil
}

var errRoomClosed = errors.New("the delivery room has no working link (revoked or expired)")

// errNotFound is every failed room lookup: the same answer whether the
// token is malformed, unknown, revoked or expired, so an answer tells
// nothing about other rooms.
var errNotFound = apperr.NotFound("Not found")

// access is what a working token opens: one room of one deal.
type access struct {
	roomID int64
	deal   deals.Deal
	room   Room
}

// resolve answers what a token opens, or errNotFound.
func (s *Service) resolve(ctx context.Context, token string) (access, error) {
	if !tokenRe.MatchString(token) {
		return access{}, errNotFound
	}
	var a access
	var dealID int64
	err := s.st.DB.QueryRowContext(ctx, s.q(`SELECT r.id, r.deal_id FROM room_links l JOIN deal_rooms r ON r.id = l.room_id
		WHERE l.token_hash = ? AND l.revoked_at IS NULL`), hashToken(token)).Scan(&a.roomID, &dealID)
	if errors.Is(err, sql.ErrNoRows) {
		return access{}, errNotFound
	}
	if err != nil {
		return access{}, err
	}
	if a.room, err = s.room(ctx, s.st.DB, dealID); err != nil {
		return access{}, err
	}
	if a.room.State != StateActive {
		return access{}, errNotFound // expired
	}
	if a.deal, err = s.deals.Get(ctx, dealID); apperr.Is(err, apperr.CodeNotFound) {
		return access{}, errNotFound
	}
	return a, err
}

// opened records that the brand opened the room (the admin sees when).
func (s *Service) opened(ctx context.Context, roomID int64) {
	if _, err := s.st.DB.ExecContext(ctx, s.q(`UPDATE deal_rooms SET last_opened_at = ? WHERE id = ?`), s.now(), roomID); err != nil {
		s.log.Warn("rooms: cannot record an opening", "room", roomID, "err", err)
	}
}

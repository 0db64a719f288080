package rooms

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
)

// The brand's current link is kept for the creator to copy again: its
// token sealed (store.Sealer) under a site key of its own, with the
// room's id as additional data, so a sealed token copied onto another room
// does not open. The lookup still goes by the token's hash alone. Whoever
// holds the database with its site_secrets can open the sealed tokens of
// working links; revoking a room ends them all the same.

// sealKeyName names the key in site_secrets.
const sealKeyName = "room-links"

func sealData(roomID int64) []byte { return []byte("room-link:" + strconv.FormatInt(roomID, 10)) }

var errSealed = errors.New("rooms: a sealed link does not open")

// openToken answers the token sealed for room roomID.
func (s *Service) openToken(ctx context.Context, roomID int64, sealed string) (string, error) {
	sealer, err := s.st.Sealer(ctx, sealKeyName)
	if err != nil {
		return "", err
	}
	token, ok := sealer.Open(sealed, sealData(roomID))
	if !ok {
		return "", errSealed
	}
	return token, nil
}

// currentURL answers the address of the room's working admin link, or ""
// when it has none the creator can copy (no link, revoked or expired, or
// made before links were kept).
func (s *Service) currentURL(ctx context.Context, rm Room) (string, error) {
	if rm.State != StateActive {
		return "", nil
	}
	var sealed string
	err := s.st.DB.QueryRowContext(ctx, s.q(`SELECT token_sealed FROM room_links
		WHERE room_id = ? AND purpose = 'admin' AND revoked_at IS NULL ORDER BY id DESC LIMIT 1`), rm.id).Scan(&sealed)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && sealed == "") {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	token, err := s.openToken(ctx, rm.id, sealed)
	if err != nil {
		// A key replaced by hand: the link still works, the creator makes
		// a new one to have one to copy.
		s.log.Warn("rooms: the current link does not open", "room", rm.id, "err", err)
		return "", nil
	}
	return s.roomURL(token), nil
}

package rooms

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"strconv"
)

// The brand's current link is kept for the creator to copy again (issue
// 38): its token sealed with AES-GCM under a site key of its own, with the
// room's id as additional data, so a sealed token copied onto another room
// does not open. The lookup still goes by the token's hash alone. Whoever
// holds the database with its site_secrets can open the sealed tokens of
// working links; revoking a room ends them all the same.

// sealKeyName names the key in site_secrets.
const sealKeyName = "room-links"

func (s *Service) linkCipher(ctx context.Context) (cipher.AEAD, error) {
	key, err := s.st.SiteSecret(ctx, sealKeyName)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(key[:32])
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

func sealData(roomID int64) []byte { return []byte("room-link:" + strconv.FormatInt(roomID, 10)) }

// sealToken answers token sealed with aead (linkCipher) for room roomID:
// nonce and ciphertext in URL-safe base64. The cipher is made before a
// transaction: reading the key may write it, and SQLite has one writer.
func sealToken(aead cipher.AEAD, roomID int64, token string) string {
	nonce := make([]byte, aead.NonceSize())
	rand.Read(nonce) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(aead.Seal(nonce, nonce, []byte(token), sealData(roomID)))
}

var errSealed = errors.New("rooms: a sealed link does not open")

// openToken answers the token sealed for room roomID.
func (s *Service) openToken(ctx context.Context, roomID int64, sealed string) (string, error) {
	aead, err := s.linkCipher(ctx)
	if err != nil {
		return "", err
	}
	raw, err := base64.RawURLEncoding.DecodeString(sealed)
	if err != nil || len(raw) < aead.NonceSize() {
		return "", errSealed
	}
	token, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], sealData(roomID))
	if err != nil {
		return "", errSealed
	}
	return string(token), nil
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

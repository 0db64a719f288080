package store

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
)

// Sealer seals short secrets the site must read back (a room's link for
// the creator to copy again, an accounting system's API token) with
// AES-GCM under a site key of their own (SiteSecret). Each sealed value is
// bound to what it belongs to (its additional data: a room's id, a
// company): copied onto another, it does not open. Whoever holds the
// database with its site_secrets can open them; that is the point of
// keeping them recoverable rather than hashed.
type Sealer struct{ aead cipher.AEAD }

// Sealer answers the sealer under the site key name. Get it before a
// transaction: reading the key may write it, and SQLite has one writer.
func (s *Store) Sealer(ctx context.Context, name string) (Sealer, error) {
	key, err := s.SiteSecret(ctx, name)
	if err != nil {
		return Sealer{}, err
	}
	block, err := aes.NewCipher(key[:32])
	if err != nil {
		return Sealer{}, err
	}
	aead, err := cipher.NewGCM(block)
	return Sealer{aead}, err
}

// Seal answers value sealed for bound: nonce and ciphertext in URL-safe base64.
func (k Sealer) Seal(value string, bound []byte) string {
	nonce := make([]byte, k.aead.NonceSize())
	rand.Read(nonce) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(k.aead.Seal(nonce, nonce, []byte(value), bound))
}

// Open answers the value sealed for bound; false when it does not open
// (another key, another owner, or not a sealed value at all).
func (k Sealer) Open(sealed string, bound []byte) (string, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(sealed)
	if err != nil || len(raw) < k.aead.NonceSize() {
		return "", false
	}
	value, err := k.aead.Open(nil, raw[:k.aead.NonceSize()], raw[k.aead.NonceSize():], bound)
	return string(value), err == nil
}

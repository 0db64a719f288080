package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
)

// SiteSecret answers the site's random key for name (32 bytes), made on
// first use. Every replica over one database gets the same key: the first
// to ask inserts it, the others read what it inserted (the INSERT of a
// second replica at the same moment does nothing). A key never changes, so
// it is read once per process.
func (s *Store) SiteSecret(ctx context.Context, name string) ([]byte, error) {
	if key, ok := s.secrets.Load(name); ok {
		return key.([]byte), nil
	}
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, err
	}
	if _, err := s.exec(ctx, `INSERT INTO site_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`,
		name, hex.EncodeToString(fresh)); err != nil {
		return nil, fmt.Errorf("site secret %s: %w", name, err)
	}
	var value string
	if err := s.queryRow(ctx, `SELECT value FROM site_secrets WHERE name = ?`, name).Scan(&value); err != nil {
		return nil, fmt.Errorf("site secret %s: %w", name, err)
	}
	key, err := hex.DecodeString(value)
	if err != nil || len(key) < 32 {
		return nil, fmt.Errorf("site secret %s: the stored value is not 32 bytes of hex", name)
	}
	s.secrets.Store(name, key)
	return key, nil
}

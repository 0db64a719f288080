package store

import (
	"context"
	"time"
)

// SessionStore keeps scs sessions in our database, so that several replicas
// share them. It implements scs.CtxStore (and scs.Store) for both engines;
// scs's own per-engine stores are not on the module proxy we can reach.
type SessionStore struct{ s *Store }

// Sessions returns the session store over this database.
func (s *Store) Sessions() SessionStore { return SessionStore{s} }

// FindCtx returns the session data for an unexpired token.
func (ss SessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	var data []byte
	err := ss.s.queryRow(ctx, `SELECT data FROM sessions WHERE token = ? AND expiry > ?`, token, now()).Scan(&data)
	if noRows(err) {
		return nil, false, nil
	}
	return data, err == nil, err
}

// CommitCtx saves a session's data until expiry.
func (ss SessionStore) CommitCtx(ctx context.Context, token string, data []byte, expiry time.Time) error {
	_, err := ss.s.exec(ctx, `INSERT INTO sessions (token, data, expiry) VALUES (?, ?, ?)
		ON CONFLICT (token) DO UPDATE SET data = excluded.data, expiry = excluded.expiry`,
		token, data, expiry.UTC())
	return err
}

// DeleteCtx destroys a session.
func (ss SessionStore) DeleteCtx(ctx context.Context, token string) error {
	_, err := ss.s.exec(ctx, `DELETE FROM sessions WHERE token = ?`, token)
	return err
}

// Find, Commit and Delete satisfy scs.Store; scs calls the Ctx forms.
func (ss SessionStore) Find(token string) ([]byte, bool, error) {
	return ss.FindCtx(context.Background(), token)
}
func (ss SessionStore) Commit(token string, data []byte, expiry time.Time) error {
	return ss.CommitCtx(context.Background(), token, data, expiry)
}
func (ss SessionStore) Delete(token string) error { return ss.DeleteCtx(context.Background(), token) }

// DeleteExpiredSessions removes sessions past their expiry.
func (s *Store) DeleteExpiredSessions(ctx context.Context) error {
	_, err := s.exec(ctx, `DELETE FROM sessions WHERE expiry <= ?`, now())
	return err
}

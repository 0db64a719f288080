package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// User is an account. Its JSON form is what the API answers: it never
// carries the password hash.
type User struct {
	ID           int64     `json:"id"`
	Username     string    `json:"username"`
	DisplayName  string    `json:"displayName"`
	IsAdmin      bool      `json:"isAdmin"`
	PasswordHash string    `json:"-"`
	CreatedAt    time.Time `json:"-"`
	// PasswordSetByOperator: the password was set on the command line
	// (admin create), not chosen by whoever registered the address.
	PasswordSetByOperator bool `json:"-"`
}

// UserInput is what creating an account needs.
type UserInput struct {
	Username     string
	DisplayName  string
	PasswordHash string
	IsAdmin      bool
	// PasswordSetByOperator: the operator chose the password (admin create).
	PasswordSetByOperator bool
}

const userColumns = `id, username, display_name, is_admin, password_hash, created_at, password_set_by_operator`

func scanUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	err := row.Scan(&u.ID, &u.Username, &u.DisplayName, &u.IsAdmin, &u.PasswordHash, &u.CreatedAt, &u.PasswordSetByOperator)
	return u, err
}

var errUserNotFound = apperr.NotFound("User not found")

// CreateUser adds an account; a username taken in any letter case is a conflict.
func (s *Store) CreateUser(ctx context.Context, nu UserInput) (User, error) {
	row := s.queryRow(ctx, `INSERT INTO users (username, display_name, password_hash, is_admin, created_at, password_set_by_operator)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING `+userColumns,
		nu.Username, nu.DisplayName, nu.PasswordHash, nu.IsAdmin, now(), nu.PasswordSetByOperator)
	u, err := scanUser(row)
	if isUniqueViolation(err) {
		return User{}, apperr.New(apperr.CodeConflict, "Username already exists")
	}
	return u, err
}

// UserByID returns the account with the given id.
func (s *Store) UserByID(ctx context.Context, id int64) (User, error) {
	u, err := scanUser(s.queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
	if noRows(err) {
		return User{}, errUserNotFound
	}
	return u, err
}

// UserByUsername finds an account by username, ignoring letter case.
func (s *Store) UserByUsername(ctx context.Context, username string) (User, error) {
	u, err := scanUser(s.queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE lower(username) = lower(?)`, username))
	if noRows(err) {
		return User{}, errUserNotFound
	}
	return u, err
}

// ErrPasswordNotOperators refuses to promote an account whose password was
// chosen by whoever registered its address: nothing proves that was its
// owner (there is no e-mail verification), so the operator must set a
// password of their own (TakeOverUser).
var ErrPasswordNotOperators = apperr.New(apperr.CodeConflict, "The account's password was chosen at registration, not set by the operator")

// PromoteUser makes an existing account an admin: one whose password the
// operator set (ErrPasswordNotOperators otherwise). An admin stays one.
func (s *Store) PromoteUser(ctx context.Context, username string) (User, error) {
	u, err := s.UserByUsername(ctx, username)
	if err != nil || u.IsAdmin {
		return u, err
	}
	// The condition is in the UPDATE too: a password reset by its owner
	// between the read and the write must not be promoted.
	res, err := s.exec(ctx, `UPDATE users SET is_admin = TRUE WHERE id = ? AND password_set_by_operator`, u.ID)
	if err := affectedOne(res, err, ErrPasswordNotOperators); err != nil {
		return User{}, err
	}
	return s.UserByID(ctx, u.ID)
}

// TakeOverUser makes the account username an admin with the operator's
// spelling of the username, password hash and display name, and ends every session of it (before the
// account becomes an admin, in the same transaction), so nobody who knew
// the old password or held a session keeps a way in. sessionOf tells the
// user id a session's data belongs to (0: none): the data is the session
// manager's encoding, which this package does not read.
func (s *Store) TakeOverUser(ctx context.Context, username, displayName, passwordHash string, sessionOf func(data []byte) int64) (User, error) {
	u, err := s.UserByUsername(ctx, username)
	if err != nil {
		return User{}, err
	}
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE users SET username = ?, password_hash = ?, display_name = ?, password_set_by_operator = TRUE
			WHERE id = ?`), username, passwordHash, displayName, u.ID); err != nil {
			return err
		}
		if err := deleteSessionsOf(ctx, tx, s, u.ID, sessionOf); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.rebind(`UPDATE users SET is_admin = TRUE WHERE id = ?`), u.ID)
		return err
	})
	if err != nil {
		return User{}, err
	}
	return s.UserByID(ctx, u.ID)
}

// deleteSessionsOf deletes the sessions whose data belongs to user id.
// Sessions are few (one per browser logged in within 14 days), so reading
// them all is cheap.
func deleteSessionsOf(ctx context.Context, tx *sql.Tx, s *Store, id int64, sessionOf func([]byte) int64) error {
	rows, err := tx.QueryContext(ctx, `SELECT token, data FROM sessions`)
	if err != nil {
		return err
	}
	var tokens []string
	for rows.Next() {
		var token string
		var data []byte
		if err := rows.Scan(&token, &data); err != nil {
			rows.Close()
			return err
		}
		if sessionOf(data) == id {
			tokens = append(tokens, token)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, token := range tokens {
		if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM sessions WHERE token = ?`), token); err != nil {
			return err
		}
	}
	return nil
}

// HasAdmin reports whether any account is an admin.
func (s *Store) HasAdmin(ctx context.Context) (bool, error) {
	var n int
	err := s.queryRow(ctx, `SELECT count(*) FROM users WHERE is_admin`).Scan(&n)
	return n > 0, err
}

// CountUsers returns how many accounts exist.
func (s *Store) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := s.queryRow(ctx, `SELECT count(*) FROM users`).Scan(&n)
	return n, err
}

package store

import (
	"context"
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
}

// UserInput is what creating an account needs.
type UserInput struct {
	Username     string
	DisplayName  string
	PasswordHash string
	IsAdmin      bool
}

const userColumns = `id, username, display_name, is_admin, password_hash, created_at`

func scanUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	err := row.Scan(&u.ID, &u.Username, &u.DisplayName, &u.IsAdmin, &u.PasswordHash, &u.CreatedAt)
	return u, err
}

var errUserNotFound = apperr.NotFound("User not found")

// CreateUser adds an account; a username taken in any letter case is a conflict.
func (s *Store) CreateUser(ctx context.Context, nu UserInput) (User, error) {
	row := s.queryRow(ctx, `INSERT INTO users (username, display_name, password_hash, is_admin, created_at)
		VALUES (?, ?, ?, ?, ?) RETURNING `+userColumns,
		nu.Username, nu.DisplayName, nu.PasswordHash, nu.IsAdmin, now())
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

// PromoteUser makes an existing account an admin.
func (s *Store) PromoteUser(ctx context.Context, username string) (User, error) {
	res, err := s.exec(ctx, `UPDATE users SET is_admin = TRUE WHERE lower(username) = lower(?)`, username)
	if err := affectedOne(res, err, errUserNotFound); err != nil {
		return User{}, err
	}
	return s.UserByUsername(ctx, username)
}

// CountUsers returns how many accounts exist.
func (s *Store) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := s.queryRow(ctx, `SELECT count(*) FROM users`).Scan(&n)
	return n, err
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// browser is an HTTP client with its own cookies: one person at the site.
type browser struct {
	t    *testing.T
	base string
	c    *http.Client
}

func newBrowser(t *testing.T, base string) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t, base, &http.Client{Jar: jar}}
}

// post sends a JSON body and answers the status and the body.
func (b *browser) post(path string, body any) (int, string) {
	b.t.Helper()
	data, _ := json.Marshal(body)
	res, err := b.c.Post(b.base+path, "application/json", bytes.NewReader(data))
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(out)
}

// user answers GET /api/user: the status and whether the user is an admin.
func (b *browser) user() (int, bool) {
	b.t.Helper()
	res, err := b.c.Get(b.base + "/api/user")
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	var u struct{ IsAdmin bool }
	json.NewDecoder(res.Body).Decode(&u)
	return res.StatusCode, u.IsAdmin
}

// TestSquattedEmailNeverBecomesAdmin: a visitor registers the creator's
// e-mail before the creator's account exists. Neither "admin create" nor
// "admin promote" may hand that account, with the password the visitor
// chose, admin rights; "admin create --reset-password" takes the account
// over with the operator's password and ends the visitor's sessions, and
// registration closes once the site has an admin.
func TestSquattedEmailNeverBecomesAdmin(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) {
		dir := t.TempDir()
		checkSquatting(t, env("UGCFOLIO_DATA", dir), func() (*store.Store, error) {
			return store.Open(context.Background(), "", filepath.Join(dir, "ugcfolio.db"))
		})
	})
	t.Run("postgres", func(t *testing.T) {
		if os.Getenv("TEST_DATABASE_URL") == "" {
			t.Skip("TEST_DATABASE_URL not set")
		}
		dsn, err := storetest.FreshPostgresURL(t)
		if err != nil {
			t.Fatal(err)
		}
		checkSquatting(t, env("UGCFOLIO_DATA", t.TempDir(), "DATABASE_URL", dsn), func() (*store.Store, error) {
			return store.Open(context.Background(), dsn, "")
		})
	})
}

func checkSquatting(t *testing.T, getenv func(string) string, open func() (*store.Store, error)) {
	ctx := context.Background()
	const email = "kari@example.no"
	base, _ := startServe(t, getenv)

	squatter := newBrowser(t, base)
	squatterCreds := map[string]string{"username": email, "password": "squatter-pass"}
	if code, body := squatter.post("/api/register", map[string]string{"username": "Kari@Example.no", "password": "squatter-pass", "displayName": "Kari"}); code != http.StatusCreated {
		t.Fatalf("the visitor's registration: %d %s", code, body)
	}

	// The operator creates the creator's admin as the README says: refused,
	// with the way out named.
	r := runCmd(t, ctx, getenv, "operatorens-passord\n", "admin", "create", "--email", email, "--name", "Kari")
	if r.code != 1 || !strings.Contains(r.stderr, "--reset-password") {
		t.Fatalf("admin create on the squatted account: %+v", r)
	}
	// Promoting the account would make the visitor's password an admin's.
	r = runCmd(t, ctx, getenv, "", "admin", "promote", email)
	if r.code != 1 || !strings.Contains(r.stderr, "admin create --email "+email+" --reset-password") {
		t.Fatalf("admin promote of the squatted account: %+v", r)
	}
	if code, isAdmin := squatter.user(); code != http.StatusOK || isAdmin {
		t.Fatalf("the visitor's session: %d, admin %v", code, isAdmin)
	}
	if code, body := newBrowser(t, base).post("/api/login", squatterCreds); code != http.StatusOK || strings.Contains(body, `"isAdmin":true`) {
		t.Fatalf("the visitor's password: %d %s", code, body)
	}

	// The explicit take-over: the operator's password, the visitor's sessions gone.
	r = runCmd(t, ctx, getenv, "operatorens-passord\n", "admin", "create", "--email", email, "--name", "Kari", "--reset-password")
	if r.code != 0 || !strings.Contains(r.stdout, "kari@example.no") {
		t.Fatalf("admin create --reset-password: %+v", r)
	}
	if code, isAdmin := squatter.user(); code != http.StatusUnauthorized {
		t.Fatalf("the visitor's session outlived the reset: %d, admin %v", code, isAdmin)
	}
	if code, body := newBrowser(t, base).post("/api/login", squatterCreds); code != http.StatusUnauthorized {
		t.Fatalf("the visitor's password after the reset: %d %s", code, body)
	}
	owner := newBrowser(t, base)
	if code, body := owner.post("/api/login", map[string]string{"username": email, "password": "operatorens-passord"}); code != http.StatusOK || !strings.Contains(body, `"isAdmin":true`) {
		t.Fatalf("the operator's password: %d %s", code, body)
	}

	// With an admin, registration is closed unless the operator opens it.
	if code, body := newBrowser(t, base).post("/api/register", map[string]string{"username": "ola@example.no", "password": "hemmelig"}); code != http.StatusForbidden {
		t.Fatalf("registration on a site with an admin: %d %s", code, body)
	}

	st, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	u, err := st.UserByUsername(ctx, email)
	if err != nil || !u.IsAdmin || u.DisplayName != "Kari" {
		t.Fatalf("the account after the take-over: %+v %v", u, err)
	}
}

package httpapi

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// TestRegistrationClosesOnceTheSiteHasAnAdmin: by default POST /api/register
// creates accounts only while the site has no admin; UGCFOLIO_REGISTRATION
// opens or closes it for good.
func TestRegistrationClosesOnceTheSiteHasAnAdmin(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		register := func(e *testEnv, username string) response {
			return e.client().do("POST", "/api/register", map[string]string{"username": username, "password": "hemmelig"})
		}
		e := newEnv(t, st, nil)
		register(e, "ola@example.no").wantStatus(t, http.StatusCreated)
		createAccount(t, st, "kari@example.no", testPassword, true)
		register(e, "per@example.no").wantMessage(t, http.StatusForbidden, "Registration is closed")
		if _, err := st.UserByUsername(context.Background(), "per@example.no"); err == nil {
			t.Fatal("an account was created on a site with an admin")
		}

		open := newEnv(t, st, func(c *config.Config) { c.Registration = config.RegistrationOpen })
		register(open, "per@example.no").wantStatus(t, http.StatusCreated)
	})
	e := newEnv(t, sqliteStore(t), func(c *config.Config) { c.Registration = config.RegistrationClosed })
	e.client().do("POST", "/api/register", map[string]string{"username": "ola@example.no", "password": "hemmelig"}).
		wantMessage(t, http.StatusForbidden, "Registration is closed")
}

// TestRegisteringATakenAddressLooksLikeANewOne: the answer to registering
// an address that has an account (in any letter case) is the answer to a
// new one — status, body, cookies — so registration does not tell which
// addresses have accounts; the account keeps its password, and the
// registrant is logged in as nobody.
func TestRegisteringATakenAddressLooksLikeANewOne(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, func(c *config.Config) { c.Registration = config.RegistrationOpen })
		createAccount(t, st, "kari@example.no", testPassword, false)

		fresh := e.client()
		newOne := fresh.do("POST", "/api/register", map[string]string{"username": "ola@example.no", "password": "hemmelig", "displayName": "Ola"})
		taker := e.client()
		taken := taker.do("POST", "/api/register", map[string]string{"username": "Kari@Example.no", "password": "squatter-pass", "displayName": "Ola"})

		if newOne.status != http.StatusCreated || taken.status != newOne.status {
			t.Fatalf("new address %d %s, taken address %d %s", newOne.status, newOne.body, taken.status, taken.body)
		}
		if want := strings.Replace(newOne.body, "ola@example.no", "Kari@Example.no", 1); taken.body != want {
			t.Fatalf("taken address answered %s, a new one %s", taken.body, newOne.body)
		}
		if got, want := cookieNames(taken), cookieNames(newOne); !slices.Equal(got, want) {
			t.Fatalf("taken address set cookies %v, a new one %v", got, want)
		}

		fresh.do("GET", "/api/user", nil).wantStatus(t, http.StatusOK)
		taker.do("GET", "/api/user", nil).wantStatus(t, http.StatusUnauthorized)
		e.client().do("POST", "/api/login", map[string]string{"username": "kari@example.no", "password": "squatter-pass"}).
			wantStatus(t, http.StatusUnauthorized)
		e.client().do("POST", "/api/login", map[string]string{"username": "kari@example.no", "password": testPassword}).
			wantStatus(t, http.StatusOK)
		if n, err := st.CountUsers(context.Background()); err != nil || n != 2 {
			t.Fatalf("%d accounts, %v; want kari and ola", n, err)
		}
	})
}

// cookieNames are the names of the cookies an answer sets, sorted.
func cookieNames(r response) []string {
	var names []string
	for _, c := range (&http.Response{Header: r.header}).Cookies() {
		names = append(names, c.Name)
	}
	slices.Sort(names)
	return names
}

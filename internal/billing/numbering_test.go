package billing_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// Two servers over one database, as two replicas run: 20 drafts issued at
// once, half through each, take the numbers n … n+19, none twice, none
// skipped.
func TestNumberingHasNoGapUnderConcurrentIssues(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "site.db")
		issueAtOnce(t, open(t, "", path), open(t, "", path))
	})
	if os.Getenv("TEST_DATABASE_URL") != "" {
		t.Run("postgres", func(t *testing.T) {
			t.Parallel()
			dsn, err := storetest.FreshPostgresURL(t)
			if err != nil {
				t.Fatal(err)
			}
			issueAtOnce(t, open(t, dsn, ""), open(t, dsn, ""))
		})
	}
}

func open(t *testing.T, dsn, path string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), dsn, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func issueAtOnce(t *testing.T, st1, st2 *store.Store) {
	const n = 20
	one, two := sitetest.New(t, st1, sitetest.Options{}), sitetest.New(t, st2, sitetest.Options{})
	admin1 := one.SignedInAdmin(t)
	admin2 := two.LoggedIn(t, "admin@example.no", sitetest.Password)
	admin1.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
	deal := newDeal(t, admin1, "Fjellkaffe", "NOK")
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = readyDraft(t, admin1, deal, nil)
	}

	type result struct {
		status int
		number int64
		body   string
	}
	results := make([]result, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, id := range ids {
		site, client := one, admin1
		if i%2 == 1 {
			site, client = two, admin2
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			// No t.Fatal off the test's goroutine: the result is checked after.
			res, err := client.HTTP.Post(fmt.Sprintf("%s/api/admin/invoices/%d/issue", site.URL, id), "application/json", strings.NewReader("{}"))
			if err != nil {
				results[i] = result{body: err.Error()}
				return
			}
			defer res.Body.Close()
			var inv struct{ Number int64 }
			json.NewDecoder(res.Body).Decode(&inv)
			results[i] = result{status: res.StatusCode, number: inv.Number}
		}()
	}
	close(start)
	wg.Wait()

	numbers := make([]int64, 0, n)
	for i, r := range results {
		if r.status != http.StatusOK {
			t.Fatalf("issue %d: status %d %s", i, r.status, r.body)
		}
		numbers = append(numbers, r.number)
	}
	slices.Sort(numbers)
	for i, got := range numbers {
		if want := int64(1001 + i); got != want {
			t.Fatalf("numbers %v: want 1001 … 1020, each once", numbers)
		}
	}
	var next int64
	if err := st1.DB.QueryRow(`SELECT next_number FROM invoice_series`).Scan(&next); err != nil || next != 1001+n {
		t.Errorf("next number %d (%v), want %d", next, err, 1001+n)
	}
}

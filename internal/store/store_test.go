package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

var ctx = context.Background()

// must unwraps a store answer; an unexpected error fails the test run loudly.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func wantCode(t *testing.T, err error, code apperr.Code) {
	t.Helper()
	if !apperr.Is(err, code) {
		t.Fatalf("got error %v, want code %s", err, code)
	}
}

func TestUsers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		u := must(s.CreateUser(ctx, store.UserInput{Username: "Kari@Example.no", DisplayName: "Kari", PasswordHash: "h"}))
		if u.ID == 0 || u.IsAdmin || u.Username != "Kari@Example.no" {
			t.Fatalf("created %+v", u)
		}
		_, err := s.CreateUser(ctx, store.UserInput{Username: "kari@example.NO", PasswordHash: "h"})
		wantCode(t, err, apperr.CodeConflict)

		got := must(s.UserByUsername(ctx, "KARI@example.no"))
		if got.ID != u.ID || got.PasswordHash != "h" {
			t.Fatalf("by username %+v", got)
		}
		_, err = s.UserByID(ctx, 9999)
		wantCode(t, err, apperr.CodeNotFound)

		// A password chosen at registration is not promoted; one the operator set is.
		_, err = s.PromoteUser(ctx, "kari@example.no")
		if !errors.Is(err, store.ErrPasswordNotOperators) {
			t.Fatalf("promoted a registrant's password: %v", err)
		}
		if got := must(s.UserByID(ctx, u.ID)); got.IsAdmin {
			t.Fatal("promoted although refused")
		}
		must(s.CreateUser(ctx, store.UserInput{Username: "ola@example.no", PasswordHash: "h", PasswordSetByOperator: true}))
		p := must(s.PromoteUser(ctx, "ola@example.no"))
		if !p.IsAdmin || !p.PasswordSetByOperator {
			t.Fatalf("not promoted: %+v", p)
		}
		_, err = s.PromoteUser(ctx, "nobody@example.no")
		wantCode(t, err, apperr.CodeNotFound)
		if n := must(s.CountUsers(ctx)); n != 2 {
			t.Fatalf("count %d", n)
		}
	})
}

// TestTakeOverUser: the operator's take-over of a registered account sets
// the password, name and spelling, makes it an admin, and deletes its
// sessions only.
func TestTakeOverUser(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		kari := must(s.CreateUser(ctx, store.UserInput{Username: "Kari@Example.no", DisplayName: "Squatter", PasswordHash: "squatter"}))
		ola := must(s.CreateUser(ctx, store.UserInput{Username: "ola@example.no", PasswordHash: "h"}))
		if has := must(s.HasAdmin(ctx)); has {
			t.Fatal("an admin before any")
		}
		sessions := s.Sessions()
		// Session data here is the user's id in decimal; sessionOf reads it.
		expiry := time.Now().Add(time.Hour)
		for token, owner := range map[string]int64{"kari-1": kari.ID, "kari-2": kari.ID, "ola": ola.ID, "nobody": 0} {
			if err := sessions.CommitCtx(ctx, token, []byte(strconv.FormatInt(owner, 10)), expiry); err != nil {
				t.Fatal(err)
			}
		}
		sessionOf := func(data []byte) int64 { id, _ := strconv.ParseInt(string(data), 10, 64); return id }

		u := must(s.TakeOverUser(ctx, "kari@example.no", "Kari", "operator", sessionOf))
		if !u.IsAdmin || !u.PasswordSetByOperator || u.PasswordHash != "operator" || u.DisplayName != "Kari" || u.Username != "kari@example.no" || u.ID != kari.ID {
			t.Fatalf("taken over: %+v", u)
		}
		for token, want := range map[string]bool{"kari-1": false, "kari-2": false, "ola": true, "nobody": true} {
			if _, found, err := sessions.FindCtx(ctx, token); err != nil || found != want {
				t.Errorf("session %s: found %v, want %v (%v)", token, found, want, err)
			}
		}
		if has := must(s.HasAdmin(ctx)); !has {
			t.Fatal("no admin after the take-over")
		}
		_, err := s.TakeOverUser(ctx, "nobody@example.no", "", "h", sessionOf)
		wantCode(t, err, apperr.CodeNotFound)
	})
}

// TestSiteSecret: one random key per name, the same for every store over
// the database (replicas), and kept.
func TestSiteSecret(t *testing.T) {
	for _, engine := range []string{"sqlite", "postgres"} {
		t.Run(engine, func(t *testing.T) {
			dsn, path := "", filepath.Join(t.TempDir(), "shared.db")
			if engine == "postgres" {
				var err error
				if dsn, err = storetest.FreshPostgresURL(t); err != nil {
					t.Fatal(err)
				}
			}
			open := func() *store.Store {
				s := must(store.Open(ctx, dsn, path))
				t.Cleanup(func() { s.Close() })
				return s
			}
			one, two := open(), open() // two replicas over one database
			a := must(one.SiteSecret(ctx, "rate-limits"))
			b := must(one.SiteSecret(ctx, "gate-pass"))
			if len(a) != 32 || len(b) != 32 || bytes.Equal(a, b) {
				t.Fatalf("keys %x and %x", a, b)
			}
			if again := must(two.SiteSecret(ctx, "rate-limits")); !bytes.Equal(again, a) {
				t.Fatalf("the other replica got %x, want %x", again, a)
			}
			if again := must(open().SiteSecret(ctx, "gate-pass")); !bytes.Equal(again, b) {
				t.Fatalf("after a restart %x, want %x", again, b)
			}
		})
	}
}

func TestContentUpsert(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		_, err := s.GetContent(ctx, "hero", "en")
		wantCode(t, err, apperr.CodeNotFound)

		first := must(s.SaveContent(ctx, "hero", "en", json.RawMessage(`{"tagline":"A"}`)))
		second := must(s.SaveContent(ctx, "hero", "en", json.RawMessage(`{"tagline":"B"}`)))
		if first.ID != second.ID {
			t.Fatalf("upsert made a new row: %d then %d", first.ID, second.ID)
		}
		got := must(s.GetContent(ctx, "hero", "en"))
		if string(got.Content) != `{"tagline":"B"}` || got.Language != "en" || got.Section != "hero" {
			t.Fatalf("got %+v", got)
		}
		_, err = s.GetContent(ctx, "hero", "no")
		wantCode(t, err, apperr.CodeNotFound)
	})
}

func TestTestimonials(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		in := store.TestimonialInput{Name: "Ola", Company: "Acme", Rating: 4, Testimonial: "Great", Language: "no", IsActive: true}
		a := must(s.CreateTestimonial(ctx, in))
		in.Name, in.IsActive = "Hidden", false
		b := must(s.CreateTestimonial(ctx, in))
		in.Language = "en"
		must(s.CreateTestimonial(ctx, in))

		if l := must(s.ListTestimonials(ctx, "no", false, 0)); len(l) != 1 || l[0].ID != a.ID {
			t.Fatalf("visitor list %+v", l)
		}
		if l := must(s.ListTestimonials(ctx, "no", true, 0)); len(l) != 2 {
			t.Fatalf("admin list %+v", l)
		}
		in.IsActive, in.Language = true, "no"
		u := must(s.UpdateTestimonial(ctx, b.ID, in))
		if !u.IsActive || u.Name != "Hidden" {
			t.Fatalf("updated %+v", u)
		}
		_, err := s.UpdateTestimonial(ctx, 9999, in)
		wantCode(t, err, apperr.CodeNotFound)
		if err := s.DeleteTestimonial(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		wantCode(t, s.DeleteTestimonial(ctx, a.ID), apperr.CodeNotFound)
	})
}

func TestPortfolioOrderAndVisibility(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		mk := func(title string, featured, active bool) store.PortfolioItem {
			return must(s.CreatePortfolioItem(ctx, store.PortfolioInput{
				Title: title, Category: "product", ImageURL: "https://x/y.jpg", Featured: featured, Language: "no", IsActive: active,
			}))
		}
		mk("old", false, true)
		mk("featured", true, true)
		mk("new", false, true)
		hidden := mk("hidden", false, false)

		var titles []string
		for _, p := range must(s.ListPortfolio(ctx, "no", false, 0)) {
			titles = append(titles, p.Title)
		}
		if want := []string{"featured", "new", "old"}; !equal(titles, want) {
			t.Fatalf("order %v, want %v", titles, want)
		}
		if l := must(s.ListPortfolio(ctx, "no", true, 0)); len(l) != 4 {
			t.Fatalf("admin sees %d", len(l))
		}
		if l := must(s.ListPortfolio(ctx, "en", true, 0)); len(l) != 0 {
			t.Fatalf("en sees %d", len(l))
		}
		upd := must(s.UpdatePortfolioItem(ctx, hidden.ID, store.PortfolioInput{
			Title: "shown", Category: "brand", VideoURL: "/uploads/a.mp4", Language: "no", IsActive: true,
		}))
		if upd.Category != "brand" || upd.VideoURL != "/uploads/a.mp4" || !upd.CreatedAt.Equal(hidden.CreatedAt) {
			t.Fatalf("updated %+v", upd)
		}
		del := must(s.DeletePortfolioItem(ctx, hidden.ID))
		if del.Title != "shown" {
			t.Fatalf("deleted %+v", del)
		}
		_, err := s.DeletePortfolioItem(ctx, hidden.ID)
		wantCode(t, err, apperr.CodeNotFound)
		_, err = s.GetPortfolioItem(ctx, hidden.ID)
		wantCode(t, err, apperr.CodeNotFound)
	})
}

func TestInquiries(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		first := must(s.CreateInquiry(ctx, store.InquiryInput{Name: "A", Email: "a@b.no", Message: "hello there"}))
		second := must(s.CreateInquiry(ctx, store.InquiryInput{Name: "B", Email: "b@b.no", Message: "hello again", Company: "C", Service: "Enkeltvideo"}))
		if first.IsRead || time.Since(first.CreatedAt) > time.Minute {
			t.Fatalf("created %+v", first)
		}
		l := must(s.ListInquiries(ctx))
		if len(l) != 2 || l[0].ID != second.ID {
			t.Fatalf("not newest first: %+v", l)
		}
		for range 2 { // marking read twice is harmless
			if r := must(s.MarkInquiryRead(ctx, first.ID)); !r.IsRead {
				t.Fatal("not read")
			}
		}
		_, err := s.MarkInquiryRead(ctx, 9999)
		wantCode(t, err, apperr.CodeNotFound)
		if err := s.DeleteInquiry(ctx, first.ID); err != nil {
			t.Fatal(err)
		}
		wantCode(t, s.DeleteInquiry(ctx, first.ID), apperr.CodeNotFound)
	})
}

func TestUploadsAndSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		u := must(s.CreateUser(ctx, store.UserInput{Username: "a@b.no", PasswordHash: "h", IsAdmin: true}))
		up := store.Upload{ID: "upload_1", UserID: u.ID, FileName: "v.mp4", FileSize: 10, FileType: "video/mp4", TotalChunks: 1}
		must(s.CreateUpload(ctx, up))
		_, err := s.CreateUpload(ctx, up)
		wantCode(t, err, apperr.CodeConflict)
		if got := must(s.GetUpload(ctx, "upload_1")); got.UserID != u.ID || got.FileSize != 10 {
			t.Fatalf("got %+v", got)
		}
		if l := must(s.StaleUploads(ctx, time.Now().Add(-time.Hour))); len(l) != 0 {
			t.Fatalf("fresh upload is stale: %+v", l)
		}
		if l := must(s.StaleUploads(ctx, time.Now().Add(time.Hour))); len(l) != 1 {
			t.Fatalf("stale %+v", l)
		}
		if err := s.DeleteUpload(ctx, "upload_1"); err != nil {
			t.Fatal(err)
		}

		ss := s.Sessions()
		if err := ss.Commit("tok", []byte("data"), time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := ss.Commit("old", []byte("x"), time.Now().Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
		if b, ok, err := ss.Find("tok"); err != nil || !ok || string(b) != "data" {
			t.Fatalf("find: %q %v %v", b, ok, err)
		}
		if _, ok, _ := ss.Find("old"); ok {
			t.Fatal("expired session found")
		}
		if err := s.DeleteExpiredSessions(ctx); err != nil {
			t.Fatal(err)
		}
		var rows int
		if err := s.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM sessions WHERE token IN ('old', 'tok')`).Scan(&rows); err != nil || rows != 1 {
			t.Fatalf("after DeleteExpiredSessions: %d rows (err %v), want only the live one", rows, err)
		}
		if err := ss.Delete("tok"); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := ss.Find("tok"); ok {
			t.Fatal("deleted session found")
		}
	})
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

package store_test

import (
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// portfolioTitles is the order of a language's portfolio as the admin (all)
// or a visitor (active only) reads it.
func portfolioTitles(t *testing.T, s *store.Store, language string, all bool) []string {
	t.Helper()
	var out []string
	for _, p := range must(s.ListPortfolio(ctx, language, all, 0)) {
		out = append(out, p.Title)
	}
	return out
}

func wantOrder(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("%s: order %v, want %v", what, got, want)
	}
}

// wantInvalid fails unless err is a 400 whose message has every part.
func wantInvalid(t *testing.T, err error, parts ...string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Code != apperr.CodeInvalid {
		t.Fatalf("got %v, want a 400", err)
	}
	for _, p := range parts {
		if !strings.Contains(e.Message, p) {
			t.Fatalf("message %q lacks %q", e.Message, p)
		}
	}
}

func TestPortfolioHandOrder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		items := map[string]store.PortfolioItem{}
		mk := func(title, language string, featured, active bool) {
			items[title] = must(s.CreatePortfolioItem(ctx, store.PortfolioInput{Title: title, Category: "product",
				ImageURL: "https://x/y.jpg", Featured: featured, Language: language, IsActive: active}))
		}
		id := func(titles ...string) []int64 {
			var ids []int64
			for _, title := range titles {
				ids = append(ids, items[title].ID)
			}
			return ids
		}
		// Until the admin orders it, the list is featured first, then newest.
		mk("A", "no", false, true)
		mk("F1", "no", true, true)
		mk("B", "no", false, true)
		mk("F2", "no", true, true)
		mk("Hidden", "no", false, false)
		mk("Other", "en", false, true)
		wantOrder(t, "as created", portfolioTitles(t, s, "no", true), []string{"F2", "F1", "Hidden", "B", "A"})
		wantOrder(t, "visitor", portfolioTitles(t, s, "no", false), []string{"F2", "F1", "B", "A"})

		// The admin's order is what everyone reads, the featured ones included.
		must(0, s.ReorderPortfolio(ctx, "no", id("B", "F1", "A", "Hidden", "F2")))
		wantOrder(t, "reordered", portfolioTitles(t, s, "no", true), []string{"B", "F1", "A", "Hidden", "F2"})
		wantOrder(t, "visitor after reorder", portfolioTitles(t, s, "no", false), []string{"B", "F1", "A", "F2"})
		wantOrder(t, "other language untouched", portfolioTitles(t, s, "en", true), []string{"Other"})

		// A new unfeatured item goes just before the first unfeatured one; a
		// new featured one to the very top.
		mk("C", "no", false, true)
		wantOrder(t, "new item", portfolioTitles(t, s, "no", true), []string{"C", "B", "F1", "A", "Hidden", "F2"})
		must(0, s.ReorderPortfolio(ctx, "no", id("F1", "B", "C", "A", "Hidden", "F2")))
		mk("D", "no", false, true)
		wantOrder(t, "after the leading featured", portfolioTitles(t, s, "no", true), []string{"F1", "D", "B", "C", "A", "Hidden", "F2"})
		mk("F3", "no", true, true)
		wantOrder(t, "new featured", portfolioTitles(t, s, "no", true), []string{"F3", "F1", "D", "B", "C", "A", "Hidden", "F2"})

		// Marking an item featured moves it to the top; unmarking and other
		// edits keep its place.
		edit := func(title string, change func(*store.PortfolioInput)) {
			in := items[title].PortfolioInput
			change(&in)
			items[title] = must(s.UpdatePortfolioItem(ctx, items[title].ID, in))
		}
		edit("A", func(in *store.PortfolioInput) { in.Featured = true })
		wantOrder(t, "marked featured", portfolioTitles(t, s, "no", true), []string{"A", "F3", "F1", "D", "B", "C", "Hidden", "F2"})
		edit("F1", func(in *store.PortfolioInput) { in.Featured = false; in.Title = "F1" })
		edit("A", func(in *store.PortfolioInput) { in.Description = "edited" })
		wantOrder(t, "unmarked and edited", portfolioTitles(t, s, "no", true), []string{"A", "F3", "F1", "D", "B", "C", "Hidden", "F2"})

		// Moved to the other language, an item is placed there as a new one.
		edit("D", func(in *store.PortfolioInput) { in.Language = "en" })
		wantOrder(t, "moved away", portfolioTitles(t, s, "no", true), []string{"A", "F3", "F1", "B", "C", "Hidden", "F2"})
		wantOrder(t, "moved in", portfolioTitles(t, s, "en", true), []string{"D", "Other"})

		// A list with no unfeatured item takes a new one at its end.
		mk("EnF", "en", true, true)
		must(0, s.ReorderPortfolio(ctx, "en", id("EnF", "D", "Other")))
		must(s.DeletePortfolioItem(ctx, items["D"].ID))
		must(s.DeletePortfolioItem(ctx, items["Other"].ID))
		mk("Last", "en", false, true)
		wantOrder(t, "only featured before", portfolioTitles(t, s, "en", true), []string{"EnF", "Last"})
	})
}

func TestReorderRefusesAnythingButTheWholeList(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		var ids []int64
		for _, title := range []string{"A", "B", "C"} {
			p := must(s.CreatePortfolioItem(ctx, store.PortfolioInput{Title: title, Category: "product", ImageURL: "https://x/y.jpg", Language: "no", IsActive: title != "B"}))
			ids = append(ids, p.ID)
		}
		other := must(s.CreatePortfolioItem(ctx, store.PortfolioInput{Title: "E", Category: "product", ImageURL: "https://x/y.jpg", Language: "en", IsActive: true}))
		before := portfolioTitles(t, s, "no", true)
		a, b, c := ids[0], ids[1], ids[2]
		cases := []struct {
			name  string
			ids   []int64
			parts []string
		}{
			{"one twice", []int64{a, b, c, a}, []string{"twice"}},
			{"duplicate instead of one", []int64{a, a, b}, []string{"twice"}},
			{"unknown id", []int64{a, b, c, 99999}, []string{"99999", "not in this list"}},
			{"another language's item", []int64{a, b, c, other.ID}, []string{"not in this list"}},
			{"zero", []int64{0, a, b, c}, []string{"not in this list"}},
			{"one missing (hidden ones count)", []int64{a, c}, []string{"missing", "every portfolio item"}},
			{"empty", []int64{}, []string{"missing"}},
		}
		for _, tc := range cases {
			wantInvalid(t, s.ReorderPortfolio(ctx, "no", tc.ids), tc.parts...)
			wantOrder(t, tc.name+" changed nothing", portfolioTitles(t, s, "no", true), before)
		}
		// An empty list takes an empty order.
		if err := s.ReorderTestimonials(ctx, "no", []int64{}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestCheckOrderNamesWhatIsMissing(t *testing.T) {
	var current []int64
	for i := int64(1); i <= 15; i++ {
		current = append(current, i)
	}
	wantInvalid(t, store.CheckOrder("client logo", current, []int64{3}),
		"every client logo", "missing: 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, and 4 more")
	if err := store.CheckOrder("client logo", []int64{2, 1}, []int64{1, 2}); err != nil {
		t.Fatal(err)
	}
}

func TestTestimonialHandOrder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		byName := map[string]store.Testimonial{}
		mk := func(name, language string) {
			byName[name] = must(s.CreateTestimonial(ctx, store.TestimonialInput{Name: name, Company: "C", Rating: 5,
				Testimonial: "T", Language: language, IsActive: true}))
		}
		names := func(language string) []string {
			var out []string
			for _, tm := range must(s.ListTestimonials(ctx, language, true, 0)) {
				out = append(out, tm.Name)
			}
			return out
		}
		mk("First", "no")
		mk("Second", "no")
		mk("Third", "no")
		mk("Eng", "en")
		wantOrder(t, "oldest first", names("no"), []string{"First", "Second", "Third"})
		must(0, s.ReorderTestimonials(ctx, "no", []int64{byName["Third"].ID, byName["First"].ID, byName["Second"].ID}))
		mk("Fourth", "no")
		wantOrder(t, "new at the end", names("no"), []string{"Third", "First", "Second", "Fourth"})
		in := byName["Third"].TestimonialInput
		in.Rating = 4
		must(s.UpdateTestimonial(ctx, byName["Third"].ID, in))
		wantOrder(t, "edit keeps the place", names("no"), []string{"Third", "First", "Second", "Fourth"})
		in.Language = "en"
		must(s.UpdateTestimonial(ctx, byName["Third"].ID, in))
		wantOrder(t, "moved away", names("no"), []string{"First", "Second", "Fourth"})
		wantOrder(t, "moved to the end", names("en"), []string{"Eng", "Third"})
		wantInvalid(t, s.ReorderTestimonials(ctx, "en", []int64{byName["Eng"].ID}), "every testimonial", "missing")
	})
}

func TestClientLogos(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		names := func() []string {
			var out []string
			for _, l := range must(s.ListClientLogos(ctx, 0)) {
				out = append(out, l.Name)
			}
			return out
		}
		var ids []int64
		for _, n := range []string{"Nordlys", "Fjellkaffe", "Bølge"} {
			l := must(s.CreateClientLogo(ctx, store.ClientLogoInput{Name: n, ImageURL: "/uploads/" + strings.ToLower(n[:3]) + ".png"}))
			if l.ID == 0 || l.Name != n || time.Since(l.CreatedAt) > time.Minute {
				t.Fatalf("created %+v", l)
			}
			ids = append(ids, l.ID)
		}
		wantOrder(t, "new at the end", names(), []string{"Nordlys", "Fjellkaffe", "Bølge"})
		must(0, s.ReorderClientLogos(ctx, []int64{ids[2], ids[0], ids[1]}))
		wantOrder(t, "reordered", names(), []string{"Bølge", "Nordlys", "Fjellkaffe"})
		if l := must(s.ListClientLogos(ctx, 2)); len(l) != 2 || l[0].Name != "Bølge" {
			t.Fatalf("limited %+v", l)
		}

		u := must(s.UpdateClientLogo(ctx, ids[0], store.ClientLogoInput{Name: "Nordlys Hudpleie", ImageURL: "/uploads/new.png", LinkURL: "https://nordlys.example.no"}))
		if u.Name != "Nordlys Hudpleie" || u.LinkURL != "https://nordlys.example.no" || u.ImageURL != "/uploads/new.png" {
			t.Fatalf("updated %+v", u)
		}
		wantOrder(t, "edit keeps the place", names(), []string{"Bølge", "Nordlys Hudpleie", "Fjellkaffe"})
		if used := must(s.UploadInUse(ctx, "/uploads/new.png")); !used {
			t.Error("a logo's upload is not in use")
		}
		if used := must(s.UploadInUse(ctx, "/uploads/nor.png")); used {
			t.Error("the replaced upload is still in use")
		}

		_, err := s.UpdateClientLogo(ctx, 99999, store.ClientLogoInput{Name: "x", ImageURL: "/uploads/x.png"})
		wantCode(t, err, apperr.CodeNotFound)
		_, err = s.GetClientLogo(ctx, 99999)
		wantCode(t, err, apperr.CodeNotFound)
		wantInvalid(t, s.ReorderClientLogos(ctx, []int64{ids[0], ids[1]}), "every client logo", "missing")

		del := must(s.DeleteClientLogo(ctx, ids[1]))
		if del.Name != "Fjellkaffe" {
			t.Fatalf("deleted %+v", del)
		}
		_, err = s.DeleteClientLogo(ctx, ids[1])
		wantCode(t, err, apperr.CodeNotFound)
		wantOrder(t, "after delete", names(), []string{"Bølge", "Nordlys Hudpleie"})
		l := must(s.CreateClientLogo(ctx, store.ClientLogoInput{Name: "Ny", ImageURL: "/uploads/ny.png"}))
		wantOrder(t, "new after a reorder", names(), []string{"Bølge", "Nordlys Hudpleie", "Ny"})
		must(s.GetClientLogo(ctx, l.ID))
	})
}

// A site that had items before hand ordering keeps the order its visitors
// saw: the migration numbers each list as it was read.
func TestOrderingMigrationKeepsTheOldOrder(t *testing.T) {
	opens := map[string]func(t *testing.T) (string, string){
		"sqlite": func(t *testing.T) (string, string) { return "", filepath.Join(t.TempDir(), "old.db") },
	}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		opens["postgres"] = func(t *testing.T) (string, string) {
			dsn, err := storetest.FreshPostgresURL(t)
			if err != nil {
				t.Fatal(err)
			}
			return dsn, ""
		}
	}
	for engine, open := range opens {
		t.Run(engine, func(t *testing.T) {
			s, err := store.OpenUnmigrated(open(t))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			// The last version before hand ordering (whatever other migrations came first).
			if err := s.MigrateTo(ctx, 17); err != nil {
				t.Fatal(err)
			}
			stamp := func(i int) time.Time { return time.Date(2025, 1, 1, 12, i, 0, 0, time.UTC) }
			insert := func(q string, args ...any) {
				t.Helper()
				if _, err := s.DB.Exec(s.Rebind(q), args...); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			// Titles say where each belongs: featured first, then newest.
			for i, p := range []struct {
				title    string
				featured bool
			}{{"5-old", false}, {"2-old-featured", true}, {"4-middle", false}, {"1-new-featured", true}, {"3-new", false}} {
				for _, language := range []string{"no", "en"} {
					insert(`INSERT INTO portfolio_items (title, language, featured, created_at) VALUES (?, ?, ?, ?)`,
						language+"-"+p.title, language, p.featured, stamp(i))
				}
			}
			for i, name := range []string{"1-oldest", "2-next", "3-newest"} {
				insert(`INSERT INTO testimonials (name, company, testimonial, language, created_at) VALUES (?, ?, ?, ?, ?)`, name, "C", "T", "no", stamp(i))
			}
			if err := s.MigrateTo(ctx, 18); err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct{ query, want string }{
				{`SELECT title FROM portfolio_items WHERE language = 'no' ORDER BY sort_position`, "no-1-new-featured no-2-old-featured no-3-new no-4-middle no-5-old"},
				{`SELECT title FROM portfolio_items WHERE language = 'en' ORDER BY sort_position`, "en-1-new-featured en-2-old-featured en-3-new en-4-middle en-5-old"},
				{`SELECT name FROM testimonials ORDER BY sort_position`, "1-oldest 2-next 3-newest"},
			} {
				if got := strings.Join(column(t, s.DB, c.query), " "); got != c.want {
					t.Errorf("%s: %s, want %s", c.query, got, c.want)
				}
			}
		})
	}
}

func column(t *testing.T, db *sql.DB, query string) []string {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

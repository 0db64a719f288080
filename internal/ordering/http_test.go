package ordering_test

import (
	"fmt"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The admin orders the portfolio and the testimonials by hand;
// visitors (whose lists are cached) see the order at once.
func TestReorderPortfolioAndTestimonials(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin, visitor := e.SignedInAdmin(t), e.Client()
		var items []int64
		for _, it := range []struct {
			title    string
			featured bool
			active   bool
		}{{"A", false, true}, {"Featured", true, true}, {"B", false, true}, {"Hidden", false, false}} {
			var p store.PortfolioItem
			admin.Do("POST", "/api/admin/portfolio", map[string]any{"title": it.title, "imageUrl": "https://cdn.example.no/a.jpg",
				"featured": it.featured, "isActive": it.active, "language": "no"}).WantStatus(t, http.StatusCreated).JSON(t, &p)
			items = append(items, p.ID)
		}
		want := func(c *sitetest.Client, path string, order ...string) {
			t.Helper()
			if got := c.Titles(t, path); !slices.Equal(got, order) {
				t.Fatalf("%s: %v, want %v", path, got, order)
			}
		}
		want(visitor, "/api/portfolio/no", "Featured", "B", "A") // cached from here on
		a, f, b, h := items[0], items[1], items[2], items[3]
		admin.Do("PUT", "/api/admin/portfolio/order/no", map[string]any{"ids": []int64{b, h, a, f}}).WantStatus(t, http.StatusNoContent)
		want(visitor, "/api/portfolio/no", "B", "A", "Featured")
		want(admin, "/api/portfolio/no", "B", "Hidden", "A", "Featured")

		var quotes []int64
		for _, name := range []string{"Kari", "Ola", "Per"} {
			var tm store.Testimonial
			admin.Do("POST", "/api/admin/testimonials", map[string]any{"name": name, "company": "C", "testimonial": "Bra", "language": "en"}).
				WantStatus(t, http.StatusCreated).JSON(t, &tm)
			quotes = append(quotes, tm.ID)
		}
		want(visitor, "/api/testimonials/en", "Kari", "Ola", "Per")
		admin.Do("PUT", "/api/admin/testimonials/order/en", map[string]any{"ids": []int64{quotes[2], quotes[0], quotes[1]}}).
			WantStatus(t, http.StatusNoContent)
		want(visitor, "/api/testimonials/en", "Per", "Kari", "Ola")
		// The old names of the testimonial calls still answer beside the new one.
		admin.Do("PUT", fmt.Sprintf("/api/admin/testimonials/%d", quotes[0]), map[string]any{"name": "Kari", "company": "C", "testimonial": "Bra", "language": "en"}).
			WantStatus(t, http.StatusOK)
		want(visitor, "/api/testimonials/en", "Per", "Kari", "Ola")

		// Only an admin orders.
		visitor.Do("PUT", "/api/admin/portfolio/order/no", map[string]any{"ids": []int64{a, b, h, f}}).WantStatus(t, http.StatusUnauthorized)
		e.SignedIn(t, "visitor@example.no", false).Do("PUT", "/api/admin/testimonials/order/en", map[string]any{"ids": quotes}).
			WantStatus(t, http.StatusForbidden)
		want(admin, "/api/portfolio/no", "B", "Hidden", "A", "Featured")
	})
}

// A reorder that is not the whole list, each item once, is a 400 with a
// message and changes nothing; so is any malformed body.
func TestReorderBadInput(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		var ids []int64
		for _, title := range []string{"A", "B", "C"} {
			var p store.PortfolioItem
			admin.Do("POST", "/api/admin/portfolio", map[string]any{"title": title, "imageUrl": "https://cdn.example.no/a.jpg", "language": "no"}).
				WantStatus(t, http.StatusCreated).JSON(t, &p)
			ids = append(ids, p.ID)
		}
		var other store.PortfolioItem
		admin.Do("POST", "/api/admin/portfolio", map[string]any{"title": "E", "imageUrl": "https://cdn.example.no/a.jpg", "language": "en"}).
			WantStatus(t, http.StatusCreated).JSON(t, &other)
		a, b, c := ids[0], ids[1], ids[2]
		order := func() string {
			list, err := e.Store.ListPortfolio(t.Context(), "no", true, 0)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, p := range list {
				out = append(out, p.Title)
			}
			return strings.Join(out, ",")
		}
		before := order()
		ids3 := func(x, y, z int64) string { return fmt.Sprintf(`{"ids": [%d, %d, %d]}`, x, y, z) }
		cases := []struct {
			name, path string
			body       any
			msg        string // the whole message, or its start when it ends with "…"
		}{
			{"duplicate", "/api/admin/portfolio/order/no", ids3(a, a, b), fmt.Sprintf("The order lists portfolio item %d twice", a)},
			{"unknown id", "/api/admin/portfolio/order/no", ids3(a, b, 987654), "The order lists portfolio item 987654, which is not in this list"},
			{"another language's item", "/api/admin/portfolio/order/no", fmt.Sprintf(`{"ids": [%d, %d, %d, %d]}`, a, b, c, other.ID),
				fmt.Sprintf("The order lists portfolio item %d, which is not in this list", other.ID)},
			{"negative id", "/api/admin/portfolio/order/no", `{"ids": [-1]}`, "The order lists portfolio item -1, which is not in this list"},
			{"one missing", "/api/admin/portfolio/order/no", fmt.Sprintf(`{"ids": [%d, %d]}`, c, a),
				fmt.Sprintf("The order must list every portfolio item of the list once; missing: %d", b)},
			{"empty list", "/api/admin/portfolio/order/no", `{"ids": []}`, "The order must list every portfolio item of the list once; missing: …"},
			{"no ids", "/api/admin/portfolio/order/no", `{}`, `The body must be {"ids": [...]}: every id of the list, in the new order`},
			{"null ids", "/api/admin/portfolio/order/no", `{"ids": null}`, `The body must be {"ids": [...]}: every id of the list, in the new order`},
			{"null body", "/api/admin/portfolio/order/no", `null`, `The body must be {"ids": [...]}: every id of the list, in the new order`},
			{"ids as text", "/api/admin/portfolio/order/no", `{"ids": "1,2,3"}`, `Field "ids" must be of type []int64`},
			{"ids of text", "/api/admin/portfolio/order/no", `{"ids": ["1"]}`, `Field "ids" must be of type int64`},
			{"fractional id", "/api/admin/portfolio/order/no", `{"ids": [1.5]}`, `Field "ids" must be of type int64`},
			{"unknown field", "/api/admin/portfolio/order/no", fmt.Sprintf(`{"ids": [%d, %d, %d], "language": "no"}`, a, b, c), `Unknown field "language"`},
			{"not JSON", "/api/admin/portfolio/order/no", `ids=1,2,3`, "Request body is not valid JSON"},
			{"empty body", "/api/admin/portfolio/order/no", ``, "Request body is empty"},
			{"two values", "/api/admin/portfolio/order/no", ids3(a, b, c) + ids3(a, b, c), "Request body must be a single JSON object"},
			{"language de", "/api/admin/portfolio/order/de", ids3(a, b, c), `Language must be "no" or "en"`},
			{"wrong list", "/api/admin/testimonials/order/no", ids3(a, b, c), fmt.Sprintf("The order lists testimonial %d, which is not in this list", a)},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				r := admin.Do("PUT", tc.path, tc.body).WantStatus(t, http.StatusBadRequest)
				var got struct{ Message string }
				r.JSON(t, &got)
				prefix, partial := strings.CutSuffix(tc.msg, "…")
				if got.Message != tc.msg && !(partial && strings.HasPrefix(got.Message, prefix)) {
					t.Errorf("message %q, want %q", got.Message, tc.msg)
				}
				if now := order(); now != before {
					t.Errorf("the order changed to %s", now)
				}
			})
		}
		// A body of another type entirely: 400, never 500.
		admin.Do("PUT", "/api/admin/portfolio/order/no", fmt.Sprintf(`[%d, %d, %d]`, a, b, c)).WantStatus(t, http.StatusBadRequest)
		admin.Do("PUT", "/api/admin/portfolio/order/no", ids3(a, b, c), "Content-Type", "text/plain").WantStatus(t, http.StatusUnsupportedMediaType)
		if now := order(); now != before {
			t.Errorf("the order changed to %s", now)
		}
		admin.Do("PUT", "/api/admin/portfolio/order/no", ids3(c, b, a)).WantStatus(t, http.StatusNoContent)
		if now := order(); now != "C,B,A" {
			t.Errorf("order %s after a good reorder", now)
		}
	})
}

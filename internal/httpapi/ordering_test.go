package httpapi

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Issue 28: the admin orders the portfolio and the testimonials by hand;
// visitors (whose lists are cached) see the order at once.
func TestReorderPortfolioAndTestimonials(t *testing.T) {
	t.Parallel()
	eachEnv(t, func(t *testing.T, e *testEnv) {
		admin, visitor := e.signedInAdmin(t), e.client()
		var items []int64
		for _, it := range []struct {
			title    string
			featured bool
			active   bool
		}{{"A", false, true}, {"Featured", true, true}, {"B", false, true}, {"Hidden", false, false}} {
			var p store.PortfolioItem
			admin.do("POST", "/api/admin/portfolio", map[string]any{"title": it.title, "imageUrl": "https://cdn.example.no/a.jpg",
				"featured": it.featured, "isActive": it.active, "language": "no"}).wantStatus(t, http.StatusCreated).json(t, &p)
			items = append(items, p.ID)
		}
		titles := func(c *client, path string) []string {
			t.Helper()
			var list []struct {
				Title string `json:"title"`
				Name  string `json:"name"`
			}
			c.do("GET", path, nil).wantStatus(t, http.StatusOK).json(t, &list)
			var out []string
			for _, x := range list {
				out = append(out, x.Title+x.Name)
			}
			return out
		}
		want := func(c *client, path string, order ...string) {
			t.Helper()
			if got := titles(c, path); !slices.Equal(got, order) {
				t.Fatalf("%s: %v, want %v", path, got, order)
			}
		}
		want(visitor, "/api/portfolio/no", "Featured", "B", "A") // cached from here on
		a, f, b, h := items[0], items[1], items[2], items[3]
		admin.do("PUT", "/api/admin/portfolio/order/no", map[string]any{"ids": []int64{b, h, a, f}}).wantStatus(t, http.StatusNoContent)
		want(visitor, "/api/portfolio/no", "B", "A", "Featured")
		want(admin, "/api/portfolio/no", "B", "Hidden", "A", "Featured")

		var quotes []int64
		for _, name := range []string{"Kari", "Ola", "Per"} {
			var tm store.Testimonial
			admin.do("POST", "/api/admin/testimonials", map[string]any{"name": name, "company": "C", "testimonial": "Bra", "language": "en"}).
				wantStatus(t, http.StatusCreated).json(t, &tm)
			quotes = append(quotes, tm.ID)
		}
		want(visitor, "/api/testimonials/en", "Kari", "Ola", "Per")
		admin.do("PUT", "/api/admin/testimonials/order/en", map[string]any{"ids": []int64{quotes[2], quotes[0], quotes[1]}}).
			wantStatus(t, http.StatusNoContent)
		want(visitor, "/api/testimonials/en", "Per", "Kari", "Ola")
		// The old names of the testimonial calls still answer beside the new one.
		admin.do("PUT", fmt.Sprintf("/api/admin/testimonials/%d", quotes[0]), map[string]any{"name": "Kari", "company": "C", "testimonial": "Bra", "language": "en"}).
			wantStatus(t, http.StatusOK)
		want(visitor, "/api/testimonials/en", "Per", "Kari", "Ola")

		// Only an admin orders.
		visitor.do("PUT", "/api/admin/portfolio/order/no", map[string]any{"ids": []int64{a, b, h, f}}).wantStatus(t, http.StatusUnauthorized)
		e.signedIn(t, "visitor@example.no", false).do("PUT", "/api/admin/testimonials/order/en", map[string]any{"ids": quotes}).
			wantStatus(t, http.StatusForbidden)
		want(admin, "/api/portfolio/no", "B", "Hidden", "A", "Featured")
	})
}

// A reorder that is not the whole list, each item once, is a 400 with a
// message and changes nothing; so is any malformed body.
func TestReorderBadInput(t *testing.T) {
	t.Parallel()
	eachEnv(t, func(t *testing.T, e *testEnv) {
		admin := e.signedInAdmin(t)
		var ids []int64
		for _, title := range []string{"A", "B", "C"} {
			var p store.PortfolioItem
			admin.do("POST", "/api/admin/portfolio", map[string]any{"title": title, "imageUrl": "https://cdn.example.no/a.jpg", "language": "no"}).
				wantStatus(t, http.StatusCreated).json(t, &p)
			ids = append(ids, p.ID)
		}
		var other store.PortfolioItem
		admin.do("POST", "/api/admin/portfolio", map[string]any{"title": "E", "imageUrl": "https://cdn.example.no/a.jpg", "language": "en"}).
			wantStatus(t, http.StatusCreated).json(t, &other)
		a, b, c := ids[0], ids[1], ids[2]
		order := func() string {
			list, err := e.store.ListPortfolio(t.Context(), "no", true, 0)
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
				r := admin.do("PUT", tc.path, tc.body).wantStatus(t, http.StatusBadRequest)
				var got struct{ Message string }
				r.json(t, &got)
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
		admin.do("PUT", "/api/admin/portfolio/order/no", fmt.Sprintf(`[%d, %d, %d]`, a, b, c)).wantStatus(t, http.StatusBadRequest)
		admin.do("PUT", "/api/admin/portfolio/order/no", ids3(a, b, c), "Content-Type", "text/plain").wantStatus(t, http.StatusUnsupportedMediaType)
		if now := order(); now != before {
			t.Errorf("the order changed to %s", now)
		}
		admin.do("PUT", "/api/admin/portfolio/order/no", ids3(c, b, a)).wantStatus(t, http.StatusNoContent)
		if now := order(); now != "C,B,A" {
			t.Errorf("order %s after a good reorder", now)
		}
	})
}

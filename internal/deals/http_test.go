package deals_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// The deals' API through the real router and guard (internal/sitetest), on
// SQLite and PostgreSQL.

type dealJSON struct {
	ID                 int64  `json:"id"`
	Brand              string `json:"brand"`
	ContactName        string `json:"contactName"`
	ContactEmail       string `json:"contactEmail"`
	Language           string `json:"language"`
	Package            string `json:"package"`
	Price              int    `json:"price"`
	Currency           string `json:"currency"`
	DeliverableCount   int    `json:"deliverableCount"`
	DeliverableSeconds int    `json:"deliverableSeconds"`
	DeliverableFormat  string `json:"deliverableFormat"`
	DueDate            string `json:"dueDate"`
	Brief              string `json:"brief"`
	Stage              string `json:"stage"`
	InquiryID          *int64 `json:"inquiryId"`
	Events             []struct {
		Kind      string `json:"kind"`
		FromStage string `json:"fromStage"`
		ToStage   string `json:"toStage"`
		Actor     struct {
			ID   int64  `json:"id"`
			Name string `json:"name"`
		} `json:"actor"`
		Changes []struct {
			Field string  `json:"field"`
			From  *string `json:"from"`
			To    *string `json:"to"`
		} `json:"changes"`
	} `json:"events"`
}

// deal sends a request about a deal and answers the deal that comes back.
func deal(t *testing.T, c *sitetest.Client, method, path string, body any, status int) dealJSON {
	t.Helper()
	var d dealJSON
	c.Do(method, path, body).WantStatus(t, status).JSON(t, &d)
	return d
}

func TestDealsAPI(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		d := deal(t, admin, "POST", "/api/admin/deals", map[string]any{"brand": "Fjellkaffe", "price": 6300,
			"deliverableCount": 3, "deliverableSeconds": 30, "dueDate": "2026-03-12"}, http.StatusCreated)
		if d.ID == 0 || d.Stage != "new" || d.Currency != "NOK" || d.Language != "no" || d.DeliverableFormat != "9:16" || d.InquiryID != nil {
			t.Fatalf("created %+v", d)
		}
		path := fmt.Sprintf("/api/admin/deals/%d", d.ID)

		// A move on the board, then an edit: each recorded with its admin.
		moved := deal(t, admin, "PATCH", path, map[string]any{"stage": "booked"}, http.StatusOK)
		if moved.Stage != "booked" || moved.Price != 6300 || len(moved.Events) != 2 {
			t.Fatalf("moved %+v", moved)
		}
		ev := moved.Events[1]
		if ev.Kind != "updated" || ev.FromStage != "new" || ev.ToStage != "booked" || ev.Actor.Name != "admin@example.no" || ev.Actor.ID == 0 {
			t.Errorf("the move's event %+v", ev)
		}
		deal(t, admin, "PATCH", path, map[string]any{"price": 7000, "notes": "Faktura sendt"}, http.StatusOK)
		got := deal(t, admin, "GET", path, nil, http.StatusOK)
		last := got.Events[len(got.Events)-1]
		if len(got.Events) != 3 || len(last.Changes) != 2 || last.Changes[0].Field != "price" || *last.Changes[0].To != "7000" ||
			last.Changes[1].Field != "notes" || last.Changes[1].To != nil {
			t.Errorf("history %+v", got.Events)
		}

		var list []dealJSON
		admin.Do("GET", "/api/admin/deals?stage=booked", nil).WantStatus(t, http.StatusOK).JSON(t, &list)
		if len(list) != 1 || list[0].ID != d.ID {
			t.Errorf("booked deals %+v", list)
		}
		admin.Do("GET", "/api/admin/deals?stage=new", nil).WantStatus(t, http.StatusOK).JSON(t, &list)
		if len(list) != 0 {
			t.Errorf("new deals %+v", list)
		}
		admin.Do("GET", "/api/admin/deals?stage=archived", nil).
			WantMessage(t, http.StatusBadRequest, "stage must be one of new, negotiating, booked, in_production, delivered, paid, lost")

		var sum struct {
			Stages []struct {
				Stage string           `json:"stage"`
				Count int              `json:"count"`
				Value map[string]int64 `json:"value"`
			} `json:"stages"`
			WeekStart   string `json:"weekStart"`
			DueThisWeek []struct {
				ID      int64 `json:"id"`
				Overdue bool  `json:"overdue"`
			} `json:"dueThisWeek"`
		}
		admin.Do("GET", "/api/admin/deals/summary?today=2026-03-13", nil).WantStatus(t, http.StatusOK).JSON(t, &sum)
		if sum.WeekStart != "2026-03-09" || sum.Stages[2].Stage != "booked" || sum.Stages[2].Count != 1 || sum.Stages[2].Value["NOK"] != 7000 ||
			len(sum.DueThisWeek) != 1 || !sum.DueThisWeek[0].Overdue {
			t.Errorf("summary %+v", sum)
		}
		admin.Do("GET", "/api/admin/deals/summary?today=13.03.2026", nil).
			WantMessage(t, http.StatusBadRequest, "today must be a date (YYYY-MM-DD)")

		var activity []struct{ Type, Text, Link string }
		admin.Do("GET", "/api/admin/activity", nil).WantStatus(t, http.StatusOK).JSON(t, &activity)
		if len(activity) == 0 || activity[0].Type != "deal" || activity[0].Text != "Fjellkaffe: price, notes changed" || activity[0].Link != fmt.Sprintf("/admin/deals/%d", d.ID) {
			t.Errorf("activity %+v", activity)
		}

		admin.Do("DELETE", path, nil).WantStatus(t, http.StatusNoContent)
		admin.Do("GET", path, nil).WantMessage(t, http.StatusNotFound, "Deal not found")
		admin.Do("DELETE", path, nil).WantStatus(t, http.StatusNotFound)
		admin.Do("GET", "/api/admin/deals/abc", nil).WantStatus(t, http.StatusNotFound)

		// Admins only, like every admin route.
		e.Client().Do("GET", "/api/admin/deals", nil).WantStatus(t, http.StatusUnauthorized)
		e.SignedIn(t, "visitor@example.no", false).Do("POST", "/api/admin/deals", map[string]any{"brand": "X"}).
			WantStatus(t, http.StatusForbidden)
	})
}

func TestDealFromInquiryInOneClick(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		e.Client().Do("POST", "/api/contact", map[string]string{"name": "Ola Nordmann", "email": "ola@nordlys.no",
			"company": "Nordlys AS", "service": "Pakketilbud 2", "message": "Fem videoer til vårkampanjen.", "language": "en"}).
			WantStatus(t, http.StatusCreated)
		var inbox []struct {
			ID   int64 `json:"id"`
			Deal *struct {
				ID    int64  `json:"id"`
				Stage string `json:"stage"`
			} `json:"deal"`
		}
		admin.Do("GET", "/api/admin/contact", nil).WantStatus(t, http.StatusOK).JSON(t, &inbox)
		if len(inbox) != 1 || inbox[0].Deal != nil {
			t.Fatalf("inbox %+v", inbox)
		}
		inq := inbox[0].ID
		d := deal(t, admin, "POST", fmt.Sprintf("/api/admin/contact/%d/deal", inq), nil, http.StatusCreated)
		if d.Brand != "Nordlys AS" || d.ContactName != "Ola Nordmann" || d.ContactEmail != "ola@nordlys.no" || d.Language != "en" ||
			d.Package != "Package 2" || d.DeliverableCount != 5 || d.Price != 10000 || d.Currency != "NOK" || d.Brief != "Fem videoer til vårkampanjen." || d.InquiryID == nil || *d.InquiryID != inq {
			t.Fatalf("deal %+v", d)
		}
		// A second click, either way, answers the same deal.
		again := deal(t, admin, "POST", fmt.Sprintf("/api/admin/contact/%d/deal", inq), nil, http.StatusOK)
		other := deal(t, admin, "POST", "/api/admin/deals", map[string]any{"inquiryId": inq}, http.StatusOK)
		if again.ID != d.ID || other.ID != d.ID {
			t.Errorf("second clicks made %d and %d, want %d", again.ID, other.ID, d.ID)
		}
		admin.Do("GET", "/api/admin/contact", nil).WantStatus(t, http.StatusOK).JSON(t, &inbox)
		if inbox[0].Deal == nil || inbox[0].Deal.ID != d.ID || inbox[0].Deal.Stage != "new" {
			t.Errorf("the inquiry's deal %+v", inbox[0].Deal)
		}
		got := deal(t, admin, "GET", fmt.Sprintf("/api/admin/deals/%d", d.ID), nil, http.StatusOK)
		if len(got.Events) != 1 || got.Events[0].Kind != "created" {
			t.Errorf("events %+v", got.Events)
		}
		admin.Do("POST", "/api/admin/contact/999/deal", nil).WantMessage(t, http.StatusNotFound, "Inquiry not found")
		admin.Do("POST", "/api/admin/deals", map[string]any{"inquiryId": 999}).WantMessage(t, http.StatusNotFound, "Inquiry not found")
	})
}

// A deal from an inquiry takes its package's videos and price and names it
// in the inquiry's language; what the admin's body gives wins, a deal by
// hand without a count has one video, and a custom offer promises neither.
func TestDealFromInquiryTakesThePackage(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		inquiry := func(service, language string) int64 {
			e.Client().Do("POST", "/api/contact", map[string]string{"name": "Kari Nordmann", "email": "kari@fjell.no",
				"service": service, "message": "Vi trenger videoer til høsten.", "language": language}).
				WantStatus(t, http.StatusCreated)
			var inbox []struct {
				ID int64 `json:"id"`
			}
			admin.Do("GET", "/api/admin/contact", nil).WantStatus(t, http.StatusOK).JSON(t, &inbox)
			return inbox[0].ID // newest first
		}
		type got struct {
			Package        string
			Videos, Price  int
			Currency, Lang string
		}
		of := func(d dealJSON) got {
			return got{d.Package, d.DeliverableCount, d.Price, d.Currency, d.Language}
		}
		single := deal(t, admin, "POST", fmt.Sprintf("/api/admin/contact/%d/deal", inquiry("Enkeltvideo", "no")), nil, http.StatusCreated)
		if g, want := of(single), (got{"Enkeltvideo", 1, 2500, "NOK", "no"}); g != want {
			t.Errorf("single video: %+v, want %+v", g, want)
		}
		one := deal(t, admin, "POST", fmt.Sprintf("/api/admin/contact/%d/deal", inquiry("Pakketilbud 1", "en")), nil, http.StatusCreated)
		if g, want := of(one), (got{"Package 1", 3, 6300, "NOK", "en"}); g != want {
			t.Errorf("package 1 in English: %+v, want %+v", g, want)
		}
		given := deal(t, admin, "POST", "/api/admin/deals", map[string]any{"inquiryId": inquiry("Pakketilbud 2", "no"),
			"deliverableCount": 4, "price": 9000}, http.StatusCreated)
		if g, want := of(given), (got{"Pakketilbud 2", 4, 9000, "NOK", "no"}); g != want {
			t.Errorf("package 2 with the admin's count and price: %+v, want %+v", g, want)
		}
		euro := deal(t, admin, "POST", "/api/admin/deals", map[string]any{"inquiryId": inquiry("Pakketilbud 2", "en"),
			"currency": "EUR"}, http.StatusCreated)
		if g, want := of(euro), (got{"Package 2", 5, 0, "EUR", "en"}); g != want {
			t.Errorf("package 2 in euros (no kroner price carried over): %+v, want %+v", g, want)
		}
		custom := deal(t, admin, "POST", fmt.Sprintf("/api/admin/contact/%d/deal", inquiry("Skreddersydd", "en")), nil, http.StatusCreated)
		if g, want := of(custom), (got{"Custom solution", 1, 0, "NOK", "en"}); g != want {
			t.Errorf("custom offer: %+v, want %+v", g, want)
		}
		none := deal(t, admin, "POST", fmt.Sprintf("/api/admin/contact/%d/deal", inquiry("", "no")), nil, http.StatusCreated)
		if g, want := of(none), (got{"", 1, 0, "NOK", "no"}); g != want {
			t.Errorf("no package: %+v, want %+v", g, want)
		}
		byHand := deal(t, admin, "POST", "/api/admin/deals", map[string]any{"brand": "Fjellkaffe"}, http.StatusCreated)
		zero := deal(t, admin, "POST", "/api/admin/deals", map[string]any{"brand": "Fjellkaffe", "deliverableCount": 0}, http.StatusCreated)
		if byHand.DeliverableCount != 1 || zero.DeliverableCount != 0 {
			t.Errorf("by hand: %d videos without a count, %d with 0", byHand.DeliverableCount, zero.DeliverableCount)
		}
	})
}

// Twenty malformed deal bodies: each a 400 with a message, never a 500, and
// nothing of any of them stored.
func TestMalformedDealBodies(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		d := deal(t, admin, "POST", "/api/admin/deals", map[string]any{"brand": "Fjellkaffe", "price": 2500}, http.StatusCreated)
		path := fmt.Sprintf("/api/admin/deals/%d", d.ID)
		long := strings.Repeat("x", 201)
		var scenarios []sitetest.Scenario
		for _, c := range []struct {
			method, path string
			body         any
			want         string
		}{
			{"POST", "/api/admin/deals", map[string]any{}, "Brand is required"},
			{"POST", "/api/admin/deals", map[string]any{"brand": "   "}, "Brand is required"},
			{"POST", "/api/admin/deals", map[string]any{"brand": long}, "Brand must be at most 200 characters"},
			{"POST", "/api/admin/deals", map[string]any{"brand": "B", "contactEmail": "ola@"}, "Please enter a valid email address"},
			{"POST", "/api/admin/deals", map[string]any{"brand": "B", "language": "de"}, `Language must be "no" or "en"`},
			{"POST", "/api/admin/deals", map[string]any{"brand": "B", "price": -1}, "Price must be a whole number from 0 to 100000000"},
			{"POST", "/api/admin/deals", map[string]any{"brand": "B", "price": 12.5}, `Field "price" must be of type int`},
			{"POST", "/api/admin/deals", map[string]any{"brand": "B", "price": "6300"}, `Field "price" must be of type int`},
			{"POST", "/api/admin/deals", map[string]any{"brand": "B", "price": 1e30}, `Field "price" must be of type int`},
			{"POST", "/api/admin/deals", map[string]any{"brand": "B", "currency": "nok"}, "Currency must be one of NOK, SEK, DKK, EUR, USD, GBP"},
			{"POST", "/api/admin/deals", map[string]any{"brand": "B", "deliverableCount": 101}, "Number of videos must be a whole number from 0 to 100"},
			{"POST", "/api/admin/deals", map[string]any{"brand": "B", "deliverableSeconds": 3601}, "Video length must be a whole number of seconds from 0 to 3600"},
			{"POST", "/api/admin/deals", map[string]any{"brand": "B", "deliverableFormat": "4:5"}, "Format must be one of 9:16, 1:1, 16:9"},
			{"POST", "/api/admin/deals", map[string]any{"brand": "B", "dueDate": "2026-02-30"}, "Due date must be a date (YYYY-MM-DD)"},
			{"POST", "/api/admin/deals", map[string]any{"brand": "B", "stage": "won"}, "Stage must be one of new, negotiating, booked, in_production, delivered, paid, lost"},
			{"POST", "/api/admin/deals", map[string]any{"brand": "B", "owner": "me"}, `Unknown field "owner"`},
			{"POST", "/api/admin/deals", `{"brand": "B",`, "Request body is not valid JSON"},
			{"POST", "/api/admin/deals", "[1, 2]", "Request body must be a single JSON object"},
			{"POST", "/api/admin/deals", map[string]any{"inquiryId": -4}, "inquiryId must be the id of an inquiry"},
			{"POST", "/api/admin/deals", map[string]any{"brand": "B\u0000"}, `Field "brand" contains a control character (U+0000); only tab and newline are allowed`},
			{"PATCH", path, map[string]any{"stage": "archived"}, "Stage must be one of new, negotiating, booked, in_production, delivered, paid, lost"},
			{"PATCH", path, map[string]any{"brief": strings.Repeat("b", 10001)}, "Brief must be at most 10000 characters"},
			{"PATCH", path, map[string]any{"id": 5}, `Unknown field "id"`},
			{"PATCH", path, "", "Request body is empty"},
		} {
			scenarios = append(scenarios, sitetest.Scenario{Name: c.want, Method: c.method, URL: c.path, Body: c.body,
				WantStatus: http.StatusBadRequest, WantMessage: c.want})
		}
		sitetest.Run(t, admin, scenarios)
		var list []dealJSON
		admin.Do("GET", "/api/admin/deals", nil).WantStatus(t, http.StatusOK).JSON(t, &list)
		if len(list) != 1 || list[0].Brand != "Fjellkaffe" || list[0].Stage != "new" || list[0].Price != 2500 || list[0].Brief != "" {
			t.Errorf("after the bad bodies: %+v", list)
		}
		if got := deal(t, admin, "GET", path, nil, http.StatusOK); len(got.Events) != 1 {
			t.Errorf("a refused body left events: %+v", got.Events)
		}
	})
}

package inquiries_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/inquiries"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// trustLoopback is a server that trusts the loopback proxy, so each test case
// can come from its own address (X-Forwarded-For) and the rate limit of one
// case never blocks the next.
var trustLoopback = sitetest.Options{TrustLoopback: true}

func validContact() map[string]any {
	return map[string]any{"name": "Kari Nordmann", "email": "kari@example.no", "company": "Fjellkaffe",
		"service": "Pakketilbud 1", "message": "Hei! Vi vil gjerne ha tre videoer.", "website": ""}
}

func with(base map[string]any, key string, value any) map[string]any {
	out := map[string]any{}
	for k, v := range base {
		out[k] = v
	}
	if value == nil {
		delete(out, key)
	} else {
		out[key] = value
	}
	return out
}

func TestContactStoresInquiry(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, trustLoopback, func(t *testing.T, e *sitetest.Site) {
		st := e.Store
		var got store.Inquiry
		e.Client().Do("POST", "/api/contact", with(validContact(), "name", "  Kari Nordmann  ")).
			WantStatus(t, http.StatusCreated).JSON(t, &got)
		if got.ID == 0 || got.Name != "Kari Nordmann" || got.Service != "Pakketilbud 1" || got.IsRead || got.CreatedAt.IsZero() {
			t.Fatalf("answered %+v", got)
		}
		// Committed before the answer: the store has it now.
		list, err := st.ListInquiries(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || list[0].ID != got.ID || list[0].Message != "Hei! Vi vil gjerne ha tre videoer." {
			t.Fatalf("stored %+v", list)
		}
		// Company and service are optional; the honeypot may be left out.
		minimal := map[string]any{"name": "Ola", "email": "ola@example.no", "message": "Ti tegn minst."}
		e.Client().Do("POST", "/api/contact", minimal, "X-Forwarded-For", "10.0.0.2").WantStatus(t, http.StatusCreated)
	})
}

func TestContactRules(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, trustLoopback, func(t *testing.T, e *sitetest.Site) {
		st := e.Store
		cases := []struct {
			name string
			body any
			msg  string
		}{
			{"short name", with(validContact(), "name", "K"), inquiries.MsgContactName},
			{"blank name", with(validContact(), "name", "   "), inquiries.MsgContactNameRequired},
			{"missing name", with(validContact(), "name", nil), inquiries.MsgContactNameRequired},
			{"long name", with(validContact(), "name", strings.Repeat("n", 201)), "Name must be at most 200 characters"},
			{"bad email", with(validContact(), "email", "kari@"), inquiries.MsgContactEmail},
			{"missing email", with(validContact(), "email", nil), inquiries.MsgContactEmail},
			{"long company", with(validContact(), "company", strings.Repeat("c", 201)), "Company must be at most 200 characters"},
			{"unknown service", with(validContact(), "service", "Gratis"), "Service must be one of Enkeltvideo, Pakketilbud 1, Pakketilbud 2 or Skreddersydd"},
			{"short message", with(validContact(), "message", "For kort"), inquiries.MsgContactMessage},
			{"long message", with(validContact(), "message", strings.Repeat("m", 5001)), "Message must be at most 5000 characters"},
			{"isRead from client", with(validContact(), "isRead", true), `Unknown field "isRead"`},
			{"createdAt from client", with(validContact(), "createdAt", "2020-01-01T00:00:00Z"), `Unknown field "createdAt"`},
			{"wrong type", with(validContact(), "name", 42), `Field "name" must be of type string`},
		}
		for i, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				e.Client().Do("POST", "/api/contact", tc.body, "X-Forwarded-For", fmt.Sprintf("10.1.0.%d", i+1)).
					WantMessage(t, http.StatusBadRequest, tc.msg)
			})
		}
		// Exactly at the caps is fine, with each service option.
		for i, svc := range []string{"", "Enkeltvideo", "Pakketilbud 1", "Pakketilbud 2", "Skreddersydd"} {
			body := with(with(with(validContact(), "name", strings.Repeat("n", 200)), "company", strings.Repeat("c", 200)), "message", strings.Repeat("m", 5000))
			e.Client().Do("POST", "/api/contact", with(body, "service", svc), "X-Forwarded-For", fmt.Sprintf("10.2.0.%d", i+1)).
				WantStatus(t, http.StatusCreated)
		}
		list, err := st.ListInquiries(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 5 {
			t.Fatalf("%d inquiries stored, want the 5 valid ones only", len(list))
		}
	})
}

func TestContactHoneypot(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, trustLoopback, func(t *testing.T, e *sitetest.Site) {
		st := e.Store
		var got store.Inquiry
		e.Client().Do("POST", "/api/contact", with(validContact(), inquiries.HoneypotField, "https://spam.example")).
			WantStatus(t, http.StatusCreated).JSON(t, &got)
		if got.Name != "Kari Nordmann" {
			t.Fatalf("the bot's answer should look like a success: %+v", got)
		}
		list, err := st.ListInquiries(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 0 {
			t.Fatalf("a bot's inquiry was stored: %+v", list)
		}
	})
}

func TestContactRateLimit(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), trustLoopback)
	for range inquiries.Limit.Burst {
		e.Client().Do("POST", "/api/contact", validContact(), "X-Forwarded-For", "10.9.9.9").WantStatus(t, http.StatusCreated)
	}
	r := e.Client().Do("POST", "/api/contact", validContact(), "X-Forwarded-For", "10.9.9.9")
	r.WantMessage(t, http.StatusTooManyRequests, "Too many requests, please try again later")
	if r.Header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
	// Another address is not affected.
	e.Client().Do("POST", "/api/contact", validContact(), "X-Forwarded-For", "10.9.9.10").WantStatus(t, http.StatusCreated)
	list, _ := e.Store.ListInquiries(context.Background())
	if len(list) != inquiries.Limit.Burst+1 {
		t.Fatalf("%d stored, want %d", len(list), inquiries.Limit.Burst+1)
	}
}

func TestAdminInquiries(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		ctx := context.Background()
		first, err := e.Store.CreateInquiry(ctx, store.InquiryInput{Name: "Ola", Email: "ola@example.no", Message: "Første henvendelse"})
		if err != nil {
			t.Fatal(err)
		}
		second, err := e.Store.CreateInquiry(ctx, store.InquiryInput{Name: "Kari", Email: "kari@example.no", Company: "Firma AS", Service: "Enkeltvideo", Message: "Andre henvendelse"})
		if err != nil {
			t.Fatal(err)
		}
		c := e.SignedInAdmin(t)

		var list []store.Inquiry
		c.Do("GET", "/api/admin/contact", nil).WantStatus(t, http.StatusOK).JSON(t, &list)
		if len(list) != 2 || list[0].ID != second.ID || list[1].ID != first.ID {
			t.Fatalf("want newest first, got %+v", list)
		}
		if list[0].Company != "Firma AS" || list[0].Service != "Enkeltvideo" || list[0].IsRead || list[0].CreatedAt.IsZero() {
			t.Fatalf("inquiry fields: %+v", list[0])
		}

		path := fmt.Sprintf("/api/admin/contact/%d/read", first.ID)
		var inq store.Inquiry
		c.Do("PUT", path, nil).WantStatus(t, http.StatusOK).JSON(t, &inq)
		if !inq.IsRead || inq.ID != first.ID {
			t.Fatalf("marked: %+v", inq)
		}
		// Idempotent: marking again keeps it read and answers the same.
		c.Do("PUT", path, nil).WantStatus(t, http.StatusOK).JSON(t, &inq)
		if !inq.IsRead {
			t.Fatalf("second mark: %+v", inq)
		}
		// Nothing can make it unread: a body is ignored by the read route.
		c.Do("PUT", path, map[string]bool{"isRead": false}).WantStatus(t, http.StatusOK).JSON(t, &inq)
		if !inq.IsRead {
			t.Fatal("inquiry became unread")
		}

		c.Do("DELETE", fmt.Sprintf("/api/admin/contact/%d", first.ID), nil).WantStatus(t, http.StatusNoContent)
		c.Do("GET", "/api/admin/contact", nil).WantStatus(t, http.StatusOK).JSON(t, &list)
		if len(list) != 1 || list[0].ID != second.ID {
			t.Fatalf("after delete: %+v", list)
		}

		for _, tc := range []struct{ method, path string }{
			{"DELETE", fmt.Sprintf("/api/admin/contact/%d", first.ID)},
			{"PUT", fmt.Sprintf("/api/admin/contact/%d/read", first.ID)},
			{"PUT", "/api/admin/contact/999999/read"},
			{"DELETE", "/api/admin/contact/abc"},
		} {
			r := c.Do(tc.method, tc.path, nil).WantStatus(t, http.StatusNotFound)
			if !strings.Contains(r.Body, "message") {
				t.Fatalf("%s %s: %s", tc.method, tc.path, r.Body)
			}
		}
	})
}

// PATCH /api/admin/contact/{id} is the inquiry's update: {"isRead": true}
// marks it read, {} changes nothing, and nothing marks it unread.
func TestAdminInquiryPatch(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		ctx := context.Background()
		stored, err := e.Store.CreateInquiry(ctx, store.InquiryInput{Name: "Ola", Email: "ola@example.no", Message: "Første henvendelse"})
		if err != nil {
			t.Fatal(err)
		}
		c := e.SignedInAdmin(t)
		path := fmt.Sprintf("/api/admin/contact/%d", stored.ID)
		isRead := func() bool {
			inq, err := e.Store.GetInquiry(ctx, stored.ID)
			if err != nil {
				t.Fatal(err)
			}
			return inq.IsRead
		}
		cases := []struct {
			name     string
			body     any
			status   int
			wantRead bool
		}{
			{"nothing mentioned", map[string]any{}, http.StatusOK, false},
			{"unread while unread", map[string]bool{"isRead": false}, http.StatusBadRequest, false},
			{"read", map[string]bool{"isRead": true}, http.StatusOK, true},
			{"read again", map[string]bool{"isRead": true}, http.StatusOK, true},
			{"nothing mentioned once read", map[string]any{}, http.StatusOK, true},
			{"unread", map[string]bool{"isRead": false}, http.StatusBadRequest, true},
			{"another field", map[string]any{"name": "Kari"}, http.StatusBadRequest, true},
		}
		for _, tc := range cases {
			r := c.Do("PATCH", path, tc.body).WantStatus(t, tc.status)
			if tc.status == http.StatusOK {
				var inq store.Inquiry
				r.JSON(t, &inq)
				if inq.ID != stored.ID || inq.IsRead != tc.wantRead || inq.Name != "Ola" {
					t.Errorf("%s: answered %+v", tc.name, inq)
				}
			}
			if isRead() != tc.wantRead {
				t.Errorf("%s: stored isRead %v, want %v", tc.name, !tc.wantRead, tc.wantRead)
			}
		}
		c.Do("PATCH", path, map[string]bool{"isRead": false}).WantMessage(t, http.StatusBadRequest, "An inquiry cannot be marked unread")
		c.Do("PATCH", "/api/admin/contact/999999", map[string]bool{"isRead": true}).WantStatus(t, http.StatusNotFound)
	})
}

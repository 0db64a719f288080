package httpapi

import (
	"context"
	"fmt"
	"github.com/ugcfolio/ugcfolio/internal/inquiries"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// contactEnv is a server that trusts the loopback proxy, so each test case
// can come from its own address (X-Forwarded-For) and the rate limit of one
// case never blocks the next.
func contactEnv(t *testing.T, st *store.Store) *testEnv {
	return newEnv(t, st, func(c *config.Config) {
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("::1/128")}
	})
}

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
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := contactEnv(t, st)
		var got store.Inquiry
		e.client().do("POST", "/api/contact", with(validContact(), "name", "  Kari Nordmann  ")).
			wantStatus(t, http.StatusCreated).json(t, &got)
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
		e.client().do("POST", "/api/contact", minimal, "X-Forwarded-For", "10.0.0.2").wantStatus(t, http.StatusCreated)
	})
}

func TestContactRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := contactEnv(t, st)
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
				e.client().do("POST", "/api/contact", tc.body, "X-Forwarded-For", fmt.Sprintf("10.1.0.%d", i+1)).
					wantMessage(t, http.StatusBadRequest, tc.msg)
			})
		}
		// Exactly at the caps is fine, with each service option.
		for i, svc := range []string{"", "Enkeltvideo", "Pakketilbud 1", "Pakketilbud 2", "Skreddersydd"} {
			body := with(with(with(validContact(), "name", strings.Repeat("n", 200)), "company", strings.Repeat("c", 200)), "message", strings.Repeat("m", 5000))
			e.client().do("POST", "/api/contact", with(body, "service", svc), "X-Forwarded-For", fmt.Sprintf("10.2.0.%d", i+1)).
				wantStatus(t, http.StatusCreated)
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
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := contactEnv(t, st)
		var got store.Inquiry
		e.client().do("POST", "/api/contact", with(validContact(), inquiries.HoneypotField, "https://spam.example")).
			wantStatus(t, http.StatusCreated).json(t, &got)
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
	e := contactEnv(t, sqliteStore(t))
	for range inquiries.Limit.Burst {
		e.client().do("POST", "/api/contact", validContact(), "X-Forwarded-For", "10.9.9.9").wantStatus(t, http.StatusCreated)
	}
	r := e.client().do("POST", "/api/contact", validContact(), "X-Forwarded-For", "10.9.9.9")
	r.wantMessage(t, http.StatusTooManyRequests, "Too many requests, please try again later")
	if r.header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
	// Another address is not affected.
	e.client().do("POST", "/api/contact", validContact(), "X-Forwarded-For", "10.9.9.10").wantStatus(t, http.StatusCreated)
	list, _ := e.store.ListInquiries(context.Background())
	if len(list) != inquiries.Limit.Burst+1 {
		t.Fatalf("%d stored, want %d", len(list), inquiries.Limit.Burst+1)
	}
}

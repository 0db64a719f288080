package quotes_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// Quotes through the real router (internal/sitetest), on SQLite and on
// PostgreSQL when TEST_DATABASE_URL is set: the admin's API, the brand's
// side in the delivery room, the e-mail of each step.

// quotesSite is a site with e-mail to a loopback SMTP server, its jobs
// running and the rooms' clock (which the quotes go by) in the test's hand.
type quotesSite struct {
	*sitetest.Site
	clock *sitetest.Clock
}

// monday is a Monday morning in Oslo (10:00, UTC+1 in March).
var monday = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func eachSite(t *testing.T, fn func(t *testing.T, e *quotesSite)) {
	t.Helper()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		t.Parallel()
		clock := sitetest.NewClock(monday)
		site := sitetest.New(t, st, sitetest.Options{Mail: true, RoomsClock: clock})
		// The seller is VAT-registered (her billing profile): quotes start at 25 %.
		if _, err := st.DB.Exec(`UPDATE billing_profile SET vat_registered = TRUE`); err != nil {
			t.Fatal(err)
		}
		fn(t, &quotesSite{Site: site, clock: clock})
	})
}

type lineJSON struct {
	Kind        string `json:"kind"`
	Description string `json:"description"`
	Quantity    int64  `json:"quantity"`
	UnitPrice   int64  `json:"unitPrice"`
	VATRate     int    `json:"vatRate"`
	Months      int    `json:"months"`
	Territory   string `json:"territory"`
	Net         int64  `json:"net"`
}

type quoteJSON struct {
	ID               int64      `json:"id"`
	DealID           *int64     `json:"dealId"`
	Number           int        `json:"number"`
	Brand            string     `json:"brand"`
	State            string     `json:"state"`
	Currency         string     `json:"currency"`
	Language         string     `json:"language"`
	VATMode          string     `json:"vatMode"`
	Lines            []lineJSON `json:"lines"`
	DepositPercent   int        `json:"depositPercent"`
	PaymentTermsDays int        `json:"paymentTermsDays"`
	ValidUntil       string     `json:"validUntil"`
	Note             string     `json:"note"`
	Totals           struct {
		Net, VAT, Gross, Deposit int64
		VATLines                 []struct{ Rate, Taxable, Tax int64 } `json:"vatLines"`
	} `json:"totals"`
	SentAt         *time.Time `json:"sentAt"`
	WithdrawnAt    *time.Time `json:"withdrawnAt"`
	DocumentSHA256 string     `json:"documentSha256"`
	Acceptance     *struct {
		Name, Title, Company string
		At                   time.Time
		ClientAddress        string `json:"clientAddress"`
		SHA256               string `json:"sha256"`
	} `json:"acceptance"`
}

type dealJSON struct {
	ID     int64  `json:"id"`
	Stage  string `json:"stage"`
	Events []struct {
		Kind      string `json:"kind"`
		FromStage string `json:"fromStage"`
		ToStage   string `json:"toStage"`
		Detail    string `json:"detail"`
		Actor     struct {
			Name string `json:"name"`
		} `json:"actor"`
	} `json:"events"`
}

// newDeal makes a deal through the API and answers its id.
func newDeal(t *testing.T, c *sitetest.Client, body map[string]any) int64 {
	t.Helper()
	var d dealJSON
	c.Do("POST", "/api/admin/deals", body).WantStatus(t, http.StatusCreated).JSON(t, &d)
	return d.ID
}

func getDeal(t *testing.T, c *sitetest.Client, id int64) dealJSON {
	t.Helper()
	var d dealJSON
	c.Do("GET", fmt.Sprintf("/api/admin/deals/%d", id), nil).WantStatus(t, http.StatusOK).JSON(t, &d)
	return d
}

// answeredDeals answers the deals the Overview's summary lists as answered
// by the brand and not yet opened by the creator.
func answeredDeals(t *testing.T, c *sitetest.Client) []int64 {
	t.Helper()
	var sum struct {
		Answered []struct {
			ID int64 `json:"id"`
		} `json:"answered"`
	}
	c.Do("GET", "/api/admin/deals/summary", nil).WantStatus(t, http.StatusOK).JSON(t, &sum)
	ids := []int64{}
	for _, a := range sum.Answered {
		ids = append(ids, a.ID)
	}
	return ids
}

// openRoom makes the deal's room link and answers its path (/room/<token>).
func openRoom(t *testing.T, c *sitetest.Client, dealID int64) string {
	t.Helper()
	var rm struct{ URL string }
	c.Do("POST", fmt.Sprintf("/api/admin/deals/%d/room", dealID), map[string]any{}).WantStatus(t, http.StatusCreated).JSON(t, &rm)
	return rm.URL[strings.Index(rm.URL, "/room/"):]
}

// quote sends a request about a quote and answers the quote that comes back.
func quote(t *testing.T, c *sitetest.Client, method, path string, body any, status int) quoteJSON {
	t.Helper()
	var q quoteJSON
	c.Do(method, path, body).WantStatus(t, status).JSON(t, &q)
	return q
}

func quotePath(id int64, action string) string {
	if action == "" {
		return fmt.Sprintf("/api/admin/quotes/%d", id)
	}
	return fmt.Sprintf("/api/admin/quotes/%d/%s", id, action)
}

// sentQuote makes a draft of the deal with body over the prefill and sends it.
func sentQuote(t *testing.T, c *sitetest.Client, dealID int64, body any) quoteJSON {
	t.Helper()
	q := quote(t, c, "POST", fmt.Sprintf("/api/admin/deals/%d/quotes", dealID), body, http.StatusCreated)
	return quote(t, c, "POST", quotePath(q.ID, "send"), nil, http.StatusOK)
}

// brandClient is a browser with no account that does not follow redirects.
func brandClient(e *quotesSite) *sitetest.Client { return e.Client().NoRedirects() }

// acceptForm is the brand's form, filled in as a person does.
type acceptForm struct {
	name, title, company string
	confirm              bool
	sha256               string
}

func (f acceptForm) encode() string {
	v := url.Values{"name": {f.name}, "title": {f.title}, "company": {f.company}, "sha256": {f.sha256}}
	if f.confirm {
		v.Set("confirm", "yes")
	}
	return v.Encode()
}

// accept posts the brand's acceptance form as its browser does.
func accept(e *quotesSite, c *sitetest.Client, room string, number int, body string) sitetest.Response {
	e.T.Helper()
	return c.Do("POST", fmt.Sprintf("%s/quotes/%d/accept", room, number), body,
		"Content-Type", "application/x-www-form-urlencoded", "Origin", e.URL)
}

var shaField = regexp.MustCompile(`name="sha256" value="([0-9a-f]{64})"`)

// shownDocument answers the quote document as a page shows it, and its SHA-256.
func shownDocument(t *testing.T, page string, from int) (string, string) {
	t.Helper()
	i := strings.Index(page[from:], `<article class="quote-document"`)
	if i < 0 {
		t.Fatalf("no quote document on the page:\n%s", page)
	}
	doc := page[from+i:]
	doc = doc[:strings.Index(doc, "</article>")+len("</article>\n")]
	sum := sha256.Sum256([]byte(doc))
	return doc, hex.EncodeToString(sum[:])
}

func wantContains(t *testing.T, what, body string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(body, w) {
			t.Errorf("%s lacks %q", what, w)
		}
	}
}

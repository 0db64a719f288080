package sitetest

import (
	"strings"
	"testing"
)

// Scenario is one request of a table-driven test and what must come back.
type Scenario struct {
	Name    string
	Method  string
	URL     string
	Body    any      // nil, a string sent as is, or a value sent as JSON
	Headers []string // in pairs
	// WantStatus is the status; WantMessage, when set, the whole
	// {"message": …} of an error; WantContains, texts the body holds.
	WantStatus   int
	WantMessage  string
	WantContains []string
}

// Run sends each scenario from c, as a subtest of its name (or its method
// and URL), and reports every difference.
func Run(t *testing.T, c *Client, scenarios []Scenario) {
	t.Helper()
	for _, sc := range scenarios {
		name := sc.Name
		if name == "" {
			name = sc.Method + " " + sc.URL
		}
		t.Run(name, func(t *testing.T) {
			r := c.For(t).Do(sc.Method, sc.URL, sc.Body, sc.Headers...)
			if r.Status != sc.WantStatus {
				t.Errorf("%s %s: status %d, want %d; body %s", sc.Method, sc.URL, r.Status, sc.WantStatus, r.Body)
			}
			if sc.WantMessage != "" {
				var body struct{ Message string }
				r.JSON(t, &body)
				if body.Message != sc.WantMessage {
					t.Errorf("%s %s: message %q, want %q", sc.Method, sc.URL, body.Message, sc.WantMessage)
				}
			}
			for _, want := range sc.WantContains {
				if !strings.Contains(r.Body, want) {
					t.Errorf("%s %s: body lacks %q:\n%s", sc.Method, sc.URL, want, r.Body)
				}
			}
		})
	}
}

package forms

import (
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

type body struct {
	Name   string
	Rating int
}

var testForm = New("forms-test",
	Field[body]{Rule: Rule{Field: "name", Label: "Name", Trim: true, Required: true, Max: 6},
		Text: func(in *body) *string { return &in.Name }},
	Field[body]{Rule: Rule{Field: "rating", Label: "Rating", Range: [2]int{1, 5}, RangeMsg: "Rating must be 1 to 5"},
		Number: func(in *body) *int { return &in.Rating },
		Before: func(in *body) error {
			if in.Name == "nobody" {
				return apperr.Invalid("Not nobody")
			}
			return nil
		}},
)

// Check trims what its rule says, stops at the first broken rule with its
// message, and runs a Before rule just before its field.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		in   body
		want string
	}{
		{body{Name: "  Kari ", Rating: 5}, ""},
		{body{Name: "   ", Rating: 0}, "Name is required"},
		{body{Name: "Kari Nordmann", Rating: 0}, "Name must be at most 6 characters"},
		{body{Name: "Kari", Rating: 6}, "Rating must be 1 to 5"},
		{body{Name: "nobody", Rating: 6}, "Not nobody"},
	} {
		in := c.in
		err := testForm.Check(&in)
		got := ""
		if e, ok := apperr.As(err); ok {
			got = e.Message
		} else if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%+v: %q, want %q", c.in, got, c.want)
		}
		if c.want == "" && in.Name != "Kari" {
			t.Errorf("name %q, want it trimmed", in.Name)
		}
	}
	listed, ok := All()["forms-test"]
	if !ok || len(listed.Rules) != 2 || listed.Rules[1].Kinds()[0] != "range" {
		t.Fatalf("All lists %+v", listed)
	}
	if err := listed.Check([]byte(`{"Name": "Kari", "Rating": 9}`)); err == nil {
		t.Fatal("the listed check let a rating of 9 through")
	}
}

// An optional e-mail address or date passes empty, and is checked when given.
func TestOptionalFormats(t *testing.T) {
	type deal struct{ Email, Due string }
	form := New("forms-test-optional",
		Field[deal]{Rule: Rule{Field: "email", Label: "Email", Format: "email", EmptyOK: true},
			Text: func(in *deal) *string { return &in.Email }},
		Field[deal]{Rule: Rule{Field: "due", Label: "Due date", Format: "date", EmptyOK: true},
			Text: func(in *deal) *string { return &in.Due }},
	)
	for _, c := range []struct {
		in   deal
		want string
	}{
		{deal{}, ""},
		{deal{Email: "kari@example.no", Due: "2026-02-28"}, ""},
		{deal{Email: "kari"}, "Please enter a valid email address"},
		{deal{Due: "2026-02-29"}, "Due date must be a date (YYYY-MM-DD)"},
		{deal{Due: "2026-2-3"}, "Due date must be a date (YYYY-MM-DD)"},
		{deal{Due: "0026-02-03"}, "Due date must be a date (YYYY-MM-DD)"},
	} {
		in := c.in
		got := ""
		if e, ok := apperr.As(form.Check(&in)); ok {
			got = e.Message
		}
		if got != c.want {
			t.Errorf("%+v: %q, want %q", c.in, got, c.want)
		}
	}
}

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

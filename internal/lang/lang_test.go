package lang

import "testing"

func TestValid(t *testing.T) {
	for s, want := range map[string]bool{"no": true, "en": true, "": false, "NO": false, "sv": false, "nb": false} {
		if got := Valid(s); got != want {
			t.Errorf("Valid(%q) = %v, want %v", s, got, want)
		}
	}
	if !Valid(Default) {
		t.Errorf("the default %q is not a language", Default)
	}
}

// The API's messages name the languages this way; the handlers' tests pin
// the whole messages.
func TestOr(t *testing.T) {
	if got := Or("%q"); got != `"no" or "en"` {
		t.Errorf("Or(%%q) = %s", got)
	}
	if got := Or("%s"); got != "no or en" {
		t.Errorf("Or(%%s) = %s", got)
	}
}

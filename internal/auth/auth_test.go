package auth

import (
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

func TestPasswordHashRoundTrip(t *testing.T) {
	h, err := HashPassword("hemmelig")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash format %q", h)
	}
	h2, _ := HashPassword("hemmelig")
	if h == h2 {
		t.Fatal("two hashes of one password are equal: salt missing")
	}
	if ok, err := CheckPassword(h, "hemmelig"); !ok || err != nil {
		t.Fatalf("right password refused: %v %v", ok, err)
	}
	if ok, _ := CheckPassword(h, "Hemmelig"); ok {
		t.Fatal("wrong password accepted")
	}
	if _, err := CheckPassword("plain", "x"); err == nil {
		t.Fatal("garbage hash accepted")
	}
	if CheckPasswordOrDummy("", "hemmelig") {
		t.Fatal("unknown user accepted")
	}
}

func TestValidateCredentials(t *testing.T) {
	cases := []struct {
		user, pass, want string
	}{
		{"kari@example.no", "secret", ""},
		{"kari.nordmann+ugc@sub.example.com", "123456", ""},
		{"kari@example", "secret", MsgInvalidEmail},
		{"kari", "secret", MsgInvalidEmail},
		{"Kari <kari@example.no>", "secret", MsgInvalidEmail},
		{"kari@@example.no", "secret", MsgInvalidEmail},
		{"", "secret", MsgInvalidEmail},
		{"kari@example.no", "12345", MsgShortPassword},
		{"kari@example.no", "", MsgShortPassword},
	}
	for _, c := range cases {
		err := ValidateCredentials(c.user, c.pass)
		if c.want == "" {
			if err != nil {
				t.Errorf("%q/%q: unexpected %v", c.user, c.pass, err)
			}
			continue
		}
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.CodeInvalid || e.Message != c.want {
			t.Errorf("%q/%q: got %v, want %q", c.user, c.pass, err, c.want)
		}
	}
}

package authtest

import (
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/auth"
)

// The cheap hash is one the real check accepts for its password only.
func TestHashIsCheckedByTheRealCheck(t *testing.T) {
	h := Hash("hemmelig")
	if ok, err := auth.CheckPassword(h, "hemmelig"); err != nil || !ok {
		t.Fatalf("the right password: ok %v, err %v", ok, err)
	}
	if ok, _ := auth.CheckPassword(h, "hemmelig!"); ok {
		t.Fatal("a wrong password was accepted")
	}
	if Hash("hemmelig") == h {
		t.Fatal("two hashes of one password are alike: no salt")
	}
}

package auth

import "testing"

// BenchmarkCheckPassword is sign-in's server time without the network: one argon2id check at
// the parameters HashPassword writes (OWASP's minimum: 19 MiB, 2 passes, 1 lane). make bench-admin
// runs it beside the browser's figures.
func BenchmarkCheckPassword(b *testing.B) {
	hash, err := HashPassword("et-langt-nok-passord")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		ok, err := CheckPassword(hash, "et-langt-nok-passord")
		if err != nil || !ok {
			b.Fatalf("CheckPassword = %v, %v", ok, err)
		}
	}
}

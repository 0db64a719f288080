// Package authtest makes password hashes for the accounts tests create.
//
// A real hash (auth.HashPassword: 19 MiB, two passes) takes about half a second under the race
// detector, and so does each sign-in that checks it; the suites create and sign in to hundreds of
// accounts. Hash writes the same argon2id format with the smallest parameters: auth.CheckPassword
// reads the parameters from the hash, so a sign-in against it runs the real check in microseconds.
// Tests of the hashing itself, and everything the binary does, use auth.HashPassword.
package authtest

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"

	"golang.org/x/crypto/argon2"
)

// The smallest argon2id parameters: 64 KiB, one pass, one lane.
const (
	memoryKiB = 64
	passes    = 1
	lanes     = 1
)

// Hash returns a cheap argon2id hash of password in the PHC format auth.CheckPassword reads.
func Hash(password string) string {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		panic(err)
	}
	key := argon2.IDKey([]byte(password), salt, passes, memoryKiB, lanes, 32)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, memoryKiB, passes, lanes, b64.EncodeToString(salt), b64.EncodeToString(key))
}

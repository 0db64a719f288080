package backup

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"filippo.io/age"
)

// Keys sign every backup and, optionally, encrypt its files.
//
// The manifest lists the SHA-256 of every file, so a tag over the manifest
// vouches for the whole backup. Without the tag anyone who can write to the
// backup location could swap in a database of their own and recompute the
// manifest; with it, restore takes only what the key's holder wrote.
type Keys struct {
	// Sign is the HMAC-SHA256 key of the manifest (UGCFOLIO_BACKUP_KEY).
	Sign []byte
	// Recipients, when set, encrypt every file of a backup with age: the
	// backup location then holds nothing readable (the manifest holds only
	// sizes, checksums and the random names of uploads).
	Recipients []age.Recipient
	// Identities decrypt an encrypted backup at restore.
	Identities []age.Identity
	// AllowUnsigned lets restore take a backup made before backups were
	// signed (format 1), on the operator's explicit word.
	AllowUnsigned bool
}

// MinKeyBytes is the shortest signing key accepted.
const MinKeyBytes = 32

// sealed is what manifest.json holds: the manifest's exact bytes and their tag.
type sealed struct {
	Manifest json.RawMessage `json:"manifest"`
	Tag      string          `json:"hmac_sha256"`
}

func (k Keys) tag(manifest []byte) string {
	mac := hmac.New(sha256.New, k.Sign)
	mac.Write(manifest)
	return hex.EncodeToString(mac.Sum(nil))
}

// seal is the manifest.json of m: compact JSON, so the bytes read back are
// the bytes tagged.
func (k Keys) seal(m Manifest) ([]byte, error) {
	if len(k.Sign) < MinKeyBytes {
		return nil, fmt.Errorf("backups are signed with a key of at least %d bytes (UGCFOLIO_BACKUP_KEY)", MinKeyBytes)
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return json.Marshal(sealed{Manifest: b, Tag: k.tag(b)})
}

var errUnsigned = errors.New("made before backups were signed")

// unseal returns the manifest bytes of a manifest.json whose tag verifies.
func (k Keys) unseal(b []byte) ([]byte, error) {
	var s sealed
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	if len(s.Manifest) == 0 {
		if k.AllowUnsigned {
			return b, nil // format 1: the manifest itself
		}
		return nil, errUnsigned
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, s.Manifest); err != nil {
		return nil, err
	}
	if len(k.Sign) < MinKeyBytes || !hmac.Equal([]byte(s.Tag), []byte(k.tag(compact.Bytes()))) {
		return nil, errors.New("its signature does not verify: it was not written with this UGCFOLIO_BACKUP_KEY, or it was altered")
	}
	return compact.Bytes(), nil
}

// encryptToTemp writes r, encrypted for the recipients, to a new temporary
// file in dir and returns it open at its start with its size: a bucket wants
// an object's size before its bytes.
func (k Keys) encryptToTemp(r io.Reader, dir string) (*os.File, int64, error) {
	f, err := os.CreateTemp(dir, ".backup-enc-*")
	if err != nil {
		return nil, 0, err
	}
	os.Remove(f.Name()) // unlinked: gone when closed, whatever happens
	w, err := age.Encrypt(f, k.Recipients...)
	if err == nil {
		_, err = io.Copy(w, r)
	}
	if err == nil {
		err = w.Close()
	}
	var size int64
	if err == nil {
		size, err = f.Seek(0, io.SeekCurrent)
	}
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("encrypt: %v", err)
	}
	return f, size, nil
}

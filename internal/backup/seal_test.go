package backup

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"filippo.io/age"
)

// A manifest recomputed by someone without the key (a new database
// and checksums that match it) is refused; so is a backup read with another
// key, and an unsigned (format 1) one unless the operator allows it.
func TestRestoreRefusesWhatTheKeyDidNotSign(t *testing.T) {
	ctx := context.Background()
	src, _ := site(t)
	forged := func(t *testing.T, dir string) {
		raw, err := testKeys.unseal(must(os.ReadFile(filepath.Join(dir, ManifestName))))
		if err != nil {
			t.Fatal(err)
		}
		var m Manifest
		json.Unmarshal(raw, &m)
		swapped := []byte("video a, swapped by an attacker")
		os.WriteFile(filepath.Join(dir, "uploads", "a.mp4"), swapped, 0o600)
		m.Files[1].Size, m.Files[1].SHA256 = int64(len(swapped)), sha(swapped)
		b, _ := json.Marshal(m)
		tag := Keys{Sign: []byte("the attacker's own key, 32 bytes")}.tag(b)
		out, _ := json.Marshal(sealed{Manifest: b, Tag: tag})
		os.WriteFile(filepath.Join(dir, ManifestName), out, 0o600)
	}
	unsigned := func(t *testing.T, dir string) {
		raw, _ := testKeys.unseal(must(os.ReadFile(filepath.Join(dir, ManifestName))))
		var m Manifest
		json.Unmarshal(raw, &m)
		m.Format = 1 // as the binary before signatures wrote it
		b, _ := json.Marshal(m)
		os.WriteFile(filepath.Join(dir, ManifestName), b, 0o600)
	}
	for _, tc := range []struct {
		name   string
		damage func(*testing.T, string)
		keys   Keys
		want   string
	}{
		{"recomputed manifest", forged, testKeys, "signature does not verify"},
		{"another key", func(*testing.T, string) {}, Keys{Sign: []byte("another key of thirty-two bytes!")}, "signature does not verify"},
		{"no key", func(*testing.T, string) {}, Keys{}, "signature does not verify"},
		{"unsigned", unsigned, testKeys, "refuses it unless told --allow-unsigned"},
		{"unsigned, allowed", unsigned, Keys{Sign: testKeys.Sign, AllowUnsigned: true}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			loc := &dirLocation{dir: t.TempDir()}
			res, err := Run(ctx, src, loc, time.Now(), testKeys)
			if err != nil {
				t.Fatal(err)
			}
			tc.damage(t, filepath.Join(loc.dir, res.Name))
			data := filepath.Join(t.TempDir(), "data")
			_, err = Restore(ctx, loc, res.Name, data, tc.keys)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("restore: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("restore: %v, want an error with %q", err, tc.want)
			}
			if _, err := os.Stat(data); !os.IsNotExist(err) {
				t.Errorf("a refused restore left %s behind", data)
			}
		})
	}
	if _, err := Run(ctx, src, &dirLocation{dir: t.TempDir()}, time.Now(), Keys{Sign: []byte("short")}); err == nil {
		t.Error("a backup was written with a key under 32 bytes")
	}
}

// With age recipients, no file of the backup holds the site's
// bytes in the clear; the identity restores it, and without it restore says
// what it needs.
func TestEncryptedBackup(t *testing.T) {
	ctx := context.Background()
	src, _ := site(t)
	id, err := age.GenerateX25519Identity()
	if err != nil {
		t.Fatal(err)
	}
	keys := testKeys
	keys.Recipients = []age.Recipient{id.Recipient()}
	loc := &dirLocation{dir: t.TempDir()}
	res, err := Run(ctx, src, loc, time.Now(), keys)
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"uploads/a.mp4", "uploads/b.mp4", DatabaseFile} {
		b := must(os.ReadFile(filepath.Join(loc.dir, res.Name, rel)))
		if strings.Contains(string(b), "video") || strings.Contains(string(b), "SQLite format") || strings.Contains(string(b), "hallo") {
			t.Errorf("%s is readable in the backup", rel)
		}
	}
	if _, err := Restore(ctx, loc, res.Name, filepath.Join(t.TempDir(), "data"), testKeys); err == nil || !strings.Contains(err.Error(), "UGCFOLIO_BACKUP_AGE_IDENTITY_FILE") {
		t.Fatalf("restore without the identity: %v", err)
	}
	data := filepath.Join(t.TempDir(), "data")
	keys.Identities = []age.Identity{id}
	if _, err := Restore(ctx, loc, res.Name, data, keys); err != nil {
		t.Fatal(err)
	}
	if got := string(must(os.ReadFile(filepath.Join(data, "uploads", "b.mp4")))); got != "video b, longer" {
		t.Fatalf("restored %q", got)
	}
}

// A symbolic link in the uploads directory is skipped, never
// followed: it must not carry a file from elsewhere on the server into a
// backup (and from there into another site's data directory).
func TestBackupSkipsSymbolicLinks(t *testing.T) {
	ctx := context.Background()
	src, _ := site(t)
	secret := filepath.Join(t.TempDir(), "server-secret")
	os.WriteFile(secret, []byte("not the site's"), 0o600)
	if err := os.Symlink(secret, filepath.Join(src.UploadsDir, "c.mp4")); err != nil {
		t.Fatal(err)
	}
	loc := &dirLocation{dir: t.TempDir()}
	res, err := Run(ctx, src, loc, time.Now(), testKeys)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Manifest.Files {
		if f.Path == "uploads/c.mp4" {
			t.Fatal("the link was followed into the backup")
		}
	}
	// Opening by name never follows a link either (one swapped in after the listing).
	if f, err := openUpload(src.UploadsDir, "c.mp4"); err == nil {
		f.Close()
		t.Fatal("openUpload followed a link")
	}
	f, err := openUpload(src.UploadsDir, "a.mp4")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
}

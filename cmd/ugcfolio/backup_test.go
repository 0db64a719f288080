package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/backup"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/media/s3test"
)

const backupAdmin, backupPassword = "owner@ugcfolio.no", "backup-test-password-1"

// testBackupKey signs the tests' backups (UGCFOLIO_BACKUP_KEY).
const testBackupKey = "a backup key of at least 32 bytes"

// TestBackupWhileWritingThenRestore: inquiries and video uploads arrive
// without pause while `ugcfolio backup` runs beside the server; the backup
// is restored into a fresh directory, a server started on it has every
// inquiry and file acknowledged before the backup began, byte for byte, and
// its database passes PRAGMA integrity_check. A tampered backup is refused,
// and so is a data directory that is not empty.
func TestBackupWhileWritingThenRestore(t *testing.T) {
	t.Parallel()
	dest := filepath.Join(t.TempDir(), "backups")
	testBackupWhileWriting(t, dest, env(), func(t *testing.T, name string) {
		// Flip one byte of the first upload in the backup.
		matches, _ := filepath.Glob(filepath.Join(dest, name, "uploads", "*"))
		if len(matches) == 0 {
			t.Fatal("no uploads in the backup")
		}
		b, err := os.ReadFile(matches[0])
		if err != nil {
			t.Fatal(err)
		}
		b[len(b)/2] ^= 0xff
		if err := os.WriteFile(matches[0], b, 0o640); err != nil {
			t.Fatal(err)
		}
	})
}

// TestBackupToS3WhileWritingThenRestore is the same with the backup in an
// S3-compatible bucket (versitygw).
func TestBackupToS3WhileWritingThenRestore(t *testing.T) {
	t.Parallel()
	o := s3test.Start(t)
	s3env := env("UGCFOLIO_BACKUP_S3_ENDPOINT", o.Endpoint, "UGCFOLIO_BACKUP_S3_ACCESS_KEY", o.AccessKey,
		"UGCFOLIO_BACKUP_S3_SECRET_KEY", o.SecretKey, "UGCFOLIO_BACKUP_S3_REGION", o.Region, "UGCFOLIO_BACKUP_S3_TLS", "false")
	testBackupWhileWriting(t, "s3://backups/site", s3env, func(t *testing.T, name string) {
		// Replace the database in the bucket with a truncated copy.
		s3 := s3test.Client(t, o)
		obj := "site/" + name + "/ugcfolio.db"
		b := s3test.Get(t, s3, "backups", obj)
		s3test.Put(t, s3, "backups", obj, b[:len(b)-4096])
	})
}

func testBackupWhileWriting(t *testing.T, dest string, extraEnv func(string) string, tamper func(t *testing.T, name string)) {
	ctx := context.Background()
	work := t.TempDir()
	live := filepath.Join(work, "live")
	getenv := func(k string) string {
		if v := extraEnv(k); v != "" {
			return v
		}
		// Every writer comes from its own address through a trusted proxy,
		// so the contact form's rate limit does not slow the test.
		if k == "UGCFOLIO_TRUSTED_PROXIES" {
			return "127.0.0.1"
		}
		if k == "UGCFOLIO_BACKUP_KEY" {
			return testBackupKey
		}
		return ""
	}
	if r := runCmd(t, ctx, getenv, backupPassword+"\n", "admin", "create", "--email", backupAdmin, "--data", live); r.code != 0 {
		t.Fatalf("admin create: %+v", r)
	}
	base, stop := startServe(t, getenv, "--data", live)
	c := login(t, base)

	// Writers: inquiries and uploads, each remembered once acknowledged.
	var mu sync.Mutex
	var inquiries []string
	files := map[string][]byte{} // "/uploads/NAME" → bytes
	var stopWriters atomic.Bool
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := 0; !stopWriters.Load(); i++ {
			msg := fmt.Sprintf("Inquiry number %d, sent during the backup test", i)
			if err := postInquiry(base, i, msg); err != nil {
				errs <- err
				return
			}
			mu.Lock()
			inquiries = append(inquiries, msg)
			mu.Unlock()
		}
	}()
	go func() {
		defer wg.Done()
		for i := 0; !stopWriters.Load(); i++ {
			data := video(64<<10 + i*1024)
			url, err := upload(c, base, fmt.Sprintf("upload-%d-%s", i, strings.ToLower(rand.Text()[:8])), data)
			if err != nil {
				errs <- err
				return
			}
			mu.Lock()
			files[url] = data
			mu.Unlock()
		}
	}()
	// Let some writes land, then note what is acknowledged when the backup begins.
	waitFor(t, func() bool { mu.Lock(); defer mu.Unlock(); return len(inquiries) >= 20 && len(files) >= 10 })
	mu.Lock()
	ackedInquiries := append([]string(nil), inquiries...)
	ackedFiles := map[string][]byte{}
	for k, v := range files {
		ackedFiles[k] = v
	}
	mu.Unlock()
	res := runCmd(t, ctx, getenv, "", "backup", "--to", dest, "--data", live)
	mu.Lock()
	during := len(inquiries) - len(ackedInquiries)
	mu.Unlock()
	stopWriters.Store(true)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("writer: %v", err)
	}
	if res.code != 0 {
		t.Fatalf("backup: %+v", res)
	}
	t.Logf("%s(%d inquiries acknowledged while the backup ran)", res.stdout, during)
	stop()

	// A data directory that is not empty is refused, and left alone.
	res = runCmd(t, ctx, getenv, "", "restore", "--from", dest, "--data", live)
	if res.code == 0 || !strings.Contains(res.stderr, "not empty") {
		t.Fatalf("restore into the live directory: %+v", res)
	}
	if _, err := os.Stat(filepath.Join(live, "ugcfolio.db")); err != nil {
		t.Fatalf("refused restore touched the live database: %v", err)
	}

	restored := filepath.Join(work, "restored")
	if res = runCmd(t, ctx, getenv, "", "restore", "--from", dest, "--data", restored); res.code != 0 {
		t.Fatalf("restore: %+v", res)
	}
	if got := integrityCheck(t, filepath.Join(restored, "ugcfolio.db")); got != "ok" {
		t.Fatalf("integrity_check: %s", got)
	}

	base2, stop2 := startServe(t, getenv, "--data", restored)
	defer stop2()
	c2 := login(t, base2)
	var list []struct{ Message string }
	getJSON(t, c2, base2+"/api/admin/contact", &list)
	have := map[string]bool{}
	for _, inq := range list {
		have[inq.Message] = true
	}
	for _, msg := range ackedInquiries {
		if !have[msg] {
			t.Errorf("inquiry %q acknowledged before the backup is missing after restore", msg)
		}
	}
	for url, want := range ackedFiles {
		res, err := c2.Get(base2 + url)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !bytes.Equal(got, want) {
			t.Errorf("%s after restore: status %d, %d bytes, want %d bytes identical", url, res.StatusCode, len(got), len(want))
		}
	}
	t.Logf("restored %d inquiries (%d acknowledged before) and %d acknowledged files", len(list), len(ackedInquiries), len(ackedFiles))

	// A tampered backup is refused and nothing lands in the directory.
	names := backupNames(t, dest, getenv)
	tamper(t, names[len(names)-1])
	third := filepath.Join(work, "third")
	res = runCmd(t, ctx, getenv, "", "restore", "--from", dest, "--data", third)
	if res.code == 0 || !strings.Contains(res.stderr, "damaged") && !strings.Contains(res.stderr, "integrity") {
		t.Fatalf("restore of a tampered backup: %+v", res)
	}
	if _, err := os.Stat(third); !os.IsNotExist(err) {
		t.Errorf("a refused restore left %s behind (%v)", third, err)
	}
}

// startServe runs serve on a free port until the test ends (or stop).
func startServe(t *testing.T, getenv func(string) string, args ...string) (string, func()) {
	t.Helper()
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan result, 1)
	go func() { done <- runCmd(t, ctx, getenv, "", append([]string{"serve", "--addr", addr}, args...)...) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if r := <-done; r.code != 0 {
				t.Errorf("serve: %+v", r)
			}
		})
	}
	t.Cleanup(stop)
	base := "http://" + addr
	waitFor(t, func() bool {
		select {
		case r := <-done:
			t.Fatalf("serve stopped early: %+v", r)
		default:
		}
		res, err := http.Get(base + "/healthz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == 200
	})
	return base, stop
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func login(t *testing.T, base string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	body, _ := json.Marshal(map[string]string{"username": backupAdmin, "password": backupPassword})
	res, err := c.Post(base+"/api/login", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("login: %d", res.StatusCode)
	}
	return c
}

func getJSON(t *testing.T, c *http.Client, url string, v any) {
	t.Helper()
	res, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("GET %s: %d", url, res.StatusCode)
	}
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

func postInquiry(base string, i int, msg string) error {
	body, _ := json.Marshal(map[string]string{"name": "Kari Nordmann", "email": "kari@example.no", "service": "Enkeltvideo", "message": msg})
	req, _ := http.NewRequest("POST", base+"/api/contact", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		b, _ := io.ReadAll(res.Body)
		return fmt.Errorf("inquiry %d: %d %s", i, res.StatusCode, b)
	}
	return nil
}

// video is size bytes that pass the MP4 signature check.
func video(size int) []byte {
	b := make([]byte, size)
	rand.Read(b)
	copy(b, "\x00\x00\x00\x20ftypisom\x00\x00\x02\x00")
	return b
}

// upload sends data through the chunked upload API in one chunk and
// returns the file's URL.
func upload(c *http.Client, base, id string, data []byte) (string, error) {
	post := func(path, ctype string, body []byte) ([]byte, error) {
		res, err := c.Post(base+path, ctype, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			return nil, fmt.Errorf("%s: %d %s", path, res.StatusCode, b)
		}
		return b, nil
	}
	init, _ := json.Marshal(map[string]any{"uploadId": id, "fileName": "clip.mp4", "fileSize": len(data), "fileType": "video/mp4", "totalChunks": 1})
	if _, err := post("/api/admin/upload/initialize", "application/json", init); err != nil {
		return "", err
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("uploadId", id)
	mw.WriteField("chunkIndex", "0")
	mw.WriteField("totalChunks", "1")
	part, _ := mw.CreateFormFile("chunk", "blob")
	part.Write(data)
	mw.Close()
	if _, err := post("/api/admin/upload/chunk", mw.FormDataContentType(), body.Bytes()); err != nil {
		return "", err
	}
	fin, _ := json.Marshal(map[string]string{"uploadId": id})
	b, err := post("/api/admin/upload/finalize", "application/json", fin)
	if err != nil {
		return "", err
	}
	var out struct{ URL string }
	if err := json.Unmarshal(b, &out); err != nil || out.URL == "" {
		return "", fmt.Errorf("finalize answered %s", b)
	}
	return out.URL, nil
}

func integrityCheck(t *testing.T, path string) string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var got string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&got); err != nil {
		t.Fatal(err)
	}
	return got
}

// backupNames lists the complete backups in dest through the package's own listing.
func backupNames(t *testing.T, dest string, getenv func(string) string) []string {
	t.Helper()
	bc, err := config.LoadBackup(getenv)
	if err != nil {
		t.Fatal(err)
	}
	loc, err := backup.ParseLocation(context.Background(), dest, backupS3(bc))
	if err != nil {
		t.Fatal(err)
	}
	names, err := loc.Backups(context.Background())
	if err != nil || len(names) == 0 {
		t.Fatalf("backups in %s: %v %v", dest, names, err)
	}
	return names
}

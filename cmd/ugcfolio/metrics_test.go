package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestMetricsOnTheirOwnAddress: after some requests, /metrics on
// --metrics-addr has the route counters and latency histograms (by route
// pattern, never by raw path), the upload bytes, the rate-limit refusals,
// the database pool and the Go runtime; the public listener has no /metrics.
func TestMetricsOnTheirOwnAddress(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	getenv := env()
	if r := runCmd(t, context.Background(), getenv, backupPassword+"\n", "admin", "create", "--email", backupAdmin, "--data", data); r.code != 0 {
		t.Fatalf("admin create: %+v", r)
	}
	metricsAddr := freeAddr(t)
	base, _ := startServe(t, getenv, "--data", filepath.Join(data), "--metrics-addr", metricsAddr)

	for _, path := range []string{"/api/portfolio/no", "/api/portfolio/en", "/api/portfolio/no", "/api/nothing-here"} {
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	// The contact form allows a burst of 10 from one address: the 11th is refused.
	body, _ := json.Marshal(map[string]string{"name": "Kari Nordmann", "email": "kari@example.no", "service": "Enkeltvideo", "message": "A message long enough"})
	for range 11 {
		res, err := http.Post(base+"/api/contact", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	c := login(t, base)
	clip := video(100_000)
	if _, err := upload(c, base, "metrics-upload-1", clip); err != nil {
		t.Fatal(err)
	}

	res, err := http.Get("http://" + metricsAddr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	text := string(b)
	for _, want := range []string{
		`ugcfolio_http_requests_total{code="200",route="GET /api/portfolio/{lang}"} 3`,
		`ugcfolio_http_requests_total{code="404",route="/api/"} 1`,
		`ugcfolio_http_requests_total{code="201",route="POST /api/contact"} 10`,
		`ugcfolio_http_requests_total{code="429",route="POST /api/contact"} 1`,
		`ugcfolio_rate_limit_refusals_total{route="POST /api/contact"} 1`,
		`ugcfolio_http_request_duration_seconds_count{route="GET /api/portfolio/{lang}"} 3`,
		`ugcfolio_http_requests_total{code="200",route="POST /api/admin/upload/finalize"} 1`,
		`go_sql_max_open_connections{db_name="ugcfolio"} 8`,
		`go_sql_wait_count_total{db_name="ugcfolio"} `,
		`go_goroutines `,
		`process_resident_memory_bytes `,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	// The chunk request's body is the video plus its multipart framing.
	m := regexp.MustCompile(`(?m)^ugcfolio_upload_bytes_total (\S+)$`).FindStringSubmatch(text)
	if m == nil {
		t.Fatal("/metrics lacks ugcfolio_upload_bytes_total")
	}
	if n, _ := strconv.ParseFloat(m[1], 64); n < float64(len(clip)) || n > float64(len(clip)+2048) {
		t.Errorf("upload bytes %v, want the %d-byte clip and its framing", n, len(clip))
	}

	// Not on the public listener.
	res, err = http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if strings.Contains(string(b), "ugcfolio_http_requests_total") || strings.Contains(string(b), "go_goroutines") {
		t.Error("the public listener serves the metrics")
	}
}

// TestServeBacksUpOnSchedule: with UGCFOLIO_BACKUP_TO, serve takes its first
// backup a few seconds after start (none was there), and the metrics say so.
func TestServeBacksUpOnSchedule(t *testing.T) {
	t.Parallel()
	dest := filepath.Join(t.TempDir(), "backups")
	metricsAddr := freeAddr(t)
	startServe(t, env("UGCFOLIO_BACKUP_TO", dest, "UGCFOLIO_BACKUP_KEY", testBackupKey), "--data", t.TempDir(), "--metrics-addr", metricsAddr)
	waitFor(t, func() bool {
		matches, _ := filepath.Glob(filepath.Join(dest, "ugcfolio-*", "manifest.json"))
		return len(matches) == 1
	})
	waitFor(t, func() bool {
		res, err := http.Get("http://" + metricsAddr + "/metrics")
		if err != nil {
			return false
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return strings.Contains(string(b), `ugcfolio_backups_total{result="ok"} 1`) &&
			regexp.MustCompile(`(?m)^ugcfolio_backup_last_success_timestamp_seconds \d\.\d+e\+09$`).Match(b)
	})
}

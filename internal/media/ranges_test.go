package media

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestTidyRange(t *testing.T) {
	const size = 10_000
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		// Apart already, in any order: left as sent.
		{"bytes=0-9,500-509", "bytes=0-9,500-509", true},
		{"bytes=500-509,0-9", "bytes=500-509,0-9", true},
		// Overlapping, touching or nearly touching: merged in file order.
		{"bytes=0-,0-", "bytes=0-9999", true},
		{"bytes=10-19,0-9", "bytes=0-19", true},
		{"bytes=0-0,0-0,0-0", "bytes=0-0", true},
		{"bytes=0-9,50-59,400-409", "bytes=0-59,400-409", true},
		{"bytes=-10,9990-", "bytes=9990-9999", true},
		{"bytes=9900-50000,9950-", "bytes=9900-9999", true},
		// Empty ranges are parts of their own for net/http: dropped.
		{"bytes=-0,0-9", "bytes=0-9", true},
		{"bytes=-0,-0", "", true},
		// Too many parts even after merging: the whole file.
		{"bytes=" + spaced(MaxRanges+1, 100), "", true},
		{"bytes=" + spaced(MaxRanges, 100), "bytes=" + spaced(MaxRanges, 100), true},
		// Left for ServeContent to refuse (416).
		{"bytes=20000-,30000-", "bytes=20000-,30000-", false},
		{"bytes=x-1,0-1", "bytes=x-1,0-1", false},
		{"bytes=5-1,0-1", "bytes=5-1,0-1", false},
		{"items=0-1,2-3", "items=0-1,2-3", false},
	} {
		got, ok := tidyRange(c.in, size)
		if got != c.want || ok != c.ok {
			t.Errorf("tidyRange(%.60q) = %.60q, %v; want %.60q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// spaced is n one-byte ranges step bytes apart.
func spaced(n, step int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf("%d-%d", i*step, i*step)
	}
	return strings.Join(parts, ",")
}

// worstRanges are the most expensive Range headers we could build for a
// file of size bytes (≥ 1 MB), each within net/http's 1 MB header limit.
func worstRanges(size int) map[string]string {
	repeat := func(spec string, n int) string {
		return "bytes=" + strings.TrimSuffix(strings.Repeat(spec+",", n), ",")
	}
	adjacent := make([]string, 10_000)
	for i := range adjacent {
		adjacent[i] = fmt.Sprintf("%d-%d", i, i)
	}
	return map[string]string{
		"whole file ×100":             repeat("0-", 100),
		"first byte ×20000":           repeat("0-0", 20_000),
		"first byte ×250000 (1 MB)":   repeat("0-0", 250_000),
		"empty suffix ×20000":         repeat("-0", 20_000) + ",0-0",
		"10000 adjacent single bytes": "bytes=" + strings.Join(adjacent, ","),
		"1000 spaced single bytes":    "bytes=" + spaced(1000, size/1000),
	}
}

// maxPartHeader bounds what a multipart answer adds to its content: a
// boundary line, Content-Type and Content-Range per part, and the closing
// boundary.
const maxPartHeader = 200

// No Range header makes ServeContent answer more than the file plus the
// headers of at most MaxRanges parts. With -v the log shows what each
// costs before (net/http alone) and after LimitRanges.
func TestWorstRangesCostAtMostTheFile(t *testing.T) {
	const size = 1 << 20
	data := bytes.Repeat([]byte("0123456789abcdef"), size/16)
	serve := func(h string, limit bool) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "/uploads/x.mp4", nil)
		req.Header.Set("Range", h)
		if limit {
			LimitRanges(req, size)
		}
		rec := httptest.NewRecorder()
		rec.Header().Set("Content-Type", "video/mp4")
		http.ServeContent(rec, req, "x.mp4", time.Time{}, bytes.NewReader(data))
		return rec
	}
	for name, h := range worstRanges(size) {
		rec := serve(h, true)
		if n := rec.Body.Len(); n > size+(MaxRanges+1)*maxPartHeader {
			t.Errorf("%s: %d bytes for a file of %d", name, n, size)
		}
		if rec.Code != http.StatusOK && rec.Code != http.StatusPartialContent {
			t.Errorf("%s: status %d", name, rec.Code)
		}
		if testing.Verbose() { // the figure; net/http alone is slow on the largest header
			t.Logf("%-28s header %7d B: net/http alone %9d B, with LimitRanges %7d B (%d), file %d B",
				name, len(h), serve(h, false).Body.Len(), rec.Body.Len(), rec.Code, size)
		}
	}
}

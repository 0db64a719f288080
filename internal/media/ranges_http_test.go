package media_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/httpapi"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/media/s3test"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// Ranges of stored files through the real router (internal/sitetest), on
// local disk and on S3.

// storages make a site's storage: its local disk, or S3 on versitygw.
var storages = map[string]func(t *testing.T) *sitetest.Site{
	"local": func(t *testing.T) *sitetest.Site { return sitetest.New(t, sitetest.SQLite(t), sitetest.Options{}) },
	"s3": func(t *testing.T) *sitetest.Site {
		s3 := s3test.New(t)
		return sitetest.New(t, sitetest.SQLite(t), sitetest.Options{Deps: func(d *httpapi.Deps) { d.Storage = s3 }})
	},
}

// TestRangeRequests seeks in a stored video through /uploads/ and the proxy,
// on local storage and on S3.
func TestRangeRequests(t *testing.T) {
	t.Parallel()
	for name, site := range storages {
		t.Run(name, func(t *testing.T) {
			e := site(t)
			data := video(2_000_000)
			if err := e.Storage.Put(context.Background(), "seek.mp4", bytes.NewReader(data), int64(len(data))); err != nil {
				t.Fatal(err)
			}
			for _, path := range []string{"/uploads/seek.mp4", "/api/video-proxy?url=/uploads/seek.mp4"} {
				cases := []struct {
					rng, contentRange string
					from, to          int
				}{
					{"bytes=0-1", "bytes 0-1/2000000", 0, 2},
					{"bytes=1000000-1000999", "bytes 1000000-1000999/2000000", 1000000, 1001000},
					{"bytes=-100", "bytes 1999900-1999999/2000000", 1999900, 2000000},
					{"bytes=1999990-", "bytes 1999990-1999999/2000000", 1999990, 2000000},
				}
				for _, tc := range cases {
					r := e.Client().Do("GET", path, nil, "Range", tc.rng).WantStatus(t, http.StatusPartialContent)
					if r.Body != string(data[tc.from:tc.to]) || r.Header.Get("Content-Range") != tc.contentRange || r.Header.Get("Content-Type") != "video/mp4" {
						t.Fatalf("%s %s: %d bytes, Content-Range %q, type %q", path, tc.rng, len(r.Body), r.Header.Get("Content-Range"), r.Header.Get("Content-Type"))
					}
				}
				e.Client().Do("GET", path, nil, "Range", "bytes=3000000-").WantStatus(t, http.StatusRequestedRangeNotSatisfiable)
				if r := e.Client().Do("HEAD", path, nil); r.Header.Get("Accept-Ranges") != "bytes" {
					t.Errorf("%s: Accept-Ranges %q", path, r.Header.Get("Accept-Ranges"))
				}
			}
		})
	}
}

// No multi-range request makes the server send more than the
// file plus the headers of at most media.MaxRanges parts, through
// /uploads/, the video proxy and /media/, on local disk and on S3.
func TestMultiRangeRequestsCostAtMostTheFile(t *testing.T) {
	t.Parallel()
	const size = 1 << 20
	repeat := func(spec string, n int) string {
		return "bytes=" + strings.TrimSuffix(strings.Repeat(spec+",", n), ",")
	}
	numbered := func(n, step int) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = fmt.Sprintf("%d-%d", i*step, i*step)
		}
		return "bytes=" + strings.Join(parts, ",")
	}
	worst := map[string]string{
		"whole file ×100":             repeat("0-", 100),
		"first byte ×20000":           repeat("0-0", 20_000),
		"10000 adjacent single bytes": numbered(10_000, 1),
		"1000 spaced single bytes":    numbered(1000, size/1000),
	}
	const partHeaders = (media.MaxRanges + 1) * 200 // boundary, Content-Type, Content-Range
	for name, site := range storages {
		t.Run(name, func(t *testing.T) {
			e := site(t)
			data := video(size)
			for _, name := range []string{"clip.mp4", "p_rendition.mp4"} {
				if err := e.Storage.Put(context.Background(), name, bytes.NewReader(data), size); err != nil {
					t.Fatal(err)
				}
			}
			for _, path := range []string{"/uploads/clip.mp4", "/api/video-proxy?url=/uploads/clip.mp4", "/media/p_rendition.mp4"} {
				for what, h := range worst {
					r := e.Client().Do("GET", path, nil, "Range", h)
					if r.Status != http.StatusOK && r.Status != http.StatusPartialContent {
						t.Errorf("%s, %s: status %d", path, what, r.Status)
					}
					if len(r.Body) > size+partHeaders {
						t.Errorf("%s, %s: %d bytes for a file of %d", path, what, len(r.Body), size)
					}
				}
				// Merged ranges still carry the right bytes.
				r := e.Client().Do("GET", path, nil, "Range", worst["10000 adjacent single bytes"]).WantStatus(t, http.StatusPartialContent)
				if r.Body != string(data[:10_000]) {
					t.Errorf("%s: adjacent ranges merged into %d wrong bytes", path, len(r.Body))
				}
				// A plain two-range request is answered as before, in the client's order.
				r = e.Client().Do("GET", path, nil, "Range", "bytes=500000-500009,0-9").WantStatus(t, http.StatusPartialContent)
				if !strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/byteranges") ||
					strings.Index(r.Body, "bytes 500000-500009/") > strings.Index(r.Body, "bytes 0-9/") {
					t.Errorf("%s: two ranges answered as %q", path, r.Header.Get("Content-Type"))
				}
			}
		})
	}
}

package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Issue 24: no multi-range request makes the server send more than the
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
	for name, storage := range map[string]func(t *testing.T) media.Storage{
		"local": func(t *testing.T) media.Storage { return nil },
		"s3":    s3Storage,
	} {
		t.Run(name, func(t *testing.T) {
			e := newUploadEnv(t, sqliteStore(t), storage(t))
			data := fakeVideo(size)
			for _, name := range []string{"clip.mp4", "p_rendition.mp4"} {
				if err := e.storage.Put(context.Background(), name, bytes.NewReader(data), size); err != nil {
					t.Fatal(err)
				}
			}
			for _, path := range []string{"/uploads/clip.mp4", "/api/video-proxy?url=/uploads/clip.mp4", "/media/p_rendition.mp4"} {
				for what, h := range worst {
					r := e.client().do("GET", path, nil, "Range", h)
					if r.status != http.StatusOK && r.status != http.StatusPartialContent {
						t.Errorf("%s, %s: status %d", path, what, r.status)
					}
					if len(r.body) > size+partHeaders {
						t.Errorf("%s, %s: %d bytes for a file of %d", path, what, len(r.body), size)
					}
				}
				// Merged ranges still carry the right bytes.
				r := e.client().do("GET", path, nil, "Range", worst["10000 adjacent single bytes"]).wantStatus(t, http.StatusPartialContent)
				if r.body != string(data[:10_000]) {
					t.Errorf("%s: adjacent ranges merged into %d wrong bytes", path, len(r.body))
				}
				// A plain two-range request is answered as before, in the client's order.
				r = e.client().do("GET", path, nil, "Range", "bytes=500000-500009,0-9").wantStatus(t, http.StatusPartialContent)
				if !strings.HasPrefix(r.header.Get("Content-Type"), "multipart/byteranges") ||
					strings.Index(r.body, "bytes 500000-500009/") > strings.Index(r.body, "bytes 0-9/") {
					t.Errorf("%s: two ranges answered as %q", path, r.header.Get("Content-Type"))
				}
			}
		})
	}
}

// Issue 24: an original visitors may still get (a video before its
// renditions are ready) is never stored by a shared cache, which would go
// on serving it after it turned private; processed files stay public.
func TestOriginalsAreNotCachedBySharedCaches(t *testing.T) {
	t.Parallel()
	e := newUploadEnv(t, sqliteStore(t), nil)
	for _, name := range []string{"clip.mp4", "p_small.mp4"} {
		if err := e.storage.Put(context.Background(), name, strings.NewReader("video"), 5); err != nil {
			t.Fatal(err)
		}
	}
	e.store.PutMediaAsset(t.Context(), store.MediaAsset{StoredName: "clip.mp4", Kind: store.MediaVideo, Status: store.MediaProcessing})
	for _, path := range []string{"/uploads/clip.mp4", "/api/video-proxy?url=/uploads/clip.mp4"} {
		cc := e.client().do("GET", path, nil).wantStatus(t, http.StatusOK).header.Get("Cache-Control")
		if !strings.Contains(cc, "private") || strings.Contains(cc, "public") {
			t.Errorf("%s: Cache-Control %q, want private", path, cc)
		}
	}
	// Ready: the original is gone for visitors, and its 404 is not stored either.
	e.store.PutMediaAsset(t.Context(), store.MediaAsset{StoredName: "clip.mp4", Kind: store.MediaVideo, Status: store.MediaReady,
		Outputs: []store.MediaOutput{{Name: "p_small.mp4", Role: store.RoleVideo, Width: 2, Height: 2, Type: "video/mp4", Bytes: 5}}})
	if cc := e.client().do("GET", "/uploads/clip.mp4", nil).wantStatus(t, http.StatusNotFound).header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("private original's 404: Cache-Control %q", cc)
	}
	if cc := e.client().do("GET", "/media/p_small.mp4", nil).wantStatus(t, http.StatusOK).header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
		t.Errorf("processed file: Cache-Control %q", cc)
	}
}

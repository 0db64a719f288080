package httpapi

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// (That no multi-range request costs more than the file is internal/media's
// test, ranges_http_test.go.)

// An original visitors may still get (a video before its
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

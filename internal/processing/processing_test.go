package processing

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
	"github.com/ugcfolio/ugcfolio/internal/video"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// env is a Processor without ffmpeg over local storage; run starts its queue.
type env struct {
	st      *store.Store
	storage media.Storage
	q       *jobs.Queue
	p       *Processor
}

func newEnv(t *testing.T, st *store.Store, videoOff error) *env {
	t.Helper()
	e := &env{st: st, storage: media.NewLocal(t.TempDir()), q: jobs.New(st, quiet)}
	e.q.Poll = 10 * time.Millisecond
	e.p = New(Deps{Store: st, Storage: e.storage, Jobs: e.q, Log: quiet, VideoOff: videoOff})
	return e
}

func (e *env) run(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { e.q.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
}

func (e *env) stored(name string) bool {
	f, err := e.storage.Open(context.Background(), name)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

func testPNG(t *testing.T, w, h int) []byte {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			m.SetNRGBA(x, y, color.NRGBA{uint8(x), uint8(y), 90, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func wantConflict(t *testing.T, err error, message string) {
	t.Helper()
	if e, ok := apperr.As(err); !ok || e.Code != apperr.CodeConflict || e.Message != message {
		t.Fatalf("got %v, want a conflict %q", err, message)
	}
}

// Retry is one path for every kind: a failed photo is processed again on a
// server without ffmpeg, while a video there is refused, naming the program
// that is missing.
func TestRetryByKind(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no ffmpeg here
	_, missing := video.Find(context.Background())
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st, missing)
		e.run(t)
		const photo, clip = "0123456789abcdef0123456789abcdef.png", "0123456789abcdef0123456789abcdef.mp4"
		data := testPNG(t, 300, 200)
		if err := e.storage.Put(ctx, photo, bytes.NewReader(data), int64(len(data))); err != nil {
			t.Fatal(err)
		}
		for name, kind := range map[string]string{photo: store.MediaImage, clip: store.MediaVideo} {
			if err := st.PutMediaAsset(ctx, store.MediaAsset{StoredName: name, Kind: kind, Status: store.MediaFailed, Error: "x"}); err != nil {
				t.Fatal(err)
			}
		}

		_, err := e.p.Retry(ctx, clip)
		wantConflict(t, err, "Video processing is off on this server: ffmpeg is not installed")
		_, err = newEnv(t, st, nil).p.Retry(ctx, clip)
		wantConflict(t, err, "Video processing is off on this server")
		if _, err := e.p.Retry(ctx, "nothing.png"); !apperr.Is(err, apperr.CodeNotFound) {
			t.Fatalf("retry without an asset: %v", err)
		}

		got, err := e.p.Retry(ctx, photo)
		if err != nil || got.Status != store.MediaProcessing || got.Error != "" {
			t.Fatalf("retry of the photo: %+v %v", got, err)
		}
		deadline := time.Now().Add(30 * time.Second)
		for got.Status == store.MediaProcessing || got.JobState != jobs.Done {
			if time.Now().After(deadline) {
				t.Fatalf("still %+v", got)
			}
			time.Sleep(10 * time.Millisecond)
			if got, err = e.p.Status(ctx, photo); err != nil {
				t.Fatal(err)
			}
		}
		if got.Status != store.MediaReady || got.Width != 300 || len(got.Sources) == 0 || got.Attempts != 1 {
			t.Fatalf("after retry: %+v", got)
		}
		_, err = e.p.Retry(ctx, photo)
		wantConflict(t, err, "The photo is processed already")

		// The janitor prunes the done job; the photo stays ready.
		if err := e.p.Prune(ctx, time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := e.q.Latest(ctx, store.MediaImage, photo); ok {
			t.Fatal("the done job was not pruned")
		}
		if got, err = e.p.Status(ctx, photo); err != nil || got.Status != store.MediaReady || got.JobState != "" {
			t.Fatalf("after pruning: %+v %v", got, err)
		}
	})
}

// A worker that died on a photo's last try leaves the asset processing and
// its job failed: the status says the processing was interrupted, so that
// the admin can try again.
func TestStatusOfALostJob(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st, nil)
		const photo = "0123456789abcdef0123456789abcdef.jpg"
		if err := e.p.Start(ctx, media.URLPrefix+photo); err != nil {
			t.Fatal(err)
		}
		got, err := e.p.Status(ctx, photo)
		if err != nil || got.Status != store.MediaProcessing || got.JobState != jobs.Queued {
			t.Fatalf("queued: %+v %v", got, err)
		}
		if _, err := st.DB.Exec(`UPDATE jobs SET state = 'failed', attempts = 3 WHERE subject = '` + photo + `'`); err != nil {
			t.Fatal(err)
		}
		got, err = e.p.Status(ctx, photo)
		if err != nil || got.Status != store.MediaFailed || got.Error != reasonImageLost || got.JobState != jobs.Failed {
			t.Fatalf("lost: %+v %v", got, err)
		}
	})
}

// Processed files are named by their content: a file that another asset
// lists (the same photo uploaded twice) stays when one asset's files go.
func TestDeleteUnusedOutputsKeepsSharedFiles(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st, nil)
		shared, err := media.PutProcessedData(ctx, e.storage, []byte("the same variant"), ".webp")
		if err != nil {
			t.Fatal(err)
		}
		own, err := media.PutProcessedData(ctx, e.storage, []byte("a crop of its own"), ".webp")
		if err != nil {
			t.Fatal(err)
		}
		other := store.MediaAsset{StoredName: "0123456789abcdef0123456789abcdef.jpg", Kind: store.MediaImage, Status: store.MediaReady,
			Outputs: []store.MediaOutput{{Name: shared, Role: store.RoleImage, Width: 320, Height: 240, Type: "image/webp"}}}
		if err := st.PutMediaAsset(ctx, other); err != nil {
			t.Fatal(err)
		}
		going := []store.MediaOutput{{Name: shared, Role: store.RoleImage}, {Name: own, Role: store.RoleCard}}
		if err := e.p.deleteUnusedOutputs(ctx, going); err != nil {
			t.Fatal(err)
		}
		if !e.stored(shared) {
			t.Error("a file another asset lists was deleted")
		}
		if e.stored(own) {
			t.Error("a file no asset lists was kept")
		}
	})
}

// A file two items use stays until the last lets go; other URLs are left alone.
func TestRemoveUploadIfUnused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.SQLite(t)
	e := newEnv(t, st, nil)
	e.storage.Put(ctx, "shared.mp4", bytes.NewReader([]byte("video")), 5)
	url := "/uploads/shared.mp4"
	var ids []int64
	for _, lang := range []string{"no", "en"} {
		item, err := st.CreatePortfolioItem(ctx, store.PortfolioInput{Title: "Film", Category: "product", VideoURL: url, Language: lang, IsActive: true})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, item.ID)
	}
	exists := func() bool { return e.stored("shared.mp4") }
	st.DeletePortfolioItem(ctx, ids[0])
	if err := e.p.RemoveIfUnused(ctx, url); err != nil || !exists() {
		t.Fatalf("file used by another item removed (err %v)", err)
	}
	st.DeletePortfolioItem(ctx, ids[1])
	if err := e.p.RemoveIfUnused(ctx, url); err != nil || exists() {
		t.Fatalf("unused file kept (err %v)", err)
	}
	for _, other := range []string{url, "https://vimeo.com/1", "/uploads/../ugcfolio.db", ""} {
		if err := e.p.RemoveIfUnused(ctx, other); err != nil {
			t.Errorf("RemoveIfUnused(%q) = %v", other, err)
		}
	}
}

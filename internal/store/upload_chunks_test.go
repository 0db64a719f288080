package store_test

import (
	"maps"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// The record of chunks kept in the bucket: the first chunk size
// claimed holds, a chunk recorded again is replaced, the records go with
// their upload, and a chunk of an upload that is gone is "not found". The
// first stored name recorded holds too.
func TestUploadChunks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		admin := must(s.CreateUser(ctx, store.UserInput{Username: "a@example.no", DisplayName: "A", PasswordHash: "x", IsAdmin: true}))
		must(s.CreateUpload(ctx, store.Upload{ID: "upload-1", UserID: admin.ID, FileName: "a.mp4", FileSize: 1500, FileType: "video/mp4", TotalChunks: 3}))

		if c := must(s.ClaimUploadChunkSize(ctx, "upload-1", 600)); c != 600 {
			t.Fatalf("first claim: %d", c)
		}
		if c := must(s.ClaimUploadChunkSize(ctx, "upload-1", 500)); c != 600 {
			t.Fatalf("a second claim changed the size to %d", c)
		}
		if up := must(s.GetUpload(ctx, "upload-1")); up.ChunkSize != 600 {
			t.Fatalf("upload reads chunk size %d", up.ChunkSize)
		}
		for _, c := range []struct {
			index int
			size  int64
		}{{0, 600}, {2, 200}, {2, 300}} {
			if err := s.RecordUploadChunk(ctx, "upload-1", c.index, c.size); err != nil {
				t.Fatal(err)
			}
		}
		if got := must(s.UploadChunks(ctx, "upload-1")); !maps.Equal(got, map[int]int64{0: 600, 2: 300}) {
			t.Fatalf("recorded %v", got)
		}
		if err := s.ForgetUploadChunk(ctx, "upload-1", 0); err != nil {
			t.Fatal(err)
		}
		if err := s.ForgetUploadChunk(ctx, "upload-1", 1); err != nil {
			t.Fatalf("forgetting a chunk never recorded: %v", err)
		}
		if got := must(s.UploadChunks(ctx, "upload-1")); !maps.Equal(got, map[int]int64{2: 300}) {
			t.Fatalf("after forgetting chunk 0: %v", got)
		}

		if name := must(s.SetUploadStoredName(ctx, "upload-1", "first.mp4")); name != "first.mp4" {
			t.Fatalf("stored name %q", name)
		}
		if name := must(s.SetUploadStoredName(ctx, "upload-1", "second.mp4")); name != "first.mp4" {
			t.Fatalf("a second finalize's name replaced the first: %q", name)
		}

		if err := s.DeleteUpload(ctx, "upload-1"); err != nil {
			t.Fatal(err)
		}
		if got := must(s.UploadChunks(ctx, "upload-1")); len(got) != 0 {
			t.Fatalf("records outlived their upload: %v", got)
		}
		wantCode(t, s.RecordUploadChunk(ctx, "upload-1", 1, 600), apperr.CodeNotFound)
		_, err := s.ClaimUploadChunkSize(ctx, "upload-1", 600)
		wantCode(t, err, apperr.CodeNotFound)
		_, err = s.SetUploadStoredName(ctx, "upload-1", "x.mp4")
		wantCode(t, err, apperr.CodeNotFound)
	})
}

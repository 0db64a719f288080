package store_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

func TestMediaAssets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		_, err := s.GetMediaAsset(ctx, "a.mov")
		wantCode(t, err, apperr.CodeNotFound)

		if err := s.PutMediaAsset(ctx, store.MediaAsset{StoredName: "a.mov", Kind: store.MediaVideo, Status: store.MediaProcessing}); err != nil {
			t.Fatal(err)
		}
		first := must(s.GetMediaAsset(ctx, "a.mov"))
		if first.Status != store.MediaProcessing || first.Outputs == nil || len(first.Outputs) != 0 {
			t.Fatalf("processing asset %+v", first)
		}

		outputs := []store.MediaOutput{
			{Name: "p_1.jpg", Role: store.RolePoster, Width: 720, Height: 1280, Type: "image/jpeg", Bytes: 10},
			{Name: "p_2.mp4", Role: store.RoleVideo, Width: 1080, Height: 1920, Type: "video/mp4", Bytes: 99},
		}
		ready := store.MediaAsset{StoredName: "a.mov", Kind: store.MediaVideo, Status: store.MediaReady,
			Width: 1080, Height: 1920, DurationMS: 2500, Outputs: outputs}
		if err := s.PutMediaAsset(ctx, ready); err != nil {
			t.Fatal(err)
		}
		got := must(s.GetMediaAsset(ctx, "a.mov"))
		if got.Status != store.MediaReady || got.Width != 1080 || got.DurationMS != 2500 || !reflect.DeepEqual(got.Outputs, outputs) {
			t.Fatalf("replaced asset %+v", got)
		}
		if !got.CreatedAt.Equal(first.CreatedAt) {
			t.Fatalf("created_at changed on replace: %v then %v", first.CreatedAt, got.CreatedAt)
		}

		if err := s.PutMediaAsset(ctx, store.MediaAsset{StoredName: "b.jpg", Kind: store.MediaImage, Status: store.MediaFailed, Error: "Ikke et bilde"}); err != nil {
			t.Fatal(err)
		}
		found := must(s.MediaAssetsFor(ctx, []string{"a.mov", "b.jpg", "none.mp4"}))
		if len(found) != 2 || found["b.jpg"].Error != "Ikke et bilde" || found["a.mov"].Kind != store.MediaVideo {
			t.Fatalf("assets for names: %+v", found)
		}
		if empty := must(s.MediaAssetsFor(ctx, nil)); len(empty) != 0 {
			t.Fatalf("no names gave %+v", empty)
		}

		if err := s.DeleteMediaAsset(ctx, "a.mov"); err != nil {
			t.Fatal(err)
		}
		wantCode(t, s.DeleteMediaAsset(ctx, "a.mov"), apperr.CodeNotFound)
	})
}

func TestMediaOutputInUse(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		out := []store.MediaOutput{{Name: "p_ab.webp", Role: store.RoleImage}}
		if err := s.PutMediaAsset(ctx, store.MediaAsset{StoredName: "x.jpg", Kind: store.MediaImage, Status: store.MediaReady, Outputs: out}); err != nil {
			t.Fatal(err)
		}
		for name, want := range map[string]bool{"p_ab.webp": true, "pXab.webp": false, "p_a.webp": false, "p_abc.webp": false} {
			if got := must(s.MediaOutputInUse(ctx, name)); got != want {
				t.Errorf("%s in use: %v, want %v", name, got, want)
			}
		}
	})
}

// An upload is in use while a portfolio item's video or image, or a
// testimonial's image, points at it, or a check a capability registered
// finds it.
func TestUploadInUse(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		s.AddUploadUse(func(_ context.Context, url string) (bool, error) { return url == "/uploads/draft.mp4", nil })
		must(s.CreatePortfolioItem(ctx, store.PortfolioInput{Title: "v", Category: "product", VideoURL: "/uploads/v.mp4", Language: "no"}))
		must(s.CreatePortfolioItem(ctx, store.PortfolioInput{Title: "i", Category: "product", ImageURL: "/uploads/p.jpg", Language: "no"}))
		must(s.CreateTestimonial(ctx, store.TestimonialInput{Name: "n", Company: "c", ImageURL: "/uploads/t.jpg", Rating: 5, Testimonial: "t", Language: "en"}))
		for url, want := range map[string]bool{"/uploads/v.mp4": true, "/uploads/p.jpg": true, "/uploads/t.jpg": true, "/uploads/draft.mp4": true, "/uploads/none.jpg": false} {
			if got := must(s.UploadInUse(ctx, url)); got != want {
				t.Errorf("%s in use: %v, want %v", url, got, want)
			}
		}
	})
}

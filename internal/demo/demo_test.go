package demo

import (
	"bytes"
	"context"
	"io"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// A new creator's demo: items in both languages, the featured one with a
// clip when the machine has ffmpeg (a small MP4, started processing like an
// upload), and a brand's inquiry whose deal carries its package; a second
// start adds nothing.
func TestSeedFillsEveryScreen(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, err := store.Open(ctx, "", filepath.Join(t.TempDir(), "demo.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	saved := map[string][]byte{}
	var processed []string
	ffmpeg, _ := exec.LookPath("ffmpeg") // "" without it: the demo then has no clip
	day := time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)
	d := Deps{
		Save:    func(_ context.Context, name string, data []byte) error { saved[name] = data; return nil },
		Process: func(_ context.Context, url string) error { processed = append(processed, url); return nil },
		Deals:   deals.New(deals.Deps{Store: st}),
		FFmpeg:  ffmpeg,
		Now:     func() time.Time { return day },
	}
	if err := Seed(ctx, st, d, io.Discard); err != nil {
		t.Fatal(err)
	}

	for _, language := range []string{"no", "en"} {
		items, err := st.ListPortfolio(ctx, language, true, 0)
		if err != nil || len(items) != len(portfolio) {
			t.Fatalf("%s items %d, %v", language, len(items), err)
		}
		withVideo := 0
		for _, it := range items {
			if it.VideoURL != "" {
				withVideo++
				if it.VideoURL != "/uploads/"+clipName || !it.Featured {
					t.Errorf("%s video item %+v", language, it.PortfolioInput)
				}
			}
		}
		if want := map[bool]int{true: 1, false: 0}[ffmpeg != ""]; withVideo != want {
			t.Errorf("%s: %d items with a video, want %d (ffmpeg %q)", language, withVideo, want, ffmpeg)
		}
	}
	clip, ok := saved[clipName]
	if ffmpeg != "" {
		// An MP4 (its "ftyp" box first), small enough for a quick first start.
		if !ok || len(clip) < 1000 || len(clip) > 400_000 || !bytes.Equal(clip[4:8], []byte("ftyp")) {
			t.Fatalf("clip %d bytes, saved %v", len(clip), ok)
		}
		if processed[0] != "/uploads/"+clipName {
			t.Errorf("processed %v: the clip is not processed first", processed)
		}
	} else if ok {
		t.Fatal("a clip without ffmpeg")
	}

	inquiries, err := st.ListInquiries(ctx)
	if err != nil || len(inquiries) != 1 || inquiries[0].IsRead {
		t.Fatalf("inquiries %+v, %v", inquiries, err)
	}
	list, err := d.Deals.List(ctx, "")
	if err != nil || len(list) != 1 {
		t.Fatalf("deals %+v, %v", list, err)
	}
	deal := list[0]
	if deal.Stage != deals.StageNegotiating || deal.Package != "Pakketilbud 1" || deal.DeliverableCount != 3 ||
		deal.Price != 6300 || deal.Brand != "Nordlys Hudpleie" || deal.DueDate != "2026-03-31" ||
		deal.InquiryID == nil || *deal.InquiryID != inquiries[0].ID {
		t.Fatalf("demo deal %+v", deal)
	}

	// A second start finds an account and adds nothing.
	if err := Seed(ctx, st, d, io.Discard); err != nil {
		t.Fatal(err)
	}
	if again, _ := d.Deals.List(ctx, ""); len(again) != 1 {
		t.Fatalf("deals after a second start: %d", len(again))
	}
}

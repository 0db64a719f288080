package images

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// syntheticPhoto encodes a w×h JPEG that compresses like a photo: smooth
// colour fields with fine texture and a little sensor noise (pure noise
// would be 3 to 4 times larger than a camera's file; flat colour far
// smaller). Quality 90, as phones save.
func syntheticPhoto(b testing.TB, w, h int) []byte {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	seed := uint32(1)
	for y := 0; y < h; y++ {
		fy := float64(y) / float64(h)
		for x := 0; x < w; x++ {
			fx := float64(x) / float64(w)
			seed = seed*1664525 + 1013904223
			noise := float64(seed>>24)/255*10 - 5
			tex := 12 * math.Sin(float64(x)*0.07+4*math.Sin(float64(y)*0.013))
			i := m.PixOffset(x, y)
			m.Pix[i] = clamp8(120 + 90*math.Sin(6*fx+1) + tex + noise)
			m.Pix[i+1] = clamp8(110 + 80*math.Sin(5*fy+2*fx) + tex/2 + noise)
			m.Pix[i+2] = clamp8(100 + 70*math.Cos(4*fx*fy+3) - tex + noise)
			m.Pix[i+3] = 255
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: 90}); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

func clamp8(v float64) uint8 { return uint8(min(255, max(0, v))) }

var photos sync.Map // "WxH" → []byte, made once per run

func photo(b testing.TB, w, h int) []byte {
	key := fmt.Sprintf("%dx%d", w, h)
	if p, ok := photos.Load(key); ok {
		return p.([]byte)
	}
	p := syntheticPhoto(b, w, h)
	photos.Store(key, p)
	return p
}

// peakWatch samples the Go heap every millisecond while a call runs and
// reports the highest growth over the heap before it; the peak resident
// size (VmHWM, reset through clear_refs) is reported too, as it counts the
// WebAssembly memories and anything else outside the Go heap.
func peakWatch(f func()) (heapMB, rssMB float64) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	rssBase := resetPeakRSS()
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		var s runtime.MemStats
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				runtime.ReadMemStats(&s)
				if s.HeapAlloc > peak.Load() {
					peak.Store(s.HeapAlloc)
				}
			}
		}
	}()
	f()
	close(done)
	runtime.ReadMemStats(&ms)
	top := max(peak.Load(), ms.HeapAlloc)
	heapMB = float64(top-min(top, base)) / (1 << 20)
	if hwm := statusKB("VmHWM"); rssBase > 0 && hwm > 0 {
		rssMB = float64(hwm-rssBase) / 1024
	}
	return heapMB, rssMB
}

// resetPeakRSS resets VmHWM to the current resident size (Linux) and
// returns that size in kB, or 0 where it cannot.
func resetPeakRSS() int64 {
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		return 0
	}
	return statusKB("VmRSS")
}

func statusKB(field string) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n
		}
	}
	return 0
}

func benchProcess(b *testing.B, src []byte) {
	if _, err := Process(context.Background(), src); err != nil { // warm: WASM compiled once per process
		b.Fatal(err)
	}
	b.ResetTimer()
	var heap, rss float64
	for i := 0; i < b.N; i++ {
		h, r := peakWatch(func() {
			if _, err := Process(context.Background(), src); err != nil {
				b.Fatal(err)
			}
		})
		heap, rss = max(heap, h), max(rss, r)
	}
	b.ReportMetric(float64(len(src))/(1<<20), "MB-file")
	b.ReportMetric(heap, "MB-peak-heap-growth")
	b.ReportMetric(rss, "MB-peak-rss-growth")
}

func BenchmarkProcess12MP(b *testing.B) { benchProcess(b, photo(b, 4000, 3000)) }
func BenchmarkProcess48MP(b *testing.B) { benchProcess(b, photo(b, 8000, 6000)) }

// The same photo as a phone's HEIC at the phones' camera sizes,
// made by libheif's heif-enc from the synthetic JPEG.
func BenchmarkProcessHEIC12MP(b *testing.B) { benchProcess(b, photoHEIC(b, 4032, 3024)) }
func BenchmarkProcessHEIC48MP(b *testing.B) { benchProcess(b, photoHEIC(b, 8064, 6048)) }

func photoHEIC(b *testing.B, w, h int) []byte {
	return heifEnc(b, fmt.Sprintf("photo-%dx%d", w, h), func() []byte { return photo(b, w, h) }, ".jpg")
}

// BenchmarkWorkSectionBytes reports what a phone visitor downloads for a
// work section of 10 photo items: the 12 MP originals (upright, 3000×4000,
// as a phone shoots), against the file the browser picks for a work card
// on a 390 px phone — 72% of 350 px = 252 CSS px wide and 9:16 tall — at
// pixel ratios 2 and 3: in WebP the card's 9:16 crop, and in the JPEG
// fallback the whole photo, which is drawn 3/4 × 16/9 = 1.33 times as wide
// as the card (336 CSS px) to cover it (web cardSizes).
func BenchmarkWorkSectionBytes(b *testing.B) {
	src := photo(b, 3000, 4000)
	res, err := Process(context.Background(), src)
	if err != nil {
		b.Fatal(err)
	}
	const items, card = 10, 252.0
	pick := func(list []Variant, typ string, px float64) int {
		for _, v := range list { // smallest first
			if v.Type == typ && float64(v.Width) >= px {
				return len(v.Data)
			}
		}
		return len(list[len(list)-1].Data)
	}
	drawn := card * max(1, float64(res.Width)/float64(res.Height)*16/9)
	for i := 0; i < b.N; i++ {
	}
	b.ReportMetric(float64(items*len(src))/(1<<20), "MB-originals")
	b.ReportMetric(float64(items*pick(res.Cards, "image/webp", card*2))/(1<<10), "KB-webp-card-dpr2")
	b.ReportMetric(float64(items*pick(res.Cards, "image/webp", card*3))/(1<<10), "KB-webp-card-dpr3")
	b.ReportMetric(float64(items*pick(res.Variants, "image/jpeg", drawn*2))/(1<<10), "KB-jpeg-dpr2")
	b.ReportMetric(float64(items*pick(res.Variants, "image/jpeg", drawn*3))/(1<<10), "KB-jpeg-dpr3")
}

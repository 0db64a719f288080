package ssr

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/web"
)

// benchData is a home page like the demo's: 10 portfolio items, 3 testimonials, stored hero text.
func benchData(lang string) []byte {
	items := []map[string]any{}
	for i := range 10 {
		items = append(items, map[string]any{"id": i + 1, "title": fmt.Sprintf("Produktvideo nr. %d – hudpleie", i+1),
			"description": "En 30 sekunders video for sosiale medier, filmet hjemme med naturlig lys. Æøå.",
			"category":    []string{"product", "lifestyle", "brand", "social"}[i%4], "imageUrl": fmt.Sprintf("/uploads/demo-%d.svg", i+1),
			"videoUrl": []string{"https://youtu.be/abc", "/uploads/v.mp4", "https://example.com/page", ""}[i%4],
			"featured": i == 0, "language": lang, "isActive": true})
	}
	testimonials := []map[string]any{}
	for i := range 3 {
		testimonials = append(testimonials, map[string]any{"id": i + 1, "name": "Kari Nordmann", "company": "Firma AS",
			"imageUrl": "", "rating": 5, "testimonial": "Videoene føltes ekte, og annonsene våre ble bedre med en gang.",
			"language": lang, "isActive": true})
	}
	b, _ := json.Marshal(map[string]any{"language": lang, "path": "/", "content": map[string]any{
		"hero": map[string]string{"greeting": "Hei, jeg lager innhold som selger"}}, "portfolio": items, "testimonials": testimonials})
	return b
}

// rssBytes is the process's resident memory (Linux), where the engine's C-side heap shows.
func rssBytes() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	fields := strings.Fields(string(b))
	pages, _ := strconv.ParseInt(fields[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

// engineMemory is the resident memory the first engine of this process adds once it has loaded
// the server build and rendered 20 pages: measured once, before any other engine ran (a closed
// engine's memory stays with the allocator and would hide the next one's).
var engineMemory = sync.OnceValue(func() float64 {
	runtime.GC()
	before := rssBytes()
	e := New(web.HomeRenderer(), DefaultLimits)
	defer e.Close()
	for range 20 {
		if _, err := e.Render(context.Background(), benchData("no"), "https://example.no"); err != nil {
			return -1
		}
	}
	runtime.GC()
	return float64(rssBytes()-before) / (1 << 20)
})

// BenchmarkRenderHome: one render of the home page (ns/op), the time to load the server build,
// the HTML's size, and the memory an engine adds (engineMemory).
func BenchmarkRenderHome(b *testing.B) {
	memory := engineMemory()
	for _, lang := range []string{"no", "en"} {
		b.Run(lang, func(b *testing.B) {
			data := benchData(lang)
			e := New(web.HomeRenderer(), DefaultLimits)
			defer e.Close()
			start := time.Now()
			if err := e.Warm(context.Background()); err != nil {
				b.Fatal(err)
			}
			load := time.Since(start)
			page, err := e.Render(context.Background(), data, "https://example.no")
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				if _, err := e.Render(context.Background(), data, "https://example.no"); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(load.Microseconds())/1000, "load-ms")
			b.ReportMetric(float64(len(page.HTML))/1024, "html-KB")
			b.ReportMetric(memory, "engine-MB")
		})
	}
}

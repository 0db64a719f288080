package images

import (
	"bytes"
	"context"
	"fmt"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// HEIC decoding on both paths, each Process in a child process of its own
// (this test binary, see TestMain) so that its peak resident size is its
// own: the child's (VmHWM, counted from just before Process, after a
// warm-up that compiles the WebAssembly) and the native decoder's, a
// grandchild (its maximum resident size from getrusage). The native
// decoder and the child's decoded photo are not held at once (the child
// waits for the decoder, then reads its output), so the larger of the
// two is the path's peak; their sum bounds it. Medians of the runs (make bench-images: 3).

// benchChildEnv names the HEIC file a child process processes.
const benchChildEnv = "IMAGES_BENCH_HEIC_CHILD"

func TestMain(m *testing.M) {
	if file := os.Getenv(benchChildEnv); file != "" {
		os.Exit(benchChild(file))
	}
	os.Exit(m.Run())
}

// benchChild decodes the file, then processes it, after a warm-up, and
// prints the seconds of each, its own peak resident kB while processing
// and its children's largest.
func benchChild(file string) int {
	warm, err := os.ReadFile("testdata/testsrc2-128x96.heic")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if _, err := Process(context.Background(), warm); err != nil {
		fmt.Fprintln(os.Stderr, "warm-up:", err)
		return 1
	}
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	// The decode alone first, for its time; its memory is given back
	// before the peak is counted from here.
	start := time.Now()
	if _, _, err := decode(context.Background(), HEIC, data); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	decodeSecs := time.Since(start).Seconds()
	debug.FreeOSMemory()
	resetPeakRSS()
	start = time.Now()
	if _, err := Process(context.Background(), data); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	secs := time.Since(start).Seconds()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("%.3f %.3f %d %d\n", decodeSecs, secs, statusKB("VmHWM"), ru.Maxrss)
	return 0
}

func BenchmarkHEICPaths(b *testing.B) {
	if realHEIFDecoder == "" {
		b.Fatal("the native path needs libheif's heif-dec or heif-convert (make heif)")
	}
	for _, size := range []struct {
		name string
		w, h int
		grid bool
	}{{"12MP", 4032, 3024, false}, {"12MP-grid", 4032, 3024, true}, {"48MP", 8064, 6048, false}, {"48MP-grid", 8064, 6048, true}} {
		src := photoHEIC
		if size.grid {
			src = photoGridHEIC
		}
		file := filepath.Join(b.TempDir(), size.name+".heic")
		if err := os.WriteFile(file, src(b, size.w, size.h), 0o644); err != nil {
			b.Fatal(err)
		}
		for _, path := range []string{"native", "embedded"} {
			b.Run(size.name+"/"+path, func(b *testing.B) {
				pathEnv := os.Getenv("PATH")
				if path == "embedded" {
					pathEnv = b.TempDir() // no heif-dec: the embedded decoder
				}
				var dsecs, secs, self, decoder []float64
				for i := 0; i < b.N; i++ {
					ds, s, m, d := runBenchChild(b, file, pathEnv)
					dsecs, secs, self, decoder = append(dsecs, ds), append(secs, s), append(self, m), append(decoder, d)
				}
				b.ReportMetric(median(dsecs), "s-decode")
				b.ReportMetric(median(secs), "s-process")
				b.ReportMetric(median(self), "MB-peak-rss-go")
				b.ReportMetric(median(decoder), "MB-peak-rss-heifdec")
				b.ReportMetric(0, "ns/op") // the child's times are the figures; the parent only waits
			})
		}
	}
}

// photoGridHEIC is the synthetic photo as a phone stores it: 512×512
// tiles (each encoded by heif-enc as photoHEIC is) under a grid cropped
// to w×h (gridHEIC).
func photoGridHEIC(b *testing.B, w, h int) []byte {
	cols, rows := (w+511)/512, (h+511)/512
	m, err := jpeg.Decode(bytes.NewReader(photo(b, cols*512, rows*512)))
	if err != nil {
		b.Fatal(err)
	}
	return gridHEIC(b, fmt.Sprintf("photo-grid-%dx%d", w, h), m, 512, cols, rows, w, h)
}

// runBenchChild processes file in a child process with PATH set to path.
func runBenchChild(b *testing.B, file, path string) (decodeSecs, secs, selfMB, decoderMB float64) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(slices.DeleteFunc(os.Environ(), func(v string) bool { return strings.HasPrefix(v, "PATH=") }),
		"PATH="+path, benchChildEnv+"="+file)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		b.Fatalf("child: %v", err)
	}
	var selfKB, decoderKB int64
	if _, err := fmt.Sscan(string(out), &decodeSecs, &secs, &selfKB, &decoderKB); err != nil {
		b.Fatalf("child said %q: %v", out, err)
	}
	return decodeSecs, secs, float64(selfKB) / 1024, float64(decoderKB) / 1024
}

func median(v []float64) float64 {
	s := slices.Sorted(slices.Values(v))
	return s[len(s)/2]
}

// Command slowreadbench measures what slow readers cost the server (issue
// 24): 300 clients ask for the same 100 MB video at once and read it at
// 1 KB/s, far under the 16 KB/s media minimum (internal/httpapi/
// slowreaders.go), while one normal client downloads it whole. It reports
// the server's memory at rest and at its peak, how many slow readers the
// server cut off and when, and how long the normal download took.
//
// It starts the real binary (internal/benchserver: `ugcfolio serve`, JSON
// logs, video processing off) on a free loopback port over a fresh data dir
// holding the video as an upload. A reader counts as cut off when the server logs its request
// as finished with fewer bytes than the file: the server ends such a
// request only when a write fails. Each client asks for a 64 KB receive
// buffer, so that loopback's own tuning (megabytes per connection) does not
// swallow the file.
//
// Memory: VmRSS of the server (from /proc/PID/status) before the readers
// connect is the rest figure; the peak is the higher of VmHWM afterwards and
// the VmRSS sampled every 100 ms.
//
//	go run ./cmd/slowreadbench -bin bin/ugcfolio
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/benchserver"
)

const (
	fileSize = 100 << 20
	fileName = "bench.mp4"
)

func main() {
	bin := flag.String("bin", "bin/ugcfolio", "the ugcfolio binary")
	readers := flag.Int("readers", 300, "slow readers at once")
	rate := flag.Int("rate", 1<<10, "bytes per second each slow reader takes")
	window := flag.Duration("for", 60*time.Second, "how long the slow readers keep reading")
	flag.Parse()
	if err := run(*bin, *readers, *rate, *window); err != nil {
		fmt.Fprintln(os.Stderr, "slowreadbench:", err)
		os.Exit(1)
	}
}

func run(bin string, readers, rate int, window time.Duration) error {
	data, err := os.MkdirTemp("", "slowreadbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(data)
	if err := benchserver.WriteVideo(filepath.Join(data, "uploads", fileName), fileSize); err != nil {
		return err
	}
	logr, logw := io.Pipe()
	cuts := &cutLog{start: time.Now()}
	go cuts.read(logr)
	s, err := benchserver.Start(benchserver.Config{Bin: bin, Data: data, Env: []string{"UGCFOLIO_VIDEO_PROCESSING=off"}, Log: logw})
	if err != nil {
		return err
	}
	defer s.Stop()
	time.Sleep(time.Second) // let start-up settle
	rest := s.RSS()
	peakSince := s.WatchPeak(100 * time.Millisecond)

	start := cuts.startClock()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range readers {
		wg.Go(func() { slowReader(s.Addr, rate, stop) })
	}
	normal := make(chan string, 1)
	go func() { normal <- normalDownload(s.Addr) }()

	for time.Since(start) < window && len(cuts.at()) < readers {
		time.Sleep(100 * time.Millisecond)
	}
	cut := cuts.at()
	peak := peakSince()
	end := s.RSS()
	close(stop)
	wg.Wait()

	fmt.Printf("%d slow readers at %d B/s on a %d MB video, for up to %s\n", readers, rate, fileSize>>20, window)
	fmt.Printf("server RSS: at rest %.1f MB, peak %.1f MB, at the end %.1f MB\n", mb(rest), mb(peak), mb(end))
	if len(cut) == 0 {
		fmt.Printf("cut off: none of %d within %s\n", readers, window)
	} else {
		slices.Sort(cut)
		fmt.Printf("cut off: %d of %d; first after %.1f s, median %.1f s, last %.1f s\n", len(cut), readers,
			cut[0].Seconds(), cut[len(cut)/2].Seconds(), cut[len(cut)-1].Seconds())
	}
	fmt.Println("normal download meanwhile:", <-normal)
	return nil
}

func mb(b int64) float64 { return float64(b) / (1 << 20) }

// slowReader asks for the video and reads 1 KB at a time at rate until the
// server closes the connection or stop.
func slowReader(addr string, rate int, stop <-chan struct{}) {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return
	}
	defer c.Close()
	c.(*net.TCPConn).SetReadBuffer(64 << 10)
	fmt.Fprintf(c, "GET /uploads/%s HTTP/1.1\r\nHost: bench\r\n\r\n", fileName)
	buf := make([]byte, 1<<10)
	tick := time.NewTicker(time.Duration(len(buf)) * time.Second / time.Duration(rate))
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		if _, err := c.Read(buf); err != nil {
			return
		}
	}
}

// normalDownload fetches the whole video at full speed.
func normalDownload(addr string) string {
	t0 := time.Now()
	res, err := http.Get("http://" + addr + "/uploads/" + fileName)
	if err != nil {
		return err.Error()
	}
	defer res.Body.Close()
	n, err := io.Copy(io.Discard, res.Body)
	if err != nil || n != fileSize {
		return fmt.Sprintf("broke off after %d bytes: %v", n, err)
	}
	return fmt.Sprintf("%d MB whole in %.1f s", n>>20, time.Since(t0).Seconds())
}

// cutLog holds when the server cut slow readers off, read from its log.
type cutLog struct {
	mu    sync.Mutex
	start time.Time
	cuts  []time.Duration // slow readers the server ended, by when since start
}

// read notes every request for the video that ended before the whole
// file was sent: a slow reader the server cut off.
func (l *cutLog) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		var line struct {
			Msg, Path string
			Bytes     int64
			Duration  int64 // nanoseconds
		}
		if json.Unmarshal(sc.Bytes(), &line) != nil { // field names match case-insensitively
			continue
		}
		if line.Msg == "request" && line.Path == "/uploads/"+fileName && line.Bytes < fileSize {
			l.mu.Lock()
			l.cuts = append(l.cuts, time.Since(l.start))
			l.mu.Unlock()
		}
	}
}

// startClock starts the clock cut-off times are measured by.
func (l *cutLog) startClock() time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.start = time.Now()
	return l.start
}

func (l *cutLog) at() []time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.cuts)
}

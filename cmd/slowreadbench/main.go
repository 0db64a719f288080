// Command slowreadbench measures what slow readers cost the server (issue
// 24): 300 clients ask for the same 100 MB video at once and read it at
// 1 KB/s, far under the 16 KB/s media minimum (internal/httpapi/
// slowreaders.go), while one normal client downloads it whole. It reports
// the server's memory at rest and at its peak, how many slow readers the
// server cut off and when, and how long the normal download took.
//
// It starts the real binary (`ugcfolio serve`, JSON logs, video processing
// off) on a free loopback port over a fresh data dir holding the video as
// an upload. A reader counts as cut off when the server logs its request
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
	"crypto/rand"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
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
	if err := writeVideo(filepath.Join(data, "uploads", fileName)); err != nil {
		return err
	}
	s, err := startServer(bin, data)
	if err != nil {
		return err
	}
	defer s.stop()
	time.Sleep(time.Second) // let start-up settle
	rest := s.rss("VmRSS")
	os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", s.cmd.Process.Pid), []byte("5"), 0) // VmHWM from here on

	start := s.startClock()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range readers {
		wg.Go(func() { slowReader(s.addr, rate, stop) })
	}
	normal := make(chan string, 1)
	go func() { normal <- normalDownload(s.addr) }()

	peak := int64(0)
	for time.Since(start) < window {
		peak = max(peak, s.rss("VmRSS"))
		time.Sleep(100 * time.Millisecond)
		if len(s.cutAt()) == readers {
			break
		}
	}
	cut := s.cutAt()
	peak = max(peak, s.rss("VmHWM"))
	end := s.rss("VmRSS")
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

// writeVideo writes fileSize random bytes behind an MP4 signature.
func writeVideo(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := io.WriteString(f, "\x00\x00\x00\x20ftypisom\x00\x00\x02\x00"); err != nil {
		return err
	}
	_, err = io.CopyN(f, rand.Reader, fileSize-16)
	return err
}

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

type server struct {
	cmd  *exec.Cmd
	addr string

	mu    sync.Mutex
	start time.Time
	cuts  []time.Duration // slow readers the server ended, by when since start
}

func startServer(bin, data string) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "serve", "--addr", addr, "--data", data)
	cmd.Env = append(os.Environ(), "UGCFOLIO_LOG_FORMAT=json", "UGCFOLIO_VIDEO_PROCESSING=off")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, addr: addr, start: time.Now()}
	go s.readLog(out)
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if res, err := http.Get("http://" + addr + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return s, nil
			}
		}
		if time.Now().After(deadline) {
			s.stop()
			return nil, errors.New("server did not become healthy")
		}
	}
}

// readLog notes every request for the video that ended before the whole
// file was sent: a slow reader the server cut off.
func (s *server) readLog(r io.Reader) {
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
			s.mu.Lock()
			s.cuts = append(s.cuts, time.Since(s.start))
			s.mu.Unlock()
		}
	}
}

// startClock starts the clock cut-off times are measured by.
func (s *server) startClock() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.start = time.Now()
	return s.start
}

func (s *server) cutAt() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.cuts)
}

func (s *server) stop() {
	s.cmd.Process.Signal(os.Interrupt)
	s.cmd.Wait()
}

// rss reads a field (VmRSS, VmHWM) of the server's /proc status in bytes.
func (s *server) rss(field string) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

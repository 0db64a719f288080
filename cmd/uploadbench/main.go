// Command uploadbench measures the upload budget of DESIGN.md section 5: a
// 100 MB video through the chunked upload API over loopback (512000-byte
// chunks, 3 in flight, as the portfolio form sends them: uploadVideo in
// web/src/lib/upload.ts with PORTFOLIO_CHUNK_BYTES and CHUNKS_IN_FLIGHT)
// against one plain POST of the same file, and the server's memory growth
// meanwhile.
//
// It starts the real binary (internal/benchserver: `ugcfolio serve`) on a
// free loopback port with a fresh data dir and an admin made by `ugcfolio
// admin create`. The plain
// POST baseline is the least any upload can cost: a handler in this process
// that streams the request body into a file on the same disk (io.Copy), over
// the same loopback. A benchmark-only route in the product would be attack
// surface, and would measure the same thing.
//
// Memory: VmRSS of the server process (from /proc/PID/status) just before
// the upload is the baseline; the peak is the higher of VmHWM afterwards
// and the VmRSS sampled every 5 ms during the upload.
//
//	go run ./cmd/uploadbench -bin bin/ugcfolio -runs 3
package main

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/benchserver"
)

const (
	fileSize  = 100 << 20 // 104857600 bytes, the largest upload allowed
	chunkSize = 512000    // the portfolio form's chunk size (PORTFOLIO_CHUNK_BYTES)
	inFlight  = 3         // chunk requests under way at once (CHUNKS_IN_FLIGHT)
)

func main() {
	bin := flag.String("bin", "bin/ugcfolio", "the ugcfolio binary")
	runs := flag.Int("runs", 3, "runs of each (the median is reported)")
	flag.Parse()
	if err := run(*bin, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "uploadbench:", err)
		os.Exit(1)
	}
}

func run(bin string, runs int) error {
	work, err := os.MkdirTemp("", "uploadbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)

	file := filepath.Join(work, "video.mp4")
	if err := benchserver.WriteVideo(file, fileSize); err != nil {
		return err
	}
	data := filepath.Join(work, "data")
	bs, err := benchserver.Start(benchserver.Config{Bin: bin, Data: data, Admin: true})
	if err != nil {
		return err
	}
	defer bs.Stop()
	srv := &server{Server: bs, data: data}
	// Like a browser, keep a connection open for each request in flight
	// (the default keeps 2 idle per host, and would reconnect for the third).
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = inFlight
	c, err := bs.Login(tr)
	if err != nil {
		return err
	}
	plain, err := startPlain(filepath.Join(work, "plain"))
	if err != nil {
		return err
	}
	defer plain.Close()

	// One warm-up of each, so the first measured run pays no one-off costs.
	if _, err := postPlain(plain.URL(), file); err != nil {
		return fmt.Errorf("plain POST: %v", err)
	}
	if _, _, err := srv.chunked(c, file); err != nil {
		return fmt.Errorf("chunked upload: %v", err)
	}

	var plainTimes, chunkTimes []time.Duration
	var growths []int64
	for i := range runs {
		pt, err := postPlain(plain.URL(), file)
		if err != nil {
			return fmt.Errorf("plain POST: %v", err)
		}
		ct, growth, err := srv.chunked(c, file)
		if err != nil {
			return fmt.Errorf("chunked upload: %v", err)
		}
		plainTimes, chunkTimes, growths = append(plainTimes, pt), append(chunkTimes, ct), append(growths, growth)
		fmt.Printf("run %d: plain POST %v, chunked %v (%.2fx; server CPU %v), server RSS growth %.1f MB\n",
			i+1, pt.Round(time.Millisecond), ct.Round(time.Millisecond), float64(ct)/float64(pt), srv.lastCPU, mb(growth))
	}
	pt, ct, growth := median(plainTimes), median(chunkTimes), median(growths)
	ratio := float64(ct) / float64(pt)
	fmt.Printf("\nmedian of %d: 100 MB plain POST %v, chunked (%d chunks of %d bytes, %d in flight) %v = %.2fx plain (budget 3x); server RSS growth %.1f MB (budget < 32 MB)\n",
		runs, pt.Round(time.Millisecond), (fileSize+chunkSize-1)/chunkSize, chunkSize, inFlight, ct.Round(time.Millisecond), ratio, mb(growth))
	if ratio > 3 || growth >= 32<<20 {
		return errors.New("over budget")
	}
	fmt.Println("within budget")
	return nil
}

func mb(b int64) float64 { return float64(b) / (1 << 20) }

func median[T int64 | time.Duration](v []T) T {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// server is the ugcfolio server the chunked uploads go to.
type server struct {
	*benchserver.Server
	data    string        // its data dir
	lastCPU time.Duration // server CPU time of the last chunked upload
}

// chunked uploads the file as the form does and returns the time it took
// and the server's memory growth during it.
func (s *server) chunked(c *http.Client, path string) (time.Duration, int64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, err
	}
	before := s.RSS()
	peakSince := s.WatchPeak(5 * time.Millisecond)

	cpuBefore := s.CPU()
	start := time.Now()
	id := strings.ToLower(rand.Text())
	total := (len(data) + chunkSize - 1) / chunkSize
	res, err := benchserver.PostJSON(c, s.URL+"/api/admin/upload/initialize", map[string]any{
		"uploadId": id, "fileName": "video.mp4", "fileSize": len(data), "fileType": "video/mp4", "totalChunks": total,
	})
	if err != nil {
		peakSince()
		return 0, 0, err
	}
	res.Body.Close()
	// inFlight senders take the chunks in index order, as uploadVideo's do;
	// the first failure stops them all (no retries here: any failure is a
	// failed run).
	var next atomic.Int64
	var failed atomic.Bool
	errs := make(chan error, inFlight)
	for range inFlight {
		go func() {
			errs <- func() error {
				for !failed.Load() {
					i := int(next.Add(1) - 1)
					if i >= total {
						return nil
					}
					if err := sendChunk(c, s.URL, id, i, total, data[i*chunkSize:min((i+1)*chunkSize, len(data))]); err != nil {
						failed.Store(true)
						return err
					}
				}
				return nil
			}()
		}()
	}
	for range inFlight {
		if e := <-errs; e != nil && err == nil {
			err = e
		}
	}
	if err != nil {
		peakSince()
		return 0, 0, err
	}
	res, err = benchserver.PostJSON(c, s.URL+"/api/admin/upload/finalize", map[string]string{"uploadId": id})
	elapsed := time.Since(start)
	s.lastCPU = s.CPU() - cpuBefore
	high := peakSince()
	if err != nil {
		return 0, 0, err
	}
	var out struct{ URL string }
	json.NewDecoder(res.Body).Decode(&out)
	res.Body.Close()
	// Remove the stored copy so the runs do not fill the disk.
	os.Remove(filepath.Join(s.data, "uploads", strings.TrimPrefix(out.URL, "/uploads/")))
	return elapsed, max(0, high-before), nil
}

// sendChunk posts chunk i as the form does: a multipart body with
// uploadId, chunkIndex, totalChunks and the chunk, built for each request
// as the browser builds its FormData.
func sendChunk(c *http.Client, url, id string, i, total int, chunk []byte) error {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("uploadId", id)
	mw.WriteField("chunkIndex", strconv.Itoa(i))
	mw.WriteField("totalChunks", strconv.Itoa(total))
	part, _ := mw.CreateFormFile("chunk", "video.mp4")
	part.Write(chunk)
	mw.Close()
	res, err := c.Post(url+"/api/admin/upload/chunk", mw.FormDataContentType(), &body)
	if err != nil {
		return err
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		return fmt.Errorf("chunk %d: status %d", i, res.StatusCode)
	}
	return nil
}

// plainServer takes one POST and streams its body into a file.
type plainServer struct {
	ln  net.Listener
	dir string
}

func startPlain(dir string) (*plainServer, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &plainServer{ln: ln, dir: dir}
	go http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, err := os.CreateTemp(dir, "plain-*")
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		_, err = io.Copy(f, r.Body)
		f.Close()
		os.Remove(f.Name())
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		w.WriteHeader(200)
	}))
	return p, nil
}

func (p *plainServer) URL() string { return "http://" + p.ln.Addr().String() + "/plain" }
func (p *plainServer) Close()      { p.ln.Close() }

func postPlain(url, path string) (time.Duration, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	start := time.Now()
	res, err := http.Post(url, "video/mp4", f)
	if err != nil {
		return 0, err
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		return 0, fmt.Errorf("status %d", res.StatusCode)
	}
	return time.Since(start), nil
}

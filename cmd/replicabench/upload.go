package main

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/benchserver"
	"github.com/ugcfolio/ugcfolio/internal/replicas"
)

// The portfolio form's way (web/src/lib/upload.ts): chunks of 512000
// bytes, 3 requests in flight.
const (
	chunkSize = 512000
	inFlight  = 3
)

// uploads times o.runs uploads of the same file to the single server
// (local disk), to one replica (S3) and over the three replicas through
// the proxy (S3), and prints the medians.
func (o options) uploads(work string, single *benchserver.Server, cluster *replicas.Cluster) error {
	file := filepath.Join(work, "video.mp4")
	if err := benchserver.WriteVideo(file, int64(o.uploadMB)<<20); err != nil {
		return err
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	os.Remove(file)
	fmt.Printf("Upload of %d MB (%d chunks of %d bytes, %d in flight), median of %d:\n", o.uploadMB, (len(data)+chunkSize-1)/chunkSize, chunkSize, inFlight, o.runs)
	stored := []string{filepath.Join(work, "single", "uploads"), filepath.Join(work, "s3", "uploads")}
	for _, target := range []struct{ name, url string }{
		{"one server, local disk", single.URL},
		{"one replica, S3", cluster.Replicas[0].URL},
		{"three replicas via the proxy, S3", cluster.Proxy.URL},
	} {
		c, err := login(target.url)
		if err != nil {
			return err
		}
		var times []time.Duration
		var failure error
		for range o.runs {
			took, name, err := upload(c, target.url, data)
			if err != nil {
				failure = err
				break
			}
			times = append(times, took)
			for _, dir := range stored { // the runs must not fill the disk
				os.Remove(filepath.Join(dir, name))
			}
		}
		if failure != nil {
			fmt.Printf("  %-36s failed: %v\n", target.name, failure)
			continue
		}
		slices.Sort(times)
		fmt.Printf("  %-36s %v\n", target.name, times[len(times)/2].Round(time.Millisecond))
	}
	return nil
}

func login(base string) (*http.Client, error) {
	jar, _ := cookiejar.New(nil)
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = inFlight
	c := &http.Client{Jar: jar, Transport: tr}
	_, err := post(c, base+"/api/login", "application/json", map[string]string{"username": benchserver.AdminEmail, "password": benchserver.AdminPassword})
	return c, err
}

// upload sends data as the form does and answers the time until finalize
// answered and the stored file's name.
func upload(c *http.Client, base string, data []byte) (time.Duration, string, error) {
	start := time.Now()
	id := strings.ToLower(rand.Text())
	total := (len(data) + chunkSize - 1) / chunkSize
	if _, err := post(c, base+"/api/admin/upload/initialize", "application/json", map[string]any{
		"uploadId": id, "fileName": "video.mp4", "fileSize": len(data), "fileType": "video/mp4", "totalChunks": total,
	}); err != nil {
		return 0, "", err
	}
	next := make(chan int)
	go func() {
		for i := range total {
			next <- i
		}
		close(next)
	}()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for range inFlight {
		wg.Go(func() {
			for i := range next {
				var body bytes.Buffer
				mw := multipart.NewWriter(&body)
				mw.WriteField("uploadId", id)
				mw.WriteField("chunkIndex", strconv.Itoa(i))
				mw.WriteField("totalChunks", strconv.Itoa(total))
				part, _ := mw.CreateFormFile("chunk", "video.mp4")
				part.Write(data[i*chunkSize : min((i+1)*chunkSize, len(data))])
				mw.Close()
				if _, err := post(c, base+"/api/admin/upload/chunk", mw.FormDataContentType(), body.Bytes()); err != nil {
					mu.Lock()
					firstErr = cmpOr(firstErr, fmt.Errorf("chunk %d: %v", i, err))
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return 0, "", firstErr
	}
	b, err := post(c, base+"/api/admin/upload/finalize", "application/json", map[string]string{"uploadId": id})
	if err != nil {
		return 0, "", fmt.Errorf("finalize: %v", err)
	}
	var out struct{ URL string }
	json.Unmarshal(b, &out)
	return time.Since(start), strings.TrimPrefix(out.URL, "/uploads/"), nil
}

// post sends body (bytes as they are, anything else as JSON) and answers
// the body of a 2xx answer; any other status is an error quoting it.
func post(c *http.Client, url, ctype string, body any) ([]byte, error) {
	b, ok := body.([]byte)
	if !ok {
		b, _ = json.Marshal(body)
	}
	res, err := c.Post(url, ctype, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if res.StatusCode/100 != 2 {
		return nil, fmt.Errorf("%d %s", res.StatusCode, bytes.TrimSpace(out))
	}
	return out, nil
}

func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// Command loadbench sends GET requests to one URL from many connections for
// a fixed time and prints requests per second and latency percentiles. It
// is the load generator of scripts/bench-api.sh; only loopback targets are
// allowed, so it can never load someone else's server.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sync"
	"time"
)

func main() {
	target := flag.String("url", "", "URL to GET (loopback only)")
	conns := flag.Int("c", 64, "concurrent connections")
	duration := flag.Duration("d", 10*time.Second, "measured duration")
	warmup := flag.Duration("warmup", 2*time.Second, "unmeasured warm-up")
	gzip := flag.Bool("gzip", true, "accept gzip (false: ask for the plain bytes, as a static file is sent)")
	flag.Parse()
	if err := run(*target, *conns, *duration, *warmup, !*gzip); err != nil {
		fmt.Fprintln(os.Stderr, "loadbench:", err)
		os.Exit(1)
	}
}

func run(target string, conns int, duration, warmup time.Duration, plain bool) error {
	u, err := url.Parse(target)
	if err != nil || u.Host == "" {
		return fmt.Errorf("bad -url %q", target)
	}
	if ip := net.ParseIP(u.Hostname()); u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("refusing non-loopback target %s", u.Host)
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns, DisableCompression: plain}}

	ctx, cancel := context.WithTimeout(context.Background(), warmup+duration)
	defer cancel()
	measureFrom := time.Now().Add(warmup)

	var mu sync.Mutex
	var latencies []time.Duration
	var failures int
	var wg sync.WaitGroup
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			bad := 0
			for ctx.Err() == nil {
				start := time.Now()
				req, _ := http.NewRequestWithContext(ctx, "GET", target, nil)
				res, err := client.Do(req)
				if err != nil {
					if ctx.Err() == nil {
						bad++
					}
					continue
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != 200 {
					bad++
				}
				if start.After(measureFrom) && ctx.Err() == nil {
					mine = append(mine, time.Since(start))
				}
			}
			mu.Lock()
			latencies = append(latencies, mine...)
			failures += bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	if len(latencies) == 0 {
		return fmt.Errorf("no successful request")
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration { return latencies[int(float64(len(latencies)-1)*p)] }
	fmt.Printf("requests/s %.0f  p50 %v  p99 %v  max %v  failures %d  (%d requests, %d connections, %v)\n",
		float64(len(latencies))/duration.Seconds(), pct(0.50).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond),
		latencies[len(latencies)-1].Round(10*time.Microsecond), failures, len(latencies), conns, duration)
	return nil
}

// Command replicabench measures the figures of several replicas on this machine:
// requests per second of GET / and GET /api/portfolio/no (50 items, 64
// connections) with one replica and with three behind a round-robin proxy
// (internal/replicas), and the time of a chunked upload spread over the
// three against one replica writing to its local disk. It runs the built
// binary on loopback, on a fresh schema of PostgreSQL and a versitygw
// bucket, with cmd/loadbench as the load generator.
//
// On one machine the load generator, the proxy and the replicas share its
// cores, so more replicas cannot mean more requests per second here: the
// server CPU time per request it prints says what a machine (or several)
// with more cores would get.
//
//	go run ./cmd/replicabench -bin bin/ugcfolio -loadbench bin/loadbench -database "$TEST_DATABASE_URL"
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/benchserver"
	"github.com/ugcfolio/ugcfolio/internal/replicas"
)

type options struct {
	bin, loadbench, versitygw, database string
	duration                            time.Duration
	conns, uploadMB, runs, basePort     int
}

func main() {
	var o options
	flag.StringVar(&o.bin, "bin", "bin/ugcfolio", "the ugcfolio binary")
	flag.StringVar(&o.loadbench, "loadbench", "bin/loadbench", "the load generator (go build -o bin/loadbench ./cmd/loadbench)")
	flag.StringVar(&o.versitygw, "versitygw", ".tools/versitygw", "the S3 server")
	flag.StringVar(&o.database, "database", os.Getenv("TEST_DATABASE_URL"), "PostgreSQL to make a fresh schema in (default $TEST_DATABASE_URL)")
	flag.DurationVar(&o.duration, "d", 10*time.Second, "measured time of each load")
	flag.IntVar(&o.conns, "c", 64, "connections of each load")
	flag.IntVar(&o.uploadMB, "upload-mb", 100, "size of the uploaded file")
	flag.IntVar(&o.runs, "runs", 3, "uploads of each kind (the median is reported)")
	flag.IntVar(&o.basePort, "base-port", 0, "listen on base-port and up (3 replicas, 2 proxies, 1 single server); 0: free ports")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "replicabench:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	if o.database == "" {
		return errors.New("give -database postgres://… (or set TEST_DATABASE_URL)")
	}
	work, err := os.MkdirTemp("", "replicabench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	dsn, drop, err := replicas.FreshSchema(o.database)
	if err != nil {
		return err
	}
	defer drop()
	bucket, stopS3, err := replicas.StartVersitygw(o.versitygw, filepath.Join(work, "s3"))
	if err != nil {
		return err
	}
	defer stopS3()
	env := []string{"UGCFOLIO_VIDEO_PROCESSING=off", "UGCFOLIO_PUBLIC_URL=https://kari.example"}

	// The single server every creator starts with: SQLite and local disk.
	single, err := benchserver.Start(benchserver.Config{Bin: o.bin, Data: filepath.Join(work, "single"), Admin: true, Env: env, Addr: o.addr(5)})
	if err != nil {
		return err
	}
	defer single.Stop()
	cfg := replicas.Config{Bin: o.bin, N: 3, DatabaseURL: dsn, S3: bucket, DataRoot: filepath.Join(work, "cluster"), Admin: true, Env: env}
	if o.basePort > 0 {
		cfg.Addrs = []string{o.addr(0), o.addr(1), o.addr(2), o.addr(3)}
	}
	cluster, err := replicas.Start(cfg)
	if err != nil {
		return err
	}
	defer cluster.Close()
	oneBehindProxy, err := replicas.NewProxy(o.addr(4), []string{cluster.Replicas[0].URL})
	if err != nil {
		return err
	}
	defer oneBehindProxy.Close()
	for _, s := range []*benchserver.Server{single, cluster.Replicas[0].Server()} {
		if err := seed(s); err != nil {
			return err
		}
	}

	fmt.Printf("replicabench: 50 portfolio items, %d connections, %v a load; the load generator, the proxy and the replicas share %d cores\n\n",
		o.conns, o.duration, runtime.NumCPU())
	all := []*benchserver.Server{cluster.Replicas[0].Server(), cluster.Replicas[1].Server(), cluster.Replicas[2].Server()}
	setups := []setup{
		{"one server, SQLite + local disk, direct", single.URL, []*benchserver.Server{single}, false},
		{"one replica, PostgreSQL + S3, direct", cluster.Replicas[0].URL, all[:1], false},
		{"one replica, PostgreSQL + S3, via the proxy", oneBehindProxy.URL, all[:1], true},
		{"three replicas, PostgreSQL + S3, via the proxy", cluster.Proxy.URL, all, true},
	}
	for _, path := range []string{"/", "/api/portfolio/no"} {
		fmt.Printf("GET %s\n", path)
		for _, s := range setups {
			line, err := o.load(s, path)
			if err != nil {
				return fmt.Errorf("%s, %s: %v", s.name, path, err)
			}
			fmt.Printf("  %-48s %s\n", s.name, line)
		}
		fmt.Println()
	}
	return o.uploads(work, single, cluster)
}

// addr is the i-th address of -base-port, or "" for a free port.
func (o options) addr(i int) string {
	if o.basePort == 0 {
		return ""
	}
	return "127.0.0.1:" + strconv.Itoa(o.basePort+i)
}

// setup is one way of serving the site under load.
type setup struct {
	name    string
	url     string
	servers []*benchserver.Server // whose CPU time counts
	proxied bool                  // the proxy (this process) works too
}

// load runs loadbench on s's url+path (2 s of warm-up, then the measured
// run) and answers its line with the CPU time the servers and the proxy
// spent per request.
func (o options) load(s setup, path string) (string, error) {
	if _, err := exec.Command(o.loadbench, "-url", s.url+path, "-c", strconv.Itoa(o.conns), "-d", "2s", "-warmup", "0s").Output(); err != nil {
		return "", fmt.Errorf("warm-up: %v", err)
	}
	before, proxyBefore := cpu(s.servers), benchserver.CPUOf(os.Getpid())
	out, err := exec.Command(o.loadbench, "-url", s.url+path, "-c", strconv.Itoa(o.conns), "-d", o.duration.String(), "-warmup", "0s").Output()
	if err != nil {
		return "", fmt.Errorf("loadbench: %v", err)
	}
	served, proxyCPU := cpu(s.servers)-before, benchserver.CPUOf(os.Getpid())-proxyBefore
	line := strings.TrimSpace(string(out))
	requests := requestsOf(line)
	if requests == 0 {
		return "", fmt.Errorf("no requests in %q", line)
	}
	rps, rest, _ := strings.Cut(strings.TrimPrefix(line, "requests/s "), "  ")
	p99 := field(rest, "p99")
	perReq := fmt.Sprintf("server CPU %4.0f µs/req", float64(served.Microseconds())/float64(requests))
	if s.proxied {
		perReq += fmt.Sprintf(", proxy %4.0f µs/req", float64(proxyCPU.Microseconds())/float64(requests))
	}
	return fmt.Sprintf("%7s req/s  p99 %-8s %s  (%s)", rps, p99, perReq, failuresOf(line)), nil
}

func cpu(servers []*benchserver.Server) (d time.Duration) {
	for _, s := range servers {
		d += s.CPU()
	}
	return d
}

// requestsOf reads "(N requests, …)" of a loadbench line.
func requestsOf(line string) int {
	_, after, ok := strings.Cut(line, "(")
	if !ok {
		return 0
	}
	n, _ := strconv.Atoi(strings.Fields(after)[0])
	return n
}

func failuresOf(line string) string { return "failures " + field(line, "failures") }

// field is the word after name in a loadbench line.
func field(line, name string) string {
	f := strings.Fields(line)
	if i := slices.Index(f, name); i >= 0 && i+1 < len(f) {
		return f[i+1]
	}
	return "?"
}

// seed fills a server with the 50 items of scripts/bench-api.sh.
func seed(s *benchserver.Server) error {
	c, err := s.Login(nil)
	if err != nil {
		return err
	}
	for i := 1; i <= 50; i++ {
		body, _ := json.Marshal(map[string]any{
			"title":       fmt.Sprintf("Produktvideo nummer %d for en norsk merkevare", i),
			"description": "Unboxing, bruk og ærlig omtale av produktet, filmet i naturlig lys. Levert i 9:16 for sosiale medier og annonser.",
			"imageUrl":    fmt.Sprintf("https://images.example.com/portfolio/%d.jpg", i),
			"videoUrl":    fmt.Sprintf("https://www.youtube.com/watch?v=abc%d", i),
			"category":    "product", "featured": i%7 == 0, "language": "no",
		})
		res, err := c.Post(s.URL+"/api/admin/portfolio", "application/json", bytes.NewReader(body))
		if err != nil {
			return err
		}
		res.Body.Close()
		if res.StatusCode != http.StatusCreated {
			return fmt.Errorf("create item: %d", res.StatusCode)
		}
	}
	return nil
}

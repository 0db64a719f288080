// Package replicas runs several replicas of the built ugcfolio binary on
// loopback, on one PostgreSQL database and one S3 bucket, behind a plain
// round-robin reverse proxy, for the replica test
// (`make test-replicas`) and the replica benchmark (`make bench-replicas`).
// Each replica has its own data directory, as it would on its own machine,
// so anything they share must go through the database or the bucket.
package replicas

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/ugcfolio/ugcfolio/internal/benchserver"
	"github.com/ugcfolio/ugcfolio/internal/media"
)

// Config says what Start runs.
type Config struct {
	Bin         string // the ugcfolio binary
	N           int    // replicas
	DatabaseURL string // postgres://… shared by all
	S3          media.S3Options
	DataRoot    string   // each replica's data directory is DataRoot/rN
	Env         []string // more environment for every replica
	// Addrs fix the replicas' and then the proxy's listen addresses (N+1 of
	// them, for a run by hand within a port range); nil: free ports.
	Addrs []string
	// Admin makes the admin benchserver.AdminEmail first.
	Admin bool
	// KeepLogs keeps each replica's log for Replica.Log and Count (a test);
	// a benchmark's millions of request lines are dropped.
	KeepLogs bool
}

// Cluster is N replicas and the proxy in front of them.
type Cluster struct {
	Replicas []*Replica
	Proxy    *Proxy
}

// Replica is one `ugcfolio serve` of the cluster; it can be killed and
// started again on the same address and data directory.
type Replica struct {
	Index int
	URL   string // http://127.0.0.1:PORT
	cfg   benchserver.Config
	log   *Log

	mu     sync.Mutex
	server *benchserver.Server // nil while killed
}

// Start runs the replicas one after the other (the first migrates the
// database and makes the bucket) and the proxy, and returns once each
// replica answers /healthz.
func Start(cfg Config) (*Cluster, error) {
	if cfg.N < 1 || (cfg.Addrs != nil && len(cfg.Addrs) != cfg.N+1) {
		return nil, errors.New("replicas: want N >= 1 and, if given, N+1 addresses")
	}
	env := append([]string{
		"DATABASE_URL=" + cfg.DatabaseURL,
		"UGCFOLIO_S3_ENDPOINT=" + cfg.S3.Endpoint, "UGCFOLIO_S3_BUCKET=" + cfg.S3.Bucket,
		"UGCFOLIO_S3_ACCESS_KEY=" + cfg.S3.AccessKey, "UGCFOLIO_S3_SECRET_KEY=" + cfg.S3.SecretKey,
		"UGCFOLIO_S3_REGION=" + cfg.S3.Region, fmt.Sprintf("UGCFOLIO_S3_TLS=%t", cfg.S3.UseTLS),
	}, cfg.Env...)
	c := &Cluster{}
	var urls []string
	for i := range cfg.N {
		r := &Replica{Index: i, log: &Log{}, cfg: benchserver.Config{
			Bin: cfg.Bin, Data: fmt.Sprintf("%s/r%d", cfg.DataRoot, i), Env: env, Admin: cfg.Admin && i == 0,
		}}
		if cfg.Addrs != nil {
			r.cfg.Addr = cfg.Addrs[i]
		}
		if cfg.KeepLogs {
			r.cfg.Log = r.log
		}
		if err := r.Start(); err != nil {
			c.Close()
			return nil, fmt.Errorf("replica %d: %v", i, err)
		}
		r.cfg.Admin = false // once is enough
		c.Replicas = append(c.Replicas, r)
		urls = append(urls, r.URL)
	}
	proxyAddr := ""
	if cfg.Addrs != nil {
		proxyAddr = cfg.Addrs[cfg.N]
	}
	p, err := NewProxy(proxyAddr, urls)
	if err != nil {
		c.Close()
		return nil, err
	}
	c.Proxy = p
	return c, nil
}

// Start starts the replica (again, after Kill): same address, same data.
func (r *Replica) Start() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.server != nil {
		return errors.New("already running")
	}
	s, err := benchserver.Start(r.cfg)
	if err != nil {
		return err
	}
	r.server, r.cfg.Addr, r.URL = s, s.Addr, s.URL
	return nil
}

// Kill ends the replica with SIGKILL.
func (r *Replica) Kill() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.server != nil {
		r.server.Kill()
		r.server = nil
	}
}

// Server is the running process (nil while killed), for its memory and CPU.
func (r *Replica) Server() *benchserver.Server {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.server
}

// Log is everything the replica has written, over all its runs.
func (r *Replica) Log() string { return r.log.String() }

// Close stops the proxy and every replica (SIGINT, as an operator would).
func (c *Cluster) Close() {
	if c.Proxy != nil {
		c.Proxy.Close()
	}
	for _, r := range c.Replicas {
		r.mu.Lock()
		if r.server != nil {
			r.server.Stop()
			r.server = nil
		}
		r.mu.Unlock()
	}
}

// Count is how many lines of all the replicas' logs contain s.
func (c *Cluster) Count(s string) int {
	n := 0
	for _, r := range c.Replicas {
		n += strings.Count(r.Log(), s)
	}
	return n
}

// Log collects a replica's output while it writes it.
type Log struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *Log) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *Log) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var _ io.Writer = (*Log)(nil)

package replicas

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strconv"
	"sync/atomic"
	"time"
)

// ReplicaHeader names, on every answer through the proxy, the index of the
// replica that took the request, so a test can see where each one went.
const ReplicaHeader = "X-Test-Replica"

// Proxy is a plain round-robin load balancer: request n goes to replica
// n mod N, with no stickiness, no health check and no retry. A replica
// that is down answers 502 through it, and the client tries again (as the
// web app does with an upload chunk); the next try goes to the next one.
type Proxy struct {
	URL     string
	targets []*url.URL
	next    atomic.Uint64
	server  *http.Server
	ln      net.Listener
	rp      *httputil.ReverseProxy
}

// NewProxy listens on addr ("" for a free loopback port) and spreads
// requests over the replicas at urls.
func NewProxy(addr string, urls []string) (*Proxy, error) {
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("proxy: %v", err)
	}
	p := &Proxy{URL: "http://" + ln.Addr().String(), ln: ln}
	for _, u := range urls {
		t, err := url.Parse(u)
		if err != nil {
			ln.Close()
			return nil, err
		}
		p.targets = append(p.targets, t)
	}
	transport := &http.Transport{
		MaxIdleConnsPerHost: 256, // a benchmark's connections stay open
		IdleConnTimeout:     30 * time.Second,
		DialContext:         (&net.Dialer{Timeout: 2 * time.Second}).DialContext,
	}
	p.rp = &httputil.ReverseProxy{
		Transport:     transport,
		FlushInterval: -1, // media and chunks stream through
		Rewrite: func(r *httputil.ProxyRequest) {
			i := r.In.Context().Value(replicaKey{}).(int)
			r.SetURL(p.targets[i])
			r.SetXForwarded()
			r.Out.Host = r.In.Host // the site's address, as a real balancer keeps it
		},
		ModifyResponse: func(res *http.Response) error {
			res.Header.Set(ReplicaHeader, strconv.Itoa(res.Request.Context().Value(replicaKey{}).(int)))
			return nil
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			w.Header().Set(ReplicaHeader, strconv.Itoa(r.Context().Value(replicaKey{}).(int)))
			http.Error(w, "replica unreachable: "+err.Error(), http.StatusBadGateway)
		},
	}
	p.server = &http.Server{Handler: p, ReadHeaderTimeout: 10 * time.Second}
	go p.server.Serve(ln)
	return p, nil
}

type replicaKey struct{}

// ServeHTTP sends the request to the next replica in turn.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	i := int((p.next.Add(1) - 1) % uint64(len(p.targets)))
	p.rp.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), replicaKey{}, i)))
}

// Close stops the proxy.
func (p *Proxy) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	p.server.Shutdown(ctx)
}

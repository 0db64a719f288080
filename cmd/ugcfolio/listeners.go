package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/backup"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/metrics"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/tlsserve"
)

// listeners are every address serve answers on: the site (plain HTTP on
// --addr, or HTTPS and HTTP with --domain) and, apart, the metrics.
type listeners struct {
	site    net.Listener // --addr, or HTTPS with --domain
	http    net.Listener // with --domain: ACME challenges and redirects
	metrics net.Listener // --metrics-addr; nil when off
}

// listenAll opens every listener first, so a taken or bad address fails at once.
func listenAll(cfg config.Config) (*listeners, error) {
	l := &listeners{}
	open := func(addr string) (net.Listener, error) {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			l.Close()
			return nil, fmt.Errorf("cannot listen on %s: %v", addr, unwrapOp(err))
		}
		return ln, nil
	}
	var err error
	if len(cfg.TLS.Domains) > 0 {
		if l.site, err = open(cfg.TLS.HTTPSAddr); err != nil {
			return nil, err
		}
		if l.http, err = open(cfg.TLS.HTTPAddr); err != nil {
			return nil, err
		}
	} else if l.site, err = open(cfg.Addr); err != nil {
		return nil, err
	}
	if cfg.MetricsAddr != "" {
		if l.metrics, err = open(cfg.MetricsAddr); err != nil {
			return nil, err
		}
	}
	return l, nil
}

func (l *listeners) Close() {
	for _, ln := range []net.Listener{l.site, l.http, l.metrics} {
		if ln != nil {
			ln.Close()
		}
	}
}

// httpServer is one listener with its server.
type httpServer struct {
	srv *http.Server
	ln  net.Listener
	tls bool
}

func (h httpServer) serve() error {
	var err error
	if h.tls {
		err = h.srv.ServeTLS(h.ln, "", "")
	} else {
		err = h.srv.Serve(h.ln)
	}
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// servers puts a server on each listener: the site (with automatic HTTPS
// when --domain is given) and the metrics. It logs where the site is.
func (l *listeners) servers(cfg config.Config, site http.Handler, m *metrics.Metrics, log *slog.Logger) ([]httpServer, error) {
	newServer := func(h http.Handler) *http.Server {
		return &http.Server{
			Handler:           h,
			ReadHeaderTimeout: 10 * time.Second,
			IdleTimeout:       120 * time.Second,
			ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		}
	}
	var out []httpServer
	if len(cfg.TLS.Domains) == 0 {
		out = append(out, httpServer{srv: newServer(site), ln: l.site})
		log.Info("ugcfolio listening", "url", "http://"+l.site.Addr().String())
	} else {
		opts := tlsserve.Options{Domains: cfg.TLS.Domains, Email: cfg.TLS.Email, DirectoryURL: cfg.TLS.Directory, CacheDir: cfg.CertsDir()}
		if _, port, err := net.SplitHostPort(cfg.TLS.HTTPSAddr); err == nil {
			opts.HTTPSPort = port
		}
		if cfg.TLS.CAFile != "" {
			roots, err := tlsserve.LoadRoots(cfg.TLS.CAFile)
			if err != nil {
				return nil, fmt.Errorf("UGCFOLIO_ACME_CA_FILE: %v", err)
			}
			opts.Roots = roots
		}
		ts, err := tlsserve.New(opts)
		if err != nil {
			return nil, err
		}
		https := newServer(tlsserve.HostPrefixed(sessionCookie, site))
		https.TLSConfig = ts.TLSConfig()
		out = append(out, httpServer{srv: https, ln: l.site, tls: true},
			httpServer{srv: newServer(ts.HTTPHandler()), ln: l.http})
		log.Info("ugcfolio listening", "url", "https://"+cfg.TLS.Domains[0], "https", l.site.Addr().String(),
			"http", l.http.Addr().String(), "domains", strings.Join(cfg.TLS.Domains, ","), "certificates", cfg.CertsDir())
	}
	if l.metrics != nil {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", m.Handler())
		out = append(out, httpServer{srv: newServer(mux), ln: l.metrics})
		log.Info("metrics listening", "url", "http://"+l.metrics.Addr().String()+"/metrics")
	}
	return out, nil
}

// sessionCookie is the name httpapi gives the session cookie; over
// automatic HTTPS browsers see it as __Host-ugcfolio_session.
const sessionCookie = "ugcfolio_session"

// serveDeps are what the scheduled backups report to.
type serveDeps struct {
	log        *slog.Logger
	backupDone func(backup.Result, error)
}

// newMetrics makes the metrics when --metrics-addr is set, else nil.
func newMetrics(cfg config.Config, st *store.Store) *metrics.Metrics {
	if cfg.MetricsAddr == "" {
		return nil
	}
	return metrics.New(st.DB)
}

// backupReporter feeds scheduled backups into the metrics (nil: none).
func backupReporter(m *metrics.Metrics) func(backup.Result, error) {
	if m == nil {
		return nil
	}
	return func(r backup.Result, err error) { m.BackupDone(time.Now(), r.Duration, r.Bytes, err) }
}

// runServers serves on every listener until ctx ends or one fails, then
// drains: GET /readyz answers 503 at once (drain), the listeners
// keep taking requests for the drain delay so that a load balancer asking
// /readyz stops sending them, then they close, and the requests in flight
// (an upload chunk, an inquiry) get up to the shutdown timeout to finish.
// Requests still running then are cut off; the exit is clean either way.
func runServers(ctx context.Context, servers []httpServer, drain func(), sc config.ShutdownConfig, log *slog.Logger) error {
	serveErr := make(chan error, len(servers))
	for _, s := range servers {
		go func() { serveErr <- s.serve() }()
	}
	var err error
	select {
	case err = <-serveErr:
	case <-ctx.Done():
	}
	drain()
	if err == nil && sc.DrainDelay > 0 {
		log.Info("draining: /readyz answers 503, requests are still taken", "for", sc.DrainDelay)
		for _, s := range servers {
			s.srv.SetKeepAlivesEnabled(false) // each answer closes its connection: the next one goes elsewhere
		}
		select {
		case err = <-serveErr:
		case <-time.After(sc.DrainDelay):
		}
	}
	log.Info("shutting down: no new connections; waiting for the requests in flight", "timeout", sc.Timeout)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), sc.Timeout)
	defer cancel()
	var wg sync.WaitGroup
	for _, s := range servers {
		wg.Go(func() {
			if s.srv.Shutdown(shutdownCtx) != nil {
				s.srv.Close() // the time is up
			}
		})
	}
	wg.Wait()
	if shutdownCtx.Err() != nil {
		log.Warn("shutdown: requests still in flight at the timeout were cut off (UGCFOLIO_SHUTDOWN_TIMEOUT)", "timeout", sc.Timeout)
	}
	return err
}

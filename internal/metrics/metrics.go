// Package metrics exposes Prometheus metrics of a running ugcfolio: HTTP
// requests by route pattern and status with latency histograms, bytes of
// uploaded video, rate-limit refusals, the database pool, backups, and the
// Go runtime and process. They are served by Handler on a listen address of
// their own (--metrics-addr), never on the public site.
//
// Other packages add theirs through Registerer: background jobs, once they
// exist, register gauges for queued and running jobs and a counter of
// failures there (for example ugcfolio_jobs_queued, ugcfolio_jobs_running,
// ugcfolio_jobs_failed_total).
package metrics

import (
	"database/sql"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// UploadRoute is the route whose request bodies count as uploaded bytes.
const UploadRoute = "POST /api/admin/upload/chunk"

// Metrics is one registry and the collectors ugcfolio fills.
type Metrics struct {
	reg         *prometheus.Registry
	requests    *prometheus.CounterVec
	duration    *prometheus.HistogramVec
	uploadBytes prometheus.Counter
	refusals    *prometheus.CounterVec

	backups        *prometheus.CounterVec
	backupLast     prometheus.Gauge
	backupDuration prometheus.Gauge
	backupBytes    prometheus.Gauge
}

// New makes the metrics; db, when not nil, adds its connection pool.
func New(db *sql.DB) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "ugcfolio_http_requests_total",
			Help: "HTTP requests answered, by route pattern and status code.",
		}, []string{"route", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "ugcfolio_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route pattern.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route"}),
		uploadBytes: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "ugcfolio_upload_bytes_total",
			Help: "Bytes received by the chunked upload API (request bodies of " + UploadRoute + ").",
		}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "ugcfolio_rate_limit_refusals_total",
			Help: "Requests refused with 429 Too Many Requests, by route pattern.",
		}, []string{"route"}),
		backups: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "ugcfolio_backups_total",
			Help: "Scheduled backups, by result (ok or failed).",
		}, []string{"result"}),
		backupLast: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "ugcfolio_backup_last_success_timestamp_seconds",
			Help: "When the last scheduled backup succeeded (Unix time); alert when it is older than a day or two.",
		}),
		backupDuration: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "ugcfolio_backup_last_duration_seconds",
			Help: "How long the last successful scheduled backup took.",
		}),
		backupBytes: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "ugcfolio_backup_last_bytes",
			Help: "Bytes in the last successful scheduled backup.",
		}),
	}
	m.reg.MustRegister(m.requests, m.duration, m.uploadBytes, m.refusals,
		m.backups, m.backupLast, m.backupDuration, m.backupBytes,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if db != nil {
		m.reg.MustRegister(collectors.NewDBStatsCollector(db, "ugcfolio"))
	}
	return m
}

// Registerer is where other packages register their collectors.
func (m *Metrics) Registerer() prometheus.Registerer { return m.reg }

// Handler serves the metrics in Prometheus' text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// BackupDone records a scheduled backup.
func (m *Metrics) BackupDone(end time.Time, took time.Duration, bytes int64, err error) {
	if err != nil {
		m.backups.WithLabelValues("failed").Inc()
		return
	}
	m.backups.WithLabelValues("ok").Inc()
	m.backupLast.Set(float64(end.Unix()))
	m.backupDuration.Set(took.Seconds())
	m.backupBytes.Set(float64(bytes))
}

// Middleware counts and times every request of next. route names the
// request's route pattern ("GET /api/portfolio/{lang}"), so that labels
// stay few whatever paths visitors try; "" becomes "unmatched".
func (m *Metrics) Middleware(route func(*http.Request) string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		pattern := route(r)
		if pattern == "" {
			pattern = "unmatched"
		}
		if pattern == UploadRoute && r.Body != nil {
			r.Body = &countingBody{ReadCloser: r.Body, counter: m.uploadBytes}
		}
		rec := &recorder{ResponseWriter: w}
		defer func() {
			code := rec.status
			if code == 0 {
				code = http.StatusOK
			}
			m.requests.WithLabelValues(pattern, strconv.Itoa(code)).Inc()
			m.duration.WithLabelValues(pattern).Observe(time.Since(start).Seconds())
			if code == http.StatusTooManyRequests {
				m.refusals.WithLabelValues(pattern).Inc()
			}
		}()
		next.ServeHTTP(rec, r)
	})
}

type recorder struct {
	http.ResponseWriter
	status int
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the real writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

type countingBody struct {
	io.ReadCloser
	counter prometheus.Counter
}

func (c *countingBody) Read(p []byte) (int, error) {
	n, err := c.ReadCloser.Read(p)
	c.counter.Add(float64(n))
	return n, err
}

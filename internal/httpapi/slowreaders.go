package httpapi

import (
	"net/http"
	"strings"
	"time"
)

// writeTimes bound how long writing an answer may take, so that a client
// that reads slowly (or not at all) cannot hold a connection, its goroutine
// and its buffers for as long as it likes: a few hundred such readers would
// otherwise pin the server. Past the deadline the write fails and the
// connection is closed.
//
//   - Media (/uploads/, /media/, /api/video-proxy: videos of up to hundreds
//     of megabytes, played for minutes) gets a deadline that moves with
//     progress: every mediaWindow bytes must be taken within
//     mediaWindow/minRate. A player reading at least minRate (16 KB/s, the
//     rate upload chunks must arrive at too) is never cut off however long
//     the file; one that falls under it for a whole window is (the window,
//     256 KB in 16 s, lets a phone ride out a stall of some seconds).
//   - Every other answer (JSON, pages, scripts: kilobytes) must be written
//     within fixed of its first byte.
//
// The deadline is set when the answer starts, not when the request
// arrived, so a slow upload's body (bounded by bodyTimes) does not eat into
// the time of its answer. That is also why the site's http.Server has no
// WriteTimeout: it would count from the request's headers, and over HTTP/2
// it resets the stream at that time whatever the handler sets.
type writeTimes struct {
	fixed       time.Duration
	mediaWindow int   // bytes
	minRate     int64 // bytes per second
}

var defaultWriteTimes = writeTimes{fixed: 60 * time.Second, mediaWindow: 256 << 10, minRate: 16 << 10}

// servesMedia reports whether a request is for a stored file: the host's
// own file paths, or a route a capability declared Media (a room's drafts).
func (s *Server) servesMedia(r *http.Request) bool {
	p := r.URL.Path
	return strings.HasPrefix(p, "/uploads/") || strings.HasPrefix(p, "/media/") || p == "/api/video-proxy" ||
		s.mediaRoutes[s.routePattern(r)]
}

// limitWriteTime gives every answer its write deadline (writeTimes).
func (s *Server) limitWriteTime(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		dw := &deadlineWriter{ResponseWriter: w, rc: http.NewResponseController(w), times: s.writeTimes,
			moving: s.servesMedia(r)}
		next.ServeHTTP(dw, r)
		if !dw.started {
			// An answer with no body (304, HEAD, an empty 200): net/http
			// sends its headers after the handler returns.
			dw.extend()
		}
	})
}

// deadlineWriter sets the connection's write deadline as the answer is
// written: once at its first byte, or (moving) at its first byte and again
// each time another window of bytes has been taken.
type deadlineWriter struct {
	http.ResponseWriter
	rc       *http.ResponseController
	times    writeTimes
	moving   bool
	started  bool
	inWindow int // bytes written since the deadline was last set
}

// extend sets the deadline from now. An error means the writer cannot set
// deadlines (a test recorder); the server's own connections always can.
func (d *deadlineWriter) extend() {
	d.started, d.inWindow = true, 0
	limit := d.times.fixed
	if d.moving {
		limit = time.Duration(int64(d.times.mediaWindow) * int64(time.Second) / d.times.minRate)
	}
	_ = d.rc.SetWriteDeadline(time.Now().Add(limit))
}

func (d *deadlineWriter) WriteHeader(code int) {
	if !d.started {
		d.extend()
	}
	d.ResponseWriter.WriteHeader(code)
}

func (d *deadlineWriter) Write(p []byte) (int, error) {
	if !d.started {
		d.extend()
	}
	if !d.moving {
		return d.ResponseWriter.Write(p)
	}
	written := 0
	for len(p) > 0 {
		if d.inWindow >= d.times.mediaWindow {
			d.extend()
		}
		n := min(len(p), d.times.mediaWindow-d.inWindow)
		m, err := d.ResponseWriter.Write(p[:n])
		written += m
		d.inWindow += m
		if err != nil {
			return written, err
		}
		p = p[n:]
	}
	return written, nil
}

// Unwrap lets http.ResponseController reach the real writer.
func (d *deadlineWriter) Unwrap() http.ResponseWriter { return d.ResponseWriter }

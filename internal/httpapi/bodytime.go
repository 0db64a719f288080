package httpapi

import (
	"net/http"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// bodyTimes bound how long a request body may take to arrive, per route:
// without them a body sent a byte every few seconds held its connection
// (and its goroutine) open indefinitely. JSON bodies are small and get a
// fixed time; an upload chunk gets a base plus its length at a minimum
// rate, which a slow phone connection still beats (a 2 MB chunk at 40 KB/s
// takes 51 s of the 158 s it is allowed).
type bodyTimes struct {
	json         time.Duration
	chunkBase    time.Duration
	chunkMinRate int64 // bytes per second
}

var defaultBodyTimes = bodyTimes{json: 10 * time.Second, chunkBase: 30 * time.Second, chunkMinRate: 16 << 10}

var errBodyTooSlow = httpx.ErrBodyTooSlow

// chunkPath is the one route whose bodies are large.
const chunkPath = "/api/admin/upload/chunk"

// limitBodyTime sets the connection's read deadline for the body of each
// request that has one; reading past it fails, and the handler answers 408.
func (s *Server) limitBodyTime(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Body != http.NoBody {
			limit := s.bodyTimes.json
			if r.URL.Path == chunkPath {
				size := r.ContentLength
				if size < 0 {
					size = maxChunkRequest
				}
				limit = s.bodyTimes.chunkBase + time.Duration(size*int64(time.Second)/s.bodyTimes.chunkMinRate)
			}
			// An error means the writer cannot set deadlines (a test
			// recorder); the server's own connections always can.
			_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(limit))
		}
		next.ServeHTTP(w, r)
	})
}

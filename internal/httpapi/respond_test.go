package httpapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The mapping of errors to statuses and the decoder are internal/httpx's
// (and tested there); this is the host's use of them.
func TestErrorStatusAndHiddenInternals(t *testing.T) {
	t.Parallel()
	w := httptest.NewRecorder()
	writeError(w, httptest.NewRequest("GET", "/", nil), discardLog, errSQL)
	if w.Code != http.StatusInternalServerError || strings.Contains(w.Body.String(), "SELECT") {
		t.Fatalf("internal error leaked: %d %s", w.Code, w.Body.String())
	}
}

package capabilities_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/capabilities"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/processing"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

func newCapabilities(t *testing.T) *capabilities.Capabilities {
	st := storetest.SQLite(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	queue := jobs.New(st, log)
	storage := media.NewLocal(t.TempDir())
	return capabilities.New(capabilities.Host{Store: st, Log: log, Jobs: queue, Storage: storage,
		Uploads:    &media.Uploads{Store: st, Storage: storage, Dir: t.TempDir(), Log: log, InUse: st.UploadInUse},
		Processing: processing.New(processing.Deps{Store: st, Storage: storage, Jobs: queue, Log: log}),
		SiteURL:    "https://example.no"})
}

// Every route is declared once, and an admin route lives under /api/admin/ (where the host's
// guard covers the whole path space) and nothing else does.
func TestRoutesAreOneEachAndAdminOnesUnderTheAdminAPI(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	routes := newCapabilities(t).Routes()
	if len(routes) < 50 {
		t.Fatalf("only %d routes: a capability's are missing", len(routes))
	}
	for _, rt := range routes {
		if seen[rt.Pattern] {
			t.Errorf("%s declared twice", rt.Pattern)
		}
		seen[rt.Pattern] = true
		_, path, _ := strings.Cut(rt.Pattern, " ")
		if admin := strings.HasPrefix(path, "/api/admin/"); admin != (rt.Admin != nil) {
			t.Errorf("%s: admin handler %v, under /api/admin/ %v", rt.Pattern, rt.Admin != nil, admin)
		}
	}
}

// The periodic work stops with its context, so serve's shutdown is not held up.
func TestSweepsStopWithTheirContext(t *testing.T) {
	t.Parallel()
	c := newCapabilities(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.RunSweeps(ctx); close(done) }()
	cancel()
	<-done
}

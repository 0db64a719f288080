package store_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// walWrites is how many inquiries TestWALStaysBoundedUnderSustainedWrites
// writes; the closing note's figure used -wal-writes=10000.
var walWrites = flag.Int("wal-writes", 2000, "inquiries written by the WAL test")

// Under sustained writes with readers always active, the WAL
// stays bounded (it grew to 81 MB after 6,000 writes and never shrank).
// -wal-writes inquiries (2,000 by default) from 4 writers while 4 readers keep reading; the WAL's
// largest size is sampled throughout.
func TestWALStaysBoundedUnderSustainedWrites(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ugcfolio.db")
	s, err := store.Open(ctx, "", path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	var peak atomic.Int64
	stop := make(chan struct{})
	var background sync.WaitGroup
	background.Add(1)
	go func() { // the sampler
		defer background.Done()
		for {
			if info, err := os.Stat(path + "-wal"); err == nil && info.Size() > peak.Load() {
				peak.Store(info.Size())
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	for range 4 { // readers: each holds a snapshot while it reads
		background.Add(1)
		go func() {
			defer background.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := s.ListPortfolio(ctx, "no", true, 0); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	var writers sync.WaitGroup
	for range 4 {
		writers.Add(1)
		go func() {
			defer writers.Done()
			for range *walWrites / 4 {
				if _, err := s.CreateInquiry(ctx, store.InquiryInput{Name: "Kari Nordmann", Email: "kari@example.no",
					Message: "Hei! Vi vil gjerne lage en serie videoer med deg til vårkampanjen."}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	writers.Wait()
	close(stop)
	background.Wait()

	info, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	db, _ := os.Stat(path)
	t.Logf("after %d writes: WAL %d bytes (largest seen %d), database %d bytes", *walWrites, info.Size(), peak.Load(), db.Size())
	const bound = 12 << 20
	if peak.Load() > bound || info.Size() > bound {
		t.Fatalf("WAL grew to %d bytes (now %d), bound %d", peak.Load(), info.Size(), bound)
	}
}

// The database, its WAL and its directory are the owner's alone,
// whatever the process's umask.
func TestDatabaseFilesAreOwnerOnly(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	path := filepath.Join(dir, "ugcfolio.db")
	st, err := store.Open(context.Background(), "", path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.CreateUser(context.Background(), store.UserInput{Username: "kari@example.no", PasswordHash: "x"}); err != nil {
		t.Fatal(err) // a write, so the WAL exists
	}
	for name, want := range map[string]os.FileMode{dir: 0o700, path: 0o600, path + "-wal": 0o600, path + "-shm": 0o600} {
		fi, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != want {
			t.Errorf("%s: mode %o, want %o", filepath.Base(name), got, want)
		}
	}
}

package ratelimit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// TestBucketsAreKeyedWithTheSiteSecret: rate_limits names a client by a
// keyed hash, not by sha256 of its address (which anyone can compute for
// every IPv4 address), and two replicas — two stores over one database,
// as two processes have — still count the same client in one bucket.
func TestBucketsAreKeyedWithTheSiteSecret(t *testing.T) {
	for _, engine := range []string{"sqlite", "postgres"} {
		t.Run(engine, func(t *testing.T) {
			one, two := twoHandles(t, engine)
			c := newClock()
			rate := Rate{Every: time.Minute, Burst: 2}
			a, b := replica(one, c, "login-addr", rate), replica(two, c, "login-addr", rate)
			const addr = "203.0.113.7"
			if err := allow(a, addr); err != nil {
				t.Fatal(err)
			}
			if err := allow(b, addr); err != nil {
				t.Fatal(err)
			}
			if err := allow(a, addr); err == nil {
				t.Fatal("a third try across two replicas was allowed: the replicas count in different buckets")
			}

			var buckets []string
			rows, err := one.DB.QueryContext(context.Background(), `SELECT bucket FROM rate_limits`)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var bucket string
				rows.Scan(&bucket)
				buckets = append(buckets, bucket)
			}
			rows.Close()
			plain := sha256.Sum256([]byte(addr))
			if len(buckets) != 1 {
				t.Fatalf("buckets %v, want one", buckets)
			}
			if buckets[0] == hex.EncodeToString(plain[:16]) || buckets[0] == hex.EncodeToString(plain[:]) {
				t.Fatalf("bucket %s is the plain sha256 of the address", buckets[0])
			}
		})
	}
}

// twoHandles opens one fresh database twice, as two replicas do.
func twoHandles(t *testing.T, engine string) (*store.Store, *store.Store) {
	t.Helper()
	dsn, path := "", filepath.Join(t.TempDir(), "shared.db")
	if engine == "postgres" {
		var err error
		if dsn, err = storetest.FreshPostgresURL(t); err != nil {
			t.Fatal(err)
		}
	}
	open := func() *store.Store {
		st, err := store.Open(context.Background(), dsn, path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	return open(), open()
}

//go:build replicas

// The replica test (`make test-replicas`): three replicas of
// the built binary on loopback behind a round-robin proxy, on the test
// PostgreSQL (a fresh schema) and versitygw, must behave as one server.
// It runs the real binary (UGCFOLIO_BIN), so it has a build tag of its own
// and stays out of `go test ./...`.
package replicas

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/benchserver"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/media/s3test"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

func TestThreeReplicas(t *testing.T) {
	bin := os.Getenv("UGCFOLIO_BIN")
	if bin == "" || os.Getenv("TEST_DATABASE_URL") == "" {
		t.Fatal("run it with `make test-replicas`: it needs UGCFOLIO_BIN (the built binary) and TEST_DATABASE_URL (PostgreSQL)")
	}
	dsn, err := storetest.FreshPostgresURL(t)
	if err != nil {
		t.Fatal(err)
	}
	bucket := s3test.Start(t)
	c, err := Start(Config{Bin: bin, N: 3, DatabaseURL: dsn, S3: bucket, DataRoot: t.TempDir(), Admin: true, KeepLogs: true,
		Env: []string{"UGCFOLIO_VIDEO_PROCESSING=on", "UGCFOLIO_PUBLIC_URL=https://kari.example"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Close()
		if t.Failed() {
			for _, r := range c.Replicas {
				t.Logf("replica %d's log, last lines:\n%s", r.Index, tail(r.Log(), 15))
			}
		}
	})
	db, err := store.OpenExisting(context.Background(), dsn, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	proxy := c.Proxy.URL
	admin := newClient(t)
	var itemID int64
	// Each scenario can run alone (-run): it signs in when it has to.
	signIn := func(t *testing.T) {
		admin.t = t
		if admin.get(proxy+"/api/admin/contact").status == http.StatusUnauthorized {
			admin.send("POST", proxy+"/api/login", map[string]string{"username": benchserver.AdminEmail, "password": benchserver.AdminPassword}).must(t, "login")
		}
	}

	t.Run("admin signs in on one replica and works through the others", func(t *testing.T) {
		admin.t = t
		in := admin.send("POST", proxy+"/api/login", map[string]string{"username": benchserver.AdminEmail, "password": benchserver.AdminPassword}).must(t, "login")
		k := in.replica
		for _, r := range c.Replicas {
			var u struct{ Username string }
			admin.get(r.URL+"/api/user").must(t, fmt.Sprintf("GET /api/user on replica %d", r.Index)).json(t, &u)
			if u.Username != benchserver.AdminEmail {
				t.Fatalf("replica %d: the session belongs to %q", r.Index, u.Username)
			}
		}
		var item struct{ ID int64 }
		admin.send("POST", c.Replicas[(k+1)%3].URL+"/api/admin/portfolio", map[string]any{"title": "Replika", "category": "brand",
			"language": "no", "isActive": true, "imageUrl": "https://kari.example/a.jpg"}).must(t, "create on the next replica").json(t, &item)
		admin.send("PATCH", c.Replicas[(k+2)%3].URL+fmt.Sprintf("/api/admin/portfolio/%d", item.ID),
			map[string]any{"description": "Laget på én, endret på en annen"}).must(t, "edit on the third replica")
		itemID = item.ID
		for _, r := range c.Replicas {
			if b := admin.get(r.URL+"/api/portfolio/no").must(t, "admin list").body; !bytes.Contains(b, []byte("endret på en annen")) {
				t.Fatalf("replica %d's admin list lacks the edit: %s", r.Index, b)
			}
		}
		// Signing out on one ends the session on all.
		admin.send("POST", c.Replicas[k].URL+"/api/logout", nil).must(t, "logout")
		for _, r := range c.Replicas {
			if got := admin.get(r.URL + "/api/admin/contact"); got.status != http.StatusUnauthorized {
				t.Fatalf("replica %d after logout on replica %d: %d", r.Index, k, got.status)
			}
		}
		admin.send("POST", proxy+"/api/login", map[string]string{"username": benchserver.AdminEmail, "password": benchserver.AdminPassword}).must(t, "login again")
	})

	t.Run("a 20 MB video in chunks over every replica, one killed and restarted, plays from each", func(t *testing.T) {
		signIn(t)
		uploadAcrossReplicas(t, c, admin, db, bucket)
	})

	t.Run("an edit shows on every replica at the next request", func(t *testing.T) {
		signIn(t)
		if itemID == 0 {
			var item struct{ ID int64 }
			admin.send("POST", proxy+"/api/admin/portfolio", map[string]any{"title": "Replika", "category": "brand",
				"language": "no", "isActive": true, "imageUrl": "https://kari.example/a.jpg"}).must(t, "create an item").json(t, &item)
			itemID = item.ID
		}
		visitor := newClient(t)
		for range 2 { // every replica has every answer cached
			for _, r := range c.Replicas {
				for _, p := range []string{"/", "/api/portfolio/no", "/api/content/no"} {
					visitor.get(r.URL+p).must(t, "warm "+p)
				}
			}
		}
		mark := strings.ToLower(rand.Text()[:8])
		title, tagline := "Endret "+mark, "Slagord "+mark
		admin.send("PATCH", c.Replicas[0].URL+fmt.Sprintf("/api/admin/portfolio/%d", itemID), map[string]any{"title": title}).must(t, "edit the title")
		admin.send("POST", c.Replicas[0].URL+"/api/admin/content", map[string]any{"section": "hero", "language": "no",
			"content": map[string]string{"tagline": tagline, "greeting": "Hei!", "intro": "Jeg er Kari", "description": "Jeg lager video"}}).must(t, "edit the hero")
		var stale []string
		for _, r := range c.Replicas {
			for _, check := range []struct{ path, want string }{{"/api/portfolio/no", title}, {"/api/content/no", tagline}, {"/", title}, {"/", tagline}} {
				if b := visitor.get(r.URL+check.path).must(t, check.path).body; !bytes.Contains(b, []byte(check.want)) {
					stale = append(stale, fmt.Sprintf("replica %d %s without %q", r.Index, check.path, check.want))
				}
			}
		}
		if len(stale) > 0 {
			t.Fatalf("stale at the next request after an edit on replica 0:\n  %s", strings.Join(stale, "\n  "))
		}
	})

	t.Run("30 wrong logins across the replicas are throttled as on one", func(t *testing.T) {
		guesser := newClient(t)
		guesser.t = t
		start := time.Now()
		counts := map[int]int{}
		perReplica := map[int][]int{}
		for i := range 30 {
			r := guesser.send("POST", proxy+"/api/login", map[string]string{"username": benchserver.AdminEmail, "password": fmt.Sprintf("wrong-guess-%d", i)})
			counts[r.status]++
			perReplica[r.replica] = append(perReplica[r.replica], r.status)
			if r.status == http.StatusTooManyRequests && r.header.Get("Retry-After") == "" {
				t.Fatal("429 without Retry-After")
			}
		}
		// One replica lets 10 failures per account and network through, then
		// one more a minute (ratelimit.NewAuth's LoginByUser, counted in the database).
		allowed := 10 + int(time.Since(start)/time.Minute)
		t.Logf("answers %v; by replica %v", counts, perReplica)
		if counts[http.StatusUnauthorized] > allowed || counts[http.StatusUnauthorized]+counts[http.StatusTooManyRequests] != 30 {
			t.Fatalf("%d wrong logins answered 401 and %d 429 (others %v): one server answers at most %d with 401 and the rest 429",
				counts[http.StatusUnauthorized], counts[http.StatusTooManyRequests], counts, allowed)
		}
	})
}

// uploadAcrossReplicas sends the video one chunk a request through the
// proxy, so consecutive chunks land on different replicas; after a few it
// kills the replica that took the last chunk (SIGKILL: what it
// acknowledged must not be lost) and starts it again a few chunks later.
func uploadAcrossReplicas(t *testing.T, c *Cluster, admin *client, db *store.Store, bucket media.S3Options) {
	proxy := c.Proxy.URL
	video := makeVideo(t)
	const chunkSize = 1 << 20
	total := (len(video) + chunkSize - 1) / chunkSize
	id := "replicas-" + strings.ToLower(rand.Text()[:12])
	admin.send("POST", proxy+"/api/admin/upload/initialize", map[string]any{"uploadId": id, "fileName": "twenty.mp4",
		"fileSize": len(video), "fileType": "video/mp4", "totalChunks": total}).must(t, "initialize")
	start := time.Now()
	var took []int
	killed := -1
	for i := range total {
		switch i {
		case 6:
			killed = took[len(took)-1]
			c.Replicas[killed].Kill()
			t.Logf("killed replica %d (SIGKILL) after it took chunk %d", killed, i-1)
		case 13:
			if err := c.Replicas[killed].Start(); err != nil {
				t.Fatalf("restart replica %d: %v", killed, err)
			}
			t.Logf("replica %d started again before chunk %d", killed, i)
		}
		r := admin.chunk(proxy, id, i, total, video[i*chunkSize:min(len(video), (i+1)*chunkSize)])
		r.must(t, fmt.Sprintf("chunk %d (replica %d, try %d)", i, r.replica, r.tries))
		took = append(took, r.replica)
	}
	t.Logf("%d chunks of %s in %v, taken by replicas %v", total, mb(len(video)), time.Since(start).Round(time.Millisecond), took)
	for i := 1; i < len(took); i++ {
		if took[i] == took[i-1] {
			t.Fatalf("chunks %d and %d both went to replica %d", i-1, i, took[i])
		}
	}
	for _, r := range c.Replicas {
		if !slices.Contains(took, r.Index) {
			t.Fatalf("replica %d took no chunk: %v", r.Index, took)
		}
	}
	var fin struct{ URL string }
	admin.send("POST", proxy+"/api/admin/upload/finalize", map[string]string{"uploadId": id}).must(t, "finalize").json(t, &fin)
	name, ok := media.NameFromURL(fin.URL)
	if !ok {
		t.Fatalf("finalize answered %q", fin.URL)
	}
	if got := s3test.Get(t, s3test.Client(t, bucket), bucket.Bucket, name); !bytes.Equal(got, video) {
		t.Fatalf("the stored original has %d bytes and differs from the %d sent", len(got), len(video))
	}
	t.Logf("upload and finalize: %v", time.Since(start).Round(time.Millisecond))

	var item struct{ ID int64 }
	admin.send("POST", proxy+"/api/admin/portfolio", map[string]any{"title": "Tjue megabyte", "category": "social",
		"language": "no", "isActive": true, "videoUrl": fin.URL}).must(t, "create the item").json(t, &item)
	processed := time.Now()
	waitUntil(t, 4*time.Minute, "video processed", func() bool {
		a, err := db.GetMediaAsset(context.Background(), name)
		if err == nil && a.Status == store.MediaFailed {
			t.Fatalf("processing failed: %s", a.Error)
		}
		return err == nil && a.Status == store.MediaReady
	})
	t.Logf("processed in %v", time.Since(processed).Round(time.Millisecond))
	time.Sleep(2 * time.Second) // a second run, if any, would have begun
	var jobs, attempts int
	if err := db.DB.QueryRow(`SELECT COUNT(*), COALESCE(SUM(attempts), 0) FROM jobs WHERE kind = 'video'`).Scan(&jobs, &attempts); err != nil {
		t.Fatal(err)
	}
	if ready := c.Count("video: ready"); jobs != 1 || attempts != 1 || ready != 1 {
		t.Fatalf("processed %d times by %d job(s) in %d attempt(s), want once", ready, jobs, attempts)
	}
	playsEverywhere(t, c, item.ID)
}

// playsEverywhere asks each replica directly for the item's rendition and
// poster: a visitor gets them, seeking (Range) answers 206 with the same
// bytes everywhere.
func playsEverywhere(t *testing.T, c *Cluster, id int64) {
	visitor := newClient(t)
	var first map[string][]byte
	type listed struct {
		ID         int64
		VideoURL   string
		VideoMedia *struct{ PosterURL string }
	}
	for _, r := range c.Replicas {
		var items []listed
		visitor.get(r.URL+"/api/portfolio/no").must(t, "visitor list").json(t, &items)
		i := slices.IndexFunc(items, func(it listed) bool { return it.ID == id })
		if i < 0 || items[i].VideoMedia == nil || !strings.HasPrefix(items[i].VideoURL, media.ProcessedPrefix) {
			t.Fatalf("replica %d does not give the processed video: %+v", r.Index, items)
		}
		got := map[string][]byte{}
		for _, rg := range []string{"bytes=0-65535", "bytes=1000000-1065535"} {
			res := visitor.get(r.URL+items[i].VideoURL, "Range", rg)
			if res.status != http.StatusPartialContent || len(res.body) != 65536 || !strings.HasPrefix(res.header.Get("Content-Range"), "bytes ") {
				t.Fatalf("replica %d, %s %s: %d %q, %d bytes", r.Index, items[i].VideoURL, rg, res.status, res.header.Get("Content-Range"), len(res.body))
			}
			got[rg] = res.body
		}
		got["poster"] = visitor.get(r.URL+items[i].VideoMedia.PosterURL).must(t, "poster").body
		if first == nil {
			first = got
		}
		for k, v := range got {
			if !bytes.Equal(v, first[k]) {
				t.Fatalf("replica %d answers %s with other bytes than replica 0", r.Index, k)
			}
		}
	}
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

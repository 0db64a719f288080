package webapp_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ugcfolio/ugcfolio/internal/httpapi"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// The built app's files through the real router (internal/sitetest).

// web stands in for the built app, with files the build precompressed.
var web = fstest.MapFS{
	"index.html":           sitetest.Web["index.html"],
	"assets/app-abc123.js": sitetest.Web["assets/app-abc123.js"],
	"favicon.svg":          sitetest.Web["favicon.svg"],
	// A file the build precompressed: the server must send these exact bytes.
	"assets/pre-abc123.js":    {Data: []byte(precompressedPlain)},
	"assets/pre-abc123.js.gz": {Data: gzipBytes(precompressedPlain)},
	// A file so small its gzip is larger: sent plain.
	"assets/tiny-abc123.js":    {Data: []byte("1")},
	"assets/tiny-abc123.js.gz": {Data: gzipBytes("1")},
}

var precompressedPlain = "console.log('precompressed');" + strings.Repeat("/* pad */", 50)

func gzipBytes(s string) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(s))
	zw.Close()
	return buf.Bytes()
}

func newSite(t *testing.T) *sitetest.Site {
	return sitetest.New(t, sitetest.SQLite(t), sitetest.Options{Deps: func(d *httpapi.Deps) { d.Web = web }})
}

func TestStaticFiles(t *testing.T) {
	t.Parallel()
	e := newSite(t)
	c := e.Client()

	cases := []struct {
		path, wantCache, wantType, wantIn string
		wantStatus                        int
	}{
		{"/", "no-cache", "text/html", "id=root", 200},
		{"/admin/inquiries", "no-cache", "text/html", "id=root", 200}, // client route
		{"/admin/", "no-cache", "text/html", "id=root", 200},          // the same route, cleaned
		{"/no-such-page", "no-cache", "text/html", "id=root", 404},    // the app shows its 404 screen
		{"/assets/app-abc123.js", "public, max-age=31536000, immutable", "text/javascript", "console.log", 200},
		{"/favicon.svg", "no-cache", "image/svg+xml", "<svg", 200},
		{"/assets/gone-999.js", "", "", "", 404}, // an old asset is never answered with HTML
	}
	for _, tc := range cases {
		r := c.Do("GET", tc.path, nil)
		if r.Status != tc.wantStatus {
			t.Errorf("%s: status %d, want %d", tc.path, r.Status, tc.wantStatus)
			continue
		}
		if tc.wantStatus != 200 && tc.wantIn == "" {
			continue
		}
		if got := r.Header.Get("Cache-Control"); got != tc.wantCache {
			t.Errorf("%s: Cache-Control %q, want %q", tc.path, got, tc.wantCache)
		}
		if got := r.Header.Get("Content-Type"); !strings.HasPrefix(got, tc.wantType) {
			t.Errorf("%s: Content-Type %q, want %q", tc.path, got, tc.wantType)
		}
		if !strings.Contains(r.Body, tc.wantIn) {
			t.Errorf("%s: body lacks %q", tc.path, tc.wantIn)
		}
	}
}

func TestStaticGzipAndRevalidation(t *testing.T) {
	t.Parallel()
	e := newSite(t)
	// A transport that does not decompress by itself, to see the raw answer.
	raw := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	req, _ := http.NewRequest("GET", e.URL+"/assets/app-abc123.js", nil)
	req.Header.Set("Accept-Encoding", "br, gzip")
	res, err := raw.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("not gzipped: %v", res.Header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !strings.HasPrefix(string(plain), "console.log('app');") {
		t.Fatalf("gunzipped %q", plain[:20])
	}

	// A browser holding the ETag gets 304 for index.html.
	first := e.Client().Do("GET", "/", nil)
	etag := first.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	e.Client().Do("GET", "/", nil, "If-None-Match", etag).WantStatus(t, http.StatusNotModified)
}

func TestStaticServesTheBuildsPrecompressedGzip(t *testing.T) {
	t.Parallel()
	e := newSite(t)
	raw := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	get := func(acceptEncoding string, name ...string) (*http.Response, []byte) {
		path := "/assets/pre-abc123.js"
		if len(name) > 0 {
			path = name[0]
		}
		req, _ := http.NewRequest("GET", e.URL+path, nil)
		req.Header.Set("Accept-Encoding", acceptEncoding)
		res, err := raw.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res, body
	}

	res, body := get("gzip")
	if res.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(body, web["assets/pre-abc123.js.gz"].Data) {
		t.Fatalf("gzip answer %v is not the precompressed file (%d bytes)", res.Header, len(body))
	}
	gzipETag := res.Header.Get("ETag")
	res, body = get("identity")
	if res.Header.Get("Content-Encoding") != "" || string(body) != precompressedPlain {
		t.Fatalf("plain answer %v: %q", res.Header, body)
	}
	if plainETag := res.Header.Get("ETag"); plainETag == "" || plainETag == gzipETag {
		t.Fatalf("the gzip and plain answers share ETag %q: a range request could mix their bytes", plainETag)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
		t.Fatalf("Content-Type %q", ct)
	}

	// A .gz larger than its file is not used.
	res, body = get("gzip", "/assets/tiny-abc123.js")
	if res.Header.Get("Content-Encoding") != "" || string(body) != "1" {
		t.Fatalf("tiny file answer %v: %q", res.Header, body)
	}
}

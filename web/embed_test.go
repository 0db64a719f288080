package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"strings"
	"testing"
)

// The server's SPA fallback depends on index.html being at the root of Dist, with the hashed
// bundles under assets/.
func TestDistHasIndexAndAssets(t *testing.T) {
	dist, err := Dist()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fs.Stat(dist, "index.html"); err != nil {
		t.Fatalf("index.html: %v (run `npm run build` in web/)", err)
	}
	assets, err := fs.Glob(dist, "assets/*.js")
	if err != nil || len(assets) == 0 {
		t.Fatalf("no assets/*.js in dist (err %v)", err)
	}
}

// The server sends name.gz as it is to every client that accepts gzip, so it must hold exactly
// the bytes of name (a build step that compressed too early once shipped stale chunks).
func TestPrecompressedFilesMatchTheirOriginals(t *testing.T) {
	dist, err := Dist()
	if err != nil {
		t.Fatal(err)
	}
	compressed, _ := fs.Glob(dist, "assets/*.js.gz")
	if len(compressed) == 0 {
		t.Fatal("no assets/*.js.gz in dist: the build's precompress step did not run")
	}
	more, _ := fs.Glob(dist, "assets/*.css.gz")
	html, _ := fs.Glob(dist, "*.html.gz")
	for _, name := range append(append(compressed, more...), html...) {
		original, err := fs.ReadFile(dist, strings.TrimSuffix(name, ".gz"))
		if err != nil {
			t.Errorf("%s has no original: %v", name, err)
			continue
		}
		gz, _ := fs.ReadFile(dist, name)
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		plain, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(plain, original) {
			t.Errorf("%s does not decompress to its original (err %v)", name, err)
		}
	}
}

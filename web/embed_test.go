package web

import (
	"io/fs"
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

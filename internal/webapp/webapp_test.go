package webapp

import (
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The server's list of client routes must be the app's: a route missing here
// would answer 404 to a reload of a working screen.
func TestClientRoutesMatchTheApp(t *testing.T) {
	src, err := os.ReadFile("../../web/src/lib/paths.ts")
	if err != nil {
		t.Fatal(err)
	}
	block, _, _ := strings.Cut(string(src), "} as const;")
	app := map[string]bool{}
	for _, m := range regexp.MustCompile(`"(/[^"]*)"`).FindAllStringSubmatch(block, -1) {
		app[m[1]] = true
	}
	if !maps.Equal(app, clientRoutes) {
		t.Fatalf("web/src/lib/paths.ts has %v, the server knows %v", slices.Sorted(maps.Keys(app)), slices.Sorted(maps.Keys(clientRoutes)))
	}
}

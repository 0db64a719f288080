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
	app := map[string]bool{}
	// paths.ts names the visitor's routes and the first admin screens;
	// admin-paths.ts the admin screens kept out of the visitor's script.
	for _, file := range []string{"paths.ts", "admin-paths.ts"} {
		src, err := os.ReadFile("../../web/src/lib/" + file)
		if err != nil {
			t.Fatal(err)
		}
		block, _, _ := strings.Cut(string(src), "} as const;")
		for _, m := range regexp.MustCompile(`"(/[^"]*)"`).FindAllStringSubmatch(block, -1) {
			if strings.Contains(m[1], "*") {
				continue // the router's catch-all that mounts the lazy admin module, not a screen
			}
			app[m[1]] = true
		}
	}
	if !maps.Equal(app, clientRoutes) {
		t.Fatalf("web/src/lib/paths.ts has %v, the server knows %v", slices.Sorted(maps.Keys(app)), slices.Sorted(maps.Keys(clientRoutes)))
	}
}

func TestClientRoutePatterns(t *testing.T) {
	for p, want := range map[string]bool{
		"/admin/deals":       true,
		"/admin/deals/12":    true,
		"/admin/deals/":      false,
		"/admin/deals/12/x":  false,
		"/admin/nothing":     false,
		"/admin/deals/12abc": true, // the app's 404 screen decides about the id
	} {
		if got := isClientRoute(p); got != want {
			t.Errorf("isClientRoute(%q) = %v, want %v", p, got, want)
		}
	}
}

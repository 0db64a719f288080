package httpapi

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestHostValuesMatchTheFile: the host's values the client shares, the
// language cookie and the video hosts the page may frame (the others are
// internal/forms' TestSharedValuesMatchTheFile).
func TestHostValuesMatchTheFile(t *testing.T) {
	t.Parallel()
	var r struct {
		LanguageCookie  string   `json:"languageCookie"`
		VideoFrameHosts []string `json:"videoFrameHosts"`
	}
	raw, err := os.ReadFile("../../testdata/rules.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	same := func(name string, got, want any) {
		t.Helper()
		if g, w := fmt.Sprint(got), fmt.Sprint(want); g != w {
			t.Errorf("%s: the server has %s, rules.json %s", name, g, w)
		}
	}
	same("language cookie", languageCookie, r.LanguageCookie)
	var frameSrc []string
	for _, directive := range strings.Split(contentSecurityPolicy, ";") {
		if words := strings.Fields(directive); len(words) > 0 && words[0] == "frame-src" {
			frameSrc = words[1:]
		}
	}
	same("the CSP's frame-src", frameSrc, r.VideoFrameHosts)
}

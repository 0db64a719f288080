package analytics

import (
	"strconv"
	"strings"
	"testing"
)

// The cached answers are the classifier's, the first time and after; a
// flood of made-up User-Agents never holds more than uaCacheSize of them.
func TestClassifyIsCachedAndBounded(t *testing.T) {
	for _, ua := range []string{chromeUA, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
		strings.Repeat("x", uaMaxLen+1) + " bot"} {
		browser, device := browserAndDevice(ua)
		want := uaClass{bot: IsBot(ua), browser: browser, device: device}
		for range 2 {
			if got := classify(ua); got != want {
				t.Errorf("classify(%.40q) = %+v, want %+v", ua, got, want)
			}
		}
	}
	for i := range 3 * uaCacheSize {
		classify("Mozilla/5.0 made-up " + strconv.Itoa(i))
	}
	uaCache.Lock()
	n := len(uaCache.m)
	uaCache.Unlock()
	if n > uaCacheSize {
		t.Fatalf("%d User-Agents kept, at most %d", n, uaCacheSize)
	}
}

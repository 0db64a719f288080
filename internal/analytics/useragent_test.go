package analytics

import (
	"context"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// A User-Agent up to the 1 MB header limit costs what its first uaMaxLen
// bytes cost: what comes after them is not looked at. Before this bound,
// 1 MB of " cubot" took minutes of CPU (each "bot" match ran a `$`-anchored
// look-behind over everything before it).
func TestUserAgentLookedAtUpToItsBound(t *testing.T) {
	padding := strings.Repeat("x", uaMaxLen)
	for _, tc := range []struct {
		name string
		ua   string
		bot  bool
	}{
		{"a bot's name past the bound", chromeUA + " " + padding + " Googlebot/2.1", false},
		{"a bot's name inside it", "Googlebot/2.1 " + padding, true},
		{"1 MB of cubot", chromeUA + strings.Repeat(" cubot", (1<<20)/6), false},
		{"1 MB of cubot after a bot", "curl/8.5 " + strings.Repeat(" cubot", (1<<20)/6), true},
	} {
		if got := IsBot(tc.ua); got != tc.bot {
			t.Errorf("%s: IsBot = %v, want %v", tc.name, got, tc.bot)
		}
		if got := classify(tc.ua); got.bot != tc.bot {
			t.Errorf("%s: classify = %+v, want bot %v", tc.name, got, tc.bot)
		}
	}
}

// The look-behinds are checked on a window before each match; the window
// must hold the longest text each can match, or a bot would be missed (or a
// phone taken for one).
func TestLookBehindWindows(t *testing.T) {
	n := 0
	for _, p := range botList {
		if p.notFrom == nil {
			continue
		}
		n++
		body := lookBehind.FindStringSubmatch(p.src)[1]
		for _, alt := range strings.Split(body, "|") {
			if lit := regexp.QuoteMeta(alt); lit == alt && len(alt) > p.notFromLen {
				t.Errorf("%s: window %d bytes, shorter than %q", p.src, p.notFromLen, alt)
			}
		}
	}
	if n == 0 {
		t.Fatal("no look-behind pattern found: the list's format changed")
	}
	for ua, bot := range map[string]bool{
		"Mozilla/5.0 (Linux; Android 9; cubot note 20) Chrome/96.0": false,
		"Mozilla/5.0 (Linux; Android 9; robot note 20) Chrome/96.0": true,
		"Mozilla/5.0 Chrome/96.0 channel/google":                    false,
		"Mozilla/5.0 Chrome/96.0 google/google":                     false,
		"Mozilla/5.0 Chrome/96.0 googler":                           true,
		"Mozilla/5.0 libhttp/1.0":                                   false,
		"Mozilla/5.0 camscanner/1.0 Chrome/96.0":                    false,
		"Mozilla/5.0 scanner/1.0":                                   true,
	} {
		if got := IsBot(ua); got != bot {
			t.Errorf("IsBot(%q) = %v, want %v", ua, got, bot)
		}
	}
}

// A page view whose client has gone is not counted (nor its work done).
func TestPageViewOfAGoneClientIsNotCounted(t *testing.T) {
	f := newFixture(t, storetest.SQLite(t), config.AnalyticsConfig{}, 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f.s.PageView(request("GET", "/", "192.0.2.1").WithContext(ctx), "no")
	f.s.PageView(request("GET", "/", "192.0.2.2"), "no")
	f.s.Flush()
	if n := f.count(`SELECT COUNT(*) FROM analytics_events`); n != 1 {
		t.Fatalf("%d page views counted, want 1 (the client that stayed)", n)
	}
}

// BenchmarkClassify is the bot check and browser parse of a browser's
// User-Agent and of 1 MB of " cubot", uncached (the cache is cleared each
// time), and of a page view carrying it.
func BenchmarkClassify(b *testing.B) {
	for _, tc := range []struct{ name, ua string }{
		{"browser", chromeUA},
		{"1MB-cubot", chromeUA + strings.Repeat(" cubot", (1<<20)/6)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				uaCache.Lock()
				clear(uaCache.m)
				uaCache.Unlock()
				classify(tc.ua)
			}
		})
		b.Run(tc.name+"-pageview", func(b *testing.B) {
			s := &Service{}
			r := httptest.NewRequest("GET", "/", nil)
			r.Header.Set("User-Agent", tc.ua)
			for b.Loop() {
				uaCache.Lock()
				clear(uaCache.m)
				uaCache.Unlock()
				s.counted(r)
			}
		})
	}
}

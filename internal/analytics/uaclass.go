package analytics

import "sync"

// Every counted request asks whether its User-Agent is a bot (isbot's
// list: a few hundred patterns) and what browser and device it names. The
// bot check was a quarter of the server's CPU per beacon (a profile of
// cmd/analyticsbench's load), and a site sees few distinct User-Agents, so
// the answers are remembered: at most uaCacheSize of them, forgotten all at
// once when it is full, so a flood of made-up User-Agents costs what it did
// before and never grows memory. Only the first uaMaxLen bytes are looked
// at, so they are the key.
const uaCacheSize = 2000

// uaClass is what the server derives from a User-Agent.
type uaClass struct {
	bot             bool
	browser, device string
}

var uaCache = struct {
	sync.Mutex
	m map[string]uaClass
}{m: map[string]uaClass{}}

// classify answers IsBot and browserAndDevice of ua, from the cache when it can.
func classify(ua string) uaClass {
	ua = ua[:min(len(ua), uaMaxLen)]
	uaCache.Lock()
	c, ok := uaCache.m[ua]
	uaCache.Unlock()
	if ok {
		return c
	}
	c = classifyNow(ua)
	uaCache.Lock()
	if len(uaCache.m) >= uaCacheSize {
		clear(uaCache.m)
	}
	uaCache.m[ua] = c
	uaCache.Unlock()
	return c
}

func classifyNow(ua string) uaClass {
	browser, device := browserAndDevice(ua)
	return uaClass{bot: IsBot(ua), browser: browser, device: device}
}

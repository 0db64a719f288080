package analytics

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"regexp"
	"regexp/syntax"
	"strings"

	useragent "github.com/medama-io/go-useragent"
)

// What the server derives from a request instead of storing it: whether the
// User-Agent is a bot, the browser family and device type, and the country
// of a time zone.

// botPatterns is the pattern list of the npm package isbot (5.2.3, Unlicense),
// the ecosystem's maintained list of crawlers: lists/isbot-patterns.json is
// its exported `list`, copied as is. Refresh it with
// `npm pack isbot && node -e 'console.log(JSON.stringify(require("./package").list, null, 1))'`.
//
//go:embed lists/isbot-patterns.json
var botPatternsJSON []byte

// botPattern is one pattern of the list. Go's regexp has no look-around, and
// six of isbot's patterns have a leading negative look-behind and/or a
// trailing negative look-ahead; those parts become checks of the text
// before and after each match of the core.
//
// The look-behind is checked on the few bytes before a match only
// (notFromLen, the longest text it can match): a `$`-anchored pattern run on
// the whole text before each match made the check quadratic in the
// User-Agent's length.
type botPattern struct {
	core       *regexp.Regexp
	notFrom    *regexp.Regexp // (?<!x): x must not end right before the match
	notFromLen int            // the longest x
	notTo      *regexp.Regexp // (?!x): x must not start right after the match
}

// uaMaxLen bounds how much of a User-Agent is looked at. Browsers' are
// under 512 bytes; the rest of a longer one (up to the 1 MB header limit)
// is nobody's browser and only costs time.
const uaMaxLen = 512

var (
	botList = mustBotPatterns(botPatternsJSON)
	// botAny is every pattern without look-around in one expression: the
	// common case is one pass over the User-Agent.
	botAny = regexp.MustCompile(`(?i)` + strings.Join(plainPatterns(botList), "|"))

	lookBehind = regexp.MustCompile(`^\(\?<!([^()]*)\)`)
	lookAhead  = regexp.MustCompile(`\(\?!((?:[^()]|\((?:\?:)?[^()]*\))*)\)$`)
)

type rawPattern struct {
	src string
	botPattern
}

func mustBotPatterns(data []byte) []rawPattern {
	var list []string
	if err := json.Unmarshal(data, &list); err != nil {
		panic("analytics: isbot pattern list: " + err.Error())
	}
	out := make([]rawPattern, 0, len(list))
	for _, src := range list {
		p := rawPattern{src: src}
		core := src
		if m := lookBehind.FindStringSubmatch(core); m != nil {
			p.notFrom = regexp.MustCompile(`(?i)(?:` + m[1] + `)$`)
			p.notFromLen = maxMatchLen(m[1])
			core = core[len(m[0]):]
		}
		if m := lookAhead.FindStringSubmatch(core); m != nil {
			p.notTo = regexp.MustCompile(`(?i)^(?:` + m[1] + `)`)
			core = core[:len(core)-len(m[0])]
		}
		p.core = regexp.MustCompile(`(?i)` + core)
		out = append(out, p)
	}
	return out
}

// maxMatchLen is the longest text, in bytes, pattern src can match. A
// look-behind has a bounded length by definition; one that does not (a `*`
// or `+`) is refused when the list is loaded.
func maxMatchLen(src string) int {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		panic("analytics: isbot look-behind: " + err.Error())
	}
	var longest func(re *syntax.Regexp) int
	longest = func(re *syntax.Regexp) int {
		switch re.Op {
		case syntax.OpLiteral:
			return len(string(re.Rune))
		case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
			return 4 // one rune, at most four bytes of UTF-8
		case syntax.OpConcat, syntax.OpCapture, syntax.OpAlternate:
			n := 0
			for _, sub := range re.Sub {
				if re.Op == syntax.OpAlternate {
					n = max(n, longest(sub))
				} else {
					n += longest(sub)
				}
			}
			return n
		case syntax.OpQuest:
			return longest(re.Sub[0])
		case syntax.OpRepeat:
			if re.Max >= 0 {
				return re.Max * longest(re.Sub[0])
			}
		case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
			syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
			return 0
		}
		panic("analytics: isbot look-behind of unbounded length: " + src)
	}
	return longest(re)
}

func plainPatterns(list []rawPattern) []string {
	var out []string
	for _, p := range list {
		if p.notFrom == nil && p.notTo == nil {
			out = append(out, "(?:"+p.src+")")
		}
	}
	return out
}

// IsBot reports whether a User-Agent is a known bot or crawler (or empty:
// every browser sends one). It looks at the first uaMaxLen bytes, in time
// linear in them.
func IsBot(ua string) bool {
	ua = ua[:min(len(ua), uaMaxLen)]
	if strings.TrimSpace(ua) == "" {
		return true
	}
	if botAny.MatchString(ua) {
		return true
	}
	for _, p := range botList {
		if p.notFrom == nil && p.notTo == nil {
			continue
		}
		for _, m := range p.core.FindAllStringIndex(ua, -1) {
			if p.notFrom != nil && p.notFrom.MatchString(ua[max(0, m[0]-p.notFromLen):m[0]]) {
				continue
			}
			if p.notTo != nil && p.notTo.MatchString(ua[m[1]:]) {
				continue
			}
			return true
		}
	}
	return false
}

// uaParser is medama's User-Agent parser, made for cookie-less analytics.
var uaParser = useragent.NewParser()

// browserAndDevice answers the browser family ("Chrome", "Safari"…; "other"
// when unknown) and device type (desktop, mobile, tablet, tv or other).
func browserAndDevice(ua string) (browser, device string) {
	agent := uaParser.Parse(ua[:min(len(ua), uaMaxLen)])
	browser = string(agent.Browser())
	if browser == "" {
		browser = "other"
	}
	switch {
	case agent.IsTablet():
		device = "tablet"
	case agent.IsMobile():
		device = "mobile"
	case agent.IsTV():
		device = "tv"
	case agent.IsDesktop():
		device = "desktop"
	default:
		device = "other"
	}
	return browser, device
}

// The time zone → country tables of tzdata, as Debian ships them.
// zone.tab names one country for every zone, links such as Europe/Oslo
// included; zone1970.tab lists only zones that differ since 1970 (Europe/Oslo
// is a link to Europe/Berlin there, "DE,DK,NO,SE,SJ"), so it only fills gaps,
// with the first of its countries.
//
//go:embed lists/zone.tab
var zoneTab []byte

//go:embed lists/zone1970.tab
var zone1970Tab []byte

var zoneCountries = func() map[string]string {
	m := map[string]string{}
	read := func(tab []byte) {
		sc := bufio.NewScanner(bytes.NewReader(tab))
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == '#' {
				continue
			}
			cols := strings.Split(line, "\t")
			if len(cols) < 3 {
				continue
			}
			if _, ok := m[cols[2]]; !ok {
				m[cols[2]] = strings.Split(cols[0], ",")[0]
			}
		}
	}
	read(zoneTab)
	read(zone1970Tab)
	return m
}()

// countryOf answers the ISO 3166 code of a time zone's country, "" when the
// zone names none (UTC, Etc/GMT+1) or is unknown.
func countryOf(tz string) string { return zoneCountries[tz] }

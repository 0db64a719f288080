package analytics

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/ugcfolio/ugcfolio/internal/lang"
)

// Event is one stored analytics event: what happened, to which visitor-day,
// with what the server derived. It never holds an address or User-Agent.
type Event struct {
	At      time.Time
	Visitor string // visitorHash of the event's day
	Kind    string // pageview, view, section, play, progress, click, form, time, inquiry

	Path, Lang                        string
	Referrer                          string // host of another site, or ""
	UTMSource, UTMMedium, UTMCampaign string
	Screen, Country                   string // from the beacon's view event
	Browser, Device                   string // from the User-Agent
	Target                            string // section id, click target, form step
	Item                              int64  // portfolio item of play and progress
	Value                             int    // progress percent, visible seconds

	// Ref is a pitch link's token (a page view's ?ref=); the event is
	// attributed to the link, and the token itself is not stored with it.
	Ref string
	// client is the rate-limit key of the page view's client address: the
	// writer's limit of a pitch link's visitor-days per address. It stays in
	// memory and is never written.
	client string
}

// MaxBody is the largest beacon body accepted, in bytes.
const MaxBody = 2048

// maxBeaconEvents is how many events one beacon may carry.
const maxBeaconEvents = 20

// Sections are the home page's section ids (the id attributes of its
// sections) a section event may name.
var Sections = []string{"hero", "about", "services", "work", "testimonials", "pricing", "contact"}

// clickTargets are the site's calls to action (the data-track attributes
// of web/src) besides the pricing packages' "package-1" … "package-9". A
// click on any other target counts as otherDim: a made-up target never
// becomes a row of its own in the daily totals, which are kept for good.
var clickTargets = []string{"hero-cta", "hero-portfolio", "nav-cta", "package-custom", "contact-email",
	"footer-email", "social-instagram", "social-tiktok", "social-linkedin", "social-email"}

// otherDim is the dimension that sums values too rare, or not the site's
// own, to be kept one by one (rollup.go).
const otherDim = "(other)"

var (
	// Paths are the pages the beacon runs on.
	Paths         = []string{"/", "/en", "/privacy", "/en/privacy"}
	screenClasses = []string{"phone", "tablet", "desktop"}
	formSteps     = []string{"started", "invalid", "sent"}
	progressSteps = []int{25, 50, 75, 100}
	clickTarget   = regexp.MustCompile(`^[a-z0-9-]{1,40}$`)
	packageTarget = regexp.MustCompile(`^package-[1-9]$`)
	timeZone      = regexp.MustCompile(`^[A-Za-z0-9_+-]+(?:/[A-Za-z0-9_+-]+){0,2}$`)
)

// beaconEvent is one event of a beacon as sent: every field any kind may
// carry; which ones a kind allows is checked after decoding.
type beaconEvent struct {
	T      string  `json:"t"`
	Path   *string `json:"path"`
	Lang   *string `json:"lang"`
	Screen *string `json:"screen"`
	TZ     *string `json:"tz"`
	ID     *string `json:"id"`
	Item   *int64  `json:"item"`
	Pct    *int    `json:"pct"`
	Target *string `json:"target"`
	Step   *string `json:"step"`
	Sec    *int    `json:"sec"`
}

// ErrInvalid is the class of every error of ParseBeacon: the client sent a
// body the contract does not allow (answered 400).
var ErrInvalid = errors.New("invalid analytics beacon")

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// ParseBeacon decodes and checks a beacon body: {"events": [...]}, 1 to 20
// events, each exactly one of the contract's kinds with its fields and no
// other. The events it answers carry only what the beacon says (Kind,
// Path, Lang, Screen, Country, Target, Item, Value).
func ParseBeacon(body []byte) ([]Event, error) {
	if len(body) > MaxBody {
		return nil, invalid("body over %d bytes", MaxBody)
	}
	if !utf8.Valid(body) {
		return nil, invalid("body is not UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var in struct {
		Events []json.RawMessage `json:"events"`
	}
	if err := dec.Decode(&in); err != nil {
		return nil, invalid("body must be a JSON object {\"events\": [...]}: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, invalid("body has data after its JSON object")
	}
	if len(in.Events) == 0 || len(in.Events) > maxBeaconEvents {
		return nil, invalid("events must hold 1 to %d events", maxBeaconEvents)
	}
	out := make([]Event, 0, len(in.Events))
	for i, raw := range in.Events {
		ev, err := parseEvent(raw)
		if err != nil {
			return nil, invalid("event %d: %v", i, err)
		}
		out = append(out, ev)
	}
	return out, nil
}

func parseEvent(raw json.RawMessage) (Event, error) {
	var b beaconEvent
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return Event{}, err
	}
	// allowed names the fields of the kind; any other present field is an error.
	present := map[string]bool{"path": b.Path != nil, "lang": b.Lang != nil, "screen": b.Screen != nil,
		"tz": b.TZ != nil, "id": b.ID != nil, "item": b.Item != nil, "pct": b.Pct != nil,
		"target": b.Target != nil, "step": b.Step != nil, "sec": b.Sec != nil}
	only := func(allowed ...string) error {
		for name, ok := range present {
			if ok && !slices.Contains(allowed, name) {
				return fmt.Errorf("%q is not a field of a %q event", name, b.T)
			}
		}
		for _, name := range allowed {
			if !present[name] {
				return fmt.Errorf("a %q event needs %q", b.T, name)
			}
		}
		return nil
	}
	ev := Event{Kind: b.T}
	switch b.T {
	case "view":
		if err := only("path", "lang", "screen", "tz"); err != nil {
			return ev, err
		}
		if !slices.Contains(Paths, *b.Path) {
			return ev, fmt.Errorf("path must be one of %v", Paths)
		}
		if !lang.Valid(*b.Lang) {
			return ev, fmt.Errorf("lang must be no or en")
		}
		if !slices.Contains(screenClasses, *b.Screen) {
			return ev, fmt.Errorf("screen must be phone, tablet or desktop")
		}
		if len(*b.TZ) > 64 || !timeZone.MatchString(*b.TZ) {
			return ev, fmt.Errorf("tz must be an IANA time zone name")
		}
		ev.Path, ev.Lang, ev.Screen, ev.Country = *b.Path, *b.Lang, *b.Screen, countryOf(*b.TZ)
	case "section":
		if err := only("id"); err != nil {
			return ev, err
		}
		if !slices.Contains(Sections, *b.ID) {
			return ev, fmt.Errorf("id must be one of %v", Sections)
		}
		ev.Target = *b.ID
	case "play", "progress":
		allowed := []string{"item"}
		if b.T == "progress" {
			allowed = append(allowed, "pct")
		}
		if err := only(allowed...); err != nil {
			return ev, err
		}
		if *b.Item < 1 {
			return ev, fmt.Errorf("item must be a portfolio item id")
		}
		ev.Item = *b.Item
		if b.T == "progress" {
			if !slices.Contains(progressSteps, *b.Pct) {
				return ev, fmt.Errorf("pct must be 25, 50, 75 or 100")
			}
			ev.Value = *b.Pct
		}
	case "click":
		if err := only("target"); err != nil {
			return ev, err
		}
		if !clickTarget.MatchString(*b.Target) {
			return ev, fmt.Errorf("target must match %s", clickTarget)
		}
		ev.Target = *b.Target
		if !slices.Contains(clickTargets, ev.Target) && !packageTarget.MatchString(ev.Target) {
			ev.Target = otherDim
		}
	case "form":
		if err := only("step"); err != nil {
			return ev, err
		}
		if !slices.Contains(formSteps, *b.Step) {
			return ev, fmt.Errorf("step must be started, invalid or sent")
		}
		ev.Target = *b.Step
	case "time":
		if err := only("sec"); err != nil {
			return ev, err
		}
		if *b.Sec < 0 || *b.Sec > 86400 {
			return ev, fmt.Errorf("sec must be a whole number from 0 to 86400")
		}
		ev.Value = *b.Sec
	default:
		return ev, fmt.Errorf("t must be view, section, play, progress, click, form or time")
	}
	return ev, nil
}

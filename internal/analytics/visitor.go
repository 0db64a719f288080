package analytics

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
)

// signedInHint is the cookie the server sets beside an admin's session
// (httpapi's signedInHintCookie): only then is the session looked up.
const signedInHint = "ugcfolio_signed_in"

// dayOf is the UTC day of t, the period of a salt and of a visitor.
func dayOf(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// saltCache holds the current day's salt of this process.
type saltCache struct {
	mu   sync.Mutex
	day  string
	salt []byte
}

// saltFor answers the salt of t's day: one random row per day in the
// database (so replicas hash alike), made by whoever needs it first. Rows of
// earlier days are deleted at that moment: from then on nobody, the operator
// included, can recompute yesterday's visitor hashes.
func (s *Service) saltFor(ctx context.Context, t time.Time) ([]byte, error) {
	day := dayOf(t)
	s.salt.mu.Lock()
	defer s.salt.mu.Unlock()
	if s.salt.day == day {
		return s.salt.salt, nil
	}
	fresh := make([]byte, 32)
	rand.Read(fresh)
	if _, err := s.st.DB.ExecContext(ctx, s.st.Rebind(`INSERT INTO analytics_salts (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING`),
		day, hex.EncodeToString(fresh)); err != nil {
		return nil, err
	}
	var saltHex string
	if err := s.st.DB.QueryRowContext(ctx, s.st.Rebind(`SELECT salt FROM analytics_salts WHERE day = ?`), day).Scan(&saltHex); err != nil {
		return nil, err
	}
	salt, err := hex.DecodeString(saltHex)
	if err != nil {
		return nil, err
	}
	if err := s.dropOldSalts(ctx, day); err != nil {
		return nil, err
	}
	s.salt.day, s.salt.salt = day, salt
	return salt, nil
}

// visitorHash is the visitor of a request on t's day: the first 16 bytes of
// sha256(salt, address, User-Agent), hex. Collisions are negligible at a
// creator's traffic, and the address cannot be recovered from it.
func (s *Service) visitorHash(ctx context.Context, r *http.Request, t time.Time) (string, error) {
	salt, err := s.saltFor(ctx, t)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write(salt)
	h.Write([]byte{0})
	h.Write([]byte(s.addr(r)))
	h.Write([]byte{0})
	ua := r.UserAgent()
	h.Write([]byte(ua[:min(len(ua), uaMaxLen)])) // as much of it as the bot check looks at
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// counted reports whether a request's events count: not when analytics
// are off, for Global Privacy Control, for a prefetch, for a bot or for a
// signed-in admin. It also answers the User-Agent's class, so that a
// request classifies it once.
func (s *Service) counted(r *http.Request) (uaClass, bool) {
	if s.cfg.Off || r.Header.Get("Sec-GPC") == "1" {
		return uaClass{}, false
	}
	ua := classify(r.UserAgent())
	return ua, !ua.bot && s.countedRequest(r)
}

// countedRequest is counted's check of the request's other headers.
func (s *Service) countedRequest(r *http.Request) bool {
	for _, h := range []string{"Sec-Purpose", "Purpose", "X-Purpose", "X-Moz"} {
		if v := strings.ToLower(r.Header.Get(h)); strings.Contains(v, "prefetch") || strings.Contains(v, "preview") {
			return false
		}
	}
	if _, err := r.Cookie(signedInHint); err == nil && s.isAdmin != nil && s.isAdmin(r) {
		return false
	}
	return true
}

// stamp sets what the server adds to every event of a request: time,
// visitor, browser and device.
func (s *Service) stamp(ctx context.Context, r *http.Request, ua uaClass, evs []Event) error {
	at := s.now()
	visitor, err := s.visitorHash(ctx, r, at)
	if err != nil {
		return err
	}
	for i := range evs {
		evs[i].At, evs[i].Visitor, evs[i].Browser, evs[i].Device = at, visitor, ua.browser, ua.device
	}
	return nil
}

// pageViewRate is how many page views of one client are counted: a burst
// of 60 (a school or an office behind one address), then one a second.
// Past it the page is served as ever but not counted, so a script that
// reloads the page does not fill the raw events (the beacon has its limit
// in httpapi). In this process's memory: a page view must not wait for a
// database write, and each replica counting its own share is close enough.
var pageViewRate = ratelimit.Rate{Every: time.Second, Burst: 60}

// PageView counts the page view of a page the server serves (/, /en,
// /privacy, /en/privacy) in language lg, unless the request is not counted
// or its client is past pageViewRate. It never fails the page: a problem
// is logged.
func (s *Service) PageView(r *http.Request, lg string) {
	if r.Method != http.MethodGet {
		return
	}
	ua, ok := s.counted(r)
	if !ok || r.Context().Err() != nil {
		return // not counted, or the client has gone
	}
	client := s.clientKey(r)
	if _, err := s.pageViews.Attempt(r.Context(), client); err != nil {
		return // the page is served all the same
	}
	q := r.URL.Query()
	ev := Event{Kind: "pageview", Path: r.URL.Path, Lang: lg, Referrer: referrerHost(r),
		UTMSource: clean(q.Get("utm_source")), UTMMedium: clean(q.Get("utm_medium")),
		UTMCampaign: clean(q.Get("utm_campaign")), Ref: clean(q.Get("ref")), client: client}
	evs := []Event{ev}
	if err := s.stamp(r.Context(), r, ua, evs); err != nil {
		s.log.Error("analytics: page view not counted", "err", err)
		return
	}
	s.enqueue(evs...)
}

// Accept takes a beacon's parsed events for writing. It answers false when
// the request is not counted (the handler answers 204 then).
func (s *Service) Accept(r *http.Request, evs []Event) (bool, error) {
	ua, ok := s.counted(r)
	if !ok {
		return false, nil
	}
	if err := s.stamp(r.Context(), r, ua, evs); err != nil {
		return false, err
	}
	s.enqueue(evs...)
	return true, nil
}

// referrerHost is the host of the Referer when it is another site, else "".
func referrerHost(r *http.Request) string {
	u, err := url.Parse(r.Referer())
	if err != nil || u.Host == "" || !strings.HasPrefix(u.Scheme, "http") {
		return ""
	}
	host := strings.ToLower(u.Hostname())
	if host == strings.ToLower(hostOnly(r.Host)) {
		return ""
	}
	return clean(strings.TrimPrefix(host, "www."))
}

func hostOnly(hostport string) string {
	if u, err := url.Parse("//" + hostport); err == nil {
		return u.Hostname()
	}
	return hostport
}

// clean keeps a query value a short line of printable text.
func clean(v string) string {
	v = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, strings.TrimSpace(v))
	if len(v) > 100 {
		v = strings.ToValidUTF8(v[:100], "")
	}
	return v
}

func counterValue(c prometheus.Counter) float64 {
	var m dto.Metric
	if err := c.Write(&m); err != nil {
		return 0
	}
	return m.GetCounter().GetValue()
}

// What a media kit's event (kind "kit") says happened: the kit was opened,
// or its PDF downloaded.
const (
	KitOpened     = "open"
	KitDownloaded = "pdf"
)

// KitEvent counts what a brand did with the media kit through a pitch
// link (ref, its token): opened the kit (KitOpened) or downloaded its PDF
// (KitDownloaded). Like a page view with the token, the event attributes
// the visitor's day to the link (a PDF forwarded and opened elsewhere
// counts too), within the same limits; without a token nothing is
// recorded. It never fails the answer: a problem is logged.
func (s *Service) KitEvent(r *http.Request, ref, what string) {
	ref = clean(ref)
	if ref == "" || r.Method != http.MethodGet {
		return
	}
	ua, ok := s.counted(r)
	if !ok || r.Context().Err() != nil {
		return
	}
	client := s.clientKey(r)
	if _, err := s.pageViews.Attempt(r.Context(), client); err != nil {
		return
	}
	evs := []Event{{Kind: "kit", Path: r.URL.Path, Target: what, Ref: ref, client: client}}
	if err := s.stamp(r.Context(), r, ua, evs); err != nil {
		s.log.Error("analytics: media kit event not counted", "err", err)
		return
	}
	s.enqueue(evs...)
}

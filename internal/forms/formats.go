package forms

import (
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/lang"
	"github.com/ugcfolio/ugcfolio/internal/media"
)

// The formats and lists the rules refer to: languages, length caps and the
// URLs an admin may store (DESIGN.md section 4: only http(s) or our own
// /uploads/, so javascript: and friends are never rendered).

// MaxURLLen caps every stored URL.
const MaxURLLen = 2048

// CheckLanguage accepts exactly the site's languages.
func CheckLanguage(s string) error {
	if !lang.Valid(s) {
		return apperr.Invalid("Language must be %s", lang.Or("%q"))
	}
	return nil
}

// CapText checks s is at most max characters.
func CapText(field, s string, max int) error {
	if utf8.RuneCountInString(s) > max {
		return apperr.Invalid("%s must be at most %d characters", field, max)
	}
	return nil
}

// isUploadPath reports whether u names a file of our own /uploads/: the
// same rule the media layer serves and deletes by.
func isUploadPath(u string) bool {
	_, ok := media.NameFromURL(u)
	return ok
}

// isWebURL reports whether u is an absolute http(s) URL with a host.
func isWebURL(u string) (*url.URL, bool) {
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" || p.User != nil {
		return nil, false
	}
	return p, true
}

// CheckMediaURL checks an optional stored image URL: empty, http(s) or /uploads/.
func CheckMediaURL(field, u string) (string, error) {
	u = strings.TrimSpace(u)
	if u == "" {
		return "", nil
	}
	if err := CapText(field, u, MaxURLLen); err != nil {
		return "", err
	}
	if _, ok := isWebURL(u); ok || isUploadPath(u) {
		return u, nil
	}
	return "", apperr.Invalid("%s must start with http://, https:// or /uploads/", field)
}

// IsUploadedImage reports whether u is a photo uploaded here: an /uploads/
// path whose stored name is an image's (the upload checked its bytes, and
// processing makes what visitors see of it). An external address or a
// video is not one.
func IsUploadedImage(u string) bool {
	name, ok := media.NameFromURL(u)
	return ok && media.IsImageName(name)
}

// IsLinkURL reports whether u is a link a visitor may follow: an absolute
// http(s) URL with a host and no user name or password.
func IsLinkURL(u string) bool {
	_, ok := isWebURL(u)
	return ok
}

// MsgInvalidVideoURL is SPEC.md section 5's message for a video URL that
// is none of the accepted kinds.
const MsgInvalidVideoURL = "Ugyldig video-URL: Vennligst oppgi en gyldig video-URL (YouTube, Vimeo, MP4) eller last opp en video"

// IsVideoURL is SPEC.md section 5's video URL rule, made safe: an /uploads/
// path, or an http(s) URL that names a video on YouTube or Vimeo, or one
// whose path ends in .mp4, .webm or .ogg. The web client applies the same
// rule (web/src/lib/media-url.ts; testdata/rules.json holds both to it).
func IsVideoURL(u string) bool {
	if isUploadPath(u) {
		return true
	}
	p, ok := isWebURL(u)
	if !ok {
		return false
	}
	if onDomain(p, "youtube.com") || onDomain(p, "youtu.be") || onDomain(p, "vimeo.com") {
		return serviceVideoID(p) != ""
	}
	path := strings.ToLower(p.Path)
	return strings.HasSuffix(path, ".mp4") || strings.HasSuffix(path, ".webm") || strings.HasSuffix(path, ".ogg")
}

// onDomain reports whether u's host is domain or one of its subdomains.
func onDomain(u *url.URL, domain string) bool {
	host := strings.ToLower(u.Hostname())
	return host == domain || strings.HasSuffix(host, "."+domain)
}

// serviceVideoID is the video a YouTube or Vimeo address names, or "" for
// one that names none (a channel page), which the public page could not
// play: YouTube's youtu.be/ID, watch?v=ID, embed/ID, shorts/ID and live/ID;
// Vimeo's last path segment. The client's embedUrl reads them the same way.
func serviceVideoID(u *url.URL) string {
	segments := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
	switch {
	case onDomain(u, "vimeo.com"):
		if len(segments) > 0 {
			return segments[len(segments)-1]
		}
	case onDomain(u, "youtu.be"):
		if len(segments) > 0 {
			return segments[0]
		}
	case u.Path == "/watch":
		return u.Query().Get("v")
	case len(segments) > 1 && (segments[0] == "embed" || segments[0] == "shorts" || segments[0] == "live"):
		return segments[1]
	}
	return ""
}

// IsDate reports whether s is a calendar day written YYYY-MM-DD in the
// years 2000 to 2099 (a deal's due date): 2026-02-29 is not one, and a year
// of 0026 is a typing slip. The web client applies the same rule
// (testdata/rules.json "dates").
func IsDate(s string) bool {
	t, err := time.Parse(time.DateOnly, s)
	return err == nil && t.Format(time.DateOnly) == s && t.Year() >= 2000 && t.Year() <= 2099
}

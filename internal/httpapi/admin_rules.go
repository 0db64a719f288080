package httpapi

import (
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/media"
)

// Shared input rules of the admin back office (issue 5): languages, length
// caps and the URLs an admin may store (DESIGN.md section 4: only http(s)
// or our own /uploads/, so javascript: and friends are never rendered).

// maxURLLen caps every stored URL.
const maxURLLen = 2048

// checkLanguage accepts exactly "no" and "en".
func checkLanguage(lang string) error {
	if lang != "no" && lang != "en" {
		return apperr.Invalid("Language must be \"no\" or \"en\"")
	}
	return nil
}

// requireText trims s and checks it is present and at most max characters.
func requireText(field, s string, max int) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", apperr.Invalid("%s is required", field)
	}
	return s, capText(field, s, max)
}

// capText checks s is at most max characters.
func capText(field, s string, max int) error {
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

// checkMediaURL checks an optional stored image URL: empty, http(s) or /uploads/.
func checkMediaURL(field, u string) (string, error) {
	u = strings.TrimSpace(u)
	if u == "" {
		return "", nil
	}
	if err := capText(field, u, maxURLLen); err != nil {
		return "", err
	}
	if _, ok := isWebURL(u); ok || isUploadPath(u) {
		return u, nil
	}
	return "", apperr.Invalid("%s must start with http://, https:// or /uploads/", field)
}

// msgInvalidVideoURL is SPEC.md section 5's message for a video URL that
// is none of the accepted kinds.
const msgInvalidVideoURL = "Ugyldig video-URL: Vennligst oppgi en gyldig video-URL (YouTube, Vimeo, MP4) eller last opp en video"

// videoHosts are the two video-sharing services (two host forms for the first).
var videoHosts = []string{"youtube.com", "youtu.be", "vimeo.com"}

// isVideoURL is SPEC.md section 5's video URL rule, made safe: an /uploads/
// path, or an http(s) URL on YouTube or Vimeo, or one whose path ends in
// .mp4, .webm or .ogg. The web client applies the same rule.
func isVideoURL(u string) bool {
	if isUploadPath(u) {
		return true
	}
	p, ok := isWebURL(u)
	if !ok {
		return false
	}
	host := strings.ToLower(p.Hostname())
	for _, h := range videoHosts {
		if host == h || strings.HasSuffix(host, "."+h) {
			return true
		}
	}
	path := strings.ToLower(p.Path)
	return strings.HasSuffix(path, ".mp4") || strings.HasSuffix(path, ".webm") || strings.HasSuffix(path, ".ogg")
}

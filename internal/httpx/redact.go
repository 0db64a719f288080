package httpx

import (
	"net/url"
	"path"
	"strings"
)

// Redactor hides, in a path written to the log, the secret a Redact route's
// path carries: the segment its first wildcard stands for, right after its
// first, literal segment ("GET /room/{token}/licences": a room's token), or
// any segment there for a subtree ("/room/"). The
// host makes one from every route it mounts, so it needs to know no
// capability's paths.
//
// A path is judged as a server or proxy might resolve it, not as it came:
// "//room/T", "/room//T", "/x/../room/T", "/./room/T", "/ROOM/T", or encoded
// once more than the server decoded are all /room/T, and are logged in
// their cleaned, decoded form with T hidden; so is one whose secret a dot
// segment removes ("/room/T/.."). A path under no such segment is logged as
// it came, and so is a literal route beside the secret ("/room/print.js").
type Redactor struct {
	// secret holds the first segments, lower-case, whose next segment is a secret.
	secret map[string]bool
	// literal holds "first/second", lower-case, for the routes that name their second segment.
	literal map[string]bool
}

// NewRedactor reads routes' patterns. It panics on a Redact route whose
// secret is not its second segment (or a subtree's): only that shape is
// judged, so another would be logged in full.
func NewRedactor(routes []Route) *Redactor {
	r := &Redactor{secret: map[string]bool{}, literal: map[string]bool{}}
	for _, rt := range routes {
		first, second := firstSegments(rt.Pattern)
		if rt.Redact {
			// "/room/{token}…", or the subtree "/room/" (what no other route of it answers)
			subtree := strings.HasSuffix(rt.Pattern, " /"+first+"/") || rt.Pattern == "/"+first+"/"
			if first == "" || isWildcard(first) || !(isWildcard(second) || subtree) {
				panic("httpx: a Redact route's secret must be its second segment: " + rt.Pattern)
			}
			r.secret[strings.ToLower(first)] = true
		}
	}
	for _, rt := range routes {
		first, second := firstSegments(rt.Pattern)
		if r.secret[strings.ToLower(first)] && second != "" && !isWildcard(second) {
			r.literal[strings.ToLower(first+"/"+second)] = true
		}
	}
	return r
}

// firstSegments are the first two segments of a ServeMux pattern's path ("GET /room/{token}/x" →
// "room", "{token}"), without its method and host.
func firstSegments(pattern string) (first, second string) {
	_, p, _ := strings.Cut(pattern, "/")
	segs := strings.SplitN(p, "/", 3)
	first = segs[0]
	if len(segs) > 1 {
		second = segs[1]
	}
	return first, second
}

func isWildcard(seg string) bool { return strings.HasPrefix(seg, "{") }

// Path is p with a secret hidden ("/room/…/licences"), or p as it came.
func (r *Redactor) Path(p string) string {
	decoded := unescapeAll(p)
	if !r.mentionsSecret(decoded) {
		return p // most paths: nothing to clean
	}
	clean := path.Clean("/" + decoded)
	first := r.secretFirst(clean)
	if first == "" {
		first = r.secretFirst(decoded) // "/room/T/..": the clean path has no token, the raw one had
	}
	if first == "" {
		return p
	}
	segs := strings.Split(clean, "/") // "", first, secret, rest...
	if len(segs) > 2 && !r.literal[strings.ToLower(segs[1]+"/"+segs[2])] {
		segs[2] = "…"
	}
	return strings.Join(segs, "/")
}

// mentionsSecret reports whether p holds the name of a segment whose next
// segment is a secret anywhere, in any case: only such a path needs cleaning.
func (r *Redactor) mentionsSecret(p string) bool {
	lower := strings.ToLower(p) // no copy when p is lower-case already
	for name := range r.secret {
		if strings.Contains(lower, name) {
			return true
		}
	}
	return false
}

// secretFirst is p's first segment that is not empty or "." when it is one
// whose next segment is a secret, in any case; else "".
func (r *Redactor) secretFirst(p string) string {
	for seg := range strings.SplitSeq(p, "/") {
		if seg == "" || seg == "." {
			continue
		}
		if r.secret[strings.ToLower(seg)] {
			return seg
		}
		return ""
	}
	return ""
}

// maxUnescapes bounds how many layers of percent-encoding Path peels: no
// proxy in front of the server decodes a path more often.
const maxUnescapes = 4

// unescapeAll percent-decodes p until nothing changes (or the encoding is
// broken, or maxUnescapes is reached).
func unescapeAll(p string) string {
	for range maxUnescapes {
		next, err := url.PathUnescape(p)
		if err != nil || next == p {
			break
		}
		p = next
	}
	return p
}

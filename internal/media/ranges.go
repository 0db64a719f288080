package media

import (
	"cmp"
	"net/http"
	"net/textproto"
	"slices"
	"strconv"
	"strings"
)

// A multi-range request ("bytes=0-0,0-0,…") makes http.ServeContent send
// one part per range, each with its own part headers, and read each part
// with its own seek (on S3, its own GET). net/http refuses only ranges
// whose lengths add up to more than the file, so 200,000 copies of "0-0"
// in a 1 MB header cost about 18 MB of answer and 200,000 reads for one
// byte of content. LimitRanges rewrites such a Range header before
// ServeContent sees it, so that the parts never overlap and an answer is
// never longer than the file plus at most MaxRanges part headers.
const (
	// MaxRanges is the most parts a multipart answer has; a request that
	// still needs more once its ranges are merged gets the whole file (200).
	// Players and PDF readers ask for one range, or a handful.
	MaxRanges = 16
	// mergeGap: ranges closer than this are merged into one part, since a
	// part's own headers (boundary, Content-Type, Content-Range) cost about
	// as much (RFC 9110 section 14.2 allows it).
	mergeGap = 80
)

// LimitRanges rewrites r's Range header for a file of size bytes: ranges
// that overlap, touch or nearly touch are merged (in file order), and more
// than MaxRanges parts drop the header (the whole file, 200). A header that
// needs neither is left as the client sent it, order included; one that
// net/http would refuse is left for it to answer (416).
func LimitRanges(r *http.Request, size int64) {
	h := r.Header.Get("Range")
	if !strings.Contains(h, ",") {
		return // no header, or one range: ServeContent sends at most the file
	}
	out, ok := tidyRange(h, size)
	switch {
	case !ok:
		// Unparsable or unsatisfiable: ServeContent answers it itself.
	case out == "":
		r.Header.Del("Range")
	default:
		r.Header.Set("Range", out)
	}
}

// byteRange is [start, end) of the file.
type byteRange struct{ start, end int64 }

// tidyRange returns the header to serve instead of h ("" for none), and
// false when h is one ServeContent refuses on its own. It parses h as
// net/http's parseRange does, so that the two agree on every header.
func tidyRange(h string, size int64) (string, bool) {
	ranges, empty, ok := parseRanges(h, size)
	if !ok {
		return h, false
	}
	if len(ranges) == 0 {
		return "", true // only empty ranges ("-0"): the whole file
	}
	merged := mergeRanges(ranges)
	if len(merged) > MaxRanges {
		return "", true
	}
	if len(merged) == len(ranges) && empty == 0 {
		return h, true // apart already: the client's order stays
	}
	parts := make([]string, len(merged))
	for i, m := range merged {
		parts[i] = strconv.FormatInt(m.start, 10) + "-" + strconv.FormatInt(m.end-1, 10)
	}
	return "bytes=" + strings.Join(parts, ","), true
}

// parseRanges reads a "bytes=" header into the non-empty ranges it asks
// for, clamped to the file, and how many empty ones ("-0") it holds. ok is false for a header net/http refuses:
// malformed, or with no range that starts inside the file.
func parseRanges(h string, size int64) (ranges []byteRange, empty int, ok bool) {
	spec, found := strings.CutPrefix(h, "bytes=")
	if !found {
		return nil, 0, false
	}
	outside := false
	for ra := range strings.SplitSeq(spec, ",") {
		ra = textproto.TrimString(ra)
		if ra == "" {
			continue
		}
		first, last, found := strings.Cut(ra, "-")
		if !found {
			return nil, 0, false
		}
		first, last = textproto.TrimString(first), textproto.TrimString(last)
		var r byteRange
		if first == "" { // "-N": the last N bytes
			n, err := strconv.ParseInt(last, 10, 64)
			if last == "" || last[0] == '-' || err != nil || n < 0 {
				return nil, 0, false
			}
			r = byteRange{start: size - min(n, size), end: size}
		} else {
			start, err := strconv.ParseInt(first, 10, 64)
			if err != nil || start < 0 {
				return nil, 0, false
			}
			if start >= size {
				outside = true
				continue
			}
			r = byteRange{start: start, end: size}
			if last != "" {
				end, err := strconv.ParseInt(last, 10, 64)
				if err != nil || start > end {
					return nil, 0, false
				}
				if end < size-1 {
					r.end = end + 1
				}
			}
		}
		if r.end > r.start {
			ranges = append(ranges, r)
		} else {
			empty++ // net/http would send it as a part of its own
		}
	}
	if outside && len(ranges) == 0 && empty == 0 {
		return nil, 0, false
	}
	return ranges, empty, true
}

// mergeRanges sorts ranges by start and merges those that overlap or lie
// less than mergeGap apart.
func mergeRanges(ranges []byteRange) []byteRange {
	sorted := slices.Clone(ranges)
	slices.SortFunc(sorted, func(a, b byteRange) int { return cmp.Compare(a.start, b.start) })
	merged := []byteRange{sorted[0]}
	for _, r := range sorted[1:] {
		last := &merged[len(merged)-1]
		if r.start-last.end < mergeGap {
			last.end = max(last.end, r.end)
			continue
		}
		merged = append(merged, r)
	}
	return merged
}

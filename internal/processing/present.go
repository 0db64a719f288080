package processing

import (
	"context"
	"slices"

	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// What processing made of an item's uploaded video or image, as the API
// answers it (its "videoMedia"/"imageMedia"). An admin sees every state,
// with the reason of a failure; a visitor sees only finished media, and an
// item's videoUrl/imageUrl then points at a processed file, never at the
// private original.

// Media is the "videoMedia"/"imageMedia" of an answer.
type Media struct {
	Status     string   `json:"status"`
	Error      string   `json:"error,omitempty"`
	Width      int      `json:"width"`
	Height     int      `json:"height"`
	DurationMS int64    `json:"durationMs"`
	PosterURL  string   `json:"posterUrl"`
	Sources    []Source `json:"sources"` // smallest first
	// CardSources are a photo's crops in the work card's 9:16 shape
	// (WebP, smallest first); absent for a video or a photo processed
	// before the crops were made.
	CardSources []Source `json:"cardSources,omitempty"`
}

// Source is one processed file of a Media.
type Source struct {
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Type   string `json:"type"`
	Bytes  int64  `json:"bytes"`
}

// AssetsOf loads the assets of those URLs that are our uploads, for Present.
func (p *Processor) AssetsOf(ctx context.Context, urls []string) (map[string]store.MediaAsset, error) {
	var names []string
	for _, u := range urls {
		if name, ok := media.NameFromURL(u); ok && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return p.st.MediaAssetsFor(ctx, names)
}

// Present returns the media of the upload *url points at (nil when it has
// none). For a visitor (admin false), unfinished media is nil, and *url is
// rewritten: to the largest rendition or JPEG variant once ready, and to
// "" for an image still private (an unprocessed video is served as it is
// until then).
func Present(url *string, assets map[string]store.MediaAsset, admin bool) *Media {
	name, ok := media.NameFromURL(*url)
	if !ok {
		return nil
	}
	a, ok := assets[name]
	if !ok {
		return nil
	}
	info := Describe(a)
	if admin {
		return info
	}
	if a.Status != store.MediaReady {
		if a.Kind == store.MediaImage {
			*url = ""
		}
		return nil
	}
	info.Error = ""
	*url = fallbackURL(a)
	return info
}

// Describe is an asset as answers carry it, every state included.
func Describe(a store.MediaAsset) *Media {
	info := &Media{Status: a.Status, Error: a.Error, Width: a.Width, Height: a.Height,
		DurationMS: a.DurationMS, Sources: []Source{}}
	for _, o := range a.Outputs {
		url := media.ProcessedURL(o.Name)
		source := Source{URL: url, Width: o.Width, Height: o.Height, Type: o.Type, Bytes: o.Bytes}
		switch o.Role {
		case store.RolePoster:
			info.PosterURL = url
		case store.RoleCard:
			info.CardSources = append(info.CardSources, source)
		default:
			info.Sources = append(info.Sources, source)
		}
	}
	byWidth := func(x, y Source) int { return x.Width - y.Width }
	slices.SortStableFunc(info.Sources, byWidth)
	slices.SortStableFunc(info.CardSources, byWidth)
	return info
}

// fallbackURL is the one URL a client that knows nothing of sources gets:
// the largest rendition of a video, the largest JPEG variant of an image
// (every browser shows JPEG).
func fallbackURL(a store.MediaAsset) string {
	best := store.MediaOutput{}
	for _, o := range a.Outputs {
		usable := (a.Kind == store.MediaVideo && o.Role == store.RoleVideo) ||
			(a.Kind == store.MediaImage && o.Role == store.RoleImage && o.Type == "image/jpeg")
		if usable && o.Width >= best.Width {
			best = o
		}
	}
	if best.Name == "" {
		return ""
	}
	return media.ProcessedURL(best.Name)
}

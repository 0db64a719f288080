package httpapi

import (
	"context"
	"errors"
	"net/http"
	"slices"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// What processing made of an item's uploaded video or image, as the API
// answers it (DESIGN.md section 6: media is processed, never served raw).
// An admin sees every state, with the reason of a failure; a visitor sees
// only finished media, and an item's videoUrl/imageUrl then points at a
// processed file, never at the private original.

// mediaInfo is the "videoMedia"/"imageMedia" of an answer.
type mediaInfo struct {
	Status     string        `json:"status"`
	Error      string        `json:"error,omitempty"`
	Width      int           `json:"width"`
	Height     int           `json:"height"`
	DurationMS int64         `json:"durationMs"`
	PosterURL  string        `json:"posterUrl"`
	Sources    []mediaSource `json:"sources"` // smallest first
	// CardSources are a photo's crops in the work card's 9:16 shape
	// (WebP, smallest first); absent for a video or a photo processed
	// before the crops were made.
	CardSources []mediaSource `json:"cardSources,omitempty"`
}

type mediaSource struct {
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Type   string `json:"type"`
	Bytes  int64  `json:"bytes"`
}

// portfolioAnswer is a portfolio item as the API answers it.
type portfolioAnswer struct {
	store.PortfolioItem
	VideoMedia *mediaInfo `json:"videoMedia"`
	ImageMedia *mediaInfo `json:"imageMedia"`
}

// testimonialAnswer is a testimonial as the API answers it.
type testimonialAnswer struct {
	store.Testimonial
	ImageMedia *mediaInfo `json:"imageMedia"`
}

// portfolioAnswers attaches the media of each item's uploads; for a
// visitor (admin false) it also points the URLs at processed files.
func (s *Server) portfolioAnswers(ctx context.Context, items []store.PortfolioItem, admin bool) ([]portfolioAnswer, error) {
	urls := make([]string, 0, 2*len(items))
	for _, p := range items {
		urls = append(urls, p.VideoURL, p.ImageURL)
	}
	assets, err := s.mediaAssetsOf(ctx, urls)
	if err != nil {
		return nil, err
	}
	answers := make([]portfolioAnswer, len(items))
	for i, p := range items {
		a := portfolioAnswer{PortfolioItem: p}
		a.VideoMedia = present(&a.VideoURL, assets, admin)
		a.ImageMedia = present(&a.ImageURL, assets, admin)
		answers[i] = a
	}
	return answers, nil
}

// testimonialAnswers is portfolioAnswers for testimonials.
func (s *Server) testimonialAnswers(ctx context.Context, list []store.Testimonial, admin bool) ([]testimonialAnswer, error) {
	urls := make([]string, len(list))
	for i, t := range list {
		urls[i] = t.ImageURL
	}
	assets, err := s.mediaAssetsOf(ctx, urls)
	if err != nil {
		return nil, err
	}
	answers := make([]testimonialAnswer, len(list))
	for i, t := range list {
		a := testimonialAnswer{Testimonial: t}
		a.ImageMedia = present(&a.ImageURL, assets, admin)
		answers[i] = a
	}
	return answers, nil
}

// mediaAssetsOf loads the assets of those URLs that are our uploads.
func (s *Server) mediaAssetsOf(ctx context.Context, urls []string) (map[string]store.MediaAsset, error) {
	var names []string
	for _, u := range urls {
		if name, ok := media.NameFromURL(u); ok && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return s.store.MediaAssetsFor(ctx, names)
}

// present returns the media of the upload *url points at (nil when it has
// none). For a visitor, unfinished media is nil, and *url is rewritten: to
// the largest rendition or JPEG variant once ready, and to "" for an image
// still private (an unprocessed video is served as it is until then).
func present(url *string, assets map[string]store.MediaAsset, admin bool) *mediaInfo {
	name, ok := media.NameFromURL(*url)
	if !ok {
		return nil
	}
	a, ok := assets[name]
	if !ok {
		return nil
	}
	info := describe(a)
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

func describe(a store.MediaAsset) *mediaInfo {
	info := &mediaInfo{Status: a.Status, Error: a.Error, Width: a.Width, Height: a.Height,
		DurationMS: a.DurationMS, Sources: []mediaSource{}}
	for _, o := range a.Outputs {
		url := media.ProcessedURL(o.Name)
		source := mediaSource{URL: url, Width: o.Width, Height: o.Height, Type: o.Type, Bytes: o.Bytes}
		switch o.Role {
		case store.RolePoster:
			info.PosterURL = url
		case store.RoleCard:
			info.CardSources = append(info.CardSources, source)
		default:
			info.Sources = append(info.Sources, source)
		}
	}
	byWidth := func(x, y mediaSource) int { return x.Width - y.Width }
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

// serveProcessed answers GET /media/{name}: a processed file, which never
// changes under its content-addressed name.
func (s *Server) serveProcessed(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	if !media.IsProcessedName(name) {
		return apperr.NotFound("File not found")
	}
	return s.serveFile(w, r, name, "public, max-age=31536000, immutable")
}

// isPrivateOriginal reports whether the stored file name is an original
// that visitors no longer get: every uploaded image, and a video once its
// renditions are ready (until then, or without ffmpeg, it is served as it
// was uploaded).
func (s *Server) isPrivateOriginal(ctx context.Context, name string) (bool, error) {
	a, err := s.store.GetMediaAsset(ctx, name)
	if apperr.Is(err, apperr.CodeNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return a.Kind == store.MediaImage || a.Status == store.MediaReady, nil
}

var errFileNotFound = apperr.NotFound("File not found")

// serveOriginal serves an uploaded original unless it is processed or private.
func (s *Server) serveOriginal(w http.ResponseWriter, r *http.Request, name string) error {
	if media.IsProcessedName(name) {
		return errFileNotFound
	}
	private, err := s.isPrivateOriginal(r.Context(), name)
	if err != nil {
		return err
	}
	if private {
		return errFileNotFound
	}
	return s.serveFile(w, r, name, originalCacheControl)
}

// serveFile streams a stored file with http.ServeContent: Range and
// If-Range, conditional requests, and no more read than is sent.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, name, cacheControl string) error {
	f, err := s.storage.Open(r.Context(), name)
	if errors.Is(err, media.ErrNotFound) {
		return errFileNotFound
	}
	if err != nil {
		return err
	}
	defer f.Close()
	h := w.Header()
	h.Set("Content-Type", media.ContentType(name))
	h.Set("Cache-Control", cacheControl)
	media.LimitRanges(r, f.Size()) // no multi-range answer longer than the file (ranges.go)
	http.ServeContent(w, r, name, f.ModTime(), f)
	return nil
}

// writePortfolioItem answers one item as an admin sees it.
func (s *Server) writePortfolioItem(w http.ResponseWriter, r *http.Request, status int, p store.PortfolioItem) error {
	answers, err := s.portfolioAnswers(r.Context(), []store.PortfolioItem{p}, true)
	if err != nil {
		return err
	}
	return writeJSON(w, status, answers[0])
}

// writeTestimonial answers one testimonial as an admin sees it.
func (s *Server) writeTestimonial(w http.ResponseWriter, r *http.Request, status int, t store.Testimonial) error {
	answers, err := s.testimonialAnswers(r.Context(), []store.Testimonial{t}, true)
	if err != nil {
		return err
	}
	return writeJSON(w, status, answers[0])
}

// removeProcessed deletes the processed files of an "/uploads/NAME" URL and
// its asset row (the caller has made sure nothing uses the upload). Two
// uploads with the same bytes share content-addressed files, so a file
// another asset still lists is kept.
func (s *Server) removeProcessed(ctx context.Context, url string) error {
	name, ok := media.NameFromURL(url)
	if !ok {
		return nil
	}
	a, err := s.store.GetMediaAsset(ctx, name)
	if apperr.Is(err, apperr.CodeNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := s.store.DeleteMediaAsset(ctx, name); err != nil && !apperr.Is(err, apperr.CodeNotFound) {
		return err
	}
	return s.deleteUnusedOutputs(ctx, a.Outputs)
}

// deleteUnusedOutputs removes the processed files that no asset lists any
// more. Files are named by their content, so two uploads of the same photo
// share them: one going must not take the other's.
func (s *Server) deleteUnusedOutputs(ctx context.Context, outputs []store.MediaOutput) error {
	for _, o := range outputs {
		shared, err := s.store.MediaOutputInUse(ctx, o.Name)
		if err != nil {
			return err
		}
		if shared {
			continue
		}
		if err := s.storage.Delete(ctx, o.Name); err != nil && !errors.Is(err, media.ErrNotFound) {
			return err
		}
	}
	return nil
}

// beginProcessing records the stored file name as processing (an image is
// private from now on) and queues its job, once per stored file: a retried
// finalize finds the asset and does nothing. When the job cannot be queued
// the asset goes again, so that a retried finalize starts over.
func (s *Server) beginProcessing(ctx context.Context, name, kind string, enqueue func() error) error {
	if _, err := s.store.GetMediaAsset(ctx, name); !apperr.Is(err, apperr.CodeNotFound) {
		return err // nil: already recorded
	}
	if err := s.store.PutMediaAsset(ctx, store.MediaAsset{StoredName: name, Kind: kind, Status: store.MediaProcessing}); err != nil {
		return err
	}
	if err := enqueue(); err != nil {
		s.store.DeleteMediaAsset(context.WithoutCancel(ctx), name)
		return err
	}
	return nil
}

// markProcessingFailed records why an upload could not be processed; the
// admin reads the reason (Norwegian), visitors keep what they saw. An asset
// removed meanwhile (its item deleted) stays removed.
func (s *Server) markProcessingFailed(ctx context.Context, name, kind, reason string) {
	ctx = context.WithoutCancel(ctx)
	if _, err := s.store.GetMediaAsset(ctx, name); err != nil {
		return
	}
	err := s.store.PutMediaAsset(ctx, store.MediaAsset{StoredName: name, Kind: kind, Status: store.MediaFailed, Error: reason})
	if err != nil {
		s.log.Error("cannot record a processing failure", "name", name, "kind", kind, "err", err)
	}
	s.publicCache.invalidate()
}

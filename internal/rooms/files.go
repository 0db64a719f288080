package rooms

import (
	"context"
	"database/sql"
	"errors"
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/processing"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// A draft's files: its original (stored like any upload) and what
// processing made of it (a poster and renditions, content-addressed like
// the portfolio's). None of them is served on the site's public paths
// (IsDraftFile); the room and the admin serve them after their own checks,
// never to a shared cache.

// privateCache is how every answer of a room is cached: by nobody. A
// shared cache must not keep a room's page or a draft, and the brand's
// browser must not keep a draft after the room is revoked.
const privateCache = "private, no-store"

// IsDraftFile reports whether a stored name is a draft's: its original, or
// a processed file that only drafts list (identical bytes uploaded to the
// site as well are the site's too). /uploads/ and /media/ answer 404 for it.
func (s *Service) IsDraftFile(ctx context.Context, name string) (bool, error) {
	if !media.IsProcessedName(name) {
		var one int
		err := s.st.DB.QueryRowContext(ctx, s.q(`SELECT 1 FROM room_drafts WHERE stored_name = ?`), name).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return false, nil
		}
		return err == nil, err
	}
	// "_" is LIKE's one-character wildcard, and every processed name has one.
	pattern := `%"name":"` + strings.ReplaceAll(name, "_", `\_`) + `"%`
	var drafts int
	if err := s.st.DB.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM room_drafts d JOIN media_assets a ON a.stored_name = d.stored_name
		WHERE a.outputs LIKE ? ESCAPE '\'`), pattern).Scan(&drafts); err != nil || drafts == 0 {
		return false, err
	}
	var site int
	err := s.st.DB.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM media_assets a WHERE a.outputs LIKE ? ESCAPE '\'
		AND NOT EXISTS (SELECT 1 FROM room_drafts d WHERE d.stored_name = a.stored_name)`), pattern).Scan(&site)
	return site == 0, err
}

// usesUpload reports whether a draft is the upload at url (the store's
// check of uploads in use asks it).
func (s *Service) usesUpload(ctx context.Context, url string) (bool, error) {
	var n int
	err := s.st.DB.QueryRowContext(ctx, s.q(`SELECT count(*) FROM room_drafts WHERE stored_name = ?`),
		strings.TrimPrefix(url, media.URLPrefix)).Scan(&n)
	return n > 0, err
}

// removeFiles deletes a draft's original, what processing made of it and
// its asset row (files another upload shares stay). A failure is logged:
// the draft is gone already, and the janitor of uploads finds the original.
func (s *Service) removeFiles(ctx context.Context, storedName string) {
	ctx = context.WithoutCancel(ctx)
	url := media.URLPrefix + storedName
	s.forget(ctx, url)
	if err := media.RemoveURL(ctx, s.storage, url); err != nil {
		s.log.Error("rooms: cannot remove a draft's file", "name", storedName, "err", err)
	}
}

// forget removes what processing made of an upload.
func (s *Service) forget(ctx context.Context, url string) {
	if err := s.processing.Forget(context.WithoutCancel(ctx), url); err != nil {
		s.log.Error("rooms: cannot remove a draft's processed files", "url", url, "err", err)
	}
}

// onDealDelete is the deals' delete hook: inside the deletion's
// transaction it reads the deal's drafts (their rows, the room, its links
// and the licences go with the deal: ON DELETE CASCADE), and once that is
// committed it removes their files.
func (s *Service) onDealDelete(ctx context.Context, tx *sql.Tx, dealID int64) (func(context.Context), error) {
	rows, err := tx.QueryContext(ctx, s.q(`SELECT stored_name FROM room_drafts WHERE deal_id = ?`), dealID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		names = append(names, n)
	}
	if err := rows.Err(); err != nil || len(names) == 0 {
		return nil, err
	}
	return func(ctx context.Context) {
		for _, n := range names {
			s.removeFiles(ctx, n)
		}
	}, nil
}

// DraftMedia is what a draft plays from: as processing.Media, with every
// address under the room's or the admin's own path.
type DraftMedia struct {
	// Status is processing, ready or failed, or "original" when this server
	// does not process videos (no ffmpeg): the upload plays as it is.
	Status     string              `json:"status"`
	Error      string              `json:"error,omitempty"`
	Width      int                 `json:"width"`
	Height     int                 `json:"height"`
	DurationMS int64               `json:"durationMs"`
	PosterURL  string              `json:"posterUrl"`
	Sources    []processing.Source `json:"sources"` // smallest first
}

// mediaStatusOriginal is DraftMedia.Status for an upload not processed.
const mediaStatusOriginal = "original"

// draftMedia presents a draft's asset (nil: none) with addresses under prefix.
func draftMedia(dr Draft, a *store.MediaAsset, prefix string) *DraftMedia {
	if a == nil {
		return &DraftMedia{Status: mediaStatusOriginal, Sources: []processing.Source{
			{URL: prefix + dr.storedName, Type: media.ContentType(dr.storedName), Bytes: dr.FileSize}}}
	}
	m := processing.Describe(*a)
	out := &DraftMedia{Status: m.Status, Error: m.Error, Width: m.Width, Height: m.Height, DurationMS: m.DurationMS,
		Sources: []processing.Source{}}
	if m.PosterURL != "" {
		out.PosterURL = prefix + path.Base(m.PosterURL)
	}
	if m.Status == store.MediaReady {
		for _, src := range m.Sources {
			src.URL = prefix + path.Base(src.URL)
			out.Sources = append(out.Sources, src)
		}
	}
	return out
}

// assets loads the assets of the drafts, by stored name.
func (s *Service) assets(ctx context.Context, list []Draft) (map[string]store.MediaAsset, error) {
	names := make([]string, len(list))
	for i, d := range list {
		names[i] = d.storedName
	}
	return s.st.MediaAssetsFor(ctx, names)
}

func assetOf(assets map[string]store.MediaAsset, dr Draft) *store.MediaAsset {
	if a, ok := assets[dr.storedName]; ok {
		return &a
	}
	return nil
}

var errFileNotFound = apperr.NotFound("File not found")

// When a draft's original may be served.
type originalRule int

const (
	originalIfUnprocessed originalRule = iota // the room's player: only while no processing exists (no ffmpeg here)
	originalAlways                            // the admin, and an approved draft's download
)

// serveDraftFile streams one of a draft's files with Range support: name
// must be one its asset lists, or its original as the rule allows.
// download makes the browser save it under the draft's own file name.
func (s *Service) serveDraftFile(w http.ResponseWriter, r *http.Request, dr Draft, name string, rule originalRule, download bool) error {
	a, err := s.st.GetMediaAsset(r.Context(), dr.storedName)
	unprocessed := apperr.Is(err, apperr.CodeNotFound)
	if err != nil && !unprocessed {
		return err
	}
	switch {
	case name == dr.storedName:
		if rule != originalAlways && !unprocessed {
			return errFileNotFound
		}
	case unprocessed || !listed(a.Outputs, name):
		return errFileNotFound
	}
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
	h.Set("Cache-Control", privateCache)
	if download {
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": downloadName(dr)}))
	}
	media.LimitRanges(r, f.Size())
	http.ServeContent(w, r, name, f.ModTime(), f)
	return nil
}

func listed(outputs []store.MediaOutput, name string) bool {
	for _, o := range outputs {
		if o.Name == name {
			return true
		}
	}
	return false
}

// downloadName is the final's file name: as uploaded, with the stored
// file's extension (the type it is served as).
func downloadName(dr Draft) string {
	base := strings.TrimSuffix(path.Base(strings.ReplaceAll(dr.FileName, `\`, "/")), path.Ext(dr.FileName))
	if strings.TrimSpace(base) == "" || base == "." {
		base = "video"
	}
	return base + path.Ext(dr.storedName)
}

package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// Kinds, states and output roles of a media asset.
const (
	MediaVideo = "video"
	MediaImage = "image"

	MediaProcessing = "processing"
	MediaReady      = "ready"
	MediaFailed     = "failed"

	RolePoster = "poster" // a video's still frame
	RoleVideo  = "video"  // a video rendition
	RoleImage  = "image"  // an image variant
	RoleCard   = "card"   // an image's 9:16 crop for the work card
)

// MediaOutput is one processed file, kept in storage under Name and served
// at /media/Name.
type MediaOutput struct {
	Name   string `json:"name"`
	Role   string `json:"role"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Type   string `json:"type"`
	Bytes  int64  `json:"bytes"`
}

// MediaAsset is what processing made of one stored upload (the original,
// stored under StoredName): its state and its processed files.
type MediaAsset struct {
	StoredName string
	Kind       string
	Status     string
	Error      string // why processing failed, in the admin's language
	Width      int    // of the result, rotation applied
	Height     int
	DurationMS int64
	Outputs    []MediaOutput
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

const mediaAssetColumns = `stored_name, kind, status, error, width, height, duration_ms, outputs, created_at, updated_at`

func scanMediaAsset(row interface{ Scan(...any) error }) (MediaAsset, error) {
	var a MediaAsset
	var outputs string
	err := row.Scan(&a.StoredName, &a.Kind, &a.Status, &a.Error, &a.Width, &a.Height, &a.DurationMS,
		&outputs, &a.CreatedAt, &a.UpdatedAt)
	if err != nil {
		return a, err
	}
	if err := json.Unmarshal([]byte(outputs), &a.Outputs); err != nil {
		return a, fmt.Errorf("media asset %s: outputs: %w", a.StoredName, err)
	}
	return a, nil
}

var errMediaAssetNotFound = apperr.NotFound("Media not found")

// PutMediaAsset records an asset, replacing the one with the same
// StoredName (its CreatedAt is kept).
func (s *Store) PutMediaAsset(ctx context.Context, a MediaAsset) error {
	if a.Outputs == nil {
		a.Outputs = []MediaOutput{}
	}
	outputs, err := json.Marshal(a.Outputs)
	if err != nil {
		return err
	}
	t := now()
	_, err = s.exec(ctx, `INSERT INTO media_assets (`+mediaAssetColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (stored_name) DO UPDATE SET kind = excluded.kind, status = excluded.status,
			error = excluded.error, width = excluded.width, height = excluded.height,
			duration_ms = excluded.duration_ms, outputs = excluded.outputs, updated_at = excluded.updated_at`,
		a.StoredName, a.Kind, a.Status, a.Error, a.Width, a.Height, a.DurationMS, string(outputs), t, t)
	return err
}

// GetMediaAsset returns the asset of a stored upload.
func (s *Store) GetMediaAsset(ctx context.Context, storedName string) (MediaAsset, error) {
	a, err := scanMediaAsset(s.queryRow(ctx, `SELECT `+mediaAssetColumns+` FROM media_assets WHERE stored_name = ?`, storedName))
	if noRows(err) {
		return MediaAsset{}, errMediaAssetNotFound
	}
	return a, err
}

// MediaAssetsFor returns the assets of the given stored names, by name;
// names without one are absent from the map.
func (s *Store) MediaAssetsFor(ctx context.Context, names []string) (map[string]MediaAsset, error) {
	found := map[string]MediaAsset{}
	if len(names) == 0 {
		return found, nil
	}
	args := make([]any, len(names))
	for i, n := range names {
		args[i] = n
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(names)), ", ")
	rows, err := s.query(ctx, `SELECT `+mediaAssetColumns+` FROM media_assets WHERE stored_name IN (`+marks+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		a, err := scanMediaAsset(rows)
		if err != nil {
			return nil, err
		}
		found[a.StoredName] = a
	}
	return found, rows.Err()
}

// DeleteMediaAsset forgets an asset (its files are the caller's to remove).
func (s *Store) DeleteMediaAsset(ctx context.Context, storedName string) error {
	res, err := s.exec(ctx, `DELETE FROM media_assets WHERE stored_name = ?`, storedName)
	return affectedOne(res, err, errMediaAssetNotFound)
}

// MediaOutputInUse reports whether any asset lists the processed file name
// among its outputs (identical uploads share content-addressed files).
func (s *Store) MediaOutputInUse(ctx context.Context, name string) (bool, error) {
	// "_" is LIKE's one-character wildcard, and every processed name has one.
	pattern := `%"name":"` + strings.ReplaceAll(name, "_", `\_`) + `"%`
	var n int
	err := s.queryRow(ctx, `SELECT COUNT(*) FROM media_assets WHERE outputs LIKE ? ESCAPE '\'`, pattern).Scan(&n)
	return n > 0, err
}

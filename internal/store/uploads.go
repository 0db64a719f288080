package store

import (
	"context"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// Upload is the bookkeeping of a chunked upload, kept from initialize until
// 24 hours after it started.
type Upload struct {
	ID          string
	UserID      int64
	FileName    string
	FileSize    int64
	FileType    string
	TotalChunks int
	StoredName  string // set by finalize before the file goes into storage
	// ChunkSize is the size of every chunk but the last once the first of
	// them has fixed it (ClaimUploadChunkSize), else 0. Only uploads whose
	// chunks are kept in the bucket record it (media.Uploads.Bucket).
	ChunkSize int64
	CreatedAt time.Time
}

const uploadColumns = `id, user_id, file_name, file_size, file_type, total_chunks, stored_name, chunk_size, created_at`

func scanUpload(row interface{ Scan(...any) error }) (Upload, error) {
	var u Upload
	err := row.Scan(&u.ID, &u.UserID, &u.FileName, &u.FileSize, &u.FileType, &u.TotalChunks, &u.StoredName, &u.ChunkSize, &u.CreatedAt)
	return u, err
}

var errUploadNotFound = apperr.NotFound("Upload not found")

// CreateUpload records a new upload; an id already in use is a conflict.
func (s *Store) CreateUpload(ctx context.Context, u Upload) (Upload, error) {
	created, err := scanUpload(s.queryRow(ctx, `INSERT INTO uploads (`+uploadColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, '', 0, ?) RETURNING `+uploadColumns,
		u.ID, u.UserID, u.FileName, u.FileSize, u.FileType, u.TotalChunks, now()))
	if isUniqueViolation(err) {
		return Upload{}, apperr.New(apperr.CodeConflict, "Upload id already in use")
	}
	return created, err
}

// GetUpload returns an upload in progress.
func (s *Store) GetUpload(ctx context.Context, id string) (Upload, error) {
	u, err := scanUpload(s.queryRow(ctx, `SELECT `+uploadColumns+` FROM uploads WHERE id = ?`, id))
	if noRows(err) {
		return Upload{}, errUploadNotFound
	}
	return u, err
}

// SetUploadStoredName records the name finalize stores the file under,
// unless one is recorded already, and answers the name in force: two
// finalizes of one upload at once (a retry sent to another replica) store
// the file under one name.
func (s *Store) SetUploadStoredName(ctx context.Context, id, name string) (string, error) {
	res, err := s.exec(ctx, `UPDATE uploads SET stored_name = ? WHERE id = ? AND stored_name = ''`, name, id)
	if err := affectedOne(res, err, errUploadNotFound); !apperr.Is(err, apperr.CodeNotFound) {
		return name, err
	}
	var inForce string
	if err := s.queryRow(ctx, `SELECT stored_name FROM uploads WHERE id = ?`, id).Scan(&inForce); noRows(err) {
		return "", errUploadNotFound
	} else if err != nil {
		return "", err
	}
	return inForce, nil
}

// DeleteUpload forgets an upload (finished or abandoned).
func (s *Store) DeleteUpload(ctx context.Context, id string) error {
	res, err := s.exec(ctx, `DELETE FROM uploads WHERE id = ?`, id)
	return affectedOne(res, err, errUploadNotFound)
}

// StaleUploads lists uploads started before the given time.
func (s *Store) StaleUploads(ctx context.Context, before time.Time) ([]Upload, error) {
	rows, err := s.query(ctx, `SELECT `+uploadColumns+` FROM uploads WHERE created_at < ?`, before.UTC())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []Upload
	for rows.Next() {
		u, err := scanUpload(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, u)
	}
	return list, rows.Err()
}

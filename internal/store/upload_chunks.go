package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// The chunks of an upload whose chunks are kept in the S3 bucket: a row per
// chunk once it is durable there (media's bucketChunks), so that any
// replica can tell which chunks have come. The rows go with their upload.

// ClaimUploadChunkSize fixes the size of every chunk but the last at size,
// unless a chunk has fixed it already, and answers the size in force.
func (s *Store) ClaimUploadChunkSize(ctx context.Context, id string, size int64) (int64, error) {
	if _, err := s.exec(ctx, `UPDATE uploads SET chunk_size = ? WHERE id = ? AND chunk_size = 0`, size, id); err != nil {
		return 0, err
	}
	var inForce int64
	err := s.queryRow(ctx, `SELECT chunk_size FROM uploads WHERE id = ?`, id).Scan(&inForce)
	if noRows(err) {
		return 0, errUploadNotFound
	}
	return inForce, err
}

// RecordUploadChunk records that chunk index of upload id, of size bytes,
// is kept; a chunk sent again replaces the record.
func (s *Store) RecordUploadChunk(ctx context.Context, id string, index int, size int64) error {
	_, err := s.exec(ctx, `INSERT INTO upload_chunks (upload_id, chunk_index, size) VALUES (?, ?, ?)
		ON CONFLICT (upload_id, chunk_index) DO UPDATE SET size = excluded.size`, id, index, size)
	if isForeignKeyViolation(err) {
		return errUploadNotFound // the upload went (finalize failed, or cleanup) while the chunk came
	}
	return err
}

// ForgetUploadChunk unrecords one chunk (one being sent again is missing
// until it is whole again); a chunk not recorded is no error.
func (s *Store) ForgetUploadChunk(ctx context.Context, id string, index int) error {
	_, err := s.exec(ctx, `DELETE FROM upload_chunks WHERE upload_id = ? AND chunk_index = ?`, id, index)
	return err
}

// UploadChunks answers the size of each recorded chunk of upload id, by index.
func (s *Store) UploadChunks(ctx context.Context, id string) (map[int]int64, error) {
	rows, err := s.query(ctx, `SELECT chunk_index, size FROM upload_chunks WHERE upload_id = ?`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	sizes := map[int]int64{}
	for rows.Next() {
		var index int
		var size int64
		if err := rows.Scan(&index, &size); err != nil {
			return nil, err
		}
		sizes[index] = size
	}
	return sizes, rows.Err()
}

// DeleteUploadChunks unrecords every chunk of upload id.
func (s *Store) DeleteUploadChunks(ctx context.Context, id string) error {
	_, err := s.exec(ctx, `DELETE FROM upload_chunks WHERE upload_id = ?`, id)
	return err
}

// isForeignKeyViolation reports whether err is a foreign-key failure in
// either engine, by the drivers' codes (SQLITE_CONSTRAINT_FOREIGNKEY,
// SQLSTATE 23503).
func isForeignKeyViolation(err error) bool {
	var sqliteErr *sqlite.Error
	if errors.As(err, &sqliteErr) {
		return sqliteErr.Code() == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY
	}
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23503"
}

package media

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/images"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Limits of the chunked upload protocol (SPEC.md section 9, DESIGN.md section 4).
const (
	MaxFileSize  = 100 << 20       // 104857600 bytes: the largest video accepted
	MaxImageSize = images.MaxBytes // 25 MB: the largest photo accepted
	MaxChunkSize = 5 << 20         // the largest chunk; the client sends 512000 or 1 MiB
	MaxAge       = 24 * time.Hour
)

// UploadIDPattern is the strict shape of an upload id (the client sends
// crypto.randomUUID()); testdata/rules.json shares it with the client.
const UploadIDPattern = `^[A-Za-z0-9_-]{8,64}$`

var idRe = regexp.MustCompile(UploadIDPattern)

// ValidUploadID reports whether id has the shape of an upload id.
func ValidUploadID(id string) bool { return idRe.MatchString(id) }

var (
	errBadID        = apperr.Invalid("Invalid upload id: use 8 to 64 letters, digits, - or _")
	errNotFound     = apperr.NotFound("Upload not found")
	errNotVideo     = apperr.New(apperr.CodeUnsupportedMedia, "Only video and image files can be uploaded")
	errBadSignature = apperr.New(apperr.CodeUnsupportedMedia, "The file is not a video in a supported format (MP4, MOV, WebM or Ogg)")
	errTooLarge     = apperr.New(apperr.CodeTooLarge, "File is too large: the limit is 100 MB")
	errExceeds      = apperr.New(apperr.CodeTooLarge, "The chunks exceed the declared file size")
)

// UploadStore is what the upload protocol needs of the database: the
// bookkeeping row of each upload in progress, and the record of the chunks
// kept in the bucket (Uploads.Bucket).
type UploadStore interface {
	CreateUpload(ctx context.Context, u store.Upload) (store.Upload, error)
	GetUpload(ctx context.Context, id string) (store.Upload, error)
	SetUploadStoredName(ctx context.Context, id, name string) (string, error)
	DeleteUpload(ctx context.Context, id string) error
	StaleUploads(ctx context.Context, before time.Time) ([]store.Upload, error)

	ClaimUploadChunkSize(ctx context.Context, id string, size int64) (int64, error)
	RecordUploadChunk(ctx context.Context, id string, index int, size int64) error
	ForgetUploadChunk(ctx context.Context, id string, index int) error
	UploadChunks(ctx context.Context, id string) (map[int]int64, error)
	DeleteUploadChunks(ctx context.Context, id string) error
}

// Uploads runs the chunked upload protocol. Chunks gather on the local disk
// under Dir (a chunkArea per upload), or with Bucket in the S3 bucket, and
// the assembled, checked file goes to Storage under a random name.
type Uploads struct {
	Store   UploadStore
	Storage Storage
	Dir     string // the chunk area, e.g. DATA/upload-chunks
	// Bucket, when set (S3 storage), keeps the chunks in the bucket instead
	// of under Dir, so that any replica takes any chunk of an upload and any
	// replica finalizes it (bucketchunks.go).
	Bucket *S3
	Log    *slog.Logger
	// InUse reports whether a saved item uses a stored file's URL; Cleanup
	// keeps such files and removes the others it finds abandoned.
	InUse func(ctx context.Context, url string) (bool, error)
}

// chunks is where this server keeps the chunks of uploads in progress.
func (u *Uploads) chunks() chunkStore {
	if u.Bucket != nil {
		return bucketChunks{s3: u.Bucket, st: u.Store}
	}
	return localChunks{dir: u.Dir}
}

// What was made from a stored file (internal/processing's variants,
// renditions and asset row) is not this package's: Finalize and Cleanup
// answer the URLs of the stored files they removed, and the caller
// forgets what was made of them.

// Declaration is what POST /api/admin/upload/initialize declares.
type Declaration struct {
	UploadID    string `json:"uploadId"`
	FileName    string `json:"fileName"`
	FileSize    int64  `json:"fileSize"`
	FileType    string `json:"fileType"`
	TotalChunks int    `json:"totalChunks"`
}

// maxChunkFor is the largest chunk a file of size bytes in n chunks can
// have: with chunks of c bytes, ceil(size/c) = n exactly when
// size/n <= c < size/(n-1).
func maxChunkFor(size int64, n int) int64 {
	if n <= 1 {
		return min(size, MaxChunkSize)
	}
	return min((size-1)/int64(n-1), MaxChunkSize)
}

// Initialize validates the declaration and opens the upload for userID.
// Nothing is written to disk yet.
func (u *Uploads) Initialize(ctx context.Context, userID int64, in Declaration) error {
	if !ValidUploadID(in.UploadID) {
		return errBadID
	}
	in.FileName = strings.TrimSpace(in.FileName)
	// A photo in a format we do not take (a ProRAW DNG, a GIF) is refused
	// before its bytes are sent, with the formats we do take.
	if err := images.RefuseDeclared(in.FileName, in.FileType); err != nil {
		return err
	}
	switch {
	case in.FileName == "" || len(in.FileName) > 255:
		return apperr.Invalid("fileName must be 1 to 255 characters")
	case in.FileSize <= 0:
		return apperr.Invalid("fileSize must be a positive number of bytes")
	case IsImageType(in.FileType) && in.FileSize > MaxImageSize:
		return images.ErrTooLarge
	case in.FileSize > MaxFileSize:
		return errTooLarge
	case !IsImageType(in.FileType) && !strings.HasPrefix(strings.ToLower(in.FileType), "video/"):
		return errNotVideo
	}
	// Some chunk size c <= MaxChunkSize must give exactly n chunks:
	// the smallest such c is ceil(size/n), and it must not give fewer.
	n := int64(in.TotalChunks)
	if n < 1 || n > in.FileSize {
		return apperr.Invalid("totalChunks must be from 1 to %d for this file", min(in.FileSize, MaxFileSize))
	}
	c := (in.FileSize + n - 1) / n
	if c > MaxChunkSize || (in.FileSize+c-1)/c != n {
		return apperr.Invalid("totalChunks %d does not fit fileSize %d with chunks of at most %d bytes", n, in.FileSize, MaxChunkSize)
	}
	_, err := u.Store.CreateUpload(ctx, store.Upload{
		ID: in.UploadID, UserID: userID, FileName: in.FileName, FileSize: in.FileSize,
		FileType: in.FileType, TotalChunks: in.TotalChunks,
	})
	return err
}

// upload returns the upload id of userID; another user's upload is "not
// found", so ids cannot be probed.
func (u *Uploads) upload(ctx context.Context, userID int64, id string) (store.Upload, error) {
	if !ValidUploadID(id) {
		return store.Upload{}, errBadID
	}
	up, err := u.Store.GetUpload(ctx, id)
	if apperr.Is(err, apperr.CodeNotFound) || (err == nil && up.UserID != userID) {
		return store.Upload{}, errNotFound
	}
	return up, err
}

// PutChunk keeps one chunk from r (on disk, or in the bucket). totalChunks
// must repeat the declaration, the index be in range, and the chunk be no
// larger than the declared size allows; every chunk but the last must have
// one size.
func (u *Uploads) PutChunk(ctx context.Context, userID int64, id string, index, totalChunks int, r io.Reader) error {
	up, err := u.upload(ctx, userID, id)
	if err != nil {
		return err
	}
	if up.StoredName != "" {
		return errFinalized
	}
	if totalChunks != up.TotalChunks {
		return apperr.Invalid("totalChunks %d does not match the %d declared", totalChunks, up.TotalChunks)
	}
	if index < 0 || index >= up.TotalChunks {
		return apperr.Invalid("chunkIndex must be from 0 to %d", up.TotalChunks-1)
	}
	return u.chunks().put(ctx, up, index, r)
}

var errFinalized = apperr.New(apperr.CodeConflict, "The upload is already finalized")

// Finalize checks that every chunk is there, that the chunks add up to the
// declared size, and that the bytes are a video by their signature (a
// photo by its signature and the size in its header); then it stores the
// file under a random name and returns its URL.
//
// It can be retried: the name is recorded before the file goes into
// storage, so a second call (the first answer lost, or the server killed
// midway) returns the same URL, storing the file first if the first call
// did not get that far. A failure discards the chunks and the bookkeeping
// (the upload starts again); a stored file no item takes up is removed by
// Cleanup 24 hours after the upload began.
//
// When a failure removed a file that an earlier call had stored, its URL
// comes back with the error (else ""), so that the caller can forget what
// was made of it.
func (u *Uploads) Finalize(ctx context.Context, userID int64, id string) (string, error) {
	up, err := u.upload(ctx, userID, id)
	if err != nil {
		return "", err
	}
	chunks := u.chunks()
	if up.StoredName != "" && u.stored(ctx, up.StoredName) {
		u.removeChunks(ctx, chunks, id)
		return URLPrefix + up.StoredName, nil
	}
	name, err := u.store(ctx, up, chunks)
	if err != nil {
		if url, ok := u.storedMeanwhile(ctx, id); ok {
			return url, nil
		}
		return u.discard(context.WithoutCancel(ctx), up), err
	}
	u.removeChunks(ctx, chunks, id)
	return URLPrefix + name, nil
}

// storedMeanwhile answers the URL of the upload's file when another
// finalize of it (a retry that reached another replica while this one ran)
// has stored it, and so removed the chunks under this one: its answer is
// this one's, and nothing is discarded. Storage never holds half a file.
func (u *Uploads) storedMeanwhile(ctx context.Context, id string) (string, bool) {
	up, err := u.Store.GetUpload(ctx, id)
	if err != nil || up.StoredName == "" || !u.stored(ctx, up.StoredName) {
		return "", false
	}
	return URLPrefix + up.StoredName, true
}

// removeChunks removes the chunks of a stored upload. A failure is only
// logged: the file is stored, and Cleanup removes the chunks with the
// upload's row 24 hours after it began.
func (u *Uploads) removeChunks(ctx context.Context, chunks chunkStore, id string) {
	if err := chunks.remove(context.WithoutCancel(ctx), id); err != nil {
		u.log().Error("remove chunks of a stored upload", "upload", id, "err", err)
	}
}

// store assembles the chunks, checks them and puts the file into storage
// under the upload's recorded name (a new random one the first time).
func (u *Uploads) store(ctx context.Context, up store.Upload, chunks chunkStore) (string, error) {
	file, err := chunks.assemble(ctx, up)
	if err != nil {
		return "", err
	}
	ext := SniffAs(up.FileType, file.head)
	switch {
	case ext == "" && images.RefuseUntaken(file.head) != nil:
		return "", images.RefuseUntaken(file.head)
	case ext == "" && IsImageType(up.FileType):
		return "", images.ErrNotImage
	case ext == "":
		return "", errBadSignature
	}
	// A photo with too many pixels, or too much memory decoded (a 16-bit
	// PNG), is told so now (413), not by a job that fails after it is stored.
	if IsImageType(up.FileType) {
		if err := images.RefuseOversized(file.head); err != nil {
			return "", err
		}
	}
	name := up.StoredName
	if name == "" {
		if name, err = u.Store.SetUploadStoredName(ctx, up.ID, randomName()+ext); err != nil {
			return "", err
		}
	}
	return name, file.storeAs(ctx, u.Storage, name)
}

// stored reports whether storage holds a file under name.
func (u *Uploads) stored(ctx context.Context, name string) bool {
	f, err := u.Storage.Open(ctx, name)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

// discard forgets an upload: its chunk directory, its row, and the file it
// stored unless a saved item uses it (or that cannot be told). It answers
// the URL of that stored file when it is gone now, else "".
func (u *Uploads) discard(ctx context.Context, up store.Upload) (removed string) {
	if err := u.chunks().remove(ctx, up.ID); err != nil {
		u.log().Error("remove upload chunks", "upload", up.ID, "err", err)
	}
	if up.StoredName != "" && !u.inUse(ctx, URLPrefix+up.StoredName) {
		if err := u.Storage.Delete(ctx, up.StoredName); err != nil && !errors.Is(err, ErrNotFound) {
			u.log().Error("remove unused upload", "upload", up.ID, "err", err)
		} else {
			removed = URLPrefix + up.StoredName
		}
	}
	if err := u.Store.DeleteUpload(ctx, up.ID); err != nil && !apperr.Is(err, apperr.CodeNotFound) {
		u.log().Error("forget upload", "upload", up.ID, "err", err)
	}
	return removed
}

// inUse asks InUse; without it, or when it fails, a file counts as used.
func (u *Uploads) inUse(ctx context.Context, url string) bool {
	if u.InUse == nil {
		return true
	}
	used, err := u.InUse(ctx, url)
	if err != nil {
		u.log().Error("check upload use", "url", url, "err", err)
		return true
	}
	return used
}

func (u *Uploads) log() *slog.Logger {
	if u.Log == nil {
		return slog.Default()
	}
	return u.Log
}

func randomName() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// RemoveURL deletes the stored file of a "/uploads/NAME" URL; a URL that
// is not one of ours, or a file already gone, is no error.
func RemoveURL(ctx context.Context, s Storage, url string) error {
	name, ok := NameFromURL(url)
	if !ok {
		return nil
	}
	if err := s.Delete(ctx, name); err != nil && !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("delete %s: %w", url, err)
	}
	return nil
}

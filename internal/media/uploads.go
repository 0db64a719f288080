package media

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Limits of the chunked upload protocol (SPEC.md section 9, DESIGN.md section 4).
const (
	MaxFileSize  = 100 << 20 // 104857600 bytes: the largest video accepted
	MaxChunkSize = 5 << 20   // the largest chunk; the client sends 512000 or 1 MiB
	MaxAge       = 24 * time.Hour
)

// idRe is the strict shape of an upload id (the client sends crypto.randomUUID()).
var idRe = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

var (
	errBadID        = apperr.Invalid("Invalid upload id: use 8 to 64 letters, digits, - or _")
	errNotFound     = apperr.NotFound("Upload not found")
	errNotVideo     = apperr.New(apperr.CodeUnsupportedMedia, "Only video files can be uploaded")
	errBadSignature = apperr.New(apperr.CodeUnsupportedMedia, "The file is not a video in a supported format (MP4, MOV, WebM or Ogg)")
	errTooLarge     = apperr.New(apperr.CodeTooLarge, "File is too large: the limit is 100 MB")
	errExceeds      = apperr.New(apperr.CodeTooLarge, "The chunks exceed the declared file size")
)

// Uploads runs the chunked upload protocol. Chunks are kept on the local
// disk under Dir (one directory per upload, one file per chunk), and the
// assembled, checked file goes to Storage under a random name.
type Uploads struct {
	Store   *store.Store
	Storage Storage
	Dir     string // the chunk area, e.g. DATA/upload-chunks
	Log     *slog.Logger
}

// Init is what POST /api/admin/upload/initialize declares.
type Init struct {
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
func (u *Uploads) Initialize(ctx context.Context, userID int64, in Init) error {
	if !idRe.MatchString(in.UploadID) {
		return errBadID
	}
	in.FileName = strings.TrimSpace(in.FileName)
	switch {
	case in.FileName == "" || len(in.FileName) > 255:
		return apperr.Invalid("fileName must be 1 to 255 characters")
	case in.FileSize <= 0:
		return apperr.Invalid("fileSize must be a positive number of bytes")
	case in.FileSize > MaxFileSize:
		return errTooLarge
	case !strings.HasPrefix(strings.ToLower(in.FileType), "video/"):
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
	if !idRe.MatchString(id) {
		return store.Upload{}, errBadID
	}
	up, err := u.Store.GetUpload(ctx, id)
	if apperr.Is(err, apperr.CodeNotFound) || (err == nil && up.UserID != userID) {
		return store.Upload{}, errNotFound
	}
	return up, err
}

func (u *Uploads) chunkDir(id string) string { return filepath.Join(u.Dir, id) }

// The chunk area of one upload holds:
//   - data: the file itself; chunk i (all but the last) is written at offset
//     i*c, where c is the size of every chunk but the last;
//   - chunk-size: c, fixed by the first such chunk that arrives;
//   - last: the last chunk, kept apart until finalize (its offset needs c);
//   - received: one byte per chunk, 1 once that chunk is whole on disk.
//
// One data file instead of a file per chunk: on ext4 a new file per 512000
// bytes costs several times the write itself, and finalize needs no copy.
const (
	dataFile      = "data"
	chunkSizeFile = "chunk-size"
	lastFile      = "last"
	receivedFile  = "received"
)

// PutChunk streams one chunk from r to disk. totalChunks must repeat the
// declaration, the index be in range, and the chunk be no larger than the
// declared size allows; every chunk but the last must have one size. A
// re-sent chunk replaces the earlier one; a chunk that fails counts as
// missing (the client sends it again).
func (u *Uploads) PutChunk(ctx context.Context, userID int64, id string, index, totalChunks int, r io.Reader) error {
	up, err := u.upload(ctx, userID, id)
	if err != nil {
		return err
	}
	if totalChunks != up.TotalChunks {
		return apperr.Invalid("totalChunks %d does not match the %d declared", totalChunks, up.TotalChunks)
	}
	if index < 0 || index >= up.TotalChunks {
		return apperr.Invalid("chunkIndex must be from 0 to %d", up.TotalChunks-1)
	}
	dir := u.chunkDir(id)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return err
	}
	// A re-sent chunk is not received until it is whole again (a re-send
	// that fails midway has overwritten part of the earlier copy). The
	// marks file stays open for both marks: one open per chunk, not two.
	receivedPath := filepath.Join(dir, receivedFile)
	marks, err := os.OpenFile(receivedPath, os.O_WRONLY, 0)
	if err == nil {
		if _, err := marks.WriteAt([]byte{0}, int64(index)); err != nil {
			marks.Close()
			return err
		}
	} else {
		marks = nil // the first chunk to arrive creates it, once whole
	}
	if err := u.writeChunk(dir, up, index, r); err != nil {
		if marks != nil {
			marks.Close()
		}
		return err
	}
	if marks == nil {
		if marks, err = os.OpenFile(receivedPath, os.O_WRONLY|os.O_CREATE, 0o600); err != nil {
			return err
		}
	}
	_, err = marks.WriteAt([]byte{1}, int64(index))
	if cerr := marks.Close(); err == nil {
		err = cerr
	}
	return err
}

// copyBlockSize is the size of the writes to disk. A multipart part hands
// out at most 4 KiB per Read (the peek buffer of mime/multipart), and one
// write system call per 4 KiB was the largest cost of a chunk; gathered
// into blocks of 128 KiB a 512000-byte chunk takes 4 writes instead of
// 125. A chunk is still never whole in memory.
const copyBlockSize = 128 << 10

var copyBlocks = sync.Pool{New: func() any { b := make([]byte, copyBlockSize); return &b }}

// copyInBlocks is io.Copy with writes of copyBlockSize bytes (the last
// one shorter) whatever the size of the reads.
func copyInBlocks(dst io.Writer, src io.Reader) (int64, error) {
	bp := copyBlocks.Get().(*[]byte)
	defer copyBlocks.Put(bp)
	buf := *bp
	var written int64
	for {
		// Fill the block; not io.ReadFull, which would turn a body cut
		// off midway (io.ErrUnexpectedEOF from the part) into a short read.
		n, err := 0, error(nil)
		for n < len(buf) && err == nil {
			var m int
			m, err = src.Read(buf[n:])
			n += m
		}
		if n > 0 {
			m, werr := dst.Write(buf[:n])
			written += int64(m)
			if werr != nil {
				return written, werr
			}
		}
		if err == io.EOF {
			return written, nil
		}
		if err != nil {
			return written, err
		}
	}
}

var errChunkEmpty = apperr.Invalid("Chunk is empty")

func chunkTooLarge(limit int64) error {
	return apperr.New(apperr.CodeTooLarge, "Chunk is larger than this upload needs (at most %d bytes)", limit)
}

func errChunkSize(index int, n, c int64) error {
	return apperr.Invalid("Chunk %d has %d bytes, unlike the %d of the other chunks", index+1, n, c)
}

// writeChunk puts chunk index where it belongs: the last one in its own
// file, any other at offset index*c of the data file.
func (u *Uploads) writeChunk(dir string, up store.Upload, index int, r io.Reader) error {
	limit := maxChunkFor(up.FileSize, up.TotalChunks)
	last := up.TotalChunks - 1
	if index == last || up.TotalChunks == 1 {
		n, err := writeFileAtomic(filepath.Join(dir, lastFile), r, limit)
		if err != nil {
			return err
		}
		if c, ok := readChunkSize(dir); ok {
			return checkTotal(up, c, n)
		}
		return nil
	}

	c, ok := readChunkSize(dir)
	if !ok {
		// The first of the equal chunks fixes their size: stage it, claim c.
		tmp := filepath.Join(dir, ".first-"+strconv.Itoa(index))
		n, err := writeFileAtomic(tmp, r, limit)
		if err != nil {
			return err
		}
		defer os.Remove(tmp)
		if n < (up.FileSize+int64(up.TotalChunks)-1)/int64(up.TotalChunks) {
			return apperr.Invalid("Chunk %d has %d bytes: too small for %d chunks of a %d-byte file", index+1, n, up.TotalChunks, up.FileSize)
		}
		if c, ok = claimChunkSize(dir, n); c != n {
			return errChunkSize(index, n, c)
		}
		if lastInfo, err := os.Stat(filepath.Join(dir, lastFile)); err == nil {
			if err := checkTotal(up, c, lastInfo.Size()); err != nil {
				return err
			}
		}
		f, err := os.Open(tmp)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}

	data, err := os.OpenFile(filepath.Join(dir, dataFile), os.O_WRONLY|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	w := io.NewOffsetWriter(data, int64(index)*c)
	// Exactly c bytes, never more: a longer chunk must not spill into the next.
	n, err := copyInBlocks(w, io.LimitReader(r, c))
	if err == nil {
		var extra int64
		extra, err = io.Copy(io.Discard, io.LimitReader(r, limit-c+1))
		switch {
		case err != nil:
		case c+extra > limit:
			err = chunkTooLarge(limit)
		case n+extra != c:
			err = errChunkSize(index, n+extra, c)
		}
	}
	if cerr := data.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeFileAtomic streams at most limit bytes of r into path (replacing it
// only when whole) and returns how many there were.
func writeFileAtomic(path string, r io.Reader, limit int64) (int64, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".part-*")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	n, err := copyInBlocks(tmp, io.LimitReader(r, limit+1))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	switch {
	case err != nil:
		return 0, err
	case n > limit:
		return 0, chunkTooLarge(limit)
	case n == 0:
		return 0, errChunkEmpty
	}
	return n, os.Rename(tmp.Name(), path)
}

// readChunkSize returns c once a chunk has fixed it.
func readChunkSize(dir string) (int64, bool) {
	b, err := os.ReadFile(filepath.Join(dir, chunkSizeFile))
	if err != nil {
		return 0, false
	}
	c, err := strconv.ParseInt(string(b), 10, 64)
	return c, err == nil && c > 0
}

// claimChunkSize records c = n unless a concurrent chunk got there first,
// and returns the size in force.
func claimChunkSize(dir string, n int64) (int64, bool) {
	tmp, err := os.CreateTemp(dir, ".size-*")
	if err != nil {
		return 0, false
	}
	tmp.WriteString(strconv.FormatInt(n, 10))
	tmp.Close()
	defer os.Remove(tmp.Name())
	// A hard link fails if the name exists: the first writer wins, atomically.
	if err := os.Link(tmp.Name(), filepath.Join(dir, chunkSizeFile)); err != nil {
		return readChunkSize(dir)
	}
	return n, true
}

// checkTotal rejects a last chunk larger than the others, or chunks that
// add up to more than the declared size.
func checkTotal(up store.Upload, c, lastSize int64) error {
	if lastSize > c {
		return apperr.Invalid("The last chunk is larger than the others")
	}
	if int64(up.TotalChunks-1)*c+lastSize > up.FileSize {
		return errExceeds
	}
	return nil
}

// Finalize checks that every chunk is there, that the chunks add up to the
// declared size, and that the bytes are a video by their signature; then it
// stores the file under a random name and returns its URL. Whatever the
// outcome, the chunks and the bookkeeping are gone afterwards: a failed
// upload starts again.
func (u *Uploads) Finalize(ctx context.Context, userID int64, id string) (string, error) {
	up, err := u.upload(ctx, userID, id)
	if err != nil {
		return "", err
	}
	defer u.discard(context.WithoutCancel(ctx), id)

	dir := u.chunkDir(id)
	received, _ := os.ReadFile(filepath.Join(dir, receivedFile))
	for i := range up.TotalChunks {
		if i >= len(received) || received[i] != 1 {
			return "", apperr.Invalid("Upload is incomplete: chunk %d of %d is missing", i+1, up.TotalChunks)
		}
	}
	lastInfo, err := os.Stat(filepath.Join(dir, lastFile))
	if err != nil {
		return "", err
	}
	var c int64
	if up.TotalChunks > 1 {
		var ok bool
		if c, ok = readChunkSize(dir); !ok {
			return "", fmt.Errorf("upload %s: chunks received but no chunk size", id)
		}
	}
	if total := int64(up.TotalChunks-1)*c + lastInfo.Size(); total != up.FileSize {
		return "", apperr.Invalid("Received %d bytes, but the declared file size is %d", total, up.FileSize)
	}

	// The last chunk goes to the end of the data file (at most 5 MiB copied).
	dataPath := filepath.Join(dir, dataFile)
	data, err := os.OpenFile(dataPath, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return "", err
	}
	last, err := os.Open(filepath.Join(dir, lastFile))
	if err == nil {
		_, err = io.Copy(io.NewOffsetWriter(data, int64(up.TotalChunks-1)*c), last)
		last.Close()
	}
	if err == nil {
		err = data.Truncate(up.FileSize)
	}
	head := make([]byte, SniffLen)
	var n int
	if err == nil {
		n, _ = data.ReadAt(head, 0)
	}
	if cerr := data.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	ext := Sniff(head[:n])
	if ext == "" {
		return "", errBadSignature
	}
	name := randomName() + ext
	if err := u.Storage.PutFile(ctx, name, dataPath); err != nil {
		return "", err
	}
	return URLPrefix + name, nil
}

// discard forgets an upload: its chunk directory and its row.
func (u *Uploads) discard(ctx context.Context, id string) {
	if err := os.RemoveAll(u.chunkDir(id)); err != nil {
		u.log().Error("remove upload chunks", "upload", id, "err", err)
	}
	if err := u.Store.DeleteUpload(ctx, id); err != nil && !apperr.Is(err, apperr.CodeNotFound) {
		u.log().Error("forget upload", "upload", id, "err", err)
	}
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

// Cleanup removes the uploads started before `before` (their rows and
// chunks), and chunk directories with no upload row that were last touched
// before then (left by a crash). It returns how many uploads it removed.
func (u *Uploads) Cleanup(ctx context.Context, before time.Time) (int, error) {
	stale, err := u.Store.StaleUploads(ctx, before)
	if err != nil {
		return 0, err
	}
	for _, up := range stale {
		u.discard(ctx, up.ID)
	}
	entries, err := os.ReadDir(u.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return len(stale), nil
	}
	if err != nil {
		return len(stale), err
	}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.ModTime().Before(before) {
			continue
		}
		if _, err := u.Store.GetUpload(ctx, e.Name()); apperr.Is(err, apperr.CodeNotFound) || !idRe.MatchString(e.Name()) {
			if err := os.RemoveAll(filepath.Join(u.Dir, e.Name())); err != nil {
				u.log().Error("remove orphan chunks", "dir", e.Name(), "err", err)
			}
		}
	}
	return len(stale), nil
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

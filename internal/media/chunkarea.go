package media

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// chunkArea is one upload's directory on the local disk, where its chunks
// gather until finalize assembles them into one file. It knows files and
// offsets; the protocol's rules (who may send, which index) are checked by
// Uploads before it is called.
type chunkArea struct{ dir string }

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

// put streams chunk index of up from r into the area. A re-sent chunk
// replaces the earlier one; a chunk that fails counts as missing (the
// client sends it again).
func (a chunkArea) put(up store.Upload, index int, r io.Reader) error {
	if err := os.MkdirAll(a.dir, 0o700); err != nil {
		return err
	}
	// A re-sent chunk is not received until it is whole again (a re-send
	// that fails midway has overwritten part of the earlier copy). The
	// marks file stays open for both marks: one open per chunk, not two.
	receivedPath := filepath.Join(a.dir, receivedFile)
	marks, err := os.OpenFile(receivedPath, os.O_WRONLY, 0)
	if err == nil {
		if _, err := marks.WriteAt([]byte{0}, int64(index)); err != nil {
			marks.Close()
			return err
		}
	} else {
		marks = nil // the first chunk to arrive creates it, once whole
	}
	if err := a.writeChunk(up, index, r); err != nil {
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

// firstMissing returns the index of the first of total chunks not yet
// whole on disk, or -1 when every one is.
func (a chunkArea) firstMissing(total int) int {
	received, _ := os.ReadFile(filepath.Join(a.dir, receivedFile))
	for i := range total {
		if i >= len(received) || received[i] != 1 {
			return i
		}
	}
	return -1
}

// assemble checks that the chunks add up to the declared size, moves the
// last chunk to the end of the data file and returns that file's path and
// its first headLen bytes. Call it once firstMissing is -1.
func (a chunkArea) assemble(up store.Upload) (path string, head []byte, err error) {
	lastInfo, err := os.Stat(filepath.Join(a.dir, lastFile))
	if err != nil {
		return "", nil, err
	}
	var c int64
	if up.TotalChunks > 1 {
		var ok bool
		if c, ok = readChunkSize(a.dir); !ok {
			return "", nil, fmt.Errorf("upload %s: chunks received but no chunk size", up.ID)
		}
	}
	if total := int64(up.TotalChunks-1)*c + lastInfo.Size(); total != up.FileSize {
		return "", nil, errSizeMismatch(total, up.FileSize)
	}

	// The last chunk goes to the end of the data file (at most 5 MiB copied).
	path = filepath.Join(a.dir, dataFile)
	data, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return "", nil, err
	}
	last, err := os.Open(filepath.Join(a.dir, lastFile))
	if err == nil {
		_, err = io.Copy(io.NewOffsetWriter(data, int64(up.TotalChunks-1)*c), last)
		last.Close()
	}
	if err == nil {
		err = data.Truncate(up.FileSize)
	}
	head = make([]byte, min(headLen(up.FileType), up.FileSize))
	var n int
	if err == nil {
		n, _ = data.ReadAt(head, 0)
	}
	if cerr := data.Close(); err == nil {
		err = cerr
	}
	return path, head[:n], err
}

// remove deletes the area and everything in it.
func (a chunkArea) remove() error { return os.RemoveAll(a.dir) }

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

func errChunkTooSmall(up store.Upload, index int, n int64) error {
	return apperr.Invalid("Chunk %d has %d bytes: too small for %d chunks of a %d-byte file", index+1, n, up.TotalChunks, up.FileSize)
}

func errChunkSize(index int, n, c int64) error {
	return apperr.Invalid("Chunk %d has %d bytes, unlike the %d of the other chunks", index+1, n, c)
}

// writeChunk puts chunk index where it belongs: the last one in its own
// file, any other at offset index*c of the data file.
func (a chunkArea) writeChunk(up store.Upload, index int, r io.Reader) error {
	dir := a.dir
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
			return errChunkTooSmall(up, index, n)
		}
		if c, err = claimChunkSize(dir, n); err != nil {
			return err // the disk's fault, not the chunk's: a 500 that the client retries
		} else if c != n {
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
// and returns the size in force. An error means the size could be neither
// recorded nor read (a full or failing disk): the server's fault, which
// must not be answered as a chunk of the wrong size.
func claimChunkSize(dir string, n int64) (int64, error) {
	tmp, err := os.CreateTemp(dir, ".size-*")
	if err != nil {
		return 0, fmt.Errorf("record the chunk size: %w", err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.WriteString(strconv.FormatInt(n, 10))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, fmt.Errorf("record the chunk size: %w", err)
	}
	// A hard link fails if the name exists: the first writer wins, atomically.
	err = os.Link(tmp.Name(), filepath.Join(dir, chunkSizeFile))
	switch {
	case err == nil:
		return n, nil
	case !errors.Is(err, fs.ErrExist):
		return 0, fmt.Errorf("record the chunk size: %w", err)
	}
	b, err := os.ReadFile(filepath.Join(dir, chunkSizeFile))
	if err != nil {
		return 0, fmt.Errorf("read the chunk size: %w", err)
	}
	c, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil || c <= 0 {
		return 0, fmt.Errorf("read the chunk size: %q in %s", b, filepath.Join(dir, chunkSizeFile))
	}
	return c, nil
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

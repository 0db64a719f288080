package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/minio/minio-go/v7"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// bucketChunks keeps the chunks of uploads in the S3 bucket, one object per
// chunk under upload-chunks/ID/INDEX, and records each in the database once
// it is durable there (the upload_chunks table), so that any replica takes
// any chunk of an upload and any replica finalizes it. A replica
// killed mid-upload loses nothing it has acknowledged: it acknowledges a
// chunk only once the object is stored and recorded.
//
// Why an object per chunk rather than an S3 multipart upload: every part
// but the last must be at least 5 MiB, and the client sends chunks of
// 512000 bytes or 1 MiB, in any order, to any replica; for the same reason
// the objects cannot be joined inside the bucket (UploadPartCopy has the
// same minimum). Finalize streams them, in order, into one Put of the
// file: the finalizing replica reads and writes the file once, in parts of
// bounded size, never whole.
//
// A stored file's name has no "/" (ValidName), so nothing under this
// prefix is ever served under /uploads/.
type bucketChunks struct {
	s3 *S3
	st UploadStore
}

const chunkPrefix = "upload-chunks/"

func chunkKey(id string, index int) string { return chunkPrefix + id + "/" + strconv.Itoa(index) }

// put reads the chunk whole (a PUT needs its length first, and its size
// must pass the rules before it is kept), stores it and records it.
func (b bucketChunks) put(ctx context.Context, up store.Upload, index int, r io.Reader) error {
	// As on disk, a chunk sent again is missing until it is whole again.
	if err := b.st.ForgetUploadChunk(ctx, up.ID, index); err != nil {
		return err
	}
	buf, release, err := readChunk(ctx, r, maxChunkFor(up.FileSize, up.TotalChunks))
	if err != nil {
		return err
	}
	defer release()
	n := int64(len(buf))
	if err := b.checkSize(ctx, up, index, n); err != nil {
		return err
	}
	if _, err := b.s3.client.PutObject(ctx, b.s3.bucket, chunkKey(up.ID, index), bytes.NewReader(buf), n,
		minio.PutObjectOptions{ContentType: "application/octet-stream"}); err != nil {
		return fmt.Errorf("store chunk %d of upload %s: %w", index, up.ID, err)
	}
	return b.st.RecordUploadChunk(ctx, up.ID, index, n)
}

// checkSize applies chunkArea.writeChunk's rules, with its errors, to a
// chunk of n bytes: every chunk but the last has the size c that the first
// of them fixed, the last is no larger, and together they do not exceed
// the declared size. Until c is fixed it reads the upload again: another
// replica may have fixed c since (once fixed, c never changes).
func (b bucketChunks) checkSize(ctx context.Context, up store.Upload, index int, n int64) error {
	c := up.ChunkSize
	if c == 0 {
		cur, err := b.st.GetUpload(ctx, up.ID)
		if err != nil {
			return err
		}
		c = cur.ChunkSize
	}
	last := index == up.TotalChunks-1
	switch {
	case n == 0 && (last || c == 0):
		return errChunkEmpty
	case last && c > 0:
		return checkTotal(up, c, n)
	case last:
		return nil
	case c > 0 && n != c:
		return errChunkSize(index, n, c)
	case c > 0:
		return nil
	case n < (up.FileSize+int64(up.TotalChunks)-1)/int64(up.TotalChunks):
		return errChunkTooSmall(up, index, n)
	}
	return b.claimChunkSize(ctx, up, index, n)
}

// claimChunkSize lets the first of the equal chunks fix their size at n,
// unless another replica's got there first, and checks the last chunk, if
// it came before, against it.
func (b bucketChunks) claimChunkSize(ctx context.Context, up store.Upload, index int, n int64) error {
	c, err := b.st.ClaimUploadChunkSize(ctx, up.ID, n)
	if err != nil {
		return err
	}
	if c != n {
		return errChunkSize(index, n, c)
	}
	sizes, err := b.st.UploadChunks(ctx, up.ID)
	if err != nil {
		return err
	}
	if last, ok := sizes[up.TotalChunks-1]; ok {
		return checkTotal(up, c, last)
	}
	return nil
}

func (b bucketChunks) assemble(ctx context.Context, up store.Upload) (assembled, error) {
	recorded, err := b.st.UploadChunks(ctx, up.ID)
	if err != nil {
		return assembled{}, err
	}
	sizes := make([]int64, up.TotalChunks)
	var total int64
	for i := range sizes {
		size, ok := recorded[i]
		if !ok {
			return assembled{}, errIncomplete(i, up.TotalChunks)
		}
		sizes[i] = size
		total += size
	}
	if total != up.FileSize {
		return assembled{}, errSizeMismatch(total, up.FileSize)
	}
	r := &chunkReader{ctx: ctx, b: b, id: up.ID, sizes: sizes}
	head := make([]byte, min(headLen(up.FileType), up.FileSize))
	_, err = io.ReadFull(r, head)
	r.Close()
	if err != nil {
		return assembled{}, err
	}
	return assembled{head: head, storeAs: func(ctx context.Context, s Storage, name string) error {
		r := &chunkReader{ctx: ctx, b: b, id: up.ID, sizes: sizes}
		defer r.Close()
		return s.Put(ctx, name, r, up.FileSize)
	}}, nil
}

// remove unrecords the chunks first: should the objects' removal fail,
// the upload's Cleanup lists them again.
func (b bucketChunks) remove(ctx context.Context, id string) error {
	if err := b.st.DeleteUploadChunks(ctx, id); err != nil {
		return err
	}
	objects, err := b.list(ctx, chunkPrefix+id+"/")
	if err != nil {
		return err
	}
	return b.removeObjects(ctx, objects)
}

func (b bucketChunks) sweep(ctx context.Context, before time.Time, known func(id string) bool) error {
	objects, err := b.list(ctx, chunkPrefix)
	if err != nil {
		return err
	}
	byUpload := map[string][]minio.ObjectInfo{}
	for _, o := range objects {
		id, _, _ := strings.Cut(strings.TrimPrefix(o.Key, chunkPrefix), "/")
		byUpload[id] = append(byUpload[id], o)
	}
	var failed []error
	for id, objects := range byUpload {
		touched := time.Time{}
		for _, o := range objects {
			if o.LastModified.After(touched) {
				touched = o.LastModified
			}
		}
		if touched.Before(before) && (!ValidUploadID(id) || !known(id)) {
			failed = append(failed, b.removeObjects(ctx, objects))
		}
	}
	return errors.Join(failed...)
}

// list answers the objects under prefix.
func (b bucketChunks) list(ctx context.Context, prefix string) ([]minio.ObjectInfo, error) {
	var out []minio.ObjectInfo
	for o := range b.s3.client.ListObjects(ctx, b.s3.bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
		if o.Err != nil {
			return nil, o.Err
		}
		out = append(out, o)
	}
	return out, nil
}

// removeObjects deletes the objects, up to a thousand per request.
func (b bucketChunks) removeObjects(ctx context.Context, objects []minio.ObjectInfo) error {
	if len(objects) == 0 {
		return nil
	}
	ch := make(chan minio.ObjectInfo, len(objects))
	for _, o := range objects {
		ch <- minio.ObjectInfo{Key: o.Key}
	}
	close(ch)
	var failed []error
	for e := range b.s3.client.RemoveObjects(ctx, b.s3.bucket, ch, minio.RemoveObjectsOptions{}) {
		failed = append(failed, fmt.Errorf("remove %s: %w", e.ObjectName, e.Err))
	}
	return errors.Join(failed...)
}

// chunkReader reads an upload's chunk objects one after the other, each
// streamed from the bucket, and fails when one is shorter than recorded.
type chunkReader struct {
	ctx   context.Context
	b     bucketChunks
	id    string
	sizes []int64 // the recorded size of each chunk
	next  int     // the chunk to open next
	cur   *minio.Object
	left  int64 // bytes of cur still to read
}

func (r *chunkReader) Read(p []byte) (int, error) {
	for r.cur == nil || r.left == 0 {
		r.Close()
		if r.next == len(r.sizes) {
			return 0, io.EOF
		}
		obj, err := r.b.s3.client.GetObject(r.ctx, r.b.s3.bucket, chunkKey(r.id, r.next), minio.GetObjectOptions{})
		if err != nil {
			return 0, err
		}
		r.cur, r.left = obj, r.sizes[r.next]
		r.next++
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n, err := r.cur.Read(p)
	r.left -= int64(n)
	if err == io.EOF {
		err = nil
		if r.left > 0 {
			err = fmt.Errorf("upload %s: chunk %d in the bucket is %d bytes short of its record", r.id, r.next-1, r.left)
		}
	}
	return n, err
}

func (r *chunkReader) Close() error {
	if r.cur != nil {
		r.cur.Close()
		r.cur = nil
	}
	return nil
}

// bufferedChunks bounds the chunks this process holds in memory at once on
// their way to the bucket, each up to its upload's largest chunk (about
// 1 MiB from the client, at most MaxChunkSize): at most 8 at once, a
// request past them waits for one to leave.
var (
	bufferedChunks = make(chan struct{}, 8)
	chunkBuffers   sync.Pool // of *[]byte
)

// readChunk reads r whole into a pooled buffer, refusing more than limit
// bytes; release hands the buffer back.
func readChunk(ctx context.Context, r io.Reader, limit int64) (buf []byte, release func(), err error) {
	select {
	case bufferedChunks <- struct{}{}:
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	}
	bp, _ := chunkBuffers.Get().(*[]byte)
	if bp == nil || int64(cap(*bp)) < limit+1 {
		b := make([]byte, limit+1)
		bp = &b
	}
	release = func() {
		chunkBuffers.Put(bp)
		<-bufferedChunks
	}
	buf = (*bp)[:limit+1]
	n := 0
	for n < len(buf) && err == nil {
		var m int
		m, err = r.Read(buf[n:])
		n += m
	}
	switch {
	case err != nil && err != io.EOF:
		release()
		return nil, nil, err // a body cut off is the client's (httpapi's bodyReader)
	case int64(n) > limit:
		release()
		return nil, nil, chunkTooLarge(limit)
	}
	return buf[:n], release, nil
}

package httpapi

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/media"
)

// janitorEvery is how often the janitor (runJanitor) tidies up.
const janitorEvery = time.Hour

// maxChunkRequest caps a chunk request: the largest chunk plus room for the
// multipart framing and the three small fields.
const maxChunkRequest = media.MaxChunkSize + 64<<10

// initializeUpload answers POST /api/admin/upload/initialize
// {uploadId, fileName, fileSize, fileType, totalChunks} with 200
// {uploadId}; 400 for a bad id or count, 413 over 100 MB, 415 for a type
// that is no video, 409 for an id in use.
func (s *Server) initializeUpload(w http.ResponseWriter, r *http.Request) error {
	var in media.Declaration
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	userID := s.adminID(r)
	if err := s.uploads.Initialize(r.Context(), userID, in); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"uploadId": in.UploadID, "totalChunks": in.TotalChunks})
}

// chunkReaders are the read buffers of chunk requests (64 KiB each).
var chunkReaders = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, 64<<10) }}

var errChunkForm = apperr.Invalid("Send multipart/form-data with the fields uploadId, chunkIndex and totalChunks, then the file part chunk")

// uploadChunk answers POST /api/admin/upload/chunk, a multipart form with
// uploadId, chunkIndex, totalChunks and then the chunk itself, which is
// streamed to disk as it arrives (never parsed into memory), or with S3
// storage read whole (one chunk, at most 5 MiB) and put in the bucket. 200
// {chunkIndex}; 404 for an upload that is not the caller's; 413 for a chunk
// larger than the upload needs.
func (s *Server) uploadChunk(w http.ResponseWriter, r *http.Request) error {
	userID := s.adminID(r)
	// mime/multipart reads through a 4 KiB buffer: under it, a larger one
	// makes the socket reads 64 KiB instead of 4 KiB each.
	br := chunkReaders.Get().(*bufio.Reader)
	br.Reset(http.MaxBytesReader(w, r.Body, maxChunkRequest))
	defer func() {
		br.Reset(nil)
		chunkReaders.Put(br)
	}()
	r.Body = struct {
		io.Reader
		io.Closer
	}{br, r.Body}
	mr, err := r.MultipartReader()
	if err != nil {
		return errChunkForm
	}
	fields := map[string]string{}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return apperr.Invalid("The chunk is missing")
		}
		if err != nil {
			return bodyError(bodyReadError{err}) // a broken part header is the client's
		}
		name := part.FormName()
		switch name {
		case "uploadId", "chunkIndex", "totalChunks":
			b, err := io.ReadAll(io.LimitReader(bodyReader{part}, 101))
			if err != nil {
				return bodyError(err)
			}
			if len(b) > 100 {
				return apperr.Invalid("Field %s is too long", name)
			}
			fields[name] = strings.TrimSpace(string(b))
		case "chunk":
			id, ok := fields["uploadId"]
			if !ok {
				return errChunkForm
			}
			index, err1 := strconv.Atoi(fields["chunkIndex"])
			total, err2 := strconv.Atoi(fields["totalChunks"])
			if err1 != nil || err2 != nil {
				return apperr.Invalid("chunkIndex and totalChunks must be whole numbers, sent before the chunk")
			}
			if err := s.uploads.PutChunk(r.Context(), userID, id, index, total, bodyReader{part}); err != nil {
				return bodyError(err)
			}
			return httpx.WriteJSON(w, http.StatusOK, map[string]int{"chunkIndex": index})
		default:
			return apperr.Invalid("Unknown field %q", name)
		}
	}
}

// adminID is the id of the admin behind a request that guardAdmin has let
// through; it reads the user guardAdmin put in the context (no query).
func (s *Server) adminID(r *http.Request) int64 {
	u, _ := s.currentUser(r)
	return u.ID
}

// bodyReader marks the errors of reading the request body, so that a body
// that breaks off or is malformed is answered as the client's error while
// a failure to write the chunk to disk stays a server fault.
type bodyReader struct{ r io.Reader }

type bodyReadError struct{ err error }

func (e bodyReadError) Error() string { return "read request body: " + e.err.Error() }
func (e bodyReadError) Unwrap() error { return e.err }

func (b bodyReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err != nil && err != io.EOF {
		err = bodyReadError{err}
	}
	return n, err
}

// bodyError answers a request body that ran over its cap (413), broke off
// or was malformed (400); other errors pass through.
func bodyError(err error) error {
	var tooLarge *http.MaxBytesError
	var readErr bodyReadError
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return errBodyTooSlow
	case errors.As(err, &tooLarge):
		return apperr.New(apperr.CodeTooLarge, "Chunk request is too large (limit %d bytes)", tooLarge.Limit)
	case errors.As(err, &readErr):
		return apperr.Invalid("The multipart body is malformed or was cut off")
	}
	return err
}

// finalizeUpload answers POST /api/admin/upload/finalize {uploadId} with 200
// {url: "/uploads/NAME"} once every chunk is in, the sizes add up and the
// bytes are a video; otherwise 400 or 415, and the upload is discarded.
func (s *Server) finalizeUpload(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		UploadID string `json:"uploadId"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	userID := s.adminID(r)
	url, err := s.uploads.Finalize(r.Context(), userID, in.UploadID)
	if err != nil {
		if url != "" { // a file stored by an earlier try went: so does what was made of it
			s.forgetProcessed(r.Context(), url)
		}
		return err
	}
	if err := s.processing.Start(r.Context(), url); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"url": url})
}

// ProcessUpload starts the processing of a stored upload at url, as its
// finalize does (the demo's logos, internal/demo).
func (s *Server) ProcessUpload(ctx context.Context, url string) error {
	return s.processing.Start(ctx, url)
}

// forgetProcessed removes what was made of an upload whose stored file is
// gone (its processed files and asset row); a failure is only logged.
func (s *Server) forgetProcessed(ctx context.Context, url string) {
	if err := s.processing.Forget(context.WithoutCancel(ctx), url); err != nil {
		s.log.Error("remove processed files of unused upload", "url", url, "err", err)
	}
}

// RunJanitor tidies up every hour until ctx ends; serve starts it and waits
// for it to return before closing the store.
func (s *Server) RunJanitor(ctx context.Context) { s.runJanitor(ctx, janitorEvery) }

func (s *Server) runJanitor(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		s.tidy(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// tidy is one janitor round: uploads abandoned for 24 hours (a job, so
// that with several replicas one of them removes each; forgetCleaned),
// expired sessions (a session whose cookie simply stops coming back is
// never deleted otherwise), and mail records past their time (mail.Prune).
func (s *Server) tidy(ctx context.Context) {
	if err := s.uploadCleanup.Schedule(ctx); err != nil && ctx.Err() == nil {
		s.log.Error("schedule upload cleanup", "err", err)
	}
	if err := s.store.DeleteExpiredSessions(ctx); err != nil && ctx.Err() == nil {
		s.log.Error("session cleanup", "err", err)
	}
	if err := s.mail.Prune(ctx); err != nil && ctx.Err() == nil {
		s.log.Error("mail cleanup", "err", err)
	}
	if err := s.processing.Prune(ctx, s.now().Add(-24*time.Hour)); err != nil && ctx.Err() == nil {
		s.log.Error("media job cleanup", "err", err)
	}
}

// forgetCleaned forgets what was made of the stored files that the upload
// cleanup job removed.
func (s *Server) forgetCleaned(ctx context.Context, cleaned media.Cleaned) {
	for _, url := range cleaned.Files {
		s.forgetProcessed(ctx, url)
	}
}

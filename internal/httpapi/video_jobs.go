package httpapi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/video"
)

// Uploaded videos are processed in the background (issue 12): finalize
// records a media asset "processing" and enqueues a job of kind "video"
// whose subject is the stored name; the job probes the file, makes a poster
// and the renditions with ffmpeg (internal/video), stores them under
// content-addressed names and marks the asset ready. Without ffmpeg none of
// this happens and uploads are served as they arrived.

// videoJobKind is the kind of the video jobs in the jobs table.
const videoJobKind = "video"

// Reasons shown in the admin when processing fails (Norwegian, as the
// admin is).
const (
	reasonUnreadable = "Filen kunne ikke leses som video (den er skadet, ufullstendig eller ikke en video). Den er fjernet: last opp videoen på nytt."
	reasonGone       = "Den opplastede filen finnes ikke lenger. Last opp videoen på nytt."
	reasonGaveUp     = "Videoen kunne ikke behandles etter flere forsøk. Prøv igjen, eller last opp filen på nytt."
	reasonLost       = "Behandlingen av videoen ble avbrutt. Prøv igjen."
)

// videoPayload is a video job's payload.
type videoPayload struct {
	Name string `json:"name"` // the original's stored name (also the job's subject)
}

// videoProcessing is the server's video side when ffmpeg is installed.
type videoProcessing struct {
	tools   video.Tools
	kind    jobs.Kind[videoPayload]
	workDir string // DATA/video-work: one directory per running job
}

// setUpVideo registers the video jobs when tools were found, after
// removing what a killed server left in the work directory (a job that
// was running then starts again in a directory of its own).
func (s *Server) setUpVideo(tools *video.Tools) {
	if tools == nil {
		return
	}
	v := &videoProcessing{tools: *tools, workDir: s.cfg.VideoWorkDir()}
	if err := os.RemoveAll(v.workDir); err != nil {
		s.log.Error("video: cannot clear the work directory", "dir", v.workDir, "err", err)
	}
	v.kind = jobs.Register(s.jobs, videoJobKind, jobs.Options{
		MaxAttempts: 3,
		Concurrency: s.cfg.Video.Workers,
		Timeout:     s.cfg.Video.Timeout,
	}, s.processVideo)
	s.video = v
}

// isVideoName reports whether a stored name is a video, by its extension
// (finalize names files by their type).
func isVideoName(name string) bool {
	return strings.HasPrefix(media.ContentType(name), "video/")
}

// startVideoProcessing records the asset and enqueues its job, once per
// stored file: a finalize that is retried finds the asset and does nothing.
func (s *Server) startVideoProcessing(ctx context.Context, url string) error {
	name, ok := media.NameFromURL(url)
	if s.video == nil || !ok || !isVideoName(name) {
		return nil
	}
	return s.beginProcessing(ctx, name, store.MediaVideo, func() error {
		_, err := s.video.kind.Enqueue(ctx, nil, name, videoPayload{Name: name})
		return err
	})
}

// processVideo is one try of a video job.
func (s *Server) processVideo(ctx context.Context, t *jobs.Task, p videoPayload) error {
	dir := filepath.Join(s.video.workDir, "job-"+strconv.FormatInt(t.ID, 10))
	os.RemoveAll(dir) // an earlier try of this job that was killed
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	err := s.transcodeInto(ctx, t, p.Name, dir)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, video.ErrUnreadable):
		// Nothing can come of the file: it goes, and the admin is told why.
		if derr := s.storage.Delete(context.WithoutCancel(ctx), p.Name); derr != nil && !errors.Is(derr, media.ErrNotFound) {
			s.log.Error("video: cannot remove an unreadable upload", "name", p.Name, "err", derr)
		}
		s.markProcessingFailed(ctx, p.Name, store.MediaVideo, reasonUnreadable)
		return jobs.Permanent(err)
	case errors.Is(err, media.ErrNotFound):
		s.markProcessingFailed(ctx, p.Name, store.MediaVideo, reasonGone)
		return jobs.Permanent(err)
	case ctx.Err() != nil && context.Cause(ctx) == context.Canceled:
		return err // the server is stopping: the job is queued again
	case t.Attempts >= t.MaxAttempts:
		s.markProcessingFailed(ctx, p.Name, store.MediaVideo, reasonGaveUp)
	}
	return err
}

// transcodeInto copies the original into dir, processes it there and
// stores the results: the asset is ready when it returns nil.
func (s *Server) transcodeInto(ctx context.Context, t *jobs.Task, name, dir string) error {
	in := filepath.Join(dir, "original"+filepath.Ext(name))
	if err := s.copyOriginal(ctx, name, in); err != nil {
		return err
	}
	last := -1
	progress := func(percent int) {
		if percent != last {
			last = percent
			if err := t.SetProgress(ctx, percent); err != nil && ctx.Err() == nil {
				s.log.Warn("video: progress not recorded", "name", name, "err", err)
			}
		}
	}
	progress(0)
	res, err := s.video.tools.Process(ctx, in, dir, progress)
	if err != nil {
		return err
	}
	// The item may have been deleted meanwhile, and its upload and asset
	// with it (removeProcessed): then there is nothing to store.
	if _, err := s.store.GetMediaAsset(ctx, name); apperr.Is(err, apperr.CodeNotFound) {
		s.log.Info("video: the upload was removed during processing", "name", name)
		return nil
	} else if err != nil {
		return err
	}
	outputs := make([]store.MediaOutput, 0, 1+len(res.Renditions))
	for _, o := range append([]video.Output{res.Poster}, res.Renditions...) {
		stored, size, err := media.PutProcessed(ctx, s.storage, o.Path, filepath.Ext(o.Path))
		if err != nil {
			return fmt.Errorf("store %s: %w", filepath.Base(o.Path), err)
		}
		outputs = append(outputs, store.MediaOutput{Name: stored, Role: o.Role, Width: o.Width, Height: o.Height, Type: o.Type, Bytes: size})
	}
	large := res.Renditions[len(res.Renditions)-1]
	err = s.store.PutMediaAsset(ctx, store.MediaAsset{StoredName: name, Kind: store.MediaVideo, Status: store.MediaReady,
		Width: large.Width, Height: large.Height, DurationMS: res.Info.DurationMS, Outputs: outputs})
	if err != nil {
		return err
	}
	s.publicCache.invalidate() // visitors now get the rendition and the poster
	s.log.Info("video: ready", "name", name, "duration_ms", res.Info.DurationMS, "source", res.Info.VideoCodec,
		"width", large.Width, "height", large.Height,
		"ffmpeg_cpu_s", res.Usage.CPU.Seconds(), "ffmpeg_peak_rss_mb", res.Usage.PeakRSS>>20)
	return nil
}

// copyOriginal copies the stored original to a local file for ffmpeg
// (storage may be S3, and ffmpeg seeks).
func (s *Server) copyOriginal(ctx context.Context, name, path string) error {
	src, err := s.storage.Open(ctx, name)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// videoStatus is what GET /api/admin/media/{name} answers: the asset as
// items carry it, with the job's progress and state.
type videoStatus struct {
	*mediaInfo
	Progress *int       `json:"progress"` // percent of the transcode, while it runs
	JobState jobs.State `json:"jobState"` // "" when there is no job
	Attempts int        `json:"attempts"`
}

// mediaSettings answers GET /api/admin/media: whether videos are processed
// here (false without ffmpeg; the admin says so).
func (s *Server) mediaSettings(w http.ResponseWriter, r *http.Request) error {
	return writeJSON(w, http.StatusOK, map[string]bool{"videoProcessing": s.video != nil})
}

// getMediaStatus answers GET /api/admin/media/{name} for a photo or a
// video: its asset as items carry it, with its job's state and progress;
// 404 when the stored file has no asset (never processed).
func (s *Server) getMediaStatus(w http.ResponseWriter, r *http.Request) error {
	st, err := s.videoStatusOf(r.Context(), r.PathValue("name"))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, st)
}

func (s *Server) videoStatusOf(ctx context.Context, name string) (videoStatus, error) {
	a, err := s.store.GetMediaAsset(ctx, name)
	if err != nil {
		return videoStatus{}, err
	}
	st := videoStatus{mediaInfo: describe(a)}
	// The job of the asset's kind: "video" here, "image" (KindImage) for photos.
	found, err := s.jobs.ForSubjects(ctx, a.Kind, []string{name})
	if err != nil {
		return videoStatus{}, err
	}
	if j, ok := found[name]; ok {
		st.JobState, st.Attempts = j.State, j.Attempts
		if a.Status == store.MediaProcessing {
			st.Progress = j.Progress
		}
	}
	if j, ok := found[name]; ok && a.Kind == store.MediaVideo {
		// A worker that died on the last try leaves the asset processing
		// and the job failed: say so, so that the admin can try again.
		if a.Status == store.MediaProcessing && j.State == jobs.Failed {
			st.Status, st.Error = store.MediaFailed, reasonLost
		}
	}
	return st, nil
}

// retryMedia answers POST /api/admin/media/{name}/retry: the video's job
// runs again from the start. 409 while it runs or once the video is ready;
// 404 without an asset.
func (s *Server) retryMedia(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	name := r.PathValue("name")
	a, err := s.store.GetMediaAsset(ctx, name)
	if err != nil {
		return err
	}
	if s.video == nil || a.Kind != store.MediaVideo {
		return apperr.New(apperr.CodeConflict, "Video processing is off on this server")
	}
	if a.Status == store.MediaReady {
		return apperr.New(apperr.CodeConflict, "The video is processed already")
	}
	found, err := s.jobs.ForSubjects(ctx, videoJobKind, []string{name})
	if err != nil {
		return err
	}
	j, hasJob := found[name]
	if hasJob && j.State == jobs.Running {
		return apperr.New(apperr.CodeConflict, "The video is being processed; try again when it has finished")
	}
	// The asset first: a job that finished before it would be overwritten.
	if err := s.store.PutMediaAsset(ctx, store.MediaAsset{StoredName: name, Kind: store.MediaVideo, Status: store.MediaProcessing}); err != nil {
		return err
	}
	if hasJob {
		_, err = s.jobs.Retry(ctx, j.ID)
	} else {
		_, err = s.video.kind.Enqueue(ctx, nil, name, videoPayload{Name: name})
	}
	if err != nil {
		return err
	}
	st, err := s.videoStatusOf(ctx, name)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, st)
}

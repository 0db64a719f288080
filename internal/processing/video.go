package processing

import (
	"context"
	"errors"
	"fmt"
	"io"
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

// The video kind: Start records a media asset "processing" and
// enqueues a job of kind "video" whose subject is the stored name; the job
// probes the file, makes a poster and the renditions with ffmpeg
// (internal/video), stores them under content-addressed names and marks
// the asset ready. Without ffmpeg none of this happens and uploads are
// served as they arrived.

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

// videoKind is the video side when ffmpeg is installed.
type videoKind struct {
	tools   video.Tools
	kind    jobs.Kind[videoPayload]
	workDir string // DATA/video-work: one directory per running job
}

// isVideoName reports whether a stored name is a video, by its extension
// (finalize names files by their type).
func isVideoName(name string) bool {
	return strings.HasPrefix(media.ContentType(name), "video/")
}

// processVideo is one try of a video job.
func (p *Processor) processVideo(ctx context.Context, t *jobs.Task, v videoPayload) error {
	dir := filepath.Join(p.video.workDir, "job-"+strconv.FormatInt(t.ID, 10))
	os.RemoveAll(dir) // an earlier try of this job that was killed
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	err := p.transcodeInto(ctx, t, v.Name, dir)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, video.ErrUnreadable):
		// Nothing can come of the file: it goes, and the admin is told why.
		if derr := p.storage.Delete(context.WithoutCancel(ctx), v.Name); derr != nil && !errors.Is(derr, media.ErrNotFound) {
			p.log.Error("video: cannot remove an unreadable upload", "name", v.Name, "err", derr)
		}
		p.markFailed(ctx, v.Name, store.MediaVideo, reasonUnreadable)
		return jobs.Permanent(err)
	case errors.Is(err, media.ErrNotFound):
		p.markFailed(ctx, v.Name, store.MediaVideo, reasonGone)
		return jobs.Permanent(err)
	case ctx.Err() != nil && context.Cause(ctx) == context.Canceled:
		return err // the server is stopping: the job is queued again
	case t.Attempts >= t.MaxAttempts:
		p.markFailed(ctx, v.Name, store.MediaVideo, reasonGaveUp)
	}
	return err
}

// transcodeInto copies the original into dir, processes it there and
// stores the results: the asset is ready when it returns nil.
func (p *Processor) transcodeInto(ctx context.Context, t *jobs.Task, name, dir string) error {
	in := filepath.Join(dir, "original"+filepath.Ext(name))
	if err := p.copyOriginal(ctx, name, in); err != nil {
		return err
	}
	last := -1
	progress := func(percent int) {
		if percent != last {
			last = percent
			if err := t.SetProgress(ctx, percent); err != nil && ctx.Err() == nil {
				p.log.Warn("video: progress not recorded", "name", name, "err", err)
			}
		}
	}
	progress(0)
	res, err := p.video.tools.Process(ctx, in, dir, progress)
	if err != nil {
		return err
	}
	// The item may have been deleted meanwhile, and its upload and asset
	// with it (Forget): then there is nothing to store.
	if _, err := p.st.GetMediaAsset(ctx, name); apperr.Is(err, apperr.CodeNotFound) {
		p.log.Info("video: the upload was removed during processing", "name", name)
		return nil
	} else if err != nil {
		return err
	}
	outputs := make([]store.MediaOutput, 0, 1+len(res.Renditions))
	for _, o := range append([]video.Output{res.Poster}, res.Renditions...) {
		stored, size, err := media.PutProcessed(ctx, p.storage, o.Path, filepath.Ext(o.Path))
		if err != nil {
			return fmt.Errorf("store %s: %w", filepath.Base(o.Path), err)
		}
		outputs = append(outputs, store.MediaOutput{Name: stored, Role: o.Role, Width: o.Width, Height: o.Height, Type: o.Type, Bytes: size})
	}
	large := res.Renditions[len(res.Renditions)-1]
	err = p.st.PutMediaAsset(ctx, store.MediaAsset{StoredName: name, Kind: store.MediaVideo, Status: store.MediaReady,
		Width: large.Width, Height: large.Height, DurationMS: res.Info.DurationMS, Outputs: outputs})
	if err != nil {
		return err
	}
	p.changed() // visitors now get the rendition and the poster
	p.log.Info("video: ready", "name", name, "duration_ms", res.Info.DurationMS, "source", res.Info.VideoCodec,
		"width", large.Width, "height", large.Height,
		"ffmpeg_cpu_s", res.Usage.CPU.Seconds(), "ffmpeg_peak_rss_mb", res.Usage.PeakRSS>>20)
	return nil
}

// copyOriginal copies the stored original to a local file for ffmpeg
// (storage may be S3, and ffmpeg seeks).
func (p *Processor) copyOriginal(ctx context.Context, name, path string) error {
	src, err := p.storage.Open(ctx, name)
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

// Package processing turns uploaded media into what visitors get (DESIGN.md
// section 6: media is processed, never served raw), in the background
// through internal/jobs. A photo becomes upright, metadata-free WebP and
// JPEG variants (image.go, the "image" job kind); a video a poster and
// renditions made by ffmpeg (video.go, the "video" kind).
//
// Each processed upload has one media_assets row, named by the upload's
// stored name (also its job's subject): "processing" from its finalize
// until its job ends, then "ready" with its outputs, or "failed" with the
// reason the admin reads (Norwegian, as the admin is). This file is what
// the kinds share: starting a job, recording a failure, a job's status and
// retry (one path for every kind), and forgetting what was made of an
// upload that goes. present.go is what an item's media fields say; items.go
// the admin's handlers of the lists whose items carry uploads.
package processing

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/video"
)

// Deps are what a Processor needs.
type Deps struct {
	Store   *store.Store
	Storage media.Storage
	Jobs    *jobs.Queue // the kinds are registered on it; the caller runs it
	Log     *slog.Logger

	// Video are the ffmpeg tools; nil: videos are not processed (they are
	// served as they arrived), for the reason VideoOff gives the admin
	// (e.g. video.Find's "ffmpeg is not installed").
	Video        *video.Tools
	VideoOff     error
	VideoConfig  config.VideoConfig
	VideoWorkDir string // one directory per running video job (DATA/video-work)

	// Changed, when set, is called when a job has changed what visitors
	// see (an asset became ready or failed): the server bumps the content
	// version, so every replica's caches make their answers again.
	Changed func()
}

// Processor starts, runs and answers for the processing of uploads.
type Processor struct {
	st      *store.Store
	storage media.Storage
	jobs    *jobs.Queue
	log     *slog.Logger
	changed func()

	kinds map[string]*kind // by the asset's kind (store.MediaImage, store.MediaVideo)
	image jobs.Kind[imageJob]
	video *videoKind // nil: videos are not processed here
}

// kind is what the shared status and retry need of a job kind.
type kind struct {
	noun string // what the admin's messages call the upload: "photo", "video"
	off  error  // the answer to a retry when this server does not run the kind; nil: it does
	// lost is the reason shown when a worker died on the last try (the
	// job failed without its handler recording why).
	lost  string
	again func(ctx context.Context, name string) (jobs.Job, error) // jobs' Kind.Again
}

// New registers the image kind, and the video kind when Video is set
// (after clearing what a killed server left in the work directory: a job
// that was running then starts again in a directory of its own).
func New(d Deps) *Processor {
	p := &Processor{st: d.Store, storage: d.Storage, jobs: d.Jobs, log: d.Log, changed: d.Changed, kinds: map[string]*kind{}}
	if p.changed == nil {
		p.changed = func() {}
	}
	p.image = jobs.Register(d.Jobs, store.MediaImage, imageJobOptions, p.processImage)
	p.kinds[store.MediaImage] = &kind{noun: "photo", lost: reasonImageLost,
		again: func(ctx context.Context, name string) (jobs.Job, error) { return p.image.Again(ctx, name, imageJob{}) }}

	vk := &kind{noun: "video", lost: reasonLost}
	p.kinds[store.MediaVideo] = vk
	if d.Video == nil {
		vk.off = apperr.New(apperr.CodeConflict, "Video processing is off on this server")
		if d.VideoOff != nil { // which program is missing, say
			vk.off = apperr.New(apperr.CodeConflict, "Video processing is off on this server: %v", d.VideoOff)
		}
		return p
	}
	v := &videoKind{tools: *d.Video, workDir: d.VideoWorkDir}
	if err := os.RemoveAll(v.workDir); err != nil {
		p.log.Error("video: cannot clear the work directory", "dir", v.workDir, "err", err)
	}
	v.kind = jobs.Register(d.Jobs, store.MediaVideo, jobs.Options{
		MaxAttempts: 3,
		Concurrency: d.VideoConfig.Workers,
		Timeout:     d.VideoConfig.Timeout,
	}, p.processVideo)
	vk.again = func(ctx context.Context, name string) (jobs.Job, error) {
		return v.kind.Again(ctx, name, videoPayload{Name: name})
	}
	p.video = v
	return p
}

// VideoOn reports whether videos are processed here (the admin says so
// when not).
func (p *Processor) VideoOn() bool { return p.video != nil }

// Start begins the processing of a just-finalized upload: a photo, or a
// video when ffmpeg is here; any other URL is left alone. It records the
// asset as processing (a photo is private from now on) and queues its job,
// once per stored file: a retried finalize finds the asset and does
// nothing. When the job cannot be queued the asset goes again, so that a
// retried finalize starts over.
func (p *Processor) Start(ctx context.Context, url string) error {
	name, ok := media.NameFromURL(url)
	var assetKind string
	var enqueue func() error
	switch {
	case !ok:
		return nil
	case media.IsImageName(name):
		assetKind = store.MediaImage
		enqueue = func() error { _, err := p.image.Enqueue(ctx, p.st.DB, name, imageJob{}); return err }
	case isVideoName(name) && p.video != nil:
		assetKind = store.MediaVideo
		enqueue = func() error { _, err := p.video.kind.Enqueue(ctx, nil, name, videoPayload{Name: name}); return err }
	default:
		return nil
	}
	if _, err := p.st.GetMediaAsset(ctx, name); !apperr.Is(err, apperr.CodeNotFound) {
		return err // nil: already recorded
	}
	if err := p.st.PutMediaAsset(ctx, store.MediaAsset{StoredName: name, Kind: assetKind, Status: store.MediaProcessing}); err != nil {
		return err
	}
	if err := enqueue(); err != nil {
		p.st.DeleteMediaAsset(context.WithoutCancel(ctx), name)
		return err
	}
	return nil
}

// markFailed records why an upload could not be processed; the admin
// reads the reason, visitors keep what they saw. An asset removed
// meanwhile (its item deleted) stays removed.
func (p *Processor) markFailed(ctx context.Context, name, assetKind, reason string) {
	ctx = context.WithoutCancel(ctx)
	if _, err := p.st.GetMediaAsset(ctx, name); err != nil {
		return
	}
	err := p.st.PutMediaAsset(ctx, store.MediaAsset{StoredName: name, Kind: assetKind, Status: store.MediaFailed, Error: reason})
	if err != nil {
		p.log.Error("cannot record a processing failure", "name", name, "kind", assetKind, "err", err)
	}
	p.changed()
}

// Status is what GET /api/admin/media/{name} answers for a photo or a
// video: its media as items carry it, with its job's state and progress.
type Status struct {
	*Media
	Progress *int       `json:"progress"` // percent of the work, while it runs (videos report it)
	JobState jobs.State `json:"jobState"` // "" when there is no job
	Attempts int        `json:"attempts"`
}

// Status answers the processing of a stored upload; not found when it
// has no asset (never processed).
func (p *Processor) Status(ctx context.Context, name string) (Status, error) {
	a, err := p.st.GetMediaAsset(ctx, name)
	if err != nil {
		return Status{}, err
	}
	st := Status{Media: Describe(a)}
	j, ok, err := p.jobs.Latest(ctx, a.Kind, name) // the job kind is the asset's kind
	if err != nil || !ok {
		return st, err
	}
	st.JobState, st.Attempts = j.State, j.Attempts
	if a.Status == store.MediaProcessing {
		st.Progress = j.Progress
		// A worker that died on the last try leaves the asset processing
		// and the job failed: say so, so that the admin can try again.
		if k := p.kinds[a.Kind]; j.State == jobs.Failed && k != nil && k.lost != "" {
			st.Status, st.Error = store.MediaFailed, k.lost
		}
	}
	return st, nil
}

// Retry runs the job of a stored upload again from the start, for every
// kind alike. A conflict while it runs, once it is ready, or when this
// server does not run its kind (saying why: "ffmpeg is not installed");
// not found without an asset.
func (p *Processor) Retry(ctx context.Context, name string) (Status, error) {
	a, err := p.st.GetMediaAsset(ctx, name)
	if err != nil {
		return Status{}, err
	}
	k := p.kinds[a.Kind]
	switch {
	case k == nil:
		return Status{}, apperr.New(apperr.CodeConflict, "Uploads of kind %q are not processed", a.Kind)
	case k.off != nil:
		return Status{}, k.off
	case a.Status == store.MediaReady:
		return Status{}, apperr.New(apperr.CodeConflict, "The %s is processed already", k.noun)
	}
	if j, ok, err := p.jobs.Latest(ctx, a.Kind, name); err != nil {
		return Status{}, err
	} else if ok && j.State == jobs.Running {
		return Status{}, apperr.New(apperr.CodeConflict, "The %s is being processed; try again when it has finished", k.noun)
	}
	// The asset first: a job that finished before it would be overwritten.
	if err := p.st.PutMediaAsset(ctx, store.MediaAsset{StoredName: name, Kind: a.Kind, Status: store.MediaProcessing}); err != nil {
		return Status{}, err
	}
	if _, err := k.again(ctx, name); err != nil {
		return Status{}, err
	}
	return p.Status(ctx, name)
}

// Prune deletes the photo and video jobs that finished before the given
// time (the janitor's): an upload's state lives in its asset, and
// Status reads a job only while it runs or after it failed.
func (p *Processor) Prune(ctx context.Context, finishedBefore time.Time) error {
	for kind := range p.kinds {
		if _, err := p.jobs.PruneDone(ctx, kind, finishedBefore); err != nil {
			return err
		}
	}
	return nil
}

// IsPrivate reports whether a stored upload is an original that visitors
// no longer get: every uploaded photo, and a video once its renditions are
// ready (until then, or without ffmpeg, it is served as it was uploaded).
func (p *Processor) IsPrivate(ctx context.Context, name string) (bool, error) {
	a, err := p.st.GetMediaAsset(ctx, name)
	if apperr.Is(err, apperr.CodeNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return a.Kind == store.MediaImage || a.Status == store.MediaReady, nil
}

// RemoveIfUnused deletes the stored file of an "/uploads/NAME" URL, its
// processed files and its asset row, once no portfolio item or testimonial
// uses it any more (call it after deleting or changing an item). Other
// URLs are left alone.
func (p *Processor) RemoveIfUnused(ctx context.Context, url string) error {
	if _, ok := media.NameFromURL(url); !ok {
		return nil
	}
	used, err := p.st.UploadInUse(ctx, url)
	if err != nil || used {
		return err
	}
	if err := p.Forget(ctx, url); err != nil {
		return err
	}
	return media.RemoveURL(ctx, p.storage, url)
}

// Forget deletes what was made of an "/uploads/NAME" URL: its processed
// files and its asset row (the caller has made sure nothing uses the
// upload, and removes the original). Two uploads with the same bytes share
// content-addressed files, so a file another asset still lists is kept.
func (p *Processor) Forget(ctx context.Context, url string) error {
	name, ok := media.NameFromURL(url)
	if !ok {
		return nil
	}
	a, err := p.st.GetMediaAsset(ctx, name)
	if apperr.Is(err, apperr.CodeNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := p.st.DeleteMediaAsset(ctx, name); err != nil && !apperr.Is(err, apperr.CodeNotFound) {
		return err
	}
	return p.deleteUnusedOutputs(ctx, a.Outputs)
}

// deleteUnusedOutputs removes the processed files that no asset lists any
// more. Files are named by their content, so two uploads of the same photo
// share them: one going must not take the other's.
func (p *Processor) deleteUnusedOutputs(ctx context.Context, outputs []store.MediaOutput) error {
	for _, o := range outputs {
		shared, err := p.st.MediaOutputInUse(ctx, o.Name)
		if err != nil {
			return err
		}
		if shared {
			continue
		}
		if err := p.storage.Delete(ctx, o.Name); err != nil && !errors.Is(err, media.ErrNotFound) {
			return err
		}
	}
	return nil
}

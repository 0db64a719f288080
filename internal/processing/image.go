package processing

import (
	"context"
	"errors"
	"io"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/images"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The image kind: a job of kind "image" whose subject is the
// original's stored name turns an uploaded photo into upright,
// metadata-free WebP and JPEG variants and 9:16 card crops
// (internal/images), stores them content-addressed, and marks its
// media_assets row ready. The original is private from the moment its
// upload is finalized. Photos are processed in this process (a HEIC is
// decoded by libheif's heif-dec when the machine has it, else in
// WebAssembly), so every server runs this kind.

// imageJobOptions: one photo at a time per process (with images' own
// semaphore, memory stays bounded by one decoded photo), and a 48 MP HEIC
// decoded even in WebAssembly well inside the time limit.
var imageJobOptions = jobs.Options{Concurrency: 1, MaxAttempts: 3}

// imageJob is the payload of an image job: everything is in its subject.
type imageJob struct{}

// Reasons shown in the admin (Norwegian, as the admin is).
const (
	reasonImageFailed = "Bildet kunne ikke behandles. Prøv igjen, eller last opp bildet på nytt."
	reasonImageLost   = "Behandlingen av bildet ble avbrutt. Prøv igjen."
)

// errOriginalGone is the failure of a photo removed before its turn came.
var errOriginalGone = apperr.NotFound("Originalbildet finnes ikke lenger.")

// processImage is the image job's handler.
func (p *Processor) processImage(ctx context.Context, t *jobs.Task, _ imageJob) error {
	name := t.Subject
	// The steps of the work, for the admin's "processing" (a HEIC takes
	// seconds to decode); a progress not recorded only loses the number.
	ctx = images.WithProgress(ctx, func(percent int) {
		if err := t.SetProgress(ctx, percent); err != nil && ctx.Err() == nil {
			p.log.Warn("image: progress not recorded", "name", name, "err", err)
		}
	})
	err := p.makeImageVariants(ctx, name)
	if err == nil {
		return nil
	}
	// A photo that cannot be processed (damaged, too large in bytes, pixels
	// or memory) or is gone fails at once: another try would end the same.
	badPhoto := images.Unusable(err) || errors.Is(err, errOriginalGone)
	if badPhoto || t.Attempts >= t.MaxAttempts {
		// The reason of an images error is the admin's message.
		reason := reasonImageFailed
		if e, ok := apperr.As(err); ok {
			reason = e.Message
		}
		p.markFailed(context.WithoutCancel(ctx), name, store.MediaImage, reason)
	}
	if badPhoto {
		return jobs.Permanent(err)
	}
	return err
}

// makeImageVariants reads the original, processes it and stores the
// variants, then marks the asset ready.
func (p *Processor) makeImageVariants(ctx context.Context, name string) error {
	f, err := p.storage.Open(ctx, name)
	if errors.Is(err, media.ErrNotFound) {
		return errOriginalGone
	}
	if err != nil {
		return err
	}
	data, err := io.ReadAll(io.LimitReader(f, images.MaxBytes+1))
	f.Close()
	if err != nil {
		return err
	}
	res, err := images.Process(ctx, data)
	data = nil
	if err != nil {
		return err
	}
	a := store.MediaAsset{StoredName: name, Kind: store.MediaImage, Status: store.MediaReady, Width: res.Width, Height: res.Height}
	variants, err := p.putVariants(ctx, res.Variants, store.RoleImage)
	if err != nil {
		return err
	}
	cards, err := p.putVariants(ctx, res.Cards, store.RoleCard)
	if err != nil {
		return err
	}
	a.Outputs = append(variants, cards...)
	// The original may have been removed while it was processed (its
	// upload abandoned): then the variants go too (unless another upload
	// of the same photo has them), and no row comes back.
	if f, err := p.storage.Open(ctx, name); err == nil {
		f.Close()
	} else if errors.Is(err, media.ErrNotFound) {
		if err := p.deleteUnusedOutputs(ctx, a.Outputs); err != nil {
			p.log.Warn("image: variants of a removed upload left in storage", "name", name, "err", err)
		}
		return errOriginalGone
	}
	if err := p.st.PutMediaAsset(ctx, a); err != nil {
		return err
	}
	p.changed() // not an admin request: every replica's public cache is told here
	return nil
}

// putVariants stores each variant (or card crop: role) under its
// content-addressed name.
func (p *Processor) putVariants(ctx context.Context, vs []images.Variant, role string) ([]store.MediaOutput, error) {
	outs := make([]store.MediaOutput, 0, len(vs))
	for _, v := range vs {
		name, err := media.PutProcessedData(ctx, p.storage, v.Data, v.Ext)
		if err != nil {
			return nil, err
		}
		outs = append(outs, store.MediaOutput{Name: name, Role: role, Width: v.Width, Height: v.Height, Type: v.Type, Bytes: int64(len(v.Data))})
	}
	return outs, nil
}

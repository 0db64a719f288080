// Package clientlogos is the home page's strip of client logos:
// the brands the creator has worked with, as social proof. A logo is a
// brand's name (its text alternative), a photo uploaded through the admin's
// upload and processed like every photo (internal/processing: visitors get
// WebP and JPEG variants, never the original; an SVG is never taken), and
// an optional link to the brand's site. One ordered list serves both
// languages; only its heading is per language (the "clients" content
// section).
//
// Routes (declared by Routes, mounted by internal/httpapi):
//
//	GET    /api/client-logos               a visitor's list: logos whose photo is processed
//	GET    /api/admin/client-logos         every logo, with its processing state
//	POST   /api/admin/client-logos         {name, imageUrl, linkUrl?} → 201 and the logo
//	PATCH  /api/admin/client-logos/{id}    the body's fields over the stored ones
//	DELETE /api/admin/client-logos/{id}    204; its upload goes when nothing else uses it
//	PUT    /api/admin/client-logos/order   {"ids": [...]} → 204 (internal/ordering)
package clientlogos

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/ordering"
	"github.com/ugcfolio/ugcfolio/internal/processing"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// MaxPublic is how many logos a visitor's list holds at most: a strip, not
// a catalogue.
const MaxPublic = 50

// maxName caps a brand's name.
const maxName = 100

// form is a logo's field rules (its rows in testdata/rules.json "clientLogo").
var form = forms.New("clientLogo",
	forms.Field[store.ClientLogoInput]{Rule: forms.Rule{Field: "name", Label: "Brand name", Trim: true, Required: true, Max: maxName},
		Text: func(in *store.ClientLogoInput) *string { return &in.Name }},
	forms.Field[store.ClientLogoInput]{Rule: forms.Rule{Field: "imageUrl", Label: "Logo", Trim: true, Required: true,
		RequiredMsg: "Logo is required: upload the brand's logo", Format: "uploadedImage"},
		Text: func(in *store.ClientLogoInput) *string { return &in.ImageURL }},
	forms.Field[store.ClientLogoInput]{Rule: forms.Rule{Field: "linkUrl", Label: "Link", Trim: true, Format: "linkUrl"},
		Text: func(in *store.ClientLogoInput) *string { return &in.LinkURL }},
)

// Deps are what the handlers need from the server.
type Deps struct {
	Store      *store.Store
	Processing *processing.Processor
	Log        *slog.Logger
	// Cache keeps the visitor's list while the content version holds
	// (httpapi's public cache: every admin write and every finished
	// processing job moves the version, on every replica).
	Cache func(ctx context.Context, key string, compute func() ([]byte, error)) ([]byte, error)
}

// API answers the client logo routes.
type API struct{ d Deps }

// New returns the handlers.
func New(d Deps) *API { return &API{d: d} }

// Routes answers the routes of the client logos: the visitor's list, and
// the admin's.
func (a *API) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/client-logos", Handler: a.List},
		{Pattern: "GET /api/admin/client-logos", Admin: a.AdminList},
		{Pattern: "POST /api/admin/client-logos", Admin: a.Create},
		{Pattern: "PATCH /api/admin/client-logos/{id}", Admin: a.Update},
		{Pattern: "DELETE /api/admin/client-logos/{id}", Admin: a.Delete},
		{Pattern: "PUT /api/admin/client-logos/order", Admin: a.Reorder},
	}
}

// Answer is a logo as the API answers it: with what processing made of its
// photo ("imageMedia", as portfolio items and testimonials carry it).
type Answer struct {
	store.ClientLogo
	ImageMedia *processing.Media `json:"imageMedia"`
}

// answers attaches the media of each logo. For a visitor (admin false) a
// logo whose photo is not processed yet (or failed) is left out, and the
// others' imageUrl is their largest JPEG variant: the original never shows.
func (a *API) answers(ctx context.Context, list []store.ClientLogo, admin bool) ([]Answer, error) {
	urls := make([]string, len(list))
	for i, l := range list {
		urls[i] = l.ImageURL
	}
	assets, err := a.d.Processing.AssetsOf(ctx, urls)
	if err != nil {
		return nil, err
	}
	out := make([]Answer, 0, len(list))
	for _, l := range list {
		ans := Answer{ClientLogo: l}
		ans.ImageMedia = processing.Present(&ans.ImageURL, assets, admin)
		if admin || ans.ImageMedia != nil {
			out = append(out, ans)
		}
	}
	return out, nil
}

// VisitorJSON is a visitor's list as JSON: the public call's answer and the
// home page's data (the same cached bytes).
func (a *API) VisitorJSON(ctx context.Context) ([]byte, error) {
	return a.d.Cache(ctx, "client-logos", func() ([]byte, error) {
		list, err := a.d.Store.ListClientLogos(ctx, MaxPublic)
		if err != nil {
			return nil, err
		}
		answers, err := a.answers(ctx, list, false)
		if err != nil {
			return nil, err
		}
		return json.Marshal(answers)
	})
}

// List answers GET /api/client-logos: the strip as visitors see it, in the
// admin's order.
func (a *API) List(w http.ResponseWriter, r *http.Request) error {
	body, err := a.VisitorJSON(r.Context())
	if err != nil {
		return err
	}
	header(w)
	_, err = w.Write(body)
	return err
}

// AdminList answers GET /api/admin/client-logos: every logo, in order, with
// its photo's processing state.
func (a *API) AdminList(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	list, err := a.d.Store.ListClientLogos(r.Context(), 0)
	if err != nil {
		return err
	}
	answers, err := a.answers(r.Context(), list, true)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, answers)
}

// decode reads a body over base and checks the result against the form.
func (a *API) decode(w http.ResponseWriter, r *http.Request, base store.ClientLogoInput) (store.ClientLogoInput, error) {
	in := base
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return in, err
	}
	return in, form.Check(&in)
}

// Create answers POST /api/admin/client-logos with 201 and the logo, placed
// at the end of the strip.
func (a *API) Create(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	in, err := a.decode(w, r, store.ClientLogoInput{})
	if err != nil {
		return err
	}
	l, err := a.d.Store.CreateClientLogo(r.Context(), in)
	if err != nil {
		return err
	}
	return a.writeOne(w, r, http.StatusCreated, l)
}

// Update answers PATCH /api/admin/client-logos/{id} with the logo: the
// body's fields over the stored ones. A photo it replaces goes from storage
// when nothing else uses it.
func (a *API) Update(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	cur, err := a.d.Store.GetClientLogo(r.Context(), id)
	if err != nil {
		return err
	}
	in, err := a.decode(w, r, cur.ClientLogoInput)
	if err != nil {
		return err
	}
	l, err := a.d.Store.UpdateClientLogo(r.Context(), id, in)
	if err != nil {
		return err
	}
	if cur.ImageURL != l.ImageURL {
		a.forget(r.Context(), cur.ImageURL)
	}
	return a.writeOne(w, r, http.StatusOK, l)
}

// Delete answers DELETE /api/admin/client-logos/{id} with 204, and removes
// its photo (and what was made of it) when nothing else uses it.
func (a *API) Delete(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	l, err := a.d.Store.DeleteClientLogo(r.Context(), id)
	if err != nil {
		return err
	}
	a.forget(r.Context(), l.ImageURL)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Reorder answers PUT /api/admin/client-logos/order: {"ids": [...]}, every
// logo once, in the new order.
func (a *API) Reorder(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	return ordering.Handler(httpx.DecodeJSON, func(r *http.Request, ids []int64) error {
		return a.d.Store.ReorderClientLogos(r.Context(), ids)
	})(w, r)
}

// forget removes an upload nothing uses any more. The logo's change is
// stored already, so a failure is only logged (the janitor does not retry
// it: the file stays until the operator clears it, as for other items).
func (a *API) forget(ctx context.Context, url string) {
	if err := a.d.Processing.RemoveIfUnused(ctx, url); err != nil {
		a.d.Log.Error("remove unused upload", "url", url, "err", err)
	}
}

// writeOne answers one logo as the admin sees it.
func (a *API) writeOne(w http.ResponseWriter, r *http.Request, status int, l store.ClientLogo) error {
	answers, err := a.answers(r.Context(), []store.ClientLogo{l}, true)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, status, answers[0])
}

// pathID reads {id}; anything but a positive number names no logo.
func pathID(r *http.Request) (int64, error) {
	return httpx.PathID(r, "id", "client logo with id")
}

// header is what every answer here carries: JSON, never kept by a cache
// (an admin's change shows at once, as the other lists').
func header(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
}

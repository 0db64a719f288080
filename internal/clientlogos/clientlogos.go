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
	// Cache keeps the visitor's list while the content version holds
	// (httpapi's public cache: every admin write and every finished
	// processing job moves the version, on every replica).
	Cache func(ctx context.Context, key string, compute func() ([]byte, error)) ([]byte, error)
}

// API answers the client logo routes.
type API struct {
	d     Deps
	items processing.Items[store.ClientLogo, store.ClientLogoInput, Answer]
}

// New returns the handlers. A logo's create, update and delete are
// processing.Items' over the store's client logo calls; a new logo goes at
// the end of the strip.
func New(d Deps) *API {
	return &API{d: d, items: processing.Items[store.ClientLogo, store.ClientLogoInput, Answer]{
		Processing: d.Processing,
		What:       "client logo with id",
		Decode:     decode,
		Uploads:    func(l store.ClientLogo) []string { return []string{l.ImageURL} },
		Answer:     answer,
		InputOf:    func(l store.ClientLogo) store.ClientLogoInput { return l.ClientLogoInput },
		Store: processing.ItemStore[store.ClientLogo, store.ClientLogoInput]{Get: d.Store.GetClientLogo,
			Create: d.Store.CreateClientLogo, Update: d.Store.UpdateClientLogo, Delete: d.Store.DeleteClientLogo},
	}}
}

// Routes answers the routes of the client logos: the visitor's list, and
// the admin's. A new logo goes at the end of the strip; a photo an update
// replaces, or a deleted logo's, goes from storage when nothing else uses it.
func (a *API) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/client-logos", Handler: a.List},
		{Pattern: "GET /api/admin/client-logos", Admin: a.AdminList},
		{Pattern: "POST /api/admin/client-logos", Admin: a.items.Create},
		{Pattern: "PATCH /api/admin/client-logos/{id}", Admin: a.items.Update},
		{Pattern: "DELETE /api/admin/client-logos/{id}", Admin: a.items.Delete},
		{Pattern: "PUT /api/admin/client-logos/order", Admin: a.Reorder},
	}
}

// Answer is a logo as the API answers it: with what processing made of its
// photo ("imageMedia", as portfolio items and testimonials carry it).
type Answer struct {
	store.ClientLogo
	ImageMedia *processing.Media `json:"imageMedia"`
}

// answer attaches the media of a logo. For a visitor (admin false) a logo
// whose photo is not processed yet (or failed) is left out, and the
// others' imageUrl is their largest JPEG variant: the original never shows.
func answer(l store.ClientLogo, present func(url *string) *processing.Media, admin bool) (Answer, bool) {
	out := Answer{ClientLogo: l}
	out.ImageMedia = present(&out.ImageURL)
	return out, admin || out.ImageMedia != nil
}

// VisitorJSON is a visitor's list as JSON: the public call's answer and the
// home page's data (the same cached bytes).
func (a *API) VisitorJSON(ctx context.Context) ([]byte, error) {
	return a.d.Cache(ctx, "client-logos", func() ([]byte, error) {
		list, err := a.d.Store.ListClientLogos(ctx, MaxPublic)
		if err != nil {
			return nil, err
		}
		return a.items.VisitorJSON(ctx, list)
	})
}

// List answers GET /api/client-logos: the strip as visitors see it, in the
// admin's order.
func (a *API) List(w http.ResponseWriter, r *http.Request) error {
	body, err := a.VisitorJSON(r.Context())
	if err != nil {
		return err
	}
	return httpx.WriteCachedJSON(w, body)
}

// AdminList answers GET /api/admin/client-logos: every logo, in order, with
// its photo's processing state.
func (a *API) AdminList(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	list, err := a.d.Store.ListClientLogos(r.Context(), 0)
	if err != nil {
		return err
	}
	return a.items.WriteAdminList(w, r, list)
}

// decode reads a body over base and checks the result against the form.
func decode(w http.ResponseWriter, r *http.Request, base store.ClientLogoInput, _ int64) (store.ClientLogoInput, error) {
	in := base
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return in, err
	}
	return in, form.Check(&in)
}

// Reorder answers PUT /api/admin/client-logos/order: {"ids": [...]}, every
// logo once, in the new order.
func (a *API) Reorder(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	return ordering.Handler(httpx.DecodeJSON, func(r *http.Request, ids []int64) error {
		return a.d.Store.ReorderClientLogos(r.Context(), ids)
	})(w, r)
}

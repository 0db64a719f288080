// Package portfolio is the creator's work on the home page, one ordered
// list per language: a title, a description, a category, and an image, a
// video or both — a link, or an upload that internal/processing turns into
// what visitors get (never the original).
//
// Routes (declared by Routes, mounted by internal/httpapi):
//
//	GET    /api/portfolio/{lang}             a visitor's list (active items, at most MaxPublic); every item for an admin
//	POST   /api/admin/portfolio              → 201 and the item (category product, active, unless the body says)
//	PATCH  /api/admin/portfolio/{id}         the body's fields over the stored ones
//	DELETE /api/admin/portfolio/{id}         204; its uploads go when nothing else uses them
//	PUT    /api/admin/portfolio/order/{lang} {"ids": [...]} → 204 (internal/ordering)
package portfolio

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/ordering"
	"github.com/ugcfolio/ugcfolio/internal/processing"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// MaxPublic is how many items a visitor's list holds at most: the page
// shows a creator's best work, never thousands of items (6,758 made one
// 1.6 MB answer). The admin, who manages them all, gets every item.
const MaxPublic = 100

// Length caps of an item's texts (testdata/rules.json's caps).
const (
	MaxTitle       = 200
	MaxDescription = 5000
)

// Categories are the admin categories of SPEC.md section 9.
var Categories = []string{"product", "lifestyle", "brand", "social", "other"}

// MsgImageOrVideo is SPEC.md section 5's message when neither URL is given.
const MsgImageOrVideo = "Vennligst oppgi enten en bilde-URL eller en video-URL, eller last opp en video"

// form is an item's field rules (its rows in testdata/rules.json).
var form = forms.New("portfolio",
	forms.Field[store.PortfolioInput]{Rule: forms.Rule{Field: "title", Label: "Title", Trim: true, Required: true, Max: MaxTitle},
		Text: func(in *store.PortfolioInput) *string { return &in.Title }},
	forms.Field[store.PortfolioInput]{Rule: forms.Rule{Field: "description", Label: "Description", Trim: true, Max: MaxDescription},
		Text: func(in *store.PortfolioInput) *string { return &in.Description }},
	forms.Field[store.PortfolioInput]{Rule: forms.Rule{Field: "imageUrl", Label: "Image URL", Trim: true, Format: "imageUrl"},
		Text: func(in *store.PortfolioInput) *string { return &in.ImageURL }, Before: needImageOrVideo},
	forms.Field[store.PortfolioInput]{Rule: forms.Rule{Field: "videoUrl", Label: "Video URL", Trim: true, Format: "videoUrl"},
		Text: func(in *store.PortfolioInput) *string { return &in.VideoURL }},
	forms.Field[store.PortfolioInput]{Rule: forms.Rule{Field: "category", Label: "Category", OneOf: Categories,
		OneOfMsg: "Category must be one of " + strings.Join(Categories, ", ")},
		Text: func(in *store.PortfolioInput) *string { return &in.Category }},
	forms.Field[store.PortfolioInput]{Rule: forms.Rule{Field: "language", Label: "Language", OneOfCheck: forms.CheckLanguage,
		OneOfMsg: `Language must be "no" or "en"`},
		Text: func(in *store.PortfolioInput) *string { return &in.Language }},
)

// needImageOrVideo is SPEC.md section 5's rule that an item has an image or
// a video (or both).
func needImageOrVideo(in *store.PortfolioInput) error {
	if strings.TrimSpace(in.ImageURL) == "" && strings.TrimSpace(in.VideoURL) == "" {
		return apperr.Invalid(MsgImageOrVideo)
	}
	return nil
}

// Deps are what the handlers need from the host.
type Deps struct {
	Store      *store.Store
	Processing *processing.Processor
	Log        *slog.Logger
	// Cache keeps a visitor's list while the content version holds (the
	// host's public cache; every admin write moves the version).
	Cache func(ctx context.Context, key string, compute func() ([]byte, error)) ([]byte, error)
	// IsAdmin reports whether a request comes from the signed-in admin,
	// who gets hidden items in the list too (the admin screens show them faded).
	IsAdmin func(r *http.Request) bool
}

// API answers the portfolio routes.
type API struct{ d Deps }

// New returns the handlers.
func New(d Deps) *API { return &API{d: d} }

// Routes are the visitor's list and the admin's calls.
func (a *API) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/portfolio/{lang}", Handler: a.list},
		{Pattern: "POST /api/admin/portfolio", Admin: a.create},
		{Pattern: "PATCH /api/admin/portfolio/{id}", Admin: a.update},
		{Pattern: "DELETE /api/admin/portfolio/{id}", Admin: a.delete},
		{Pattern: "PUT /api/admin/portfolio/order/{lang}", Admin: a.reorder},
	}
}

// Answer is an item as the API answers it: with what processing made of
// its uploads.
type Answer struct {
	store.PortfolioItem
	VideoMedia *processing.Media `json:"videoMedia"`
	ImageMedia *processing.Media `json:"imageMedia"`
}

// answers attaches the media of each item's uploads; for a visitor (admin
// false) it also points the URLs at processed files.
func (a *API) answers(ctx context.Context, items []store.PortfolioItem, admin bool) ([]Answer, error) {
	urls := make([]string, 0, 2*len(items))
	for _, p := range items {
		urls = append(urls, p.VideoURL, p.ImageURL)
	}
	assets, err := a.d.Processing.AssetsOf(ctx, urls)
	if err != nil {
		return nil, err
	}
	out := make([]Answer, len(items))
	for i, p := range items {
		out[i] = Answer{PortfolioItem: p}
		out[i].VideoMedia = processing.Present(&out[i].VideoURL, assets, admin)
		out[i].ImageMedia = processing.Present(&out[i].ImageURL, assets, admin)
	}
	return out, nil
}

// VisitorJSON is a visitor's list for a language as JSON: the public
// call's answer and the data the server renders the home page from.
func (a *API) VisitorJSON(ctx context.Context, lang string) ([]byte, error) {
	return a.d.Cache(ctx, "portfolio/"+lang, func() ([]byte, error) {
		list, err := a.d.Store.ListPortfolio(ctx, lang, false, MaxPublic)
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

// list answers GET /api/portfolio/{lang}, in the admin's order.
func (a *API) list(w http.ResponseWriter, r *http.Request) error {
	lang, err := httpx.PathLanguage(r)
	if err != nil {
		return err
	}
	if !a.d.IsAdmin(r) {
		body, err := a.VisitorJSON(r.Context(), lang)
		if err != nil {
			return err
		}
		return httpx.WriteCachedJSON(w, body)
	}
	list, err := a.d.Store.ListPortfolio(r.Context(), lang, true, 0)
	if err != nil {
		return err
	}
	answers, err := a.answers(r.Context(), list, true)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, answers)
}

// body is the JSON of POST and PATCH: the item's writable fields, decoded
// over a base (the defaults on POST, the stored item on PATCH), so a field
// absent from the body keeps the base's value. PATCH may repeat the item's
// id; a different id is refused.
type body struct {
	ID *int64 `json:"id"`
	store.PortfolioInput
}

// decode reads a body over base and checks the result.
func decode(w http.ResponseWriter, r *http.Request, base store.PortfolioInput) (*int64, store.PortfolioInput, error) {
	b := body{PortfolioInput: base}
	if err := httpx.DecodeJSON(w, r, &b); err != nil {
		return nil, base, err
	}
	in := b.PortfolioInput
	return b.ID, in, form.Check(&in)
}

func (a *API) create(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, in, err := decode(w, r, store.PortfolioInput{Category: "product", IsActive: true})
	if err != nil {
		return err
	}
	if id != nil {
		return apperr.Invalid("A new portfolio item cannot have an id")
	}
	p, err := a.d.Store.CreatePortfolioItem(r.Context(), in)
	if err != nil {
		return err
	}
	return a.writeOne(w, r, http.StatusCreated, p)
}

func (a *API) update(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	cur, err := a.d.Store.GetPortfolioItem(r.Context(), id)
	if err != nil {
		return err
	}
	bodyID, in, err := decode(w, r, cur.PortfolioInput)
	if err != nil {
		return err
	}
	if bodyID != nil && *bodyID != id {
		return apperr.Invalid("The id in the body (%d) does not match the id in the path (%d)", *bodyID, id)
	}
	p, err := a.d.Store.UpdatePortfolioItem(r.Context(), id, in)
	if err != nil {
		return err
	}
	if cur.VideoURL != p.VideoURL {
		a.forget(r.Context(), cur.VideoURL)
	}
	if cur.ImageURL != p.ImageURL {
		a.forget(r.Context(), cur.ImageURL)
	}
	return a.writeOne(w, r, http.StatusOK, p)
}

func (a *API) delete(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	p, err := a.d.Store.DeletePortfolioItem(r.Context(), id)
	if err != nil {
		return err
	}
	a.forget(r.Context(), p.VideoURL)
	a.forget(r.Context(), p.ImageURL)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// reorder answers PUT /api/admin/portfolio/order/{lang}: every item of the
// language once, hidden ones too, in the new order.
func (a *API) reorder(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	return ordering.Handler(httpx.DecodeJSON, ordering.PerLanguage(a.d.Store.ReorderPortfolio))(w, r)
}

// forget removes an upload nothing uses any more. The change is stored
// already, so a failure is only logged: the file stays until the operator
// clears it.
func (a *API) forget(ctx context.Context, url string) {
	if err := a.d.Processing.RemoveIfUnused(ctx, url); err != nil {
		a.d.Log.Error("remove unused upload", "url", url, "err", err)
	}
}

func (a *API) writeOne(w http.ResponseWriter, r *http.Request, status int, p store.PortfolioItem) error {
	answers, err := a.answers(r.Context(), []store.PortfolioItem{p}, true)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, status, answers[0])
}

// pathID reads {id}; anything but a positive number names no item.
func pathID(r *http.Request) (int64, error) {
	return httpx.PathID(r, "id", "item with id")
}

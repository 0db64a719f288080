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
	// Cache keeps a visitor's list while the content version holds (the
	// host's public cache; every admin write moves the version).
	Cache func(ctx context.Context, key string, compute func() ([]byte, error)) ([]byte, error)
	// IsAdmin reports whether a request comes from the signed-in admin,
	// who gets hidden items in the list too (the admin screens show them faded).
	IsAdmin func(r *http.Request) bool
}

// API answers the portfolio routes.
type API struct {
	d     Deps
	items processing.Items[store.PortfolioItem, store.PortfolioInput, Answer]
}

// New returns the handlers. An item's create (category product and active
// unless the body says), update and delete are processing.Items' over the
// store's portfolio calls.
func New(d Deps) *API {
	return &API{d: d, items: processing.Items[store.PortfolioItem, store.PortfolioInput, Answer]{
		Processing: d.Processing,
		What:       "item with id",
		New:        store.PortfolioInput{Category: "product", IsActive: true},
		Decode:     decode,
		Uploads:    func(p store.PortfolioItem) []string { return []string{p.VideoURL, p.ImageURL} },
		Answer:     answer,
		InputOf:    func(p store.PortfolioItem) store.PortfolioInput { return p.PortfolioInput },
		Store: processing.ItemStore[store.PortfolioItem, store.PortfolioInput]{Get: d.Store.GetPortfolioItem,
			Create: d.Store.CreatePortfolioItem, Update: d.Store.UpdatePortfolioItem, Delete: d.Store.DeletePortfolioItem},
	}}
}

// Routes are the visitor's list and the admin's calls.
func (a *API) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/portfolio/{lang}", Handler: a.items.ByLanguage(a.d.IsAdmin, a.VisitorJSON, a.d.Store.ListPortfolio)},
		{Pattern: "POST /api/admin/portfolio", Admin: a.items.Create},
		{Pattern: "PATCH /api/admin/portfolio/{id}", Admin: a.items.Update},
		{Pattern: "DELETE /api/admin/portfolio/{id}", Admin: a.items.Delete},
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

// answer attaches the media of an item's uploads; for a visitor, present
// also points the URLs at processed files.
func answer(p store.PortfolioItem, present func(url *string) *processing.Media, _ bool) (Answer, bool) {
	out := Answer{PortfolioItem: p}
	out.VideoMedia = present(&out.VideoURL)
	out.ImageMedia = present(&out.ImageURL)
	return out, true
}

// VisitorJSON is a visitor's list for a language as JSON: the public
// call's answer and the data the server renders the home page from.
func (a *API) VisitorJSON(ctx context.Context, lang string) ([]byte, error) {
	return a.d.Cache(ctx, "portfolio/"+lang, func() ([]byte, error) {
		list, err := a.d.Store.ListPortfolio(ctx, lang, false, MaxPublic)
		if err != nil {
			return nil, err
		}
		return a.items.VisitorJSON(ctx, list)
	})
}

// body is the JSON of POST and PATCH: the item's writable fields, decoded
// over a base (the defaults on POST, the stored item on PATCH), so a field
// absent from the body keeps the base's value. PATCH may repeat the item's
// id; a different id is refused, and so is any id on POST (id 0).
type body struct {
	ID *int64 `json:"id"`
	store.PortfolioInput
}

// decode reads a body over base and checks the result.
func decode(w http.ResponseWriter, r *http.Request, base store.PortfolioInput, id int64) (store.PortfolioInput, error) {
	b := body{PortfolioInput: base}
	if err := httpx.DecodeJSON(w, r, &b); err != nil {
		return base, err
	}
	in := b.PortfolioInput
	if err := form.Check(&in); err != nil {
		return in, err
	}
	switch {
	case b.ID != nil && id == 0:
		return in, apperr.Invalid("A new portfolio item cannot have an id")
	case b.ID != nil && *b.ID != id:
		return in, apperr.Invalid("The id in the body (%d) does not match the id in the path (%d)", *b.ID, id)
	}
	return in, nil
}

// reorder answers PUT /api/admin/portfolio/order/{lang}: every item of the
// language once, hidden ones too, in the new order.
func (a *API) reorder(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	return ordering.Handler(httpx.DecodeJSON, ordering.PerLanguage(a.d.Store.ReorderPortfolio))(w, r)
}

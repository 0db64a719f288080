// Package testimonials is the home page's quotes from clients, one ordered
// list per language: a name, a company, the quote, a rating and an
// optional photo (uploaded and processed like every photo: visitors get
// what internal/processing made of it, never the original).
//
// Routes (declared by Routes, mounted by internal/httpapi):
//
//	GET    /api/testimonials/{lang}            a visitor's list (active ones, at most MaxPublic); every one for an admin
//	POST   /api/admin/testimonials             → 201 and the testimonial (rating 5 and active unless the body says)
//	PATCH  /api/admin/testimonials/{id}        the body's fields over the stored ones
//	PUT    /api/admin/testimonials/{id}        SPEC.md's call: the body over the defaults, as on POST
//	DELETE /api/admin/testimonials/{id}        204; its photo goes when nothing else uses it
//	PUT    /api/admin/testimonials/order/{lang} {"ids": [...]} → 204 (internal/ordering)
package testimonials

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

// MaxPublic is how many testimonials a visitor's list holds at most: the
// page shows the best few, never thousands.
const MaxPublic = 50

// Length caps of a testimonial's texts (testdata/rules.json's caps).
const (
	MaxName = 100
	MaxText = 2000
)

// form is a testimonial's field rules (its rows in testdata/rules.json).
var form = forms.New("testimonial",
	forms.Field[store.TestimonialInput]{Rule: forms.Rule{Field: "name", Label: "Name", Trim: true, Required: true, Max: MaxName},
		Text: func(in *store.TestimonialInput) *string { return &in.Name }},
	forms.Field[store.TestimonialInput]{Rule: forms.Rule{Field: "company", Label: "Company", Trim: true, Required: true, Max: MaxName},
		Text: func(in *store.TestimonialInput) *string { return &in.Company }},
	forms.Field[store.TestimonialInput]{Rule: forms.Rule{Field: "testimonial", Label: "Testimonial", Trim: true, Required: true, Max: MaxText},
		Text: func(in *store.TestimonialInput) *string { return &in.Testimonial }},
	forms.Field[store.TestimonialInput]{Rule: forms.Rule{Field: "imageUrl", Label: "Image URL", Trim: true, Format: "imageUrl"},
		Text: func(in *store.TestimonialInput) *string { return &in.ImageURL }},
	forms.Field[store.TestimonialInput]{Rule: forms.Rule{Field: "rating", Label: "Rating", Range: [2]int{1, 5},
		RangeMsg: "Rating must be a whole number from 1 to 5"},
		Number: func(in *store.TestimonialInput) *int { return &in.Rating }},
	forms.Field[store.TestimonialInput]{Rule: forms.Rule{Field: "language", Label: "Language", OneOfCheck: forms.CheckLanguage,
		OneOfMsg: `Language must be "no" or "en"`},
		Text: func(in *store.TestimonialInput) *string { return &in.Language }},
)

// defaults are what a POST or PUT body does not mention.
var defaults = store.TestimonialInput{Rating: 5, IsActive: true}

// Deps are what the handlers need from the host.
type Deps struct {
	Store      *store.Store
	Processing *processing.Processor
	Log        *slog.Logger
	// Cache keeps a visitor's list while the content version holds (the
	// host's public cache; every admin write moves the version).
	Cache func(ctx context.Context, key string, compute func() ([]byte, error)) ([]byte, error)
	// IsAdmin reports whether a request comes from the signed-in admin,
	// who gets hidden testimonials in the list too.
	IsAdmin func(r *http.Request) bool
}

// API answers the testimonial routes.
type API struct{ d Deps }

// New returns the handlers.
func New(d Deps) *API { return &API{d: d} }

// Routes are the visitor's list and the admin's calls.
func (a *API) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/testimonials/{lang}", Handler: a.list},
		{Pattern: "POST /api/admin/testimonials", Admin: a.create},
		{Pattern: "PATCH /api/admin/testimonials/{id}", Admin: a.update},
		{Pattern: "PUT /api/admin/testimonials/{id}", Admin: a.update},
		{Pattern: "DELETE /api/admin/testimonials/{id}", Admin: a.delete},
		{Pattern: "PUT /api/admin/testimonials/order/{lang}", Admin: a.reorder},
	}
}

// Answer is a testimonial as the API answers it: with what processing
// made of its photo.
type Answer struct {
	store.Testimonial
	ImageMedia *processing.Media `json:"imageMedia"`
}

// answers attaches each testimonial's photo; for a visitor (admin false)
// the URL points at a processed file.
func (a *API) answers(ctx context.Context, list []store.Testimonial, admin bool) ([]Answer, error) {
	urls := make([]string, len(list))
	for i, t := range list {
		urls[i] = t.ImageURL
	}
	assets, err := a.d.Processing.AssetsOf(ctx, urls)
	if err != nil {
		return nil, err
	}
	out := make([]Answer, len(list))
	for i, t := range list {
		out[i] = Answer{Testimonial: t}
		out[i].ImageMedia = processing.Present(&out[i].ImageURL, assets, admin)
	}
	return out, nil
}

// VisitorJSON is a visitor's list for a language as JSON: the public
// call's answer and the home page's data (the same cached bytes).
func (a *API) VisitorJSON(ctx context.Context, lang string) ([]byte, error) {
	return a.d.Cache(ctx, "testimonials/"+lang, func() ([]byte, error) {
		list, err := a.d.Store.ListTestimonials(ctx, lang, false, MaxPublic)
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

// list answers GET /api/testimonials/{lang}, in the admin's order.
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
	list, err := a.d.Store.ListTestimonials(r.Context(), lang, true, 0)
	if err != nil {
		return err
	}
	answers, err := a.answers(r.Context(), list, true)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, answers)
}

// decode reads a body (exactly SPEC.md section 3's writable fields) over
// base and checks the result: over the defaults on POST and PUT, over the
// stored testimonial on PATCH, so a PATCH keeps what it does not mention.
func decode(w http.ResponseWriter, r *http.Request, base store.TestimonialInput) (store.TestimonialInput, error) {
	in := base
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return in, err
	}
	return in, form.Check(&in)
}

func (a *API) create(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	in, err := decode(w, r, defaults)
	if err != nil {
		return err
	}
	t, err := a.d.Store.CreateTestimonial(r.Context(), in)
	if err != nil {
		return err
	}
	return a.writeOne(w, r, http.StatusCreated, t)
}

// update answers PATCH (the body over the stored fields) and PUT (the body
// over the defaults: it replaces).
func (a *API) update(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	cur, err := a.d.Store.GetTestimonial(r.Context(), id)
	if err != nil {
		return err
	}
	base := cur.TestimonialInput
	if r.Method == http.MethodPut {
		base = defaults
	}
	in, err := decode(w, r, base)
	if err != nil {
		return err
	}
	t, err := a.d.Store.UpdateTestimonial(r.Context(), id, in)
	if err != nil {
		return err
	}
	if cur.ImageURL != t.ImageURL {
		a.forget(r.Context(), cur.ImageURL)
	}
	return a.writeOne(w, r, http.StatusOK, t)
}

func (a *API) delete(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	cur, err := a.d.Store.GetTestimonial(r.Context(), id)
	if err != nil {
		return err
	}
	if err := a.d.Store.DeleteTestimonial(r.Context(), id); err != nil {
		return err
	}
	a.forget(r.Context(), cur.ImageURL)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// reorder answers PUT /api/admin/testimonials/order/{lang}: every
// testimonial of the language once, hidden ones too, in the new order.
func (a *API) reorder(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	return ordering.Handler(httpx.DecodeJSON, ordering.PerLanguage(a.d.Store.ReorderTestimonials))(w, r)
}

// forget removes a photo nothing uses any more. The change is stored
// already, so a failure is only logged: the file stays until the operator
// clears it.
func (a *API) forget(ctx context.Context, url string) {
	if err := a.d.Processing.RemoveIfUnused(ctx, url); err != nil {
		a.d.Log.Error("remove unused upload", "url", url, "err", err)
	}
}

func (a *API) writeOne(w http.ResponseWriter, r *http.Request, status int, t store.Testimonial) error {
	answers, err := a.answers(r.Context(), []store.Testimonial{t}, true)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, status, answers[0])
}

// pathID reads {id}; anything but a positive number names no testimonial.
func pathID(r *http.Request) (int64, error) {
	return httpx.PathID(r, "id", "item with id")
}

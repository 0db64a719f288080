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
	// Cache keeps a visitor's list while the content version holds (the
	// host's public cache; every admin write moves the version).
	Cache func(ctx context.Context, key string, compute func() ([]byte, error)) ([]byte, error)
	// IsAdmin reports whether a request comes from the signed-in admin,
	// who gets hidden testimonials in the list too.
	IsAdmin func(r *http.Request) bool
}

// API answers the testimonial routes.
type API struct {
	d     Deps
	items processing.Items[store.Testimonial, store.TestimonialInput, Answer]
}

// New returns the handlers. A testimonial's create, update (PATCH and
// SPEC.md's PUT) and delete are processing.Items' over the store's
// testimonial calls.
func New(d Deps) *API {
	return &API{d: d, items: processing.Items[store.Testimonial, store.TestimonialInput, Answer]{
		Processing: d.Processing,
		What:       "item with id",
		New:        defaults,
		Decode:     decode,
		Uploads:    func(t store.Testimonial) []string { return []string{t.ImageURL} },
		Answer:     answer,
		InputOf:    func(t store.Testimonial) store.TestimonialInput { return t.TestimonialInput },
		Store: processing.ItemStore[store.Testimonial, store.TestimonialInput]{Get: d.Store.GetTestimonial,
			Create: d.Store.CreateTestimonial, Update: d.Store.UpdateTestimonial,
			Delete: func(ctx context.Context, id int64) (store.Testimonial, error) {
				t, err := d.Store.GetTestimonial(ctx, id)
				if err != nil {
					return t, err
				}
				return t, d.Store.DeleteTestimonial(ctx, id)
			}},
	}}
}

// Routes are the visitor's list and the admin's calls.
func (a *API) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/testimonials/{lang}", Handler: a.items.ByLanguage(a.d.IsAdmin, a.VisitorJSON, a.d.Store.ListTestimonials)},
		{Pattern: "POST /api/admin/testimonials", Admin: a.items.Create},
		{Pattern: "PATCH /api/admin/testimonials/{id}", Admin: a.items.Update},
		{Pattern: "PUT /api/admin/testimonials/{id}", Admin: a.items.Update},
		{Pattern: "DELETE /api/admin/testimonials/{id}", Admin: a.items.Delete},
		{Pattern: "PUT /api/admin/testimonials/order/{lang}", Admin: a.reorder},
	}
}

// Answer is a testimonial as the API answers it: with what processing
// made of its photo.
type Answer struct {
	store.Testimonial
	ImageMedia *processing.Media `json:"imageMedia"`
}

// answer attaches a testimonial's photo; for a visitor, present also
// points the URL at a processed file.
func answer(t store.Testimonial, present func(url *string) *processing.Media, _ bool) (Answer, bool) {
	out := Answer{Testimonial: t}
	out.ImageMedia = present(&out.ImageURL)
	return out, true
}

// VisitorJSON is a visitor's list for a language as JSON: the public
// call's answer and the home page's data (the same cached bytes).
func (a *API) VisitorJSON(ctx context.Context, lang string) ([]byte, error) {
	return a.d.Cache(ctx, "testimonials/"+lang, func() ([]byte, error) {
		list, err := a.d.Store.ListTestimonials(ctx, lang, false, MaxPublic)
		if err != nil {
			return nil, err
		}
		return a.items.VisitorJSON(ctx, list)
	})
}

// decode reads a body (exactly SPEC.md section 3's writable fields) over
// base and checks the result: over the defaults on POST and PUT (PUT
// replaces), over the stored testimonial on PATCH, so a PATCH keeps what
// it does not mention.
func decode(w http.ResponseWriter, r *http.Request, base store.TestimonialInput, _ int64) (store.TestimonialInput, error) {
	in := base
	if r.Method == http.MethodPut {
		in = defaults
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return in, err
	}
	return in, form.Check(&in)
}

// reorder answers PUT /api/admin/testimonials/order/{lang}: every
// testimonial of the language once, hidden ones too, in the new order.
func (a *API) reorder(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	return ordering.Handler(httpx.DecodeJSON, ordering.PerLanguage(a.d.Store.ReorderTestimonials))(w, r)
}

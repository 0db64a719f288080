// Package content is the site's texts per section and language (hero,
// about, services, contact…): what the creator writes in Content, what the
// home page shows instead of its built-in texts. The sections and their
// fields are internal/forms' ContentSections.
//
// Routes (declared by Routes, mounted by internal/httpapi):
//
//	GET  /api/content/{lang}            every saved section of a language, one object; {} when none
//	GET  /api/content/{section}/{lang}  one section; 404 when never saved (the page keeps its built-in texts)
//	POST /api/admin/content             {section, language, content} → the saved row (created or replaced)
package content

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Deps are what the handlers need from the host.
type Deps struct {
	Store *store.Store
	// Cache keeps a language's texts while the content version holds (the
	// host's public cache; every admin write moves the version).
	Cache func(ctx context.Context, key string, compute func() ([]byte, error)) ([]byte, error)
}

// API answers the content routes.
type API struct{ d Deps }

// New returns the handlers.
func New(d Deps) *API { return &API{d: d} }

// Routes are the visitor's reads and the admin's save.
func (a *API) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/content/{section}/{lang}", Handler: a.section},
		{Pattern: "GET /api/content/{lang}", Handler: a.language},
		{Pattern: "POST /api/admin/content", Admin: a.save},
	}
}

// VisitorJSON is every saved section of a language as JSON, as GET
// /api/content/{lang} answers it: the home page's data, cached like the
// visitor lists.
func (a *API) VisitorJSON(ctx context.Context, lang string) ([]byte, error) {
	return a.d.Cache(ctx, "content/"+lang, func() ([]byte, error) {
		sections, err := a.d.Store.ContentByLanguage(ctx, lang)
		if err != nil {
			return nil, err
		}
		return json.Marshal(sections)
	})
}

// Section is one saved section's content (its fields as JSON) in a language; a NotFound error
// when it was never saved.
func (a *API) Section(ctx context.Context, section, lang string) (json.RawMessage, error) {
	c, err := a.d.Store.GetContent(ctx, section, lang)
	if err != nil {
		return nil, err
	}
	return c.Content, nil
}

// section answers GET /api/content/{section}/{lang} with {id, section,
// language, content, updatedAt}.
func (a *API) section(w http.ResponseWriter, r *http.Request) error {
	lang, err := httpx.PathLanguage(r)
	if err != nil {
		return err
	}
	section := r.PathValue("section")
	if !forms.ValidSection(section) {
		return apperr.NotFound("Content not found")
	}
	c, err := a.d.Store.GetContent(r.Context(), section, lang)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, c)
}

// language answers GET /api/content/{lang} with every saved section as
// {"hero": {...}, "about": {...}}: the public page's texts in one request.
// Sections never saved are absent; never 404.
func (a *API) language(w http.ResponseWriter, r *http.Request) error {
	lang, err := httpx.PathLanguage(r)
	if err != nil {
		return err
	}
	sections, err := a.d.Store.ContentByLanguage(r.Context(), lang)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, sections)
}

// saveBody is the JSON of POST /api/admin/content.
type saveBody struct {
	Section  string          `json:"section"`
	Language string          `json:"language"`
	Content  json.RawMessage `json:"content"`
}

// save creates the section in that language or replaces its fields, and
// answers the saved row.
func (a *API) save(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	var body saveBody
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	content, err := forms.Content(body.Section, body.Language, body.Content)
	if err != nil {
		return err
	}
	saved, err := a.d.Store.SaveContent(r.Context(), body.Section, body.Language, content)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, saved)
}

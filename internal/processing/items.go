package processing

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// Items is what the lists whose items point at uploads share — the
// portfolio, the testimonials, the client logos: an item's answer with the
// media of its uploads (Present), the admin's create, update and delete,
// and the removal of an upload an item no longer uses. Each list's package
// keeps its rules, its routes and its own SQL: it hands Items the store
// calls to make (Items runs none of its own) and declares Create, Update
// and Delete under its routes.
type Items[Item, Input, Answer any] struct {
	Processing *Processor
	// What names an item in the 404 of a bad {id} ("item with id").
	What string
	// New is what a POST body is decoded over (the list's defaults).
	New Input
	// Decode reads a POST or PATCH body over base (New, or the stored
	// item's input) and checks it against the list's rules; id is the
	// path's {id}, 0 on POST.
	Decode func(w http.ResponseWriter, r *http.Request, base Input, id int64) (Input, error)
	// Uploads are an item's upload URLs (its image, its video), the same
	// fields in the same order for every item.
	Uploads func(Item) []string
	// Answer is an item as the API answers it: present gives the media of
	// the upload a URL field points at (Present, for the admin or a
	// visitor). An answer with ok false is left out of the list.
	Answer func(item Item, present func(url *string) *Media, admin bool) (answer Answer, ok bool)
	// InputOf is an item's stored input (the base of a PATCH).
	InputOf func(Item) Input
	Store   ItemStore[Item, Input]
}

// ItemStore are the store calls of a list: the SQL its package owns.
type ItemStore[Item, Input any] struct {
	Get    func(ctx context.Context, id int64) (Item, error)
	Create func(ctx context.Context, in Input) (Item, error)
	Update func(ctx context.Context, id int64, in Input) (Item, error)
	// Delete returns the item it deleted.
	Delete func(ctx context.Context, id int64) (Item, error)
}

// answers are the answers of a list, for the admin or for a visitor (who
// gets processed files' URLs, never an original's: Present).
func (it Items[Item, Input, Answer]) answers(ctx context.Context, list []Item, admin bool) ([]Answer, error) {
	var urls []string
	for _, item := range list {
		urls = append(urls, it.Uploads(item)...)
	}
	assets, err := it.Processing.AssetsOf(ctx, urls)
	if err != nil {
		return nil, err
	}
	present := func(url *string) *Media { return Present(url, assets, admin) }
	out := make([]Answer, 0, len(list))
	for _, item := range list {
		if a, ok := it.Answer(item, present, admin); ok {
			out = append(out, a)
		}
	}
	return out, nil
}

// VisitorJSON is a visitor's answer to a list, as the public cache keeps it.
func (it Items[Item, Input, Answer]) VisitorJSON(ctx context.Context, list []Item) ([]byte, error) {
	answers, err := it.answers(ctx, list, false)
	if err != nil {
		return nil, err
	}
	return json.Marshal(answers)
}

// WriteAdminList answers the admin's list.
func (it Items[Item, Input, Answer]) WriteAdminList(w http.ResponseWriter, r *http.Request, list []Item) error {
	answers, err := it.answers(r.Context(), list, true)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, answers)
}

// ByLanguage answers GET /api/<list>/{lang} for a list kept per language,
// in the admin's order: a visitor gets visitorJSON's bytes (kept by the
// host's public cache), the signed-in admin every item, hidden ones too.
func (it Items[Item, Input, Answer]) ByLanguage(isAdmin func(*http.Request) bool,
	visitorJSON func(ctx context.Context, lang string) ([]byte, error),
	list func(ctx context.Context, lang string, includeHidden bool, limit int) ([]Item, error)) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		lang, err := httpx.PathLanguage(r)
		if err != nil {
			return err
		}
		if !isAdmin(r) {
			body, err := visitorJSON(r.Context(), lang)
			if err != nil {
				return err
			}
			return httpx.WriteCachedJSON(w, body)
		}
		all, err := list(r.Context(), lang, true, 0)
		if err != nil {
			return err
		}
		return it.WriteAdminList(w, r, all)
	}
}

// Create answers a POST with 201 and the item.
func (it Items[Item, Input, Answer]) Create(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	in, err := it.Decode(w, r, it.New, 0)
	if err != nil {
		return err
	}
	item, err := it.Store.Create(r.Context(), in)
	if err != nil {
		return err
	}
	return it.writeOne(w, r, http.StatusCreated, item)
}

// Update answers a PATCH of …/{id} with the item: the body's fields over
// the stored ones. An upload it no longer points at goes when nothing
// else uses it.
func (it Items[Item, Input, Answer]) Update(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, cur, err := it.byID(r, it.Store.Get)
	if err != nil {
		return err
	}
	in, err := it.Decode(w, r, it.InputOf(cur), id)
	if err != nil {
		return err
	}
	item, err := it.Store.Update(r.Context(), id, in)
	if err != nil {
		return err
	}
	it.letGo(r.Context(), it.Uploads(cur), it.Uploads(item))
	return it.writeOne(w, r, http.StatusOK, item)
}

// Delete answers a DELETE of …/{id} with 204; the item's uploads go when
// nothing else uses them.
func (it Items[Item, Input, Answer]) Delete(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	_, item, err := it.byID(r, it.Store.Delete)
	if err != nil {
		return err
	}
	it.letGo(r.Context(), it.Uploads(item), nil)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// byID runs a store call (Get, Delete) on the item the path's {id} names.
func (it Items[Item, Input, Answer]) byID(r *http.Request, call func(ctx context.Context, id int64) (Item, error)) (int64, Item, error) {
	id, err := httpx.PathID(r, "id", it.What)
	if err != nil {
		var none Item
		return 0, none, err
	}
	item, err := call(r.Context(), id)
	return id, item, err
}

// writeOne answers one item as the admin sees it.
func (it Items[Item, Input, Answer]) writeOne(w http.ResponseWriter, r *http.Request, status int, item Item) error {
	answers, err := it.answers(r.Context(), []Item{item}, true)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, status, answers[0])
}

// letGo removes the uploads of before that after no longer has in their
// place (after nil: every one), when nothing else uses them. The item's
// change is stored already, so a failure is only logged: the file stays
// until the operator clears it.
func (it Items[Item, Input, Answer]) letGo(ctx context.Context, before, after []string) {
	for i, url := range before {
		if after != nil && after[i] == url {
			continue
		}
		if err := it.Processing.RemoveIfUnused(ctx, url); err != nil {
			it.Processing.log.Error("remove unused upload", "url", url, "err", err)
		}
	}
}

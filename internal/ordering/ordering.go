// Package ordering is the admin's call that orders a list by hand:
// PUT …/order with {"ids": [every id of the list, in the new order]}, for the
// portfolio and the testimonials of a language and for the client logos. The
// store checks the ids against the list (store.CheckOrder) and keeps the
// order on both databases (store/order.go says where new items go).
package ordering

import (
	"context"
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/forms"
)

// Body is the JSON of a reorder.
type Body struct {
	IDs []int64 `json:"ids"`
}

// Decoder reads a request's JSON body into dst: httpapi's decodeJSON, with
// its size limit, text checks and messages.
type Decoder func(w http.ResponseWriter, r *http.Request, dst any) error

// Apply stores the order the request asks for (ids as sent: the store
// refuses one that is not the whole list, each once).
type Apply func(r *http.Request, ids []int64) error

// Handler answers a reorder with 204 once apply has stored it; a body
// without "ids", and whatever apply refuses, with 400 and a message.
// Nothing is stored unless the whole order is accepted.
func Handler(decode Decoder, apply Apply) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var b Body
		if err := decode(w, r, &b); err != nil {
			return err
		}
		if b.IDs == nil {
			return apperr.Invalid(`The body must be {"ids": [...]}: every id of the list, in the new order`)
		}
		if err := apply(r, b.IDs); err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
}

// PerLanguage is the Apply of a list kept per language, named by the
// route's {lang} ("no" or "en"; anything else is 400).
func PerLanguage(store func(ctx context.Context, language string, ids []int64) error) Apply {
	return func(r *http.Request, ids []int64) error {
		language := r.PathValue("lang")
		if err := forms.CheckLanguage(language); err != nil {
			return err
		}
		return store(r.Context(), language, ids)
	}
}

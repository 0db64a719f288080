// Package httpx is what the HTTP handlers of every capability share: a
// handler that returns its error, the route it is declared under, JSON
// bodies in and out, numbers and languages read from the path, and the one mapping of
// domain errors (internal/apperr) to statuses. A capability declares its
// routes; internal/httpapi, the host, mounts them behind its middleware and
// answers every error a handler returns. It imports only the standard
// library and two leaves, apperr and lang, so any capability may use it.
package httpx

import "net/http"

// Handler answers a request, or returns the error the host answers for it
// (WriteError): a handler never writes an error's status line itself.
type Handler func(w http.ResponseWriter, r *http.Request) error

// Admin is the signed-in admin an admin route's request comes from, as
// the host's session found it.
type Admin struct {
	ID   int64
	Name string // the display name, or the username without one
}

// AdminHandler is the handler of an admin route: the host has checked the
// session and passes the admin, so the handler needs no context lookup.
type AdminHandler func(w http.ResponseWriter, r *http.Request, admin Admin) error

// Route is one route a capability declares: a ServeMux pattern, its
// handler, and what the host must know of it. Exactly one of Handler and
// Admin is set.
type Route struct {
	Pattern string
	// Handler answers a route anyone may call (the host's own guards, such
	// as the coming-soon gate, still apply).
	Handler Handler
	// Admin answers a route of the admin API (under /api/admin/): the host
	// lets only the signed-in admin through and passes them in.
	Admin AdminHandler
	// Media marks a route that serves a stored file (a video of hundreds
	// of megabytes): its answer's write deadline moves with progress
	// instead of being fixed.
	Media bool
	// Redact marks a route whose path carries a secret (a room's token
	// is its key): the request log must not show it.
	Redact bool
}

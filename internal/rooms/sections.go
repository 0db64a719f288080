package rooms

import (
	"context"
	"html/template"
	"net/http"
	"net/url"

	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// What other capabilities add to a room (quotes), without the
// rooms knowing them: a section of the room page, routes under
// /room/<token>/ opened by the same token check as the room's own, pages
// in the room's layout, and a link for a message to the brand. The rooms
// stay the one place that reads a token.

// Visit is a brand's request in its room, as a section or a route sees it.
type Visit struct {
	Deal  deals.Deal
	Base  string     // the room's path, /room/<token>: links and forms hang off it
	Query url.Values // the request's query (a notice to show after a form)
}

// Section renders one part of the room page, in the deal's language: ""
// for nothing to show. It runs on every opening of the room.
type Section func(ctx context.Context, v Visit) (template.HTML, error)

// AddSection adds a section to the room page, after the brief, in the
// order added.
func (s *Service) AddSection(sec Section) {
	s.sectionsMu.Lock()
	defer s.sectionsMu.Unlock()
	s.sections = append(s.sections, sec)
}

// renderSections answers the sections of a visit, in order.
func (s *Service) renderSections(ctx context.Context, v Visit) ([]template.HTML, error) {
	s.sectionsMu.Lock()
	list := append([]Section(nil), s.sections...)
	s.sectionsMu.Unlock()
	var out []template.HTML
	for _, sec := range list {
		html, err := sec(ctx, v)
		if err != nil {
			return nil, err
		}
		if html != "" {
			out = append(out, html)
		}
	}
	return out, nil
}

// Handle makes a route of the brand's under /room/{token}/ (registered
// with Redact, as the room's own): the token is checked as the room page
// checks it — a link that does not work is the same 404 page, failed
// lookups count against the client address — and the answer carries the
// room's headers (never cached, never indexed, no Referer).
func (s *Service) Handle(fn func(w http.ResponseWriter, r *http.Request, v Visit) error) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		roomHeaders(w)
		a, err := s.open(r)
		if err != nil {
			return pageError(w, err)
		}
		return fn(w, r, Visit{Deal: a.deal, Base: "/room/" + r.PathValue("token"), Query: r.URL.Query()})
	}
}

// NotFoundPage answers, as a page, what is not in the room (a quote
// number it does not have): the room's own 404, which says nothing.
func NotFoundPage(w http.ResponseWriter) error { return notFoundPage(w, http.StatusNotFound) }

// pageView is the data of a page another package renders in the room.
type pageView struct {
	T     texts
	Deal  deals.Deal
	Base  string
	Title string
	Body  template.HTML
}

// RenderPage writes a page in the room's layout with status: the deal's
// brand as its heading, body under it, a link back to the room.
func (s *Service) RenderPage(w http.ResponseWriter, status int, v Visit, title string, body template.HTML) error {
	return render(w, status, sectionPageTmpl, pageView{T: textsFor(v.Deal.Language), Deal: v.Deal, Base: v.Base, Title: title, Body: body})
}

// MailLink makes a link to the deal's room for one message to the brand
// (as the rooms' own messages carry): ErrRoomClosed when the room has no
// working link, since a message must not open what the creator closed.
func (s *Service) MailLink(ctx context.Context, dealID int64) (string, error) {
	return s.mintMailLink(ctx, dealID)
}

// ErrRoomClosed: the room has no working link (revoked or expired).
var ErrRoomClosed = errRoomClosed

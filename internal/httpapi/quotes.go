package httpapi

import (
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/quotes"
)

// Quotes (issue 34) live in internal/quotes, handlers included: the server
// registers the admin's routes behind its guard and the brand's, under the
// room's path, outside it (internal/rooms checks the token). A quote is
// shown as a section of the room page, which the quotes add themselves.

// newQuotes makes the quotes over the server's deals, rooms and mail; they
// go by the rooms' clock (a quote's last valid day is a day of the room).
func (s *Server) newQuotes(d Deps) *quotes.Service {
	return quotes.New(quotes.Deps{Store: d.Store, Log: d.Log, Deals: s.deals, Rooms: s.rooms, Jobs: s.jobs, Mail: s.mail,
		SiteURL: s.siteURL, Clock: d.RoomsClock, VATMode: s.quoteVATMode, Seller: s.quoteSeller,
		ClientAddress: func(r *http.Request) string { return s.proxies.Addr(r).String() }})
}

// Quotes is the server's quotes (what builds on them: the invoices read an
// accepted quote with Accepted).
func (s *Server) Quotes() *quotes.Service { return s.quotes }

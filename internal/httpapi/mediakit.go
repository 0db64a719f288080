package httpapi

import "github.com/ugcfolio/ugcfolio/internal/mediakit"

// newMediaKit makes the media kit over the server's analytics, deals and
// the visitor lists the public API answers; it goes by the rooms' clock.
func (s *Server) newMediaKit(d Deps) *mediakit.Service {
	return mediakit.New(mediakit.Deps{Store: d.Store, Log: d.Log, SiteURL: s.siteURL, Clock: d.RoomsClock,
		Analytics: s.analytics, Deals: s.deals, Portfolio: s.portfolio.VisitorJSON, Testimonials: s.testimonials.VisitorJSON,
		ClientLogos: s.logos.VisitorJSON})
}

// MediaKit is the server's media kit.
func (s *Server) MediaKit() *mediakit.Service { return s.mediaKit }

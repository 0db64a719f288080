package httpapi

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"

	"github.com/ugcfolio/ugcfolio/internal/rooms"
)

// Delivery rooms (issue 28) live in internal/rooms, handlers included: the
// server registers the admin's routes behind its guard and the brand's
// outside it (the room's token is the key), and keeps drafts' files off
// its public paths (serveProcessed, serveOriginal ask IsDraftFile).

// newRooms makes the rooms over the server's deals, uploads and jobs.
func (s *Server) newRooms(d Deps) *rooms.Service {
	return rooms.New(rooms.Deps{Store: d.Store, Log: d.Log, Deals: s.deals, Uploads: s.uploads, Storage: s.storage,
		Processing: s.processing, Jobs: s.jobs, Mail: s.mail, SiteURL: s.siteURL, ClientKey: s.proxies.Key,
		Clock: d.RoomsClock, SweepEvery: d.RoomsSweepEvery, Creator: s.roomsCreator})
}

// roomsCreator answers who the brand's pages name: the billing profile's
// legal name and e-mail, else the e-mail of the site's contact section in
// the deal's language. Billing is made after the rooms; pages are shown
// only once both are.
func (s *Server) roomsCreator(ctx context.Context, language string) (rooms.Creator, error) {
	p, err := s.billing.Profile(ctx)
	if err != nil {
		return rooms.Creator{}, err
	}
	c := rooms.Creator{Name: strings.TrimSpace(p.LegalName), Email: strings.TrimSpace(p.Email)}
	if c.Email != "" {
		return c, nil
	}
	contact, err := s.store.GetContent(ctx, "contact", language)
	if apperr.Is(err, apperr.CodeNotFound) {
		return c, nil
	}
	if err != nil {
		return c, err
	}
	var saved struct{ Email string }
	if json.Unmarshal(contact.Content, &saved) == nil {
		c.Email = strings.TrimSpace(saved.Email)
	}
	return c, nil
}

// RunRooms queues the rooms' sweep (drafts approved when their days are
// up, licence reminders) until ctx ends; serve runs it.
func (s *Server) RunRooms(ctx context.Context) { s.rooms.Run(ctx) }

// Rooms is the server's delivery rooms (tests).
func (s *Server) Rooms() *rooms.Service { return s.rooms }

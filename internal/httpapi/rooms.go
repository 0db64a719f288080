package httpapi

import (
	"context"

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
		Clock: d.RoomsClock, SweepEvery: d.RoomsSweepEvery})
}

// RunRooms queues the rooms' sweep (drafts approved when their days are
// up, licence reminders) until ctx ends; serve runs it.
func (s *Server) RunRooms(ctx context.Context) { s.rooms.Run(ctx) }

// Rooms is the server's delivery rooms (tests).
func (s *Server) Rooms() *rooms.Service { return s.rooms }

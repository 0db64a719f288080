package httpapi

import (
	"context"

	"github.com/ugcfolio/ugcfolio/internal/analytics"
	"github.com/ugcfolio/ugcfolio/internal/deals"
)

// Deals (issue 28) live in internal/deals, handlers included; the server
// mounts their routes behind the admin guard (routes, mount), and gives
// them the signed-in admin. Their events join the Overview's recent
// activity, and each inquiry names its deal.

// dealActivity answers the newest deal events as lines of the Overview.
func (s *Server) dealActivity(ctx context.Context) ([]analytics.Activity, error) {
	lines, err := s.deals.Activity(ctx, 20)
	if err != nil {
		return nil, err
	}
	out := make([]analytics.Activity, len(lines))
	for i, l := range lines {
		out[i] = analytics.Activity{Type: "deal", At: l.At, Text: l.Text, Link: l.Link}
	}
	return out, nil
}

// Deals is the server's deals, for what builds on them (delivery rooms add
// their delete hooks and record their events).
func (s *Server) Deals() *deals.Service { return s.deals }

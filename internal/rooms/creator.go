package rooms

import (
	"context"
)

// Who the brand works with, named on the room and the licence summary:
// the creator's name and contact e-mail. Billing keeps them
// (its profile), and billing is made after the rooms, so the server hands
// a function that reads them when a page is shown.

// Creator is the creator as the brand's pages name her.
type Creator struct {
	Name  string // the legal name of the billing profile; "" when not set
	Email string // where the brand writes to her; "" when not known
}

// creatorOf answers the creator of the deal's pages in lang, always with a
// name (the site's host when she has set none); an error to read her is
// logged, and the page names the site instead.
func (s *Service) creatorOf(ctx context.Context, lang string) Creator {
	var c Creator
	if s.creator != nil {
		var err error
		if c, err = s.creator(ctx, lang); err != nil {
			s.log.Warn("rooms: cannot read the creator", "err", err)
			c = Creator{}
		}
	}
	if c.Name == "" {
		c.Name = s.siteHost()
	}
	return c
}

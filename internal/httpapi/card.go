package httpapi

import "github.com/ugcfolio/ugcfolio/internal/billing/card"

// Card payment of invoices through Stripe Checkout lives in
// internal/billing/card: on only with both Stripe keys set (nil otherwise,
// and nothing of Stripe shows).
func (s *Server) newCard(d Deps) *card.Service {
	c := d.Config.Stripe
	if !c.Enabled() {
		return nil
	}
	d.Log.Info("card payment is on: Stripe Checkout", "vipps", c.Vipps)
	return card.New(card.Deps{Config: card.Config{SecretKey: c.SecretKey, WebhookSecret: c.WebhookSecret, APIURL: c.APIURL, Vipps: c.Vipps},
		Store: d.Store, Log: d.Log, Billing: s.billing, Rooms: s.rooms, SiteURL: s.siteURL})
}

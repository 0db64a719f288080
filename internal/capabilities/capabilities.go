// Package capabilities makes the site's capabilities — client logos, content, portfolio,
// testimonials, inquiries, analytics and pitch links, deals, delivery rooms, quotes, billing,
// card payment, Fiken and the media kit — over what the host server (internal/httpapi) shares
// with them, and wires them to each other in this one place. The host mounts the routes they
// declare (Routes) and knows none of their tables or paths; each capability's own package holds
// its rules, SQL, handlers and tests.
//
// A new capability is one package, made here and listed in Routes.
package capabilities

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/ugcfolio/ugcfolio/internal/analytics"
	"github.com/ugcfolio/ugcfolio/internal/billing"
	"github.com/ugcfolio/ugcfolio/internal/billing/card"
	"github.com/ugcfolio/ugcfolio/internal/billing/fiken"
	"github.com/ugcfolio/ugcfolio/internal/clientlogos"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/content"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/inquiries"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/mediakit"
	"github.com/ugcfolio/ugcfolio/internal/portfolio"
	"github.com/ugcfolio/ugcfolio/internal/processing"
	"github.com/ugcfolio/ugcfolio/internal/quotes"
	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
	"github.com/ugcfolio/ugcfolio/internal/rooms"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/testimonials"
)

// Host is what the host server shares with every capability.
type Host struct {
	Config     config.Config
	Store      *store.Store
	Log        *slog.Logger
	Jobs       *jobs.Queue
	Mail       *mail.Mailer // nil: e-mail is off
	Storage    media.Storage
	Uploads    *media.Uploads
	Processing *processing.Processor
	// Metrics is where a capability registers its metrics (nil: no metrics).
	Metrics prometheus.Registerer
	SiteURL string // without a trailing slash
	Now     func() time.Time

	// Cache keeps a visitor's list while the content version holds.
	Cache func(ctx context.Context, key string, compute func() ([]byte, error)) ([]byte, error)
	// IsAdmin reports whether an API request comes from the signed-in admin; IsAdminAnywhere
	// answers it for a page outside /api/ too (the page view must not count her).
	IsAdmin, IsAdminAnywhere func(r *http.Request) bool
	// ClientAddr and ClientKey name the client (internal/clientaddr): its address, and the key its
	// rate limits count under.
	ClientAddr, ClientKey func(r *http.Request) string
	// The limits of the contact form and the analytics beacon, per client.
	ContactLimit, BeaconLimit ratelimit.Limiter

	// RoomsClock is the time rooms, quotes and billing go by (nil: the real time), and
	// RoomsSweepEvery how often their sweeps are queued (0: their own default).
	RoomsClock      func() time.Time
	RoomsSweepEvery time.Duration
	// Fiken tweaks the Fiken connection's dependencies (tests: its retry wait).
	Fiken func(*fiken.Deps)
}

// Capabilities are the site's capabilities, made.
type Capabilities struct {
	Analytics    *analytics.Service
	Logos        *clientlogos.API
	Content      *content.API
	Portfolio    *portfolio.API
	Testimonials *testimonials.API
	Inquiries    *inquiries.API
	Deals        *deals.Service
	Rooms        *rooms.Service
	Quotes       *quotes.Service
	Billing      *billing.Service
	Fiken        *fiken.Service
	Card         *card.Service // nil: card payment is off
	MediaKit     *mediakit.Service
}

// New makes every capability, in the order they build on each other.
func New(h Host) *Capabilities {
	c := &Capabilities{}
	c.Analytics = newAnalytics(h)
	c.Logos = clientlogos.New(clientlogos.Deps{Store: h.Store, Processing: h.Processing, Cache: h.Cache})
	c.Content = content.New(content.Deps{Store: h.Store, Cache: h.Cache})
	c.Portfolio = portfolio.New(portfolio.Deps{Store: h.Store, Processing: h.Processing,
		Cache: h.Cache, IsAdmin: h.IsAdmin})
	c.Testimonials = testimonials.New(testimonials.Deps{Store: h.Store, Processing: h.Processing,
		Cache: h.Cache, IsAdmin: h.IsAdmin})
	c.Deals = deals.New(deals.Deps{Store: h.Store, Log: h.Log})
	c.Inquiries = inquiries.New(inquiries.Deps{Store: h.Store, Mail: h.Mail, AutoReply: h.Config.Mail.AutoReply,
		Limit: h.ContactLimit, ClientKey: h.ClientKey, Attribute: c.Analytics.AttributeInquiry,
		Annotate: c.annotateInquiries, Now: h.Now, Log: h.Log})
	c.Rooms = rooms.New(rooms.Deps{Store: h.Store, Log: h.Log, Deals: c.Deals, Uploads: h.Uploads, Storage: h.Storage,
		Processing: h.Processing, Jobs: h.Jobs, Mail: h.Mail, SiteURL: h.SiteURL, ClientKey: h.ClientKey,
		Clock: h.RoomsClock, SweepEvery: h.RoomsSweepEvery, Creator: c.roomsCreator})
	// The room shows its quote, then billing's invoices; a quote's last valid day is a day of the room.
	c.Quotes = quotes.New(quotes.Deps{Store: h.Store, Log: h.Log, Deals: c.Deals, Rooms: c.Rooms, Jobs: h.Jobs,
		Mail: h.Mail, SiteURL: h.SiteURL, Clock: h.RoomsClock, VATMode: c.quoteVATMode, Seller: c.quoteSeller,
		ClientAddress: h.ClientAddr})
	// Billing goes by the rooms' clock (a test build moves both) and sweeps for reminders as often.
	c.Billing = billing.New(billing.Deps{Store: h.Store, Log: h.Log, Deals: c.Deals, Jobs: h.Jobs, Mail: h.Mail,
		Clock: h.RoomsClock, SweepEvery: h.RoomsSweepEvery, Agreement: c.agreement, Rooms: c.Rooms})
	c.Fiken = newFiken(h, c.Billing)
	c.Card = newCard(h, c.Billing, c.Rooms)
	c.MediaKit = mediakit.New(mediakit.Deps{Store: h.Store, Log: h.Log, SiteURL: h.SiteURL, Clock: h.RoomsClock,
		Analytics: c.Analytics, Deals: c.Deals, Portfolio: c.Portfolio.VisitorJSON,
		Testimonials: c.Testimonials.VisitorJSON, ClientLogos: c.Logos.VisitorJSON})
	return c
}

// Routes are every capability's routes, for the host to mount.
func (c *Capabilities) Routes() []httpx.Route {
	var all []httpx.Route
	for _, routes := range [][]httpx.Route{
		c.Logos.Routes(),
		c.Analytics.Routes(),
		{{Pattern: "GET /api/admin/activity", Admin: c.recentActivity}},
		c.Deals.Routes(),
		c.Rooms.AdminRoutes(), c.Rooms.PublicRoutes(),
		c.Billing.Routes(), c.Billing.PublicRoutes(),
		c.Card.Routes(), // Stripe Checkout, when its keys are set
		c.Fiken.Routes(),
		c.Quotes.AdminRoutes(), c.Quotes.PublicRoutes(),
		c.MediaKit.Routes(),
		c.Content.Routes(), c.Portfolio.Routes(), c.Testimonials.Routes(), c.Inquiries.Routes(),
	} {
		all = append(all, routes...)
	}
	return all
}

// RunSweeps queues the capabilities' periodic work until ctx ends (the rooms' sweep: drafts
// approved when their days are up, licence reminders; billing's reminders; the fetch of Fiken's
// payments) and returns when every loop has stopped. serve runs it.
func (c *Capabilities) RunSweeps(ctx context.Context) {
	var wg sync.WaitGroup
	for _, run := range []func(context.Context){c.Rooms.Run, c.Billing.Run, c.Fiken.Run} {
		wg.Go(func() { run(ctx) })
	}
	wg.Wait()
}

// RunAnalytics queues the analytics rollup every half minute until ctx ends, then writes the
// events that wait; serve runs it and waits for it before closing the store.
func (c *Capabilities) RunAnalytics(ctx context.Context) {
	c.Analytics.Run(ctx)
	c.Analytics.Close()
}

// IsPrivateFile reports whether a stored file is served only through its capability (a delivery
// room's draft), never on the site's public paths.
func (c *Capabilities) IsPrivateFile(ctx context.Context, name string) (bool, error) {
	return c.Rooms.IsDraftFile(ctx, name)
}

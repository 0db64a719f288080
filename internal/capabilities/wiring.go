package capabilities

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/analytics"
	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing"
	"github.com/ugcfolio/ugcfolio/internal/billing/card"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/billing/fiken"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/rooms"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// What one capability asks of another, answered here so that neither imports the other.

// newAnalytics makes the analytics; the first open of a pitch link e-mails the creator (nothing
// while mail is off).
func newAnalytics(h Host) *analytics.Service {
	return analytics.New(analytics.Deps{Config: h.Config.Analytics, Store: h.Store, Jobs: h.Jobs, Log: h.Log,
		SiteURL: h.SiteURL, ClientAddr: h.ClientAddr, ClientKey: h.ClientKey, IsAdmin: h.IsAdminAnywhere,
		OnFirstOpen: func(ctx context.Context, tx *sql.Tx, o analytics.PitchOpened) error {
			return h.Mail.EnqueuePitchOpened(ctx, tx, o.LinkID, o.Name, o.Note, o.At)
		},
		AfterFirstOpen: h.Mail.Wake, BeaconLimit: h.BeaconLimit, Metrics: h.Metrics})
}

// newFiken connects billing to the creator's Fiken.
func newFiken(h Host, b *billing.Service) *fiken.Service {
	c := h.Config.Fiken
	d := fiken.Deps{Store: h.Store, Log: h.Log, Billing: b, Jobs: h.Jobs,
		Config: fiken.Config{Token: c.Token, Company: c.Company, BankAccount: c.BankAccount, BaseURL: c.APIURL}}
	if h.Fiken != nil {
		h.Fiken(&d)
	}
	return fiken.New(d)
}

// newCard is card payment of invoices through Stripe Checkout: on only with both Stripe keys set
// (nil otherwise, and nothing of Stripe shows).
func newCard(h Host, b *billing.Service, r *rooms.Service) *card.Service {
	c := h.Config.Stripe
	if !c.Enabled() {
		return nil
	}
	h.Log.Info("card payment is on: Stripe Checkout", "vipps", c.Vipps)
	return card.New(card.Deps{Config: card.Config{SecretKey: c.SecretKey, WebhookSecret: c.WebhookSecret,
		APIURL: c.APIURL, Vipps: c.Vipps}, Store: h.Store, Log: h.Log, Billing: b, Rooms: r, SiteURL: h.SiteURL})
}

// recentActivity answers the Overview's recent activity: analytics' lines and the deals' events.
func (c *Capabilities) recentActivity(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	lines, err := c.Deals.Activity(r.Context(), 20)
	if err != nil {
		return err
	}
	dealLines := make([]analytics.Activity, len(lines))
	for i, l := range lines {
		dealLines[i] = analytics.Activity{Type: "deal", At: l.At, Text: l.Text, Link: l.Link}
	}
	list, err := c.Analytics.Activity(r.Context(), dealLines...)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, list)
}

// inquiryWithLink is an inquiry in the admin's list, with the pitch link it came through and the
// deal made from it (null for none).
type inquiryWithLink struct {
	store.Inquiry
	PitchLink *analytics.LinkRef `json:"pitchLink"`
	Deal      *deals.Ref         `json:"deal"`
}

// annotateInquiries gives the inbox each inquiry's pitch link and deal.
func (c *Capabilities) annotateInquiries(ctx context.Context, list []store.Inquiry) (any, error) {
	ids := make([]int64, len(list))
	for i, inq := range list {
		ids[i] = inq.ID
	}
	links, err := c.Analytics.InquiryLinks(ctx, ids)
	if err != nil {
		return nil, err
	}
	made, err := c.Deals.OfInquiries(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]inquiryWithLink, len(list))
	for i, inq := range list {
		out[i].Inquiry = inq
		if l, ok := links[inq.ID]; ok {
			out[i].PitchLink = &l
		}
		if d, ok := made[inq.ID]; ok {
			out[i].Deal = &d
		}
	}
	return out, nil
}

// roomsCreator answers who the brand's pages name: the billing profile's legal name and e-mail,
// else the e-mail of the site's contact section in the deal's language.
func (c *Capabilities) roomsCreator(ctx context.Context, language string) (rooms.Creator, error) {
	p, err := c.Billing.Profile(ctx)
	if err != nil {
		return rooms.Creator{}, err
	}
	creator := rooms.Creator{Name: strings.TrimSpace(p.LegalName), Email: strings.TrimSpace(p.Email)}
	if creator.Email != "" {
		return creator, nil
	}
	contact, err := c.Content.Section(ctx, "contact", language)
	if apperr.Is(err, apperr.CodeNotFound) {
		return creator, nil
	}
	if err != nil {
		return creator, err
	}
	var saved struct{ Email string }
	if json.Unmarshal(contact, &saved) == nil {
		creator.Email = strings.TrimSpace(saved.Email)
	}
	return creator, nil
}

// agreement answers what a deal's accepted quote settled, for its invoices.
func (c *Capabilities) agreement(ctx context.Context, dealID int64) (billing.Agreement, bool, error) {
	q, err := c.Quotes.Accepted(ctx, dealID)
	if apperr.Is(err, apperr.CodeNotFound) {
		return billing.Agreement{}, false, nil
	}
	if err != nil {
		return billing.Agreement{}, false, err
	}
	return billing.Agreement{Lines: q.InvoiceLines(), DepositPercent: q.DepositPercent}, true, nil
}

// quoteVATMode is the VAT mode a new quote starts with: the billing profile's (none while she is
// not VAT-registered).
func (c *Capabilities) quoteVATMode(ctx context.Context) (document.VATMode, error) {
	p, err := c.Billing.Profile(ctx)
	if err != nil {
		return "", err
	}
	if !p.VATRegistered {
		return document.VATNone, nil
	}
	return document.VATDomestic, nil
}

// quoteSeller is who a quote is from, as the billing profile names her:
// "Kari Nordmann Film, org.nr. 988 077 917 MVA" ("" before she has a name there).
func (c *Capabilities) quoteSeller(ctx context.Context) (string, error) {
	p, err := c.Billing.Profile(ctx)
	if err != nil || p.LegalName == "" {
		return "", err
	}
	from := p.LegalName
	if p.OrgNumber != "" {
		from += ", org.nr. " + document.GroupOrgNumber(p.OrgNumber)
		if p.VATRegistered {
			from += " MVA"
		}
	}
	return from, nil
}

package config

import (
	"errors"
	"net/url"
	"strings"
)

// StripeConfig is card payment of invoices through Stripe Checkout
// (internal/billing/card). It is on only with both keys set; without them
// nothing of Stripe shows.
type StripeConfig struct {
	// SecretKey is the account's secret API key, sk_live_… or sk_test_…
	// (UGCFOLIO_STRIPE_SECRET_KEY or _FILE).
	SecretKey string
	// WebhookSecret signs the events Stripe posts to /api/stripe/webhook,
	// whsec_… (UGCFOLIO_STRIPE_WEBHOOK_SECRET or _FILE).
	WebhookSecret string
	// APIURL is where Stripe's API is asked (UGCFOLIO_STRIPE_API_URL;
	// empty: https://api.stripe.com): stripe-mock or a test's fake.
	APIURL string
	// Vipps offers Vipps for NOK invoices too (UGCFOLIO_STRIPE_VIPPS=true;
	// Stripe has it in preview: the account must have it turned on).
	Vipps bool
}

// Enabled reports whether card payment is configured.
func (c StripeConfig) Enabled() bool { return c.SecretKey != "" && c.WebhookSecret != "" }

func loadStripe(getenv Getenv) (StripeConfig, error) {
	c := StripeConfig{APIURL: strings.TrimRight(strings.TrimSpace(getenv("UGCFOLIO_STRIPE_API_URL")), "/"),
		Vipps: getenv("UGCFOLIO_STRIPE_VIPPS") == "true"}
	var err error
	if c.SecretKey, err = secret(getenv, "UGCFOLIO_STRIPE_SECRET_KEY"); err != nil {
		return c, err
	}
	if c.WebhookSecret, err = secret(getenv, "UGCFOLIO_STRIPE_WEBHOOK_SECRET"); err != nil {
		return c, err
	}
	return c, nil
}

func (c StripeConfig) validate() error {
	if (c.SecretKey == "") != (c.WebhookSecret == "") {
		return errors.New("UGCFOLIO_STRIPE_SECRET_KEY and UGCFOLIO_STRIPE_WEBHOOK_SECRET go together: set both for card payment, or neither")
	}
	if c.APIURL != "" {
		u, err := url.Parse(c.APIURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return errors.New("UGCFOLIO_STRIPE_API_URL must be an http:// or https:// address")
		}
	}
	return nil
}

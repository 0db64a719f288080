package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStripeSettings(t *testing.T) {
	t.Parallel()
	key := filepath.Join(t.TempDir(), "stripe")
	os.WriteFile(key, []byte("sk_test_abc\n"), 0o600)
	c, err := loadWith(t, map[string]string{"UGCFOLIO_STRIPE_SECRET_KEY_FILE": key, "UGCFOLIO_STRIPE_WEBHOOK_SECRET": "whsec_x",
		"UGCFOLIO_STRIPE_VIPPS": "true", "UGCFOLIO_STRIPE_API_URL": "http://127.0.0.1:12111/"})
	if err != nil {
		t.Fatal(err)
	}
	if want := (StripeConfig{SecretKey: "sk_test_abc", WebhookSecret: "whsec_x", APIURL: "http://127.0.0.1:12111", Vipps: true}); c.Stripe != want || !c.Stripe.Enabled() {
		t.Fatalf("stripe config %+v, want %+v", c.Stripe, want)
	}
	if c, err := loadWith(t, map[string]string{}); err != nil || c.Stripe.Enabled() || c.Stripe.Vipps {
		t.Fatalf("unset: %+v, %v", c.Stripe, err)
	}
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"UGCFOLIO_STRIPE_SECRET_KEY": "sk_test_abc"}, "go together"},
		{map[string]string{"UGCFOLIO_STRIPE_WEBHOOK_SECRET": "whsec_x"}, "go together"},
		{map[string]string{"UGCFOLIO_STRIPE_API_URL": "stripe-mock:12111"}, "UGCFOLIO_STRIPE_API_URL must be"},
	} {
		if _, err := loadWith(t, tc.env); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want an error saying %q", tc.env, err, tc.want)
		}
	}
}

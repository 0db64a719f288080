package forms_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/auth"
	"github.com/ugcfolio/ugcfolio/internal/images"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/ssr"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// TestSharedValuesMatchTheFile: the values the client switches on or writes
// (statuses, addresses), the e-mail rule and the photo limit. (The host's
// own — the language cookie, the video hosts the page may frame — are
// checked in internal/httpapi.)
func TestSharedValuesMatchTheFile(t *testing.T) {
	t.Parallel()
	var r struct {
		EmailPattern string `json:"emailPattern"`
		Emails       []struct {
			Email string `json:"email"`
			Valid bool   `json:"valid"`
		} `json:"emails"`
		Upload struct {
			MaxImageBytes int `json:"maxImageBytes"`
		} `json:"upload"`
		MediaStatuses  []string          `json:"mediaStatuses"`
		JobStates      []jobs.State      `json:"jobStates"`
		DeliveryStates []string          `json:"deliveryStates"`
		HomePaths      map[string]string `json:"homePaths"`
	}
	if err := json.Unmarshal(readRulesFile(t), &r); err != nil {
		t.Fatal(err)
	}
	if auth.EmailPattern != r.EmailPattern {
		t.Errorf("e-mail pattern: the server has %s, rules.json %s", auth.EmailPattern, r.EmailPattern)
	}
	for _, e := range r.Emails {
		if got := auth.ValidEmail(e.Email); got != e.Valid {
			t.Errorf("e-mail %q: the server accepts %v, rules.json says %v", e.Email, got, e.Valid)
		}
	}
	if images.MaxBytes != r.Upload.MaxImageBytes {
		t.Errorf("photo limit: the server has %d, rules.json %d", images.MaxBytes, r.Upload.MaxImageBytes)
	}
	if want := fmt.Sprintf("%d MB", r.Upload.MaxImageBytes>>20); !strings.Contains(images.ErrTooLarge.Message, want) {
		t.Errorf("the photo limit's message %q does not say %s", images.ErrTooLarge.Message, want)
	}
	same := func(name string, got, want any) {
		t.Helper()
		if g, w := fmt.Sprint(got), fmt.Sprint(want); g != w {
			t.Errorf("%s: the server has %s, rules.json %s", name, g, w)
		}
	}
	same("media statuses", []string{store.MediaProcessing, store.MediaReady, store.MediaFailed}, r.MediaStatuses)
	same("job states", []jobs.State{jobs.Queued, jobs.Running, jobs.Done, jobs.Failed}, r.JobStates)
	same("delivery states", []string{mail.DeliverySending, mail.DeliverySent, mail.DeliveryWaiting, mail.DeliveryFailed}, r.DeliveryStates)
	same("home paths", map[string]string{"no": "/", "en": ssr.EnglishPath}, r.HomePaths)
}

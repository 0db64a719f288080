package httpapi

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/auth"
	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/images"
	"github.com/ugcfolio/ugcfolio/internal/inquiries"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/portfolio"
	"github.com/ugcfolio/ugcfolio/internal/ssr"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/testimonials"
)

// sharedRules is testdata/rules.json: the rules the web client applies too.
// web/src/lib/rules-parity.test.ts checks the client against the same file,
// so a rule changed on one side alone fails one of the two tests.
type sharedRules struct {
	Languages           []string            `json:"languages"`
	PortfolioCategories []string            `json:"portfolioCategories"`
	ContactServices     []string            `json:"contactServices"`
	Caps                map[string]int      `json:"caps"`
	MinLengths          map[string]int      `json:"minLengths"`
	Messages            map[string]string   `json:"messages"`
	ContentSections     map[string][]string `json:"contentSections"`
	MediaURLs           []struct {
		URL           string `json:"url"`
		Image         bool   `json:"image"`
		Video         bool   `json:"video"`
		UploadedImage bool   `json:"uploadedImage"`
		Link          bool   `json:"link"`
	} `json:"mediaUrls"`
}

func readRulesFile(t *testing.T) []byte {
	t.Helper()
	raw, err := os.ReadFile("../../testdata/rules.json")
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func readSharedRules(t *testing.T) sharedRules {
	t.Helper()
	var r sharedRules
	if err := json.Unmarshal(readRulesFile(t), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRulesMatchTheSharedFile(t *testing.T) {
	t.Parallel()
	r := readSharedRules(t)
	same := func(name string, got, want any) {
		t.Helper()
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if string(g) != string(w) {
			t.Errorf("%s: the server has %s, testdata/rules.json has %s", name, g, w)
		}
	}
	for _, lang := range r.Languages {
		if forms.CheckLanguage(lang) != nil {
			t.Errorf("language %q refused", lang)
		}
	}
	same("portfolio categories", portfolio.Categories, r.PortfolioCategories)
	same("contact services", inquiries.ContactServices, r.ContactServices)
	same("caps", map[string]int{
		"portfolioTitle":       portfolio.MaxTitle,
		"portfolioDescription": portfolio.MaxDescription,
		"testimonialName":      testimonials.MaxName,
		"testimonialText":      testimonials.MaxText,
		"contactName":          inquiries.MaxContactName,
		"contactCompany":       inquiries.MaxContactCompany,
		"contactMessage":       inquiries.MaxContactMessage,
		"contentField":         forms.MaxContentField,
		"url":                  forms.MaxURLLen,
	}, r.Caps)
	same("minimum lengths", map[string]int{
		"password":       auth.MinPasswordLength,
		"contactName":    inquiries.MinContactName,
		"contactMessage": inquiries.MinContactMessage,
	}, r.MinLengths)
	same("messages", map[string]string{
		"invalidEmail":    auth.MsgInvalidEmail,
		"shortPassword":   auth.MsgShortPassword,
		"contactName":     inquiries.MsgContactName,
		"contactMessage":  inquiries.MsgContactMessage,
		"imageOrVideo":    portfolio.MsgImageOrVideo,
		"invalidVideoUrl": forms.MsgInvalidVideoURL,
		"imageTooLarge":   images.ErrTooLarge.Message,
	}, r.Messages)
	same("content sections", forms.ContentSections, r.ContentSections)
	if !slices.Equal(slices.Sorted(maps.Keys(forms.ContentSections)), slices.Sorted(maps.Keys(r.ContentSections))) {
		t.Errorf("content sections differ")
	}
	for _, c := range r.MediaURLs {
		_, imageErr := forms.CheckMediaURL("Image URL", c.URL)
		if got := imageErr == nil && c.URL != ""; got != c.Image {
			t.Errorf("image URL %q: server accepts %v, rules.json says %v", c.URL, got, c.Image)
		}
		if got := forms.IsVideoURL(c.URL); got != c.Video {
			t.Errorf("video URL %q: server accepts %v, rules.json says %v", c.URL, got, c.Video)
		}
		if got := forms.IsUploadedImage(c.URL); got != c.UploadedImage {
			t.Errorf("uploaded image %q: server accepts %v, rules.json says %v", c.URL, got, c.UploadedImage)
		}
		if got := forms.IsLinkURL(c.URL); got != c.Link {
			t.Errorf("link %q: server accepts %v, rules.json says %v", c.URL, got, c.Link)
		}
	}
}

// TestSharedValuesMatchTheFile: the values the client switches on or writes
// (statuses, addresses, the cookie), the e-mail rule, the photo limit and
// the video hosts the page may frame.
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
		MediaStatuses   []string          `json:"mediaStatuses"`
		JobStates       []jobs.State      `json:"jobStates"`
		DeliveryStates  []string          `json:"deliveryStates"`
		HomePaths       map[string]string `json:"homePaths"`
		LanguageCookie  string            `json:"languageCookie"`
		VideoFrameHosts []string          `json:"videoFrameHosts"`
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
	same("language cookie", languageCookie, r.LanguageCookie)
	var frameSrc []string
	for _, directive := range strings.Split(contentSecurityPolicy, ";") {
		if words := strings.Fields(directive); len(words) > 0 && words[0] == "frame-src" {
			frameSrc = words[1:]
		}
	}
	same("the CSP's frame-src", frameSrc, r.VideoFrameHosts)
}

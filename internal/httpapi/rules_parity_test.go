package httpapi

import (
	"encoding/json"
	"maps"
	"os"
	"slices"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/auth"
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
		URL   string `json:"url"`
		Image bool   `json:"image"`
		Video bool   `json:"video"`
	} `json:"mediaUrls"`
}

func readSharedRules(t *testing.T) sharedRules {
	t.Helper()
	raw, err := os.ReadFile("../../testdata/rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var r sharedRules
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRulesMatchTheSharedFile(t *testing.T) {
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
		if checkLanguage(lang) != nil {
			t.Errorf("language %q refused", lang)
		}
	}
	same("portfolio categories", portfolioCategories, r.PortfolioCategories)
	same("contact services", contactServices, r.ContactServices)
	same("caps", map[string]int{
		"portfolioTitle":       maxPortfolioTitle,
		"portfolioDescription": maxPortfolioDescription,
		"testimonialName":      maxTestimonialName,
		"testimonialText":      maxTestimonialText,
		"contactName":          maxContactName,
		"contactCompany":       maxContactCompany,
		"contactMessage":       maxContactMessage,
		"contentField":         maxContentField,
		"url":                  maxURLLen,
	}, r.Caps)
	same("minimum lengths", map[string]int{
		"password":       auth.MinPasswordLength,
		"contactName":    minContactName,
		"contactMessage": minContactMessage,
	}, r.MinLengths)
	same("messages", map[string]string{
		"invalidEmail":    auth.MsgInvalidEmail,
		"shortPassword":   auth.MsgShortPassword,
		"contactName":     MsgContactName,
		"contactMessage":  MsgContactMessage,
		"imageOrVideo":    msgImageOrVideo,
		"invalidVideoUrl": msgInvalidVideoURL,
	}, r.Messages)
	same("content sections", contentSections, r.ContentSections)
	if !slices.Equal(slices.Sorted(maps.Keys(contentSections)), slices.Sorted(maps.Keys(r.ContentSections))) {
		t.Errorf("content sections differ")
	}
	for _, c := range r.MediaURLs {
		_, imageErr := checkMediaURL("Image URL", c.URL)
		if got := imageErr == nil && c.URL != ""; got != c.Image {
			t.Errorf("image URL %q: server accepts %v, rules.json says %v", c.URL, got, c.Image)
		}
		if got := isVideoURL(c.URL); got != c.Video {
			t.Errorf("video URL %q: server accepts %v, rules.json says %v", c.URL, got, c.Video)
		}
	}
}

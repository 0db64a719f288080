package ssr

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestFeaturedPictureTakesTheVideoPoster(t *testing.T) {
	data := []byte(`{"portfolio":[
		{"featured":false,"imageUrl":"/media/p_other.jpg"},
		{"featured":true,"imageUrl":"","videoUrl":"/media/p_v.mp4","videoMedia":{"posterUrl":"/media/p_poster.jpg"}},
		{"featured":true,"imageUrl":"/media/p_later.jpg"}]}`)
	if got := featuredPicture(data); got != "/media/p_poster.jpg" {
		t.Fatalf("preview image %q, want the featured video's poster", got)
	}
	if got := featuredPicture([]byte(`{"portfolio":[{"featured":true,"imageUrl":" https://cdn.example.com/a.jpg "}]}`)); got != "https://cdn.example.com/a.jpg" {
		t.Fatalf("preview image %q", got)
	}
}

// Text from the data cannot end the JSON-LD block or break out of an attribute.
func TestHeadTagsEscape(t *testing.T) {
	head := Head{Title: `A "quoted" <b>`, Description: "d", JSONLD: json.RawMessage(`{"name":"</script><x>"}`)}
	tags := headTags(head, []byte(`{}`), HomeRoute, "en", "https://example.no")
	for _, want := range []string{
		`<title>A &#34;quoted&#34; &lt;b&gt;</title>`,
		`<link rel="canonical" href="https://example.no/en" />`,
		`<meta property="og:image" content="https://example.no/og-card.png" />`,
		`<script type="application/ld+json">{"name":"\u003c/script\u003e\u003cx\u003e"}</script>`,
	} {
		if !strings.Contains(tags, want) {
			t.Errorf("the head lacks %s:\n%s", want, tags)
		}
	}
}

// The home page's first paint waits for the hero; the privacy page, which has no hero, has no
// such hint (it would hold its first paint until the whole page is parsed).
func TestHeadTagsHoldTheHomePagesFirstPaint(t *testing.T) {
	hint := `<link rel="expect" href="#ugc" blocking="render">`
	if tags := headTags(Head{Title: "T"}, []byte(`{}`), HomeRoute, "no", "https://example.no"); !strings.HasPrefix(tags, hint+"\n") {
		t.Errorf("the home page's head does not start with %s:\n%s", hint, tags)
	}
	if tags := headTags(Head{Title: "T"}, []byte(`{}`), PrivacyRoute, "no", "https://example.no"); strings.Contains(tags, `rel="expect"`) {
		t.Errorf("the privacy page's head holds its first paint:\n%s", tags)
	}
}

// The privacy page's head names its own addresses, and a render that gave no JSON-LD writes none.
func TestHeadTagsOfThePrivacyPage(t *testing.T) {
	tags := headTags(Head{Title: "Privacy | ugcfolio", Description: "What is collected"}, []byte(`{}`), PrivacyRoute, "en", "https://example.no")
	for _, want := range []string{
		`<link rel="canonical" href="https://example.no/en/privacy" />`,
		`<link rel="alternate" hreflang="no" href="https://example.no/privacy" />`,
		`<link rel="alternate" hreflang="en" href="https://example.no/en/privacy" />`,
		`<link rel="alternate" hreflang="x-default" href="https://example.no/privacy" />`,
		`<meta property="og:url" content="https://example.no/en/privacy" />`,
	} {
		if !strings.Contains(tags, want) {
			t.Errorf("the head lacks %s:\n%s", want, tags)
		}
	}
	if strings.Contains(tags, "ld+json") {
		t.Errorf("a JSON-LD block without JSON-LD:\n%s", tags)
	}
}

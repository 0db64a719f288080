package forms_test

import (
	"encoding/json"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/auth"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/images"
	"github.com/ugcfolio/ugcfolio/internal/inquiries"
	"github.com/ugcfolio/ugcfolio/internal/portfolio"
	"github.com/ugcfolio/ugcfolio/internal/rooms"
	"github.com/ugcfolio/ugcfolio/internal/testimonials"

	// The server: every form is made by a package it builds on, or by it,
	// so that forms.All() holds them all.
	_ "github.com/ugcfolio/ugcfolio/internal/httpapi"
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

// The field rules of the forms (internal/forms; the tables sit next to their
// handlers) against testdata/rules.json's
// "forms": web/src/lib/rules-parity.test.ts holds the client's schemas to the
// same rows, so every rule of a request field is the same on both sides.

// ruleRow is one row of rules.json's forms: a field's rules.
type ruleRow struct {
	Required       bool               `json:"required"`
	Min            int                `json:"min"`
	Max            int                `json:"max"`
	MaxBytes       int                `json:"maxBytes"`
	Format         string             `json:"format"`
	OneOf          string             `json:"oneOf"`
	Optional       bool               `json:"optional"`
	Range          []int              `json:"range"`
	Messages       map[string]string  `json:"messages"`
	ClientMessages map[string]*string `json:"clientMessages"`
	ServerOnly     string             `json:"serverOnly"`
	ClientOnly     string             `json:"clientOnly"`
}

// kinds names the row's rules in forms.Rule.Kinds's order.
func (r ruleRow) kinds() []string {
	var k []string
	for kind, has := range map[string]bool{"required": r.Required, "min": r.Min > 0, "max": r.Max > 0, "maxBytes": r.MaxBytes > 0,
		"format": r.Format != "", "oneOf": r.OneOf != "", "range": r.Range != nil} {
		if has {
			k = append(k, kind)
		}
	}
	slices.SortFunc(k, func(a, b string) int { return kindOrder(a) - kindOrder(b) })
	return k
}

func kindOrder(kind string) int {
	return slices.Index([]string{"required", "min", "max", "maxBytes", "format", "oneOf", "range"}, kind)
}

type formRows struct {
	Valid  map[string]any     `json:"valid"`
	Fields map[string]ruleRow `json:"fields"`
}

type sharedForms struct {
	Forms  map[string]formRows `json:"forms"`
	Emails []struct {
		Email string `json:"email"`
		Valid bool   `json:"valid"`
	} `json:"emails"`
	Dates []struct {
		Date  string `json:"date"`
		Valid bool   `json:"valid"`
	} `json:"dates"`
	DealStages  []string `json:"dealStages"`
	DealFormats []string `json:"dealFormats"`
	Currencies  []string `json:"currencies"`
	// LicenceUsages are a licence's kinds of use (internal/rooms).
	LicenceUsages []string `json:"licenceUsages"`
	Lists         map[string][]string
}

func readSharedForms(t *testing.T) sharedForms {
	t.Helper()
	r := readSharedRules(t)
	var f sharedForms
	if err := json.Unmarshal(readRulesFile(t), &f); err != nil {
		t.Fatal(err)
	}
	f.Lists = map[string][]string{"languages": r.Languages, "portfolioCategories": r.PortfolioCategories,
		"contactServices": r.ContactServices, "dealStages": f.DealStages, "dealFormats": f.DealFormats,
		"currencies": f.Currencies, "licenceUsages": f.LicenceUsages}
	return f
}

// siteForms is every form the site makes: forms.All() less the ones this
// package's own tests make (forms_test.go names them forms-test…), which
// share this test binary.
func siteForms() map[string]forms.Listed {
	all := forms.All()
	maps.DeleteFunc(all, func(name string, _ forms.Listed) bool { return strings.HasPrefix(name, "forms-test") })
	return all
}

// TestEveryFieldRuleHasARow fails when a form here has a rule that rules.json
// does not list (or lists differently), or rules.json lists a rule the
// server lacks without saying why.
func TestEveryFieldRuleHasARow(t *testing.T) {
	t.Parallel()
	shared, all := readSharedForms(t), siteForms()
	const hint = "add the field's row to testdata/rules.json \"forms\" and give the client's schema the same rule (web/src/lib/rules-parity.test.ts checks it)"
	for _, name := range slices.Sorted(maps.Keys(all)) {
		rows, ok := shared.Forms[name]
		if !ok {
			t.Errorf("form %q has field rules but no entry in rules.json: %s", name, hint)
			continue
		}
		for _, rule := range all[name].Rules {
			row, ok := rows.Fields[rule.Field]
			switch {
			case !ok:
				t.Errorf("%s.%s has rules %v but no row in rules.json: %s", name, rule.Field, rule.Kinds(), hint)
			case row.ClientOnly != "":
				t.Errorf("%s.%s: rules.json says only the client checks it (%s), but the server has rules %v", name, rule.Field, row.ClientOnly, rule.Kinds())
			case !slices.Equal(rule.Kinds(), row.kinds()):
				t.Errorf("%s.%s: the server has rules %v, rules.json has %v", name, rule.Field, rule.Kinds(), row.kinds())
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(shared.Forms)) {
		for field, row := range shared.Forms[name].Fields {
			has := slices.ContainsFunc(all[name].Rules, func(r forms.Rule) bool { return r.Field == field })
			if !has && row.ClientOnly == "" {
				t.Errorf("rules.json has %s.%s %v, which no form of the server checks (or say why in clientOnly)", name, field, row.kinds())
			}
		}
	}
}

// TestFormsApplyTheSharedRows runs each row of rules.json through its form:
// each rule at its limit and one past it, with the row's message.
func TestFormsApplyTheSharedRows(t *testing.T) {
	t.Parallel()
	shared := readSharedForms(t)
	for name, rows := range shared.Forms {
		form, ok := forms.All()[name]
		if !ok {
			continue // TestEveryFieldRuleHasARow says why
		}
		check := func(field string, value any) string {
			body := maps.Clone(rows.Valid)
			body[field] = value
			raw, _ := json.Marshal(body)
			err := form.Check(raw)
			if err == nil {
				return ""
			}
			if e, ok := apperr.As(err); ok {
				return e.Message
			}
			return err.Error()
		}
		if msg := check("_", nil); msg != "" {
			t.Errorf("%s: the valid value of rules.json is refused: %s", name, msg)
		}
		for field, row := range rows.Fields {
			if row.ClientOnly != "" {
				continue
			}
			want := func(value any, msg string) {
				t.Helper()
				if got := check(field, value); got != msg {
					t.Errorf("%s.%s = %.40v: the server answers %q, rules.json wants %q", name, field, value, got, msg)
				}
			}
			if row.Required {
				want("", row.Messages["required"])
			}
			if row.Min > 0 {
				want(strings.Repeat("x", row.Min), "")
				want(strings.Repeat("x", row.Min-1), row.Messages["min"])
			}
			if row.Max > 0 {
				want(strings.Repeat("x", row.Max), "")
				want(strings.Repeat("x", row.Max+1), row.Messages["max"])
			}
			if row.MaxBytes > 0 {
				want(strings.Repeat("x", row.MaxBytes), "")
				want(strings.Repeat("ø", row.MaxBytes/2+1), row.Messages["maxBytes"]) // two bytes a letter
			}
			if row.Range != nil {
				want(row.Range[0], "")
				want(row.Range[1], "")
				want(row.Range[0]-1, row.Messages["range"])
				want(row.Range[1]+1, row.Messages["range"])
			}
			if row.OneOf != "" {
				for _, v := range shared.Lists[row.OneOf] {
					want(v, "")
				}
				want("not-in-the-list", row.Messages["oneOf"])
				want("", map[bool]string{true: "", false: row.Messages["oneOf"]}[row.Optional])
			}
			checkFormat(t, shared, row, want)
		}
	}
}

// checkFormat runs a format's shared samples: the e-mail list, the date
// list, or the media URL list for image, video, uploaded-photo and link
// addresses. An optional field takes the empty value too.
func checkFormat(t *testing.T, shared sharedForms, row ruleRow, want func(any, string)) {
	t.Helper()
	msg := func(value string, ok bool) string {
		if ok || (value == "" && row.Optional) {
			return ""
		}
		return row.Messages["format"]
	}
	switch row.Format {
	case "":
	case "email":
		for _, e := range shared.Emails {
			want(e.Email, msg(e.Email, e.Valid))
		}
	case "date":
		for _, d := range shared.Dates {
			want(d.Date, msg(d.Date, d.Valid))
		}
	case "imageUrl", "videoUrl", "uploadedImage", "linkUrl":
		for _, c := range readSharedRules(t).MediaURLs {
			takes := map[string]bool{"imageUrl": c.Image, "videoUrl": c.Video, "uploadedImage": c.UploadedImage, "linkUrl": c.Link}
			want(c.URL, msg(c.URL, takes[row.Format]))
		}
	default:
		t.Errorf("unknown format %q in rules.json", row.Format)
	}
}

// The deals' lists are rules.json's, in the same order: the
// board's columns, the formats and the currencies of the client.
func TestDealListsMatchTheSharedFile(t *testing.T) {
	t.Parallel()
	shared := readSharedForms(t)
	for name, lists := range map[string][2][]string{
		"dealStages":  {deals.Stages, shared.DealStages},
		"dealFormats": {deals.Formats, shared.DealFormats},
		"currencies":  {deals.Currencies, shared.Currencies},
		// A licence's kinds of use (internal/rooms)
		"licenceUsages": {rooms.Usages, shared.LicenceUsages},
	} {
		if !slices.Equal(lists[0], lists[1]) {
			t.Errorf("%s: the server has %v, rules.json has %v", name, lists[0], lists[1])
		}
	}
}

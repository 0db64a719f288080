package forms

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// A content section (POST /api/admin/content) is the one body that is no
// form table: a known section has its fixed fields (ContentSections, rows of
// testdata/rules.json's contentSections), any other is a free map of texts.

// Caps on a content section (SPEC.md section 3, website_content).
const (
	MaxContentField  = 5000 // characters in one text field
	maxContentFields = 50   // fields in a free-form section
)

// ContentSections are the known sections and their required fields. In
// about, the stat fields are {number, text} objects; every other field is a
// string. Any other section name is a free map of strings.
var ContentSections = map[string][]string{
	"hero":     {"tagline", "greeting", "intro", "description"},
	"about":    {"title", "description1", "description2", "stat1", "stat2", "stat3"},
	"services": {"title", "description", "creativeTitle", "visualTitle", "videoTitle", "resultsTitle"},
	"contact":  {"title", "description", "email", "location", "hours"},
	"footer":   {"companyDescription", "copyright"},
	"privacy":  {"body"},  // the privacy page; its default text lives in the web catalogues
	"clients":  {"title"}, // the heading of the home page's client logos
}

// statFields are the about section's {number, text} objects.
var statFields = []string{"stat1", "stat2", "stat3"}

var (
	sectionName = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,39}$`)
	fieldName   = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,63}$`)
)

// ValidSection reports whether name can be a section's name.
func ValidSection(name string) bool { return sectionName.MatchString(name) }

// Content checks a content section's name, language and content object (in
// that order), and returns the object re-encoded, so the stored JSON is
// always exactly what was checked.
func Content(section, language string, raw json.RawMessage) (json.RawMessage, error) {
	if !ValidSection(section) {
		return nil, apperr.Invalid("Section must be a lower-case name such as \"hero\" (letters, digits, - and _, at most 40)")
	}
	if err := CheckLanguage(language); err != nil {
		return nil, err
	}
	var fields map[string]json.RawMessage
	if len(bytes.TrimSpace(raw)) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, apperr.Invalid("Content is required")
	}
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, apperr.Invalid("Content must be an object of text fields")
	}
	out := make(map[string]any, len(fields))
	required, known := ContentSections[section]
	if known {
		for name := range fields {
			if !slices.Contains(required, name) {
				return nil, apperr.Invalid("Unknown field %q in section %s", name, section)
			}
		}
		for _, name := range required {
			v, ok := fields[name]
			if !ok {
				return nil, apperr.Invalid("Field %q is required in section %s", name, section)
			}
			var err error
			if section == "about" && slices.Contains(statFields, name) {
				out[name], err = statValue(name, v)
			} else {
				out[name], err = textValue(name, v)
			}
			if err != nil {
				return nil, err
			}
		}
	} else {
		if len(fields) == 0 {
			return nil, apperr.Invalid("Content must have at least one field")
		}
		if len(fields) > maxContentFields {
			return nil, apperr.Invalid("Content may have at most %d fields", maxContentFields)
		}
		for name, v := range fields {
			if !fieldName.MatchString(name) {
				return nil, apperr.Invalid("Field name %q must start with a letter and use letters, digits, - and _ only", name)
			}
			text, err := textValue(name, v)
			if err != nil {
				return nil, err
			}
			out[name] = text
		}
	}
	b, err := json.Marshal(out)
	return b, err
}

// textValue reads one required, non-blank, capped string field.
func textValue(name string, v json.RawMessage) (string, error) {
	if len(v) == 0 {
		return "", apperr.Invalid("Field %q is required", name)
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		return "", apperr.Invalid("Field %q must be a string", name)
	}
	if strings.TrimSpace(s) == "" {
		return "", apperr.Invalid("Field %q is required", name)
	}
	return s, CapText("Field \""+name+"\"", s, MaxContentField)
}

// stat is one of the about section's statistics.
type stat struct {
	Number string `json:"number"`
	Text   string `json:"text"`
}

// statValue reads a {number, text} object with both strings present.
func statValue(name string, v json.RawMessage) (stat, error) {
	var parts map[string]json.RawMessage
	if err := json.Unmarshal(v, &parts); err != nil || parts == nil {
		return stat{}, apperr.Invalid("Field %q must be an object with number and text", name)
	}
	for k := range parts {
		if k != "number" && k != "text" {
			return stat{}, apperr.Invalid("Unknown field %q in %s", k, name)
		}
	}
	var st stat
	var err error
	if st.Number, err = textValue(name+".number", parts["number"]); err != nil {
		return stat{}, err
	}
	if st.Text, err = textValue(name+".text", parts["text"]); err != nil {
		return stat{}, err
	}
	return st, nil
}

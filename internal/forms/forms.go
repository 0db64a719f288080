// Package forms checks the fields of a request body against a table of
// rules, the same rules the web client applies. A form is a table of
// fields, each a Rule and the place of its value in the body; Check applies
// them in order and answers the first broken one as apperr.Invalid (400)
// with its message. The tables themselves sit next to their handlers in
// internal/httpapi (portfolioForm, testimonialForm, contactForm, loginForm,
// registerForm, gateForm); this package is the engine, the formats
// (formats.go: e-mail, image and video URLs, languages) and the rules of a
// content section, the one body with no table (content.go).
package forms

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/auth"
)

// Every rule on a field of a request body is a row of a form's table. The
// web client applies most of them too, so testdata/rules.json lists every
// row once for both sides: forms/rules_parity_test.go runs each row
// of the file through the form (All) and checks every row of a form has one
// in the file, and web/src/lib/rules-parity.test.ts does the same with the
// client's schemas. A rule added on one side without its row fails those
// tests.

// Rule is one field's rules, checked in this order: required, min,
// max, format, oneOf, range. The first broken one answers 400 with its
// message; the messages are SPEC.md's where it words them.
type Rule struct {
	Field    string // the JSON name: the row's key in rules.json
	Label    string // the field's name in the messages
	Trim     bool   // checked and stored without surrounding white space
	Required bool   // "<Label> is required" (or RequiredMsg) when empty
	Min      int    // characters, with MinMsg (SPEC.md words each one)
	MinMsg   string
	Max      int // characters: "<Label> must be at most <Max> characters"
	// MaxBytes bounds the UTF-8 bytes, with MaxBytesMsg: what costs the
	// server (a password is hashed whole) rather than what a person counts.
	MaxBytes    int
	MaxBytesMsg string
	// Format is "email" (auth.ValidEmail), "imageUrl" (empty, http(s) or
	// /uploads/: CheckMediaURL), "videoUrl" (empty or SPEC.md section 5's
	// video rule: IsVideoURL), "date" (a calendar day, YYYY-MM-DD: IsDate),
	// "uploadedImage" (empty or a photo uploaded here: IsUploadedImage) or
	// "linkUrl" (empty or an http(s) address: IsLinkURL); each answers
	// "<Label> must …" when broken.
	Format string
	// OneOf lists the allowed values, or OneOfCheck decides them where the
	// list lives elsewhere (languages); EmptyOK lets "" through as well,
	// past the format and the list (an optional e-mail address or date).
	OneOf      []string
	OneOfCheck func(string) error
	OneOfMsg   string
	EmptyOK    bool
	Range      [2]int // a number field's bounds, with RangeMsg
	RangeMsg   string

	RequiredMsg string // overrides "<Label> is required"
}

// Field is a rule and the place of its value in the body T: Text for a
// string, Number for an int. Before is a rule across fields, checked just
// before this one (the portfolio's "an image or a video").
type Field[T any] struct {
	Rule
	Text   func(*T) *string
	Number func(*T) *int
	Before func(*T) error
}

// Form is a body's fields in the order they are checked.
type Form[T any] struct {
	name   string
	fields []Field[T]
}

// Listed is what the parity test reads of every form: its rules, and a
// check of a JSON body (decoded with unknown fields allowed, then checked).
type Listed struct {
	Rules []Rule
	Check func(body []byte) error
}

// all holds every form New made, by name: the parity test's list, so a new
// form is in it without anyone adding it by hand.
var all = map[string]Listed{}

// New makes a form and lists it (All). Forms are made once, as package
// variables.
func New[T any](name string, fields ...Field[T]) Form[T] {
	f := Form[T]{name: name, fields: fields}
	rules := make([]Rule, len(fields))
	for i, fl := range fields {
		rules[i] = fl.Rule
	}
	all[name] = Listed{Rules: rules, Check: func(body []byte) error {
		var in T
		if err := json.Unmarshal(body, &in); err != nil {
			return err
		}
		return f.Check(&in)
	}}
	return f
}

// All is every form made, by name.
func All() map[string]Listed { return maps.Clone(all) }

// Check applies the form's rules to in, trimming the fields that say so,
// and returns the first broken rule's error.
func (f Form[T]) Check(in *T) error {
	for _, fl := range f.fields {
		if fl.Before != nil {
			if err := fl.Before(in); err != nil {
				return err
			}
		}
		if fl.Number != nil {
			if err := fl.checkNumber(*fl.Number(in)); err != nil {
				return err
			}
			continue
		}
		v, err := fl.checkText(*fl.Text(in))
		if err != nil {
			return err
		}
		*fl.Text(in) = v
	}
	return nil
}

// checkText applies r to a text and returns it (trimmed if r says so).
func (r Rule) checkText(s string) (string, error) {
	if r.Trim {
		s = strings.TrimSpace(s)
	}
	n := utf8.RuneCountInString(s)
	switch {
	case r.Required && s == "":
		return s, apperr.Invalid("%s", r.requiredMsg())
	case n < r.Min:
		return s, apperr.Invalid("%s", r.MinMsg)
	case r.Max > 0 && n > r.Max:
		return s, apperr.Invalid("%s", r.maxMsg())
	case r.MaxBytes > 0 && len(s) > r.MaxBytes:
		return s, apperr.Invalid("%s", r.MaxBytesMsg)
	}
	if s == "" && r.EmptyOK {
		return s, nil
	}
	switch r.Format {
	case "email":
		if !auth.ValidEmail(s) {
			return s, apperr.Invalid(auth.MsgInvalidEmail)
		}
	case "imageUrl":
		return CheckMediaURL(r.Label, s)
	case "videoUrl":
		if s != "" && (len(s) > MaxURLLen || !IsVideoURL(s)) {
			return s, apperr.Invalid(MsgInvalidVideoURL)
		}
	case "date":
		if !IsDate(s) {
			return s, apperr.Invalid("%s must be a date (YYYY-MM-DD)", r.Label)
		}
	case "uploadedImage":
		if s != "" && !IsUploadedImage(s) {
			return s, apperr.Invalid("%s must be a photo uploaded here (JPEG, PNG, WebP or HEIC)", r.Label)
		}
	case "linkUrl":
		if s != "" && (len(s) > MaxURLLen || !IsLinkURL(s)) {
			return s, apperr.Invalid("%s must be a web address starting with http:// or https://", r.Label)
		}
	}
	if r.OneOf != nil && !slices.Contains(r.OneOf, s) {
		return s, apperr.Invalid("%s", r.OneOfMsg)
	}
	if r.OneOfCheck != nil && r.OneOfCheck(s) != nil {
		return s, apperr.Invalid("%s", r.OneOfMsg)
	}
	return s, nil
}

// checkNumber applies r's range to a number.
func (r Rule) checkNumber(n int) error {
	if n < r.Range[0] || n > r.Range[1] {
		return apperr.Invalid("%s", r.RangeMsg)
	}
	return nil
}

func (r Rule) requiredMsg() string {
	if r.RequiredMsg != "" {
		return r.RequiredMsg
	}
	return r.Label + " is required"
}

func (r Rule) maxMsg() string {
	return fmt.Sprintf("%s must be at most %d characters", r.Label, r.Max)
}

// Kinds names the rules r has, as rules.json's rows name them.
func (r Rule) Kinds() []string {
	var k []string
	add := func(has bool, kind string) {
		if has {
			k = append(k, kind)
		}
	}
	add(r.Required, "required")
	add(r.Min > 0, "min")
	add(r.Max > 0, "max")
	add(r.MaxBytes > 0, "maxBytes")
	add(r.Format != "", "format")
	add(r.OneOf != nil || r.OneOfCheck != nil, "oneOf")
	add(r.Range != [2]int{}, "range")
	return k
}

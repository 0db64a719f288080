package deals

import (
	"strconv"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/lang"
)

// The deal form's field rules: each a row of testdata/rules.json "forms"
// "deal", which the web client's dealSchema applies too (the parity tests
// of both sides fail when one changes alone).

// Caps and bounds of a deal's fields.
const (
	MaxBrand      = 200
	MaxContact    = 200
	MaxPackage    = 200
	MaxText       = 10000 // brief, notes
	MaxPrice      = 100_000_000
	MaxVideos     = 100
	MaxVideoSecs  = 3600
	defaultVideos = 1
)

type text = forms.Field[Input]

var form = forms.New("deal",
	text{Rule: forms.Rule{Field: "brand", Label: "Brand", Trim: true, Required: true, Max: MaxBrand},
		Text: func(in *Input) *string { return &in.Brand }},
	text{Rule: forms.Rule{Field: "contactName", Label: "Contact name", Trim: true, Max: MaxContact},
		Text: func(in *Input) *string { return &in.ContactName }},
	text{Rule: forms.Rule{Field: "contactEmail", Label: "Contact e-mail", Trim: true, Format: "email", EmptyOK: true},
		Text: func(in *Input) *string { return &in.ContactEmail }},
	text{Rule: forms.Rule{Field: "language", Label: "Language", OneOfCheck: forms.CheckLanguage,
		OneOfMsg: "Language must be " + lang.Or("%q")},
		Text: func(in *Input) *string { return &in.Language }},
	text{Rule: forms.Rule{Field: "package", Label: "Package", Trim: true, Max: MaxPackage},
		Text: func(in *Input) *string { return &in.Package }},
	text{Rule: forms.Rule{Field: "price", Label: "Price", Range: [2]int{0, MaxPrice},
		RangeMsg: "Price must be a whole number from 0 to " + strconv.Itoa(MaxPrice)},
		Number: func(in *Input) *int { return &in.Price }},
	text{Rule: forms.Rule{Field: "currency", Label: "Currency", OneOf: Currencies,
		OneOfMsg: "Currency must be one of " + strings.Join(Currencies, ", ")},
		Text: func(in *Input) *string { return &in.Currency }},
	text{Rule: forms.Rule{Field: "deliverableCount", Label: "Number of videos", Range: [2]int{0, MaxVideos},
		RangeMsg: "Number of videos must be a whole number from 0 to " + strconv.Itoa(MaxVideos)},
		Number: func(in *Input) *int { return &in.DeliverableCount }},
	text{Rule: forms.Rule{Field: "deliverableSeconds", Label: "Video length", Range: [2]int{0, MaxVideoSecs},
		RangeMsg: "Video length must be a whole number of seconds from 0 to " + strconv.Itoa(MaxVideoSecs)},
		Number: func(in *Input) *int { return &in.DeliverableSeconds }},
	text{Rule: forms.Rule{Field: "deliverableFormat", Label: "Format", OneOf: Formats,
		OneOfMsg: "Format must be one of " + strings.Join(Formats, ", ")},
		Text: func(in *Input) *string { return &in.DeliverableFormat }},
	text{Rule: forms.Rule{Field: "dueDate", Label: "Due date", Trim: true, Format: "date", EmptyOK: true},
		Text: func(in *Input) *string { return &in.DueDate }},
	text{Rule: forms.Rule{Field: "brief", Label: "Brief", Trim: true, Max: MaxText},
		Text: func(in *Input) *string { return &in.Brief }},
	text{Rule: forms.Rule{Field: "notes", Label: "Notes", Trim: true, Max: MaxText},
		Text: func(in *Input) *string { return &in.Notes }},
	text{Rule: forms.Rule{Field: "stage", Label: "Stage", OneOf: Stages,
		OneOfMsg: "Stage must be one of " + strings.Join(Stages, ", ")},
		Text: func(in *Input) *string { return &in.Stage }},
)

// Check applies the deal form's rules to in and returns it with its texts
// trimmed, or the first broken rule as a 400 with its message.
func Check(in Input) (Input, error) {
	return in, form.Check(&in)
}

// defaults fills what a new deal left empty: the site's default language,
// NOK, one video in 9:16, the first stage.
func defaults(in Input) Input {
	if in.Language == "" {
		in.Language = lang.Default
	}
	if in.Currency == "" {
		in.Currency = DefaultCurrency
	}
	if in.DeliverableFormat == "" {
		in.DeliverableFormat = Formats[0]
	}
	if in.Stage == "" {
		in.Stage = StageNew
	}
	return in
}

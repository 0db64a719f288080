package quotes

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/forms"
)

// The rules of a quote's fields, each broken rule a 400 with its message.
// (JSON itself — types, unknown fields, control characters — is refused
// before, by httpx.DecodeJSON.)

// Bounds of a quote's fields.
const (
	MaxLines       = 50
	MaxDescription = 500
	MaxTerritory   = 100
	MaxNote        = 2000
	MaxQuantity    = 10_000
	MaxUnitPrice   = 10_000_000_000 // 100 000 000 kr in øre: what a deal's price may be
	MaxMonths      = 120
	MaxTermsDays   = 365
)

// VATModes are the VAT modes of internal/billing/document.
var VATModes = []string{string(document.VATNone), string(document.VATDomestic), string(document.VATExport)}

// Check applies the rules to in and answers it with its texts trimmed, or
// the first broken rule.
func Check(in Input) (Input, error) {
	if !slices.Contains(VATModes, in.VATMode) {
		return in, apperr.Invalid("VAT mode must be none, domestic or export")
	}
	if len(in.Lines) == 0 {
		return in, apperr.Invalid("A quote needs at least one line")
	}
	if len(in.Lines) > MaxLines {
		return in, apperr.Invalid("A quote has at most %d lines", MaxLines)
	}
	lines := make([]LineInput, len(in.Lines))
	for i, l := range in.Lines {
		l, err := checkLine(l, in.VATMode)
		if err != nil {
			return in, apperr.Invalid("Line %d: %s", i+1, err.Error())
		}
		lines[i] = l
	}
	in.Lines = lines
	if in.DepositPercent < 0 || in.DepositPercent > 100 {
		return in, apperr.Invalid("Deposit share must be a whole percent from 0 to 100")
	}
	if in.PaymentTermsDays < 0 || in.PaymentTermsDays > MaxTermsDays {
		return in, apperr.Invalid("Payment terms must be a whole number of days from 0 to %d", MaxTermsDays)
	}
	in.ValidUntil = strings.TrimSpace(in.ValidUntil)
	if !forms.IsDate(in.ValidUntil) {
		return in, apperr.Invalid("Valid until must be a date (YYYY-MM-DD)")
	}
	in.Note = strings.TrimSpace(in.Note)
	if utf8.RuneCountInString(in.Note) > MaxNote {
		return in, apperr.Invalid("Note must be at most %d characters", MaxNote)
	}
	return in, nil
}

// lineError is a broken rule of a line, said without the line's number.
type lineError string

func (e lineError) Error() string { return string(e) }

func checkLine(l LineInput, vatMode string) (LineInput, error) {
	l.Description = strings.TrimSpace(l.Description)
	l.Territory = strings.TrimSpace(l.Territory)
	rights := slices.Contains(RightsKinds, l.Kind)
	switch {
	case !rights && l.Kind != KindItem:
		return l, lineError("kind must be item, organic, paid, whitelisting or exclusivity")
	case l.Kind == KindItem && l.Description == "":
		return l, lineError("description is required")
	case utf8.RuneCountInString(l.Description) > MaxDescription:
		return l, lineError(fmt.Sprintf("description must be at most %d characters", MaxDescription))
	case l.Quantity < 1 || l.Quantity > MaxQuantity:
		return l, lineError(fmt.Sprintf("quantity must be a whole number from 1 to %d", MaxQuantity))
	case l.UnitPrice < 0 || l.UnitPrice > MaxUnitPrice:
		return l, lineError(fmt.Sprintf("unit price must be a whole number of minor units (øre, cents) from 0 to %d", int64(MaxUnitPrice)))
	case vatMode != string(document.VATDomestic) && l.VATRate != 0:
		return l, lineError(fmt.Sprintf("VAT rate must be 0 when the VAT mode is %s", vatMode))
	case l.VATRate != 0 && l.VATRate != 25:
		return l, lineError("VAT rate must be 25 or 0")
	case rights && (l.Months < 1 || l.Months > MaxMonths):
		return l, lineError(fmt.Sprintf("duration must be a whole number of months from 1 to %d", MaxMonths))
	case rights && l.Territory == "":
		return l, lineError("territory is required for usage rights")
	case utf8.RuneCountInString(l.Territory) > MaxTerritory:
		return l, lineError(fmt.Sprintf("territory must be at most %d characters", MaxTerritory))
	case !rights && (l.Months != 0 || l.Territory != ""):
		return l, lineError("only a usage-rights line has a duration and a territory")
	}
	return l, nil
}

// checkValidUntil refuses a last valid day already past: a quote sent so
// could never be accepted.
func checkValidUntil(validUntil, today string) error {
	if validUntil < today {
		return apperr.Invalid("Valid until must be today or later")
	}
	return nil
}

// computeTotals answers a quote's lines with their net amounts and its
// totals, counted by document.Compute (VAT per rate on the summed net,
// rounded half away from zero) so that a quote and the invoice made from
// it never disagree by an øre.
func computeTotals(in Input) ([]Line, Totals, error) {
	// The document is computed as NOK whatever the quote's currency: the
	// sums in minor units are the same, and Compute's one currency rule —
	// a foreign invoice states its VAT in NOK at the day's rate — is the
	// invoice's duty at issue, not a quote's.
	doc := document.Document{Currency: "NOK", VATMode: document.VATMode(in.VATMode)}
	for _, l := range in.Lines {
		doc.Lines = append(doc.Lines, document.Line{Description: l.Description, Quantity: l.Quantity,
			UnitPrice: l.UnitPrice, VATRate: l.VATRate})
	}
	if err := doc.Compute(); err != nil {
		return nil, Totals{}, apperr.Invalid("%s", err.Error())
	}
	lines := make([]Line, len(in.Lines))
	for i, l := range in.Lines {
		lines[i] = Line{LineInput: l, Net: doc.Lines[i].Net}
	}
	t := Totals{Net: doc.Net, VAT: doc.Tax, Gross: doc.Gross, VATLines: []VATLine{},
		Deposit: document.RoundDiv(doc.Gross*int64(in.DepositPercent), 100)}
	for _, v := range doc.VAT {
		t.VATLines = append(t.VATLines, VATLine{Rate: v.Rate, Taxable: v.Taxable, Tax: v.Tax})
	}
	return lines, t, nil
}

// addDays answers the day n days after d (YYYY-MM-DD).
func addDays(d string, n int) string {
	t, err := time.Parse(time.DateOnly, d)
	if err != nil {
		return d
	}
	return t.AddDate(0, 0, n).Format(time.DateOnly)
}

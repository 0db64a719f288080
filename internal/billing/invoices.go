package billing

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/auth"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/forms"
)

// An invoice as the admin's API reads and writes it, its state, and the
// rules of a draft's fields.

// The states of an invoice, derived each time it is read.
const (
	StateDraft      = "draft"
	StateIssued     = "issued"
	StateOverdue    = "overdue"
	StatePartlyPaid = "partly-paid"
	StatePaid       = "paid"
	StateCredited   = "credited"
)

// States lists them, for ?state=.
var States = []string{StateDraft, StateIssued, StateOverdue, StatePartlyPaid, StatePaid, StateCredited}

// Buyer is who the invoice is to.
type Buyer struct {
	Name      string           `json:"name"`
	OrgNumber string           `json:"orgNumber"` // a Norwegian buyer's organisation number
	VATID     string           `json:"vatId"`     // a buyer abroad's VAT id
	Address   document.Address `json:"address"`
	Email     string           `json:"email"`
	Reference string           `json:"reference"` // their order number or contact: the EHF's BuyerReference
}

// Line is one line of an invoice; amounts in minor units.
type Line struct {
	Description string `json:"description"`
	Quantity    int64  `json:"quantity"`
	UnitPrice   int64  `json:"unitPrice"`
	VATRate     int    `json:"vatRate"` // percent: 25 or 0
}

// Totals are an invoice's sums: the lines' net, their VAT, and both.
type Totals struct {
	Net   int64 `json:"net"`
	VAT   int64 `json:"vat"`
	Gross int64 `json:"gross"`
}

// Payment is a payment recorded by hand.
type Payment struct {
	ID     int64  `json:"id"`
	Amount int64  `json:"amount"`
	PaidOn string `json:"paidOn"`
	Method string `json:"method"`
}

// Invoice is an invoice, deposit request or credit note (kind).
type Invoice struct {
	ID           int64     `json:"id"`
	DealID       int64     `json:"dealId"`
	Kind         string    `json:"kind"`
	Number       *int64    `json:"number"` // null for a draft
	State        string    `json:"state"`
	Currency     string    `json:"currency"`
	Language     string    `json:"language"`
	IssueDate    string    `json:"issueDate"`
	DueDate      string    `json:"dueDate"`
	DeliveryDate string    `json:"deliveryDate"`
	VATMode      string    `json:"vatMode"`
	Buyer        Buyer     `json:"buyer"`
	Lines        []Line    `json:"lines"`
	Totals       Totals    `json:"totals"`
	KID          string    `json:"kid"`
	Paid         int64     `json:"paid"`
	Outstanding  int64     `json:"outstanding"`
	Note         string    `json:"note"`       // printed on the document: a credit note's reason
	CorrectsID   *int64    `json:"correctsId"` // the invoice a credit note corrects
	Prepaid      int64     `json:"prepaid"`    // deposits a final invoice deducts
	Payable      int64     `json:"payable"`    // gross less prepaid
	Credited     int64     `json:"credited"`   // what credit notes took off it
	Payments     []Payment `json:"payments"`
	PDFSHA256    string    `json:"pdfSha256"` // "" for a draft
	EHFSHA256    string    `json:"ehfSha256"`

	document *document.Document // an issued invoice's frozen document
}

// Draft is what the admin writes of a draft (PATCH): the body goes over
// the draft as it is, lines replace its lines.
type Draft struct {
	Currency     string `json:"currency"`
	Language     string `json:"language"`
	DeliveryDate string `json:"deliveryDate"`
	VATMode      string `json:"vatMode"`
	Buyer        Buyer  `json:"buyer"`
	Lines        []Line `json:"lines"`
	Note         string `json:"note"`
}

// Bounds of a draft's fields.
const (
	maxLines       = 100
	maxDescription = 500
	maxNote        = 2000
	maxQuantity    = 10_000
	maxUnitPrice   = 10_000_000_000 // 100 million kroner, in øre
	maxVATID       = 40
	maxReference   = 200
	defaultDeposit = 50 // percent
)

var vatModes = []string{string(document.VATNone), string(document.VATDomestic), string(document.VATExport)}

// draftOf is what of inv a PATCH writes over.
func draftOf(inv Invoice) Draft {
	return Draft{Currency: inv.Currency, Language: inv.Language, DeliveryDate: inv.DeliveryDate, VATMode: inv.VATMode,
		Buyer: inv.Buyer, Lines: slices.Clone(inv.Lines), Note: inv.Note}
}

// CheckDraft answers d trimmed and normalised, or its first wrong field
// as a 400 naming it. What issuing needs (a buyer, lines, a delivery date)
// may still be missing: issuing names it.
func CheckDraft(d Draft) (Draft, error) {
	if !slices.Contains(deals.Currencies, d.Currency) {
		return d, apperr.Invalid("currency must be one of %s", strings.Join(deals.Currencies, ", "))
	}
	if d.Language != "no" && d.Language != "en" {
		return d, apperr.Invalid(`language must be "no" or "en"`)
	}
	d.DeliveryDate = strings.TrimSpace(d.DeliveryDate)
	if d.DeliveryDate != "" && !forms.IsDate(d.DeliveryDate) {
		return d, apperr.Invalid("deliveryDate must be a date (YYYY-MM-DD)")
	}
	if !slices.Contains(vatModes, d.VATMode) {
		return d, apperr.Invalid("vatMode must be one of %s", strings.Join(vatModes, ", "))
	}
	var err error
	if d.Buyer, err = checkBuyer(d.Buyer); err != nil {
		return d, err
	}
	if d.Lines == nil {
		d.Lines = []Line{}
	}
	if d.Lines, err = checkLines(d.Lines, d.VATMode); err != nil {
		return d, err
	}
	d.Note = strings.TrimSpace(d.Note)
	return d, capText("note", d.Note, maxNote)
}

func checkBuyer(b Buyer) (Buyer, error) {
	b.Name, b.Email, b.Reference = strings.TrimSpace(b.Name), strings.TrimSpace(b.Email), strings.TrimSpace(b.Reference)
	if err := capText("buyer.name", b.Name, maxName); err != nil {
		return b, err
	}
	b.OrgNumber = withoutSpaces(b.OrgNumber)
	if b.OrgNumber != "" && !ValidOrgNumber(b.OrgNumber) {
		return b, apperr.Invalid("buyer.orgNumber must be a Norwegian organisation number: 9 digits, the last a valid MOD11 check digit")
	}
	b.VATID = strings.ToUpper(withoutSpaces(b.VATID))
	if b.VATID != "" && (len(b.VATID) > maxVATID || len(b.VATID) < 4 || !isLetters(b.VATID[:2], 2) || !isAlnum(b.VATID)) {
		return b, apperr.Invalid("buyer.vatId must be a VAT id: the country's two letters and up to 38 letters and digits (SE556677889901)")
	}
	var err error
	if b.Address, err = checkAddress("buyer.address", b.Address); err != nil {
		return b, err
	}
	if b.Email != "" && !auth.ValidEmail(b.Email) {
		return b, apperr.Invalid("buyer.email must be an e-mail address like name@example.no")
	}
	return b, capText("buyer.reference", b.Reference, maxReference)
}

// checkLines checks each line, and its VAT rate against the mode (none
// and export: 0 %; domestic: 25 % or 0 %).
func checkLines(lines []Line, mode string) ([]Line, error) {
	if len(lines) > maxLines {
		return lines, apperr.Invalid("lines must be at most %d", maxLines)
	}
	for i := range lines {
		l := &lines[i]
		at := fmt.Sprintf("lines[%d]", i)
		l.Description = strings.TrimSpace(l.Description)
		if l.Description == "" {
			return lines, apperr.Invalid("%s.description is required: what was delivered", at)
		}
		if err := capText(at+".description", l.Description, maxDescription); err != nil {
			return lines, err
		}
		if l.Quantity < 1 || l.Quantity > maxQuantity {
			return lines, apperr.Invalid("%s.quantity must be a whole number from 1 to %d", at, maxQuantity)
		}
		if l.UnitPrice < 0 || l.UnitPrice > maxUnitPrice {
			return lines, apperr.Invalid("%s.unitPrice must be a whole number of minor units (øre) from 0 to %d", at, int64(maxUnitPrice))
		}
		switch {
		case mode == string(document.VATDomestic) && l.VATRate != 25 && l.VATRate != 0:
			return lines, apperr.Invalid("%s.vatRate must be 25 or 0 with vatMode domestic", at)
		case mode != string(document.VATDomestic) && l.VATRate != 0:
			return lines, apperr.Invalid("%s.vatRate must be 0 with vatMode %s", at, mode)
		}
	}
	return lines, nil
}

// docLines are lines as a document holds them.
func docLines(lines []Line) []document.Line {
	out := make([]document.Line, len(lines))
	for i, l := range lines {
		out[i] = document.Line{Description: l.Description, Quantity: l.Quantity, UnitPrice: l.UnitPrice, VATRate: l.VATRate}
	}
	return out
}

// fromDocLines are a document's lines as the API shows them.
func fromDocLines(lines []document.Line) []Line {
	out := make([]Line, len(lines))
	for i, l := range lines {
		out[i] = Line{Description: l.Description, Quantity: l.Quantity, UnitPrice: l.UnitPrice, VATRate: l.VATRate}
	}
	return out
}

// vatModeFor is the mode a new draft takes: none for a seller not
// registered; domestic for a buyer in Norway (or nowhere yet); export for
// a buyer abroad.
func vatModeFor(p Profile, buyerCountry string) string {
	switch {
	case !p.VATRegistered:
		return string(document.VATNone)
	case buyerCountry == "" || buyerCountry == "NO":
		return string(document.VATDomestic)
	}
	return string(document.VATExport)
}

// rateFor is a line's VAT rate in a mode.
func rateFor(mode string) int {
	if mode == string(document.VATDomestic) {
		return 25
	}
	return 0
}

// dealLines are the lines a draft starts with: the deal's package and
// videos at its price (whole units, made minor units), the quantity the
// number of videos when the price divides evenly among them; a deposit
// request asks share percent of it.
func dealLines(d deals.Deal, mode string, kind string, share int) []Line {
	if d.Price == 0 {
		return []Line{}
	}
	what := strings.TrimSpace(d.Package)
	videos := describeVideos(d)
	switch {
	case what == "":
		what = videos
	case videos != "":
		what += ": " + videos
	}
	total := int64(d.Price) * 100
	if kind == string(document.KindDeposit) {
		deposit := document.RoundDiv(total*int64(share), 100)
		label := fmt.Sprintf("Forskudd %d %%", share)
		if d.Language == "en" {
			label = fmt.Sprintf("Deposit %d %%", share)
		}
		return []Line{{Description: label + " – " + what, Quantity: 1, UnitPrice: deposit, VATRate: rateFor(mode)}}
	}
	qty := int64(max(d.DeliverableCount, 1))
	if total%qty != 0 {
		qty = 1
	}
	return []Line{{Description: what, Quantity: qty, UnitPrice: total / qty, VATRate: rateFor(mode)}}
}

// describeVideos says what the deal delivers: "3 videoer, 30 sek, 9:16".
func describeVideos(d deals.Deal) string {
	if d.DeliverableCount == 0 {
		return ""
	}
	word, secs := "video", "sek"
	if d.Language == "en" {
		word, secs = "video", "s"
		if d.DeliverableCount > 1 {
			word = "videos"
		}
	} else if d.DeliverableCount > 1 {
		word = "videoer"
	}
	out := fmt.Sprintf("%d %s", d.DeliverableCount, word)
	if d.DeliverableSeconds > 0 {
		out += fmt.Sprintf(", %d %s", d.DeliverableSeconds, secs)
	}
	if d.DeliverableFormat != "" {
		out += ", " + d.DeliverableFormat
	}
	return out
}

// derive sets the state, paid and outstanding of inv from its payments
// and the credit notes against it, on the day today (YYYY-MM-DD).
func derive(inv *Invoice, today string) {
	inv.Paid = 0
	for _, p := range inv.Payments {
		inv.Paid += p.Amount
	}
	switch {
	case inv.Number == nil:
		inv.State, inv.Outstanding = StateDraft, 0
		return
	case inv.Kind == string(document.KindCreditNote):
		inv.State, inv.Outstanding = StateIssued, 0
		return
	}
	inv.Outstanding = max(inv.Payable-inv.Paid-inv.Credited, 0)
	switch {
	case inv.Credited > 0 && inv.Credited >= inv.Payable:
		inv.State = StateCredited
	case inv.Outstanding == 0:
		inv.State = StatePaid
	case inv.Paid > 0:
		inv.State = StatePartlyPaid
	case inv.DueDate != "" && today > inv.DueDate:
		inv.State = StateOverdue
	default:
		inv.State = StateIssued
	}
}

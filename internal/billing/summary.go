package billing

import (
	"context"
	"slices"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/billing/document"
)

// The Overview's figures: the invoices overdue, and, while the seller is
// not VAT-registered, her turnover of the last 12 months against the
// 50 000 kr line of mval. § 2-1 (she must register once her taxable
// turnover in 12 months passes it).

// The VAT line, in øre.
const (
	vatLine        = 50_000_00 // mval. § 2-1 (1): registration is required past it
	vatApproaching = 40_000_00 // the Overview warns from here
)

// The warnings of the turnover.
const (
	VATWarningNone         = "none"
	VATWarningApproaching  = "approaching"
	VATWarningMustRegister = "must-register"
)

// OverdueInvoice is an invoice past its due date with money outstanding.
type OverdueInvoice struct {
	ID          int64  `json:"id"`
	DealID      int64  `json:"dealId"`
	Kind        string `json:"kind"`
	Number      int64  `json:"number"`
	Buyer       string `json:"buyer"`
	DueDate     string `json:"dueDate"`
	Currency    string `json:"currency"`
	Outstanding int64  `json:"outstanding"`
}

// Turnover is the rolling 12 months' turnover in NOK øre: invoices and
// deposit requests issued from From to To (both included), net of VAT, less
// the deposits final invoices deducted and less credit notes; a foreign
// currency at the rate the invoice stated.
type Turnover struct {
	From      string `json:"from"`
	To        string `json:"to"`
	Amount    int64  `json:"amount"`
	Threshold int64  `json:"threshold"` // 50 000 kr in øre
	WarnFrom  int64  `json:"warnFrom"`  // 40 000 kr in øre
}

// Summary is GET /api/admin/billing/summary.
type Summary struct {
	Today         string           `json:"today"`
	Overdue       []OverdueInvoice `json:"overdue"`
	VATRegistered bool             `json:"vatRegistered"`
	// Turnover is null when the seller is VAT-registered.
	Turnover *Turnover `json:"turnover"`
	// VATWarning is "none" (also when registered), "approaching" from
	// 40 000 kr, "must-register" from 50 000 kr.
	VATWarning string `json:"vatWarning"`
}

// Summary answers the Overview's figures on today (Oslo).
func (s *Service) Summary(ctx context.Context) (Summary, error) {
	p, err := s.Profile(ctx)
	if err != nil {
		return Summary{}, err
	}
	today := s.today()
	out := Summary{Today: today, Overdue: []OverdueInvoice{}, VATRegistered: p.VATRegistered, VATWarning: VATWarningNone}
	issued, err := s.readInvoices(ctx, s.st.DB, `WHERE number IS NOT NULL ORDER BY number`)
	if err != nil {
		return Summary{}, err
	}
	for _, inv := range issued {
		if inv.Kind != string(document.KindCreditNote) && inv.Outstanding > 0 && inv.DueDate != "" && inv.DueDate < today {
			out.Overdue = append(out.Overdue, OverdueInvoice{ID: inv.ID, DealID: inv.DealID, Kind: inv.Kind, Number: *inv.Number,
				Buyer: inv.Buyer.Name, DueDate: inv.DueDate, Currency: inv.Currency, Outstanding: inv.Outstanding})
		}
	}
	slices.SortStableFunc(out.Overdue, func(a, b OverdueInvoice) int {
		if a.DueDate != b.DueDate {
			if a.DueDate < b.DueDate {
				return -1
			}
			return 1
		}
		return int(a.Number - b.Number)
	})
	if p.VATRegistered {
		return out, nil
	}
	t := rollingTurnover(issued, today)
	out.Turnover = &t
	out.VATWarning = vatWarning(t.Amount)
	return out, nil
}

// rollingTurnover sums the documents issued in the 12 months up to today.
func rollingTurnover(issued []Invoice, today string) Turnover {
	end, _ := time.Parse(time.DateOnly, today)
	t := Turnover{From: end.AddDate(-1, 0, 1).Format(time.DateOnly), To: today, Threshold: vatLine, WarnFrom: vatApproaching}
	for _, inv := range issued {
		if inv.document == nil || inv.IssueDate < t.From || inv.IssueDate > t.To {
			continue
		}
		t.Amount += turnoverOf(*inv.document)
	}
	return t
}

// turnoverOf is what one document adds to the turnover, in NOK øre: its
// net, less the deposits it deducts (they were counted when requested;
// without VAT, as while the turnover is shown, what was paid is net), a
// credit note negative.
func turnoverOf(d document.Document) int64 {
	amount := d.Net - d.Prepaid
	if d.Kind == document.KindCreditNote {
		amount = -d.Net
	}
	if d.Currency != "NOK" {
		amount = document.RoundDiv(amount*d.NOKRate, 1_000_000)
	}
	return amount
}

// vatWarning is the Overview's warning for a turnover in øre.
func vatWarning(amount int64) string {
	switch {
	case amount >= vatLine:
		return VATWarningMustRegister
	case amount >= vatApproaching:
		return VATWarningApproaching
	}
	return VATWarningNone
}

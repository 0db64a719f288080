package document

import (
	"fmt"
	"slices"
)

// The wording of the 0 % categories, printed on the document and carried
// in the EHF as the exemption reason.
const (
	// ReasonReverseCharge is mval. § 6-22's: the business abroad that buys
	// the service accounts for the VAT.
	ReasonReverseCharge = "Reverse charge"
	// ReasonNotRegistered: a seller under the 50 000 kr line charges no VAT.
	ReasonNotRegistered = "Not VAT-registered"
)

// category answers the VAT category of a mode and rate.
func category(mode VATMode, rate int) (code, reason string) {
	switch {
	case mode == VATNone:
		// "O", not subject to VAT, is the seller outside the VAT register
		// (EN 16931 BR-O-*): "E" would be an exempt supply by a registered
		// seller, and would want the seller's VAT id (BR-E-02).
		return "O", ReasonNotRegistered
	case mode == VATExport:
		return "AE", ReasonReverseCharge
	case rate == 0:
		return "Z", ""
	default:
		return "S", ""
	}
}

// Compute fills in what follows from the lines: each line's Net, the VAT
// per rate on the summed net of the lines of that rate (rounded half away
// from zero to a minor unit), Net, Tax, Gross, Payable (Gross less
// Prepaid) and TaxNOK (Tax in NOK øre at NOKRate, for a currency not NOK).
// A line's rate must fit the mode: none and export take 0 % only,
// domestic 25 % (or 0 % for a line outside VAT's scope).
func (d *Document) Compute() error {
	byRate := map[int]int64{}
	d.Net = 0
	for i := range d.Lines {
		l := &d.Lines[i]
		if d.VATMode != VATDomestic && l.VATRate != 0 {
			return fmt.Errorf("line %d: VAT mode %q takes 0 %% VAT, not %d %%", i+1, d.VATMode, l.VATRate)
		}
		if d.VATMode == VATDomestic && l.VATRate != 25 && l.VATRate != 0 {
			return fmt.Errorf("line %d: VAT rate %d %% is not 25 %% or 0 %%", i+1, l.VATRate)
		}
		l.Net = l.Quantity * l.UnitPrice
		byRate[l.VATRate] += l.Net
		d.Net += l.Net
	}
	rates := make([]int, 0, len(byRate))
	for r := range byRate {
		rates = append(rates, r)
	}
	slices.Sort(rates)
	slices.Reverse(rates) // 25 % first, as invoices print it
	d.VAT = d.VAT[:0]
	d.Tax = 0
	for _, r := range rates {
		code, reason := category(d.VATMode, r)
		tax := RoundDiv(byRate[r]*int64(r), 100)
		d.VAT = append(d.VAT, VATSubtotal{Category: code, Rate: r, Taxable: byRate[r], Tax: tax, ExemptionReason: reason})
		d.Tax += tax
	}
	d.Gross = d.Net + d.Tax
	d.Payable = d.Gross - d.Prepaid
	d.TaxNOK = d.Tax
	if d.Currency != "NOK" {
		if d.NOKRate <= 0 {
			return fmt.Errorf("an invoice in %s needs the NOK exchange rate at issue", d.Currency)
		}
		d.TaxNOK = RoundDiv(d.Tax*d.NOKRate, 1_000_000)
	}
	return nil
}

// RoundDiv answers n / d rounded half away from zero (d > 0).
func RoundDiv(n, d int64) int64 {
	if n < 0 {
		return -((-n + d/2) / d)
	}
	return (n + d/2) / d
}

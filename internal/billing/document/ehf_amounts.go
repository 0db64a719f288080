// The EHF's money: how to pay (account or IBAN, KID), the VAT per
// category and rate, and amounts written as UBL wants them.

package document

import (
	"fmt"
	"strconv"
	"strings"
)

// paymentMeans writes BG-16, one per account: a Norwegian account, an
// IBAN with its BIC. The payment carries the KID, or without a KID
// agreement the invoice number.
func (w *xmlWriter) paymentMeans(d Document) {
	paymentID := d.Payment.KID
	if paymentID == "" {
		paymentID = d.Number
	}
	account := func(code, id, bic string) {
		w.open("cac:PaymentMeans")
		w.leaf("cbc:PaymentMeansCode", code)
		w.leaf("cbc:PaymentID", paymentID)
		w.open("cac:PayeeFinancialAccount")
		w.leaf("cbc:ID", id)
		if bic != "" {
			w.open("cac:FinancialInstitutionBranch")
			w.leaf("cbc:ID", bic)
			w.close("cac:FinancialInstitutionBranch")
		}
		w.close("cac:PayeeFinancialAccount")
		w.close("cac:PaymentMeans")
	}
	// One means code for all accounts (UBL-SR-47). A NOK invoice offers
	// the Norwegian account and the IBAN, both by credit transfer; an
	// invoice in another currency is paid from abroad, to the IBAN (SEPA
	// for euros).
	if d.Currency != "NOK" && d.Payment.IBAN != "" {
		code := "30"
		if d.Currency == "EUR" {
			code = "58"
		}
		account(code, strings.ReplaceAll(d.Payment.IBAN, " ", ""), d.Payment.BIC)
		return
	}
	if d.Payment.AccountNumber != "" {
		account("30", d.Payment.AccountNumber, "")
	}
	if d.Payment.IBAN != "" {
		account("30", strings.ReplaceAll(d.Payment.IBAN, " ", ""), d.Payment.BIC)
	}
}

// taxTotals writes BG-23 (the VAT per category) and, for a currency not
// NOK, the VAT total in NOK (BT-111) as a second TaxTotal without
// subtotals (PEPPOL-EN16931-R053, R054).
func (w *xmlWriter) taxTotals(d Document) {
	w.open("cac:TaxTotal")
	w.money("cbc:TaxAmount", d.Tax, d.Currency)
	for _, v := range d.VAT {
		w.open("cac:TaxSubtotal")
		w.money("cbc:TaxableAmount", v.Taxable, d.Currency)
		w.money("cbc:TaxAmount", v.Tax, d.Currency)
		w.taxCategory("cac:TaxCategory", v.Category, v.Rate, v.ExemptionReason)
		w.close("cac:TaxSubtotal")
	}
	w.close("cac:TaxTotal")
	if d.Currency != "NOK" {
		w.open("cac:TaxTotal")
		w.money("cbc:TaxAmount", d.TaxNOK, "NOK")
		w.close("cac:TaxTotal")
	}
}

// taxCategory writes a VAT category; "O" (not subject to VAT) has no rate
// (BR-O-05), the 0 % categories their reason (BR-AE-10, BR-O-10).
func (w *xmlWriter) taxCategory(tag, code string, rate int, reason string) {
	w.open(tag)
	w.leaf("cbc:ID", code)
	if code != "O" {
		w.leaf("cbc:Percent", strconv.Itoa(rate))
	}
	if reason != "" {
		w.leaf("cbc:TaxExemptionReason", reason)
	}
	w.open("cac:TaxScheme")
	w.leaf("cbc:ID", "VAT")
	w.close("cac:TaxScheme")
	w.close(tag)
}

// decimal writes minor units with two decimals ("-1234.05"), never
// through a float.
func decimal(minor int64) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	return fmt.Sprintf("%s%d.%02d", sign, minor/100, minor%100)
}

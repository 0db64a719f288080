package document

import (
	"errors"
	"fmt"
	"strconv"
)

// The identifiers every EHF 3.0 / Peppol BIS Billing 3.0 document carries
// (BT-24, BT-23).
const (
	customizationID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"
	profileID       = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"

	nsInvoice    = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
	nsCreditNote = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
	nsCAC        = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
	nsCBC        = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"

	// schemeOrgNumber is the Peppol EAS and ICD code of a Norwegian
	// organisation number (Enhetsregisteret).
	schemeOrgNumber = "0192"
)

// ErrNoEndpoint is EHF's answer for a buyer with no Peppol electronic
// address: neither a Norwegian organisation number nor a VAT id of a
// country whose VAT numbers are Peppol addresses. Such a buyer cannot
// receive EHF; the PDF is their invoice.
var ErrNoEndpoint = errors.New("the buyer has no Peppol address (a Norwegian organisation number or a European VAT id): no EHF")

// EHF answers the document as EHF 3.0 (Peppol BIS Billing 3.0, UBL 2.1):
// an Invoice (type 380, a deposit request 386) or a CreditNote (381, with
// the invoice it corrects as its BillingReference). Elements follow the
// UBL 2.1 schema's order; amounts are the document's minor units written
// with two decimals. The same Document always gives the same bytes.
func EHF(d Document) ([]byte, error) {
	if err := checkEHF(d); err != nil {
		return nil, err
	}
	buyerScheme, buyerID, err := buyerEndpoint(d.Buyer)
	if err != nil {
		return nil, err
	}
	credit := d.Kind == KindCreditNote
	root, ns, lineTag, quantityTag := "Invoice", nsInvoice, "cac:InvoiceLine", "cbc:InvoicedQuantity"
	if credit {
		root, ns, lineTag, quantityTag = "CreditNote", nsCreditNote, "cac:CreditNoteLine", "cbc:CreditedQuantity"
	}
	w := &xmlWriter{}
	w.b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	w.open(root, "xmlns", ns, "xmlns:cac", nsCAC, "xmlns:cbc", nsCBC)
	w.leaf("cbc:CustomizationID", customizationID)
	w.leaf("cbc:ProfileID", profileID)
	w.leaf("cbc:ID", d.Number)
	w.leaf("cbc:IssueDate", d.IssueDate)
	if credit {
		w.leaf("cbc:CreditNoteTypeCode", "381")
	} else {
		w.leaf("cbc:DueDate", d.DueDate)
		w.leaf("cbc:InvoiceTypeCode", invoiceTypeCode(d.Kind))
	}
	if d.Note != "" {
		w.leaf("cbc:Note", d.Note)
	}
	w.leaf("cbc:DocumentCurrencyCode", d.Currency)
	if d.Currency != "NOK" {
		// BT-6: the VAT is stated in NOK too (a second TaxTotal below).
		w.leaf("cbc:TaxCurrencyCode", "NOK")
	}
	w.leaf("cbc:BuyerReference", d.BuyerReference)
	if d.DeliveryDate == "" && d.DeliveryStart != "" {
		w.open("cac:InvoicePeriod")
		w.leaf("cbc:StartDate", d.DeliveryStart)
		w.leaf("cbc:EndDate", d.DeliveryEnd)
		w.close("cac:InvoicePeriod")
	}
	// BT-25: the invoice a credit note corrects, or the deposit requests a
	// final invoice deducts.
	refs := d.Deposits
	if credit {
		refs = []Reference{*d.Corrects}
	}
	for _, r := range refs {
		w.open("cac:BillingReference")
		w.open("cac:InvoiceDocumentReference")
		w.leaf("cbc:ID", r.Number)
		if r.IssueDate != "" {
			w.leaf("cbc:IssueDate", r.IssueDate)
		}
		w.close("cac:InvoiceDocumentReference")
		w.close("cac:BillingReference")
	}
	w.seller(d)
	w.buyer(d, buyerScheme, buyerID)
	if d.DeliveryDate != "" {
		w.open("cac:Delivery")
		w.leaf("cbc:ActualDeliveryDate", d.DeliveryDate)
		w.close("cac:Delivery")
	}
	if credit {
		// BR-CO-25: a positive amount has a due date or payment terms; a
		// credit note is settled against the invoice it corrects.
		w.open("cac:PaymentTerms")
		w.leaf("cbc:Note", textsFor(d.Language).creditTerms+" "+d.Corrects.Number)
		w.close("cac:PaymentTerms")
	} else {
		w.paymentMeans(d)
	}
	w.taxTotals(d)
	w.open("cac:LegalMonetaryTotal")
	w.money("cbc:LineExtensionAmount", d.Net, d.Currency)
	w.money("cbc:TaxExclusiveAmount", d.Net, d.Currency)
	w.money("cbc:TaxInclusiveAmount", d.Gross, d.Currency)
	if d.Prepaid != 0 {
		w.money("cbc:PrepaidAmount", d.Prepaid, d.Currency)
	}
	w.money("cbc:PayableAmount", d.Payable, d.Currency)
	w.close("cac:LegalMonetaryTotal")
	for i, l := range d.Lines {
		w.open(lineTag)
		w.leaf("cbc:ID", strconv.Itoa(i+1))
		w.leaf(quantityTag, strconv.FormatInt(l.Quantity, 10), "unitCode", "EA")
		w.money("cbc:LineExtensionAmount", l.Net, d.Currency)
		w.open("cac:Item")
		w.leaf("cbc:Name", l.Description)
		code, _ := category(d.VATMode, l.VATRate)
		w.taxCategory("cac:ClassifiedTaxCategory", code, l.VATRate, "")
		w.close("cac:Item")
		w.open("cac:Price")
		w.money("cbc:PriceAmount", l.UnitPrice, d.Currency)
		w.close("cac:Price")
		w.close(lineTag)
	}
	w.close(root)
	return w.b.Bytes(), nil
}

// checkEHF answers what an EHF needs that the Document lacks, so that a
// missing item is named here rather than found by the receiver.
func checkEHF(d Document) error {
	missing := func(what string) error { return fmt.Errorf("EHF: the document has no %s", what) }
	switch {
	case d.Kind != KindInvoice && d.Kind != KindDeposit && d.Kind != KindCreditNote:
		return fmt.Errorf("EHF: unknown document kind %q", d.Kind)
	case d.Number == "":
		return missing("number")
	case d.IssueDate == "":
		return missing("issue date")
	case len(d.Currency) != 3:
		return missing("currency")
	case d.BuyerReference == "":
		return missing("buyer reference")
	case d.Seller.OrgNumber == "":
		return missing("seller organisation number")
	case d.Seller.Name == "" || d.Buyer.Name == "":
		return missing("seller or buyer name")
	case d.Seller.Address.Country == "" || d.Buyer.Address.Country == "":
		return missing("seller or buyer country")
	case len(d.Lines) == 0:
		return missing("lines")
	case d.VATMode != VATNone && d.Seller.VATID == "":
		return missing("seller VAT id (a VAT-registered seller's NO…MVA)")
	case d.VATMode == VATExport && d.Buyer.VATID == "" && d.Buyer.OrgNumber == "":
		return fmt.Errorf("EHF: a reverse-charge invoice needs the buyer's VAT id (EN 16931 BR-AE-02)")
	case d.Kind == KindCreditNote && (d.Corrects == nil || d.Corrects.Number == ""):
		return missing("reference to the invoice it credits")
	case d.Kind != KindCreditNote && d.DueDate == "":
		return missing("due date")
	case d.Kind != KindCreditNote && d.Payment.AccountNumber == "" && d.Payment.IBAN == "":
		return missing("bank account or IBAN")
	case d.DeliveryDate == "" && d.DeliveryStart != "" && d.DeliveryEnd == "":
		return missing("end of the delivery period")
	}
	return nil
}

// invoiceTypeCode is UNCL 1001's code of an invoice's kind: 386 a
// prepayment (deposit) invoice, 380 a commercial invoice.
func invoiceTypeCode(k Kind) string {
	if k == KindDeposit {
		return "386"
	}
	return "380"
}

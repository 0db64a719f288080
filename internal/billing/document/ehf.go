package document

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"strconv"
	"strings"
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

// vatAddressSchemes are the Peppol EAS codes whose identifier is a
// country's VAT number, prefix included ("DE123456789").
var vatAddressSchemes = map[string]string{
	"AT": "9914", "BE": "9925", "BG": "9926", "CH": "9927", "CY": "9928", "CZ": "9929",
	"DE": "9930", "EE": "9931", "ES": "9920", "FI": "0213", "FR": "9957", "GB": "9932",
	"EL": "9933", "HR": "9934", "HU": "9910", "IE": "9935", "IT": "0211", "LI": "9936",
	"LT": "9937", "LU": "9938", "LV": "9939", "MT": "9943", "NL": "9944", "PL": "9945",
	"PT": "9946", "RO": "9947", "SI": "9949", "SK": "9950",
}

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

// buyerEndpoint answers the buyer's Peppol electronic address (BT-49),
// which EHF requires: their organisation number, or their VAT number where
// a country's VAT numbers are addresses (Sweden's and Denmark's addresses
// are the organisation number inside it).
func buyerEndpoint(p Party) (scheme, id string, err error) {
	if p.OrgNumber != "" {
		return schemeOrgNumber, p.OrgNumber, nil
	}
	vat := strings.ToUpper(strings.ReplaceAll(p.VATID, " ", ""))
	if len(vat) < 4 {
		return "", "", ErrNoEndpoint
	}
	switch country := vat[:2]; {
	case country == "SE" && len(vat) == 14: // SE + 10-digit organisation number + 01
		return "0007", vat[2:12], nil
	case country == "DK" && len(vat) == 10: // DK + CVR
		return "0184", vat[2:], nil
	case vatAddressSchemes[country] != "":
		return vatAddressSchemes[country], vat, nil
	}
	return "", "", ErrNoEndpoint
}

// seller writes BG-4: a Norwegian seller, addressed by organisation number,
// with "NO…MVA" when VAT-registered (NO-R-001) and "Foretaksregisteret"
// when registered there (NO-R-002).
func (w *xmlWriter) seller(d Document) {
	p := d.Seller
	w.open("cac:AccountingSupplierParty")
	w.open("cac:Party")
	w.leaf("cbc:EndpointID", p.OrgNumber, "schemeID", schemeOrgNumber)
	w.partyNameAndAddress(p)
	if d.VATMode != VATNone {
		w.partyTaxScheme(p.VATID, "VAT")
	}
	if d.SellerInForetaksregisteret {
		w.partyTaxScheme("Foretaksregisteret", "TAX")
	}
	w.open("cac:PartyLegalEntity")
	w.leaf("cbc:RegistrationName", p.Name)
	w.leaf("cbc:CompanyID", p.OrgNumber, "schemeID", schemeOrgNumber)
	w.close("cac:PartyLegalEntity")
	w.contact(p.Email)
	w.close("cac:Party")
	w.close("cac:AccountingSupplierParty")
}

// buyer writes BG-7. A seller outside the VAT register names no VAT id,
// the buyer's neither (BR-O-02).
func (w *xmlWriter) buyer(d Document, scheme, id string) {
	p := d.Buyer
	w.open("cac:AccountingCustomerParty")
	w.open("cac:Party")
	w.leaf("cbc:EndpointID", id, "schemeID", scheme)
	w.partyNameAndAddress(p)
	if d.VATMode != VATNone && p.VATID != "" {
		w.partyTaxScheme(p.VATID, "VAT")
	}
	w.open("cac:PartyLegalEntity")
	w.leaf("cbc:RegistrationName", p.Name)
	if p.OrgNumber != "" {
		w.leaf("cbc:CompanyID", p.OrgNumber, "schemeID", schemeOrgNumber)
	}
	w.close("cac:PartyLegalEntity")
	w.contact(p.Email)
	w.close("cac:Party")
	w.close("cac:AccountingCustomerParty")
}

func (w *xmlWriter) partyNameAndAddress(p Party) {
	w.open("cac:PartyName")
	w.leaf("cbc:Name", p.Name)
	w.close("cac:PartyName")
	w.open("cac:PostalAddress")
	w.optional("cbc:StreetName", p.Address.Street)
	w.optional("cbc:CityName", p.Address.City)
	w.optional("cbc:PostalZone", p.Address.PostalCode)
	w.open("cac:Country")
	w.leaf("cbc:IdentificationCode", p.Address.Country)
	w.close("cac:Country")
	w.close("cac:PostalAddress")
}

func (w *xmlWriter) partyTaxScheme(companyID, scheme string) {
	w.open("cac:PartyTaxScheme")
	w.leaf("cbc:CompanyID", companyID)
	w.open("cac:TaxScheme")
	w.leaf("cbc:ID", scheme)
	w.close("cac:TaxScheme")
	w.close("cac:PartyTaxScheme")
}

func (w *xmlWriter) contact(email string) {
	if email == "" {
		return
	}
	w.open("cac:Contact")
	w.leaf("cbc:ElectronicMail", email)
	w.close("cac:Contact")
}

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

// xmlWriter builds indented XML text; elements are written in the order
// the caller gives, which is the schema's.
type xmlWriter struct {
	b     bytes.Buffer
	depth int
}

func (w *xmlWriter) start(name string, attrs []string) {
	w.b.WriteString(strings.Repeat("\t", w.depth))
	w.b.WriteString("<" + name)
	for i := 0; i+1 < len(attrs); i += 2 {
		w.b.WriteString(" " + attrs[i] + `="`)
		_ = xml.EscapeText(&w.b, []byte(attrs[i+1])) // a bytes.Buffer does not fail
		w.b.WriteString(`"`)
	}
	w.b.WriteString(">")
}

// open starts an element holding others; attrs are name, value pairs.
func (w *xmlWriter) open(name string, attrs ...string) {
	w.start(name, attrs)
	w.b.WriteString("\n")
	w.depth++
}

func (w *xmlWriter) close(name string) {
	w.depth--
	w.b.WriteString(strings.Repeat("\t", w.depth) + "</" + name + ">\n")
}

// leaf writes an element holding text.
func (w *xmlWriter) leaf(name, text string, attrs ...string) {
	w.start(name, attrs)
	_ = xml.EscapeText(&w.b, []byte(text))
	w.b.WriteString("</" + name + ">\n")
}

// optional writes a leaf only when it has text.
func (w *xmlWriter) optional(name, text string) {
	if text != "" {
		w.leaf(name, text)
	}
}

func (w *xmlWriter) money(name string, minor int64, currency string) {
	w.leaf(name, decimal(minor), "currencyID", currency)
}

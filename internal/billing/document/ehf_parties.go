// The EHF's parties: the seller and the buyer with their Peppol addresses
// (a Norwegian organisation number, or a European VAT id), names,
// addresses, tax schemes and contacts.

package document

import "strings"

// vatAddressSchemes are the Peppol EAS codes whose identifier is a
// country's VAT number, prefix included ("DE123456789").
var vatAddressSchemes = map[string]string{
	"AT": "9914", "BE": "9925", "BG": "9926", "CH": "9927", "CY": "9928", "CZ": "9929",
	"DE": "9930", "EE": "9931", "ES": "9920", "FI": "0213", "FR": "9957", "GB": "9932",
	"EL": "9933", "HR": "9934", "HU": "9910", "IE": "9935", "IT": "0211", "LI": "9936",
	"LT": "9937", "LU": "9938", "LV": "9939", "MT": "9943", "NL": "9944", "PL": "9945",
	"PT": "9946", "RO": "9947", "SI": "9949", "SK": "9950",
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

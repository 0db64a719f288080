package document

// texts are the words a document prints, in Norwegian or English
// (Document.Language).
type texts struct {
	invoice, deposit, creditNote string
	seller, buyer                string
	orgNumber, vatID, mva        string
	foretaksregisteret           string
	number, issueDate, dueDate   string
	creditNumber, creditDate     string
	deliveryDate, deliveryPeriod string
	buyerReference               string
	corrects, deducts            string
	description, quantity        string
	unitPrice, vatRate, amount   string
	net, vat, total              string
	prepaid, payable, refund     string
	vatInNOK, exchangeRate       string
	payment, account, iban, bic  string
	kid, markWithNumber          string
	notRegistered, reverseCharge string
	creditTerms, page            string
}

var norwegian = texts{
	invoice: "Faktura", deposit: "Forskuddsfaktura", creditNote: "Kreditnota",
	seller: "Fra", buyer: "Til",
	orgNumber: "Org.nr.", vatID: "Mva-nr.", mva: "MVA",
	foretaksregisteret: "Foretaksregisteret",
	number:             "Fakturanummer", issueDate: "Fakturadato", dueDate: "Forfallsdato",
	creditNumber: "Kreditnotanummer", creditDate: "Dato",
	deliveryDate: "Leveringsdato", deliveryPeriod: "Leveringsperiode",
	buyerReference: "Deres referanse",
	corrects:       "Krediterer faktura", deducts: "Trekker fra forskudd",
	description: "Beskrivelse", quantity: "Antall",
	unitPrice: "Enhetspris", vatRate: "Mva", amount: "Beløp",
	net: "Sum eks. mva", vat: "Mva", total: "Totalt",
	prepaid: "Betalt forskudd", payable: "Å betale", refund: "Til gode",
	vatInNOK: "Mva i NOK", exchangeRate: "kurs",
	payment: "Betaling", account: "Kontonummer", iban: "IBAN", bic: "BIC",
	kid: "KID", markWithNumber: "Merk betalingen med fakturanummer",
	notRegistered: "Ikke mva-registrert",
	reverseCharge: "Omvendt avgiftsplikt: kjøper beregner merverdiavgiften (mval. § 6-22)",
	creditTerms:   "Avregnes mot faktura", page: "Side",
}

var english = texts{
	invoice: "Invoice", deposit: "Deposit invoice", creditNote: "Credit note",
	seller: "From", buyer: "To",
	orgNumber: "Org. no.", vatID: "VAT no.", mva: "MVA",
	foretaksregisteret: "Foretaksregisteret",
	number:             "Invoice number", issueDate: "Invoice date", dueDate: "Due date",
	creditNumber: "Credit note number", creditDate: "Date",
	deliveryDate: "Delivery date", deliveryPeriod: "Delivery period",
	buyerReference: "Your reference",
	corrects:       "Credits invoice", deducts: "Deducts deposit",
	description: "Description", quantity: "Qty",
	unitPrice: "Unit price", vatRate: "VAT", amount: "Amount",
	net: "Net", vat: "VAT", total: "Total",
	prepaid: "Deposit paid", payable: "Amount due", refund: "To be refunded",
	vatInNOK: "VAT in NOK", exchangeRate: "rate",
	payment: "Payment", account: "Account number", iban: "IBAN", bic: "BIC",
	kid: "KID", markWithNumber: "Mark the payment with the invoice number",
	notRegistered: "Not VAT-registered",
	reverseCharge: "Reverse charge: the buyer accounts for the VAT (Norwegian VAT Act § 6-22)",
	creditTerms:   "Settled against invoice", page: "Page",
}

// textsFor answers the texts of a language: Norwegian for "no" (and "nb",
// "nn"), English otherwise.
func textsFor(language string) texts {
	switch language {
	case "no", "nb", "nn":
		return norwegian
	}
	return english
}

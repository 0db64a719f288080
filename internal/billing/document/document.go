// Package document is an invoice, deposit request or credit note frozen at
// the moment it is issued: every figure, party and text it
// prints, so that its PDF and its EHF (Peppol BIS Billing 3.0 UBL) are made
// from the same snapshot and say the same thing. It knows nothing of the
// store or of HTTP: internal/billing builds a Document when the creator
// issues, stores it with the files made from it, and never changes it.
//
// Money is in minor units (øre, cent) as int64: no float touches an
// amount. Every currency the site takes has two decimals (internal/deals
// Currencies).
package document

// Kind is what a document is.
type Kind string

const (
	KindInvoice    Kind = "invoice"
	KindDeposit    Kind = "deposit" // a request for the deposit a quote asked for: paid before the work
	KindCreditNote Kind = "credit-note"
)

// VATMode is how VAT applies to a document: the seller's registration and
// where the buyer is decide it.
type VATMode string

const (
	// VATNone: the seller is not VAT-registered (under the 50 000 kr line):
	// no VAT and no "MVA" after the organisation number.
	VATNone VATMode = "none"
	// VATDomestic: a registered seller, a buyer in Norway: 25 %.
	VATDomestic VATMode = "domestic"
	// VATExport: a registered seller, services to a business abroad: 0 %,
	// the buyer accounts for the VAT (reverse charge, mval. § 6-22).
	VATExport VATMode = "export"
)

// Address is a postal address; Country is ISO 3166-1 alpha-2 ("NO").
type Address struct {
	Street     string `json:"street"`
	PostalCode string `json:"postalCode"`
	City       string `json:"city"`
	Country    string `json:"country"`
}

// Party is the seller or the buyer as the document names it.
type Party struct {
	Name      string  `json:"name"`
	OrgNumber string  `json:"orgNumber"` // a Norwegian organisation number, 9 digits; "" for none
	VATID     string  `json:"vatId"`     // "NO123456789MVA" for a registered Norwegian seller, a foreign buyer's VAT id; "" for none
	Address   Address `json:"address"`
	Email     string  `json:"email"`
}

// Line is one line of what was delivered.
type Line struct {
	Description string `json:"description"` // what: videos, their length, the usage rights
	Quantity    int64  `json:"quantity"`    // whole units (videos, hours)
	UnitPrice   int64  `json:"unitPrice"`   // net, minor units
	VATRate     int    `json:"vatRate"`     // percent: 25 or 0
	Net         int64  `json:"net"`         // Quantity × UnitPrice
}

// VATSubtotal is the VAT of the lines of one rate: computed once on their
// summed net (not line by line), as EN 16931 (BR-CO-17) and
// bokføringsforskriften want it.
type VATSubtotal struct {
	// Category is the UNCL 5305 code: "S" standard rate, "Z" zero rated,
	// "O" not subject to VAT (seller not registered), "AE" reverse charge
	// (export to a business).
	Category string `json:"category"`
	Rate     int    `json:"rate"`
	Taxable  int64  `json:"taxable"`
	Tax      int64  `json:"tax"`
	// ExemptionReason is the wording printed for a 0 % category (the
	// reverse-charge text, "not VAT-registered"); "" for S.
	ExemptionReason string `json:"exemptionReason,omitempty"`
}

// Reference is the invoice a credit note corrects, or the deposit a final
// invoice deducts.
type Reference struct {
	Number    string `json:"number"`
	IssueDate string `json:"issueDate"`
}

// Payment is how the buyer pays by bank transfer.
type Payment struct {
	AccountNumber string `json:"accountNumber"` // Norwegian, 11 digits
	IBAN          string `json:"iban"`
	BIC           string `json:"bic"`
	// KID is the customer identification number the payment must carry
	// when the seller has a KID agreement; "" without one, and then the
	// payment is marked with the invoice number.
	KID string `json:"kid"`
}

// Document is an issued invoice, deposit request or credit note: all a
// PDF and an EHF print. Dates are YYYY-MM-DD.
type Document struct {
	Kind     Kind    `json:"kind"`
	Number   string  `json:"number"`
	Language string  `json:"language"` // "no" or "en": the PDF's texts
	Currency string  `json:"currency"` // ISO 4217
	VATMode  VATMode `json:"vatMode"`

	IssueDate string `json:"issueDate"`
	DueDate   string `json:"dueDate"` // "" on a credit note
	// DeliveryDate, or the period DeliveryStart–DeliveryEnd, is when the
	// work was delivered (bokføringsforskriften § 5-1-1 nr. 5).
	DeliveryDate  string `json:"deliveryDate"`
	DeliveryStart string `json:"deliveryStart"`
	DeliveryEnd   string `json:"deliveryEnd"`

	Seller Party `json:"seller"`
	// SellerInForetaksregisteret says the seller is registered in
	// Foretaksregisteret (an AS must be, a sole proprietorship may be): the
	// documents then print the word, as foretaksregisterloven § 10-2 asks
	// (EHF rule NO-R-002).
	SellerInForetaksregisteret bool  `json:"sellerInForetaksregisteret"`
	Buyer                      Party `json:"buyer"`
	// BuyerReference is the buyer's reference (their order number or
	// contact): required by Norwegian business buyers; the deal's id when
	// they gave none.
	BuyerReference string `json:"buyerReference"`

	Lines []Line        `json:"lines"`
	VAT   []VATSubtotal `json:"vat"`
	// Net is the lines' sum, Tax the VAT's, Gross their sum. Prepaid is a
	// deposit already paid that this invoice deducts; Payable = Gross − Prepaid.
	Net     int64 `json:"net"`
	Tax     int64 `json:"tax"`
	Gross   int64 `json:"gross"`
	Prepaid int64 `json:"prepaid"`
	Payable int64 `json:"payable"`

	// NOKRate is how many NOK one unit of Currency was at issue, in
	// millionths (11.4532 → 11453200), entered by the creator; 0 for NOK.
	// TaxNOK is Tax in NOK øre, which a non-NOK invoice must state too.
	NOKRate int64 `json:"nokRate"`
	TaxNOK  int64 `json:"taxNok"`

	Payment Payment `json:"payment"`
	// Corrects is the invoice a credit note corrects; Deposits are the
	// deposit requests a final invoice deducts.
	Corrects *Reference  `json:"corrects,omitempty"`
	Deposits []Reference `json:"deposits,omitempty"`
	// Note is free text printed on the document: a credit note's reason.
	Note string `json:"note"`
}

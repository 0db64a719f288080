package document

import "testing"

// The golden documents: each VAT mode in NOK and in euros, a deposit
// request, the final invoice that deducts it, and a credit note. Their
// organisation numbers, account and KID carry valid check digits.

type golden struct {
	name string
	doc  Document
}

func creator(registered bool) Party {
	p := Party{
		Name: "Ingrid Ødegård Film", OrgNumber: "123456785",
		Address: Address{Street: "Storgata 12", PostalCode: "0155", City: "Oslo", Country: "NO"},
		Email:   "faktura@ingrid-odegard.no",
	}
	if registered {
		p.VATID = "NO123456785MVA"
	}
	return p
}

var (
	brandNO = Party{Name: "Brødrene Æsøy AS", OrgNumber: "987654325",
		Address: Address{Street: "Kjøpmannsgata 3", PostalCode: "7013", City: "Trondheim", Country: "NO"},
		Email:   "innkjop@aesoy.no"}
	brandSE = Party{Name: "Nordljus Kosmetik AB", VATID: "SE556036079301",
		Address: Address{Street: "Götgatan 9", PostalCode: "116 46", City: "Stockholm", Country: "SE"},
		Email:   "ap@nordljus.se"}
	brandDE = Party{Name: "Bergwerk Outdoor GmbH", VATID: "DE123456789",
		Address: Address{Street: "Müllerstraße 5", PostalCode: "80469", City: "München", Country: "DE"},
		Email:   "rechnung@bergwerk.de"}
	account = Payment{AccountNumber: "86011117947"}
	iban    = Payment{AccountNumber: "86011117947", IBAN: "NO93 8601 1117 947", BIC: "DNBANOKK"}
)

// videoLines are a typical UGC order: videos and their usage rights.
func videoLines(rate int) []Line {
	return []Line{
		{Description: "UGC-video 30 s, vertikal 9:16, to runder med endringer", Quantity: 3, UnitPrice: 4500_00, VATRate: rate},
		{Description: "Bruksrett: betalt annonsering (paid), 6 måneder, Norden", Quantity: 1, UnitPrice: 3000_00, VATRate: rate},
		{Description: "Råfiler (B-roll), 10 klipp", Quantity: 1, UnitPrice: 1250_50, VATRate: rate},
	}
}

func computed(t testing.TB, d Document) Document {
	t.Helper()
	if err := d.Compute(); err != nil {
		t.Fatalf("%s: %v", d.Number, err)
	}
	return d
}

func goldens(t testing.TB) []golden {
	base := func(number string, mode VATMode, currency string) Document {
		d := Document{Kind: KindInvoice, Number: number, Language: "no", Currency: currency, VATMode: mode,
			IssueDate: "2026-11-02", DueDate: "2026-11-16", DeliveryDate: "2026-10-30",
			Seller: creator(mode != VATNone), Buyer: brandNO, BuyerReference: "Kari Nordmann",
			Lines: videoLines(0), Payment: account}
		if mode == VATDomestic {
			d.Lines = videoLines(25)
			d.SellerInForetaksregisteret = true
		}
		if currency != "NOK" {
			d.NOKRate = 11_453_200
			d.Payment = iban
		}
		return d
	}
	noneNOK := base("1001", VATNone, "NOK")
	noneEUR := base("1002", VATNone, "EUR")
	noneEUR.Language, noneEUR.Buyer, noneEUR.BuyerReference = "en", brandDE, "PO-2026-118"

	domesticNOK := base("1003", VATDomestic, "NOK")
	domesticNOK.Payment.KID = "0000104216"
	domesticEUR := base("1004", VATDomestic, "EUR")
	domesticEUR.Language = "en"
	domesticEUR.DeliveryDate, domesticEUR.DeliveryStart, domesticEUR.DeliveryEnd = "", "2026-10-01", "2026-10-31"

	exportNOK := base("1005", VATExport, "NOK")
	exportNOK.Language, exportNOK.Buyer, exportNOK.BuyerReference = "en", brandSE, "Lina Berg"
	exportEUR := base("1006", VATExport, "EUR")
	exportEUR.Language, exportEUR.Buyer, exportEUR.BuyerReference = "en", brandDE, "PO-2026-119"

	deposit := base("1007", VATDomestic, "NOK")
	deposit.Kind, deposit.DeliveryDate = KindDeposit, ""
	deposit.Lines = []Line{{Description: "Forskudd 30 % av tilbud T-12: 3 UGC-videoer med bruksrett", Quantity: 1, UnitPrice: 5475_15, VATRate: 25}}
	deposit.Payment.KID = "0000104224"
	deposit = computed(t, deposit)

	final := base("1008", VATDomestic, "NOK")
	final.Deposits = []Reference{{Number: deposit.Number, IssueDate: deposit.IssueDate}}
	final.Prepaid = deposit.Gross
	final.Payment.KID = "0000104232"
	final.IssueDate, final.DueDate, final.DeliveryDate = "2026-11-20", "2026-12-04", "2026-11-19"

	domesticNOK = computed(t, domesticNOK)
	credit := base("1009", VATDomestic, "NOK")
	credit.Kind, credit.DueDate = KindCreditNote, ""
	credit.Corrects = &Reference{Number: domesticNOK.Number, IssueDate: domesticNOK.IssueDate}
	credit.Lines = domesticNOK.Lines[2:]
	credit.Note = "Råfilene ble ikke levert; de krediteres."
	credit.IssueDate = "2026-11-05"

	return []golden{
		{"none-nok", computed(t, noneNOK)},
		{"none-eur", computed(t, noneEUR)},
		{"domestic-nok", domesticNOK},
		{"domestic-eur", computed(t, domesticEUR)},
		{"export-nok", computed(t, exportNOK)},
		{"export-eur", computed(t, exportEUR)},
		{"deposit", deposit},
		{"final", computed(t, final)},
		{"credit-note", computed(t, credit)},
	}
}

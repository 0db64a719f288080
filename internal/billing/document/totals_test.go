package document

import "testing"

func TestComputeVATPerRateOnTheSummedLines(t *testing.T) {
	t.Parallel()
	// Three lines of 0.33 kr at 25 %: per line the VAT would round to
	// 0.08 each (0.24); on the sum (0.99) it is 0.2475 → 0.25.
	d := Document{VATMode: VATDomestic, Currency: "NOK", Lines: []Line{
		{Quantity: 1, UnitPrice: 33, VATRate: 25},
		{Quantity: 1, UnitPrice: 33, VATRate: 25},
		{Quantity: 1, UnitPrice: 33, VATRate: 25},
		{Quantity: 2, UnitPrice: 50_00, VATRate: 0},
	}}
	if err := d.Compute(); err != nil {
		t.Fatal(err)
	}
	if d.Net != 100_99 || d.Tax != 25 || d.Gross != 101_24 || d.Payable != 101_24 {
		t.Fatalf("net %d tax %d gross %d payable %d", d.Net, d.Tax, d.Gross, d.Payable)
	}
	want := []VATSubtotal{{Category: "S", Rate: 25, Taxable: 99, Tax: 25}, {Category: "Z", Rate: 0, Taxable: 100_00}}
	if len(d.VAT) != 2 || d.VAT[0] != want[0] || d.VAT[1] != want[1] {
		t.Fatalf("VAT %+v, want %+v", d.VAT, want)
	}
}

func TestComputeModesAndCurrencies(t *testing.T) {
	t.Parallel()
	export := Document{VATMode: VATExport, Currency: "EUR", NOKRate: 11_453_200, Prepaid: 500_00,
		Lines: []Line{{Quantity: 3, UnitPrice: 700_00}}}
	if err := export.Compute(); err != nil {
		t.Fatal(err)
	}
	if export.Tax != 0 || export.Gross != 2100_00 || export.Payable != 1600_00 ||
		export.VAT[0].Category != "AE" || export.VAT[0].ExemptionReason != ReasonReverseCharge {
		t.Fatalf("export: %+v", export)
	}
	eurVAT := Document{VATMode: VATDomestic, Currency: "EUR", NOKRate: 11_453_200,
		Lines: []Line{{Quantity: 1, UnitPrice: 1000_00, VATRate: 25}}}
	if err := eurVAT.Compute(); err != nil {
		t.Fatal(err)
	}
	if eurVAT.Tax != 250_00 || eurVAT.TaxNOK != 2863_30 { // 250 € × 11.4532 = 2 863.30 kr
		t.Fatalf("EUR VAT %d, in NOK %d", eurVAT.Tax, eurVAT.TaxNOK)
	}
	for _, bad := range []Document{
		{VATMode: VATNone, Currency: "NOK", Lines: []Line{{Quantity: 1, UnitPrice: 1, VATRate: 25}}},
		{VATMode: VATDomestic, Currency: "NOK", Lines: []Line{{Quantity: 1, UnitPrice: 1, VATRate: 15}}},
		{VATMode: VATDomestic, Currency: "EUR", Lines: []Line{{Quantity: 1, UnitPrice: 1, VATRate: 25}}},
	} {
		if err := bad.Compute(); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

func TestRoundDivHalfAwayFromZero(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ n, d, want int64 }{{5, 10, 1}, {4, 10, 0}, {-5, 10, -1}, {-4, 10, 0}, {2475, 100, 25}} {
		if got := RoundDiv(c.n, c.d); got != c.want {
			t.Errorf("RoundDiv(%d, %d) = %d, want %d", c.n, c.d, got, c.want)
		}
	}
}

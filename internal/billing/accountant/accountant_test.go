package accountant

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/billing/document"
)

func doc(t *testing.T, kind document.Kind, number string, mode document.VATMode, currency string, lines ...document.Line) document.Document {
	t.Helper()
	d := document.Document{Kind: kind, Number: number, IssueDate: "2026-11-02", DueDate: "2026-11-16",
		VATMode: mode, Currency: currency, Buyer: document.Party{Name: "Brødrene Æsøy AS", OrgNumber: "987654325"}, Lines: lines}
	if currency != "NOK" {
		d.NOKRate = 11_453_200
	}
	if err := d.Compute(); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestCSVHasAVATCodePerLineAndCreditNotesNegative(t *testing.T) {
	t.Parallel()
	domestic := doc(t, document.KindInvoice, "1001", document.VATDomestic, "NOK",
		document.Line{Quantity: 3, UnitPrice: 4500_00, VATRate: 25}, document.Line{Quantity: 1, UnitPrice: 100_00, VATRate: 0})
	export := doc(t, document.KindInvoice, "1002", document.VATExport, "EUR", document.Line{Quantity: 1, UnitPrice: 700_00})
	credit := doc(t, document.KindCreditNote, "1003", document.VATDomestic, "EUR", document.Line{Quantity: 1, UnitPrice: 100_00, VATRate: 25})
	credit.Corrects = &document.Reference{Number: "1001", IssueDate: "2026-11-02"}
	none := doc(t, document.KindInvoice, "1004", document.VATNone, "NOK", document.Line{Quantity: 2, UnitPrice: 2500_00})

	var b bytes.Buffer
	err := WriteCSV(&b, []Issued{{Doc: domestic}, {Doc: export}, {Doc: credit}, {Doc: none}},
		[]Payment{{Invoice: "1001", PaidOn: "2026-11-10", Amount: 16975_00, Currency: "NOK", Method: "bank"}})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rows[0], header) {
		t.Fatalf("header %v", rows[0])
	}
	got := make([]string, 0, len(rows)-1)
	for _, r := range rows[1:] {
		// type number vat_code vat_rate net vat gross vat_nok corrects method
		got = append(got, strings.Join([]string{r[0], r[1], r[8], r[9], r[10], r[11], r[12], r[13], r[14], r[15]}, " "))
	}
	want := []string{
		"invoice 1001 3 25 13500.00 3375.00 16875.00   ",
		"invoice 1001 5 0 100.00 0.00 100.00   ",
		"invoice 1002 52 0 700.00 0.00 700.00 0.00  ",
		"credit-note 1003 3 25 -100.00 -25.00 -125.00 -286.33 1001 ",
		"invoice 1004 0 0 5000.00 0.00 5000.00   ",
		"payment 1001     16975.00   bank",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if rows[1][4] != "Brødrene Æsøy AS" {
		t.Fatalf("buyer name lost its letters: %q", rows[1][4])
	}
}

func TestZIPHoldsEachFileOnceAndIsTheSameTwice(t *testing.T) {
	t.Parallel()
	a := doc(t, document.KindInvoice, "1001", document.VATDomestic, "NOK", document.Line{Quantity: 1, UnitPrice: 100_00, VATRate: 25})
	c := doc(t, document.KindCreditNote, "1002", document.VATDomestic, "NOK", document.Line{Quantity: 1, UnitPrice: 100_00, VATRate: 25})
	docs := []Issued{{Doc: a, PDF: []byte("%PDF a"), EHF: []byte("<Invoice/>")}, {Doc: c, PDF: []byte("%PDF c")}}
	var one, two bytes.Buffer
	if err := WriteZIP(&one, docs); err != nil {
		t.Fatal(err)
	}
	if err := WriteZIP(&two, docs); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(one.Bytes(), two.Bytes()) {
		t.Fatal("two archives of the same documents differ")
	}
	z, err := zip.NewReader(bytes.NewReader(one.Bytes()), int64(one.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range z.File {
		names = append(names, f.Name)
		r, _ := f.Open()
		body, _ := io.ReadAll(r)
		if len(body) == 0 {
			t.Errorf("%s is empty", f.Name)
		}
	}
	if want := []string{"invoice-1001.pdf", "invoice-1001.xml", "credit-note-1002.pdf"}; !slices.Equal(names, want) {
		t.Fatalf("files %v, want %v", names, want)
	}
	bad := []Issued{{Doc: document.Document{Kind: document.KindInvoice, Number: "9", IssueDate: "soon"}, PDF: []byte("x")}}
	if err := WriteZIP(io.Discard, bad); err == nil {
		t.Fatal("a document without an issue date was archived")
	}
}

func TestAmount(t *testing.T) {
	t.Parallel()
	for minor, want := range map[int64]string{0: "0.00", 5: "0.05", -12345: "-123.45", 100_00: "100.00"} {
		if got := Amount(minor); got != want {
			t.Errorf("Amount(%d) = %q, want %q", minor, got, want)
		}
	}
}

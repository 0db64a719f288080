package document

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPDFIsTheSameBytesEveryTime renders each golden document five times:
// a download must be byte-identical to the file stored at issue.
func TestPDFIsTheSameBytesEveryTime(t *testing.T) {
	t.Parallel()
	for _, g := range goldens(t) {
		first, err := PDF(g.doc)
		if err != nil {
			t.Fatalf("%s: %v", g.name, err)
		}
		for range 4 {
			again, err := PDF(g.doc)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(first, again) {
				t.Fatalf("%s: two PDFs of one document differ", g.name)
			}
		}
	}
}

// TestPDFPrintsWhatTheLawAsks reads each golden PDF's text with pdftotext
// (poppler) and looks for what bokføringsforskriften § 5-1-1 and the
// payment need: org.nr with MVA, the account, the KID, the due date, the
// VAT line, and the Norwegian letters intact. Each stays under 60 KB.
func TestPDFPrintsWhatTheLawAsks(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is missing: run `make pdftotext` (Debian's poppler-utils)")
	}
	dir := t.TempDir()
	if d := os.Getenv("UGCFOLIO_PDF_DIR"); d != "" {
		dir = d // to look at them: pdftoppm -png -r 60 $UGCFOLIO_PDF_DIR/domestic-nok.pdf
	}
	want := map[string][]string{
		"none-nok": {"Faktura", "Org.nr. 123 456 785", "Ikke mva-registrert", "Kontonummer", "8601.11.17947",
			"Merk betalingen med fakturanummer", "Forfallsdato", "16.11.2026", "Leveringsdato", "30.10.2026",
			"Brødrene Æsøy AS", "Ingrid Ødegård Film", "Org.nr. 987 654 325", "Å betale", "NOK 17 750,50"},
		"none-eur": {"Invoice", "Org. no. 123 456 785", "Not VAT-registered", "IBAN", "NO93 8601 1117 947", "DNBANOKK",
			"Due date", "2026-11-16", "EUR 17,750.50", "München"},
		"domestic-nok": {"Faktura", "Org.nr. 123 456 785 MVA", "Foretaksregisteret", "Kontonummer", "8601.11.17947",
			"KID", "0000104216", "Forfallsdato", "16.11.2026", "Mva 25 % av 17 750,50", "4 437,63", "Totalt", "22 188,13",
			"UGC-video 30 s", "Bruksrett: betalt annonsering (paid), 6 måneder, Norden"},
		"domestic-eur": {"Invoice", "Org. no. 123 456 785 MVA", "VAT 25 % of 17,750.50", "4,437.63",
			"VAT in NOK (rate 11.4532)", "NOK 50,825.06", "Delivery period", "2026-10-01 – 2026-10-31", "IBAN"},
		"export-nok": {"Invoice", "Org. no. 123 456 785 MVA", "VAT no. SE556036079301", "VAT 0 % of 17,750.50",
			"Reverse charge", "§ 6-22", "Account number", "8601.11.17947", "Mark the payment with the invoice number", "Götgatan 9"},
		"export-eur": {"VAT 0 % of 17,750.50", "Reverse charge", "VAT in NOK (rate 11.4532)", "NOK 0.00", "VAT no. DE123456789"},
		"deposit":    {"Forskuddsfaktura", "Org.nr. 123 456 785 MVA", "KID", "0000104224", "Mva 25 % av 5 475,15", "1 368,79", "NOK 6 843,94"},
		"final":      {"Faktura", "Trekker fra forskudd", "1007 (02.11.2026)", "Betalt forskudd", "−6 843,94", "NOK 15 344,19", "0000104232"},
		"credit-note": {"Kreditnota", "Kreditnotanummer", "Krediterer faktura", "1003 (02.11.2026)", "Org.nr. 123 456 785 MVA", "Mva 25 % av 1 250,50",
			"312,63", "Til gode", "NOK 1 563,13", "Råfilene ble ikke levert; de krediteres."},
	}
	for _, g := range goldens(t) {
		pdf, err := PDF(g.doc)
		if err != nil {
			t.Fatalf("%s: %v", g.name, err)
		}
		t.Logf("%s.pdf: %d bytes", g.name, len(pdf))
		if len(pdf) > 60_000 {
			t.Errorf("%s.pdf is %d bytes, over the 60 KB budget", g.name, len(pdf))
		}
		path := filepath.Join(dir, g.name+".pdf")
		if err := os.WriteFile(path, pdf, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("pdftotext", "-layout", path, "-").Output()
		if err != nil {
			t.Fatalf("%s: pdftotext: %v", g.name, err)
		}
		text := string(out)
		for _, s := range want[g.name] {
			if !strings.Contains(text, s) {
				t.Errorf("%s.pdf does not show %q; its text:\n%s", g.name, s, text)
			}
		}
		if g.doc.Kind == KindCreditNote && strings.Contains(text, "Kontonummer") {
			t.Errorf("a credit note asks for payment:\n%s", text)
		}
		if g.doc.VATMode == VATNone && strings.Contains(text, "MVA") {
			t.Errorf("%s: a seller outside the VAT register prints MVA:\n%s", g.name, text)
		}
	}
}

// TestPDFLongInvoiceContinuesOnTheNextPage: sixty lines do not run off the
// page; the table continues and the totals and payment follow.
func TestPDFLongInvoiceContinuesOnTheNextPage(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is missing: run `make pdftotext` (Debian's poppler-utils)")
	}
	d := goldens(t)[2].doc
	d.Lines = nil
	for range 60 {
		d.Lines = append(d.Lines, Line{Description: "UGC-video 15 s med tekst på skjermen, levert i 9:16 og 1:1, én runde med endringer inkludert", Quantity: 1, UnitPrice: 1000_00, VATRate: 25})
	}
	d = computed(t, d)
	pdf, err := PDF(d)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "long.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	if pages := strings.Count(text, "\f"); pages < 2 {
		t.Errorf("60 lines on %d page(s)", pages)
	}
	if n := strings.Count(text, "UGC-video 15 s"); n != 60 {
		t.Errorf("%d of 60 lines printed", n)
	}
	for _, s := range []string{"Side 2", "Mva 25 % av 60 000,00", "NOK 75 000,00", "0000104216"} {
		if !strings.Contains(text, s) {
			t.Errorf("the long invoice does not show %q", s)
		}
	}
}

// BenchmarkRender is issuing's document work for a typical invoice: its
// EHF and its PDF.
func BenchmarkRender(b *testing.B) {
	d := goldens(b)[2].doc
	var xmlSize, pdfSize int
	for b.Loop() {
		x, err := EHF(d)
		if err != nil {
			b.Fatal(err)
		}
		p, err := PDF(d)
		if err != nil {
			b.Fatal(err)
		}
		xmlSize, pdfSize = len(x), len(p)
	}
	b.ReportMetric(float64(xmlSize), "xml-bytes")
	b.ReportMetric(float64(pdfSize), "pdf-bytes")
}

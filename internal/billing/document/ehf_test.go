package document

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/billing/document/peppoltest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestEHFGolden compares each golden document's EHF with testdata/, byte
// for byte, so that a reader sees what we send and a change to it shows in
// review (go test -update rewrites them).
func TestEHFGolden(t *testing.T) {
	t.Parallel()
	for _, g := range goldens(t) {
		got, err := EHF(g.doc)
		if err != nil {
			t.Fatalf("%s: %v", g.name, err)
		}
		compareGolden(t, filepath.Join("testdata", g.name+".xml"), got)
		again, _ := EHF(g.doc)
		if !bytes.Equal(got, again) {
			t.Errorf("%s: two EHFs of one document differ", g.name)
		}
	}
}

func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what EHF writes now (go test -update rewrites it after review)", path)
	}
}

// broken are documents each made wrong in one way, with the rule that
// must catch it: the proof that the validator judges and that our golden
// documents pass because they are right.
func broken(t *testing.T) []struct {
	name, rule string
	xml        []byte
} {
	g := goldens(t)
	byName := map[string]Document{}
	for _, x := range g {
		byName[x.name] = x.doc
	}
	ehf := func(d Document) []byte {
		b, err := EHF(d)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	wrongVAT := byName["domestic-nok"]
	wrongVAT.Tax += 1_00 // the VAT total one krone off the gross it makes
	badSellerVAT := byName["domestic-nok"]
	badSellerVAT.Seller.VATID = "NO123456789MVA" // check digit wrong
	badBuyerOrg := byName["domestic-nok"]
	badBuyerOrg.Buyer.OrgNumber = "987654321"
	wrongLineSum := byName["export-eur"]
	wrongLineSum.Lines = append([]Line(nil), wrongLineSum.Lines...)
	wrongLineSum.Lines[1].Net += 5
	wrongPayable := byName["final"]
	wrongPayable.Payable += wrongPayable.Prepaid // the deposit not deducted
	noBuyerReference := bytes.Replace(ehf(byName["none-nok"]), []byte("\t<cbc:BuyerReference>Kari Nordmann</cbc:BuyerReference>\n"), nil, 1)
	if bytes.Contains(noBuyerReference, []byte("BuyerReference")) {
		t.Fatal("the BuyerReference to remove is not where the test expects it")
	}
	return []struct {
		name, rule string
		xml        []byte
	}{
		{"broken-vat-sum", "BR-CO-15", ehf(wrongVAT)},
		{"broken-seller-vat-id", "NO-R-001", ehf(badSellerVAT)},
		{"broken-buyer-org-number", "PEPPOL-COMMON-R041", ehf(badBuyerOrg)},
		{"broken-line-sum", "BR-CO-10", ehf(wrongLineSum)},
		{"broken-payable", "BR-CO-16", ehf(wrongPayable)},
		{"broken-no-buyer-reference", "PEPPOL-EN16931-R003", noBuyerReference},
	}
}

// TestEHFJudgedByTheOfficialRules runs the EN 16931 and Peppol BIS
// Billing 3.0 rules (Norwegian ones included) on every golden document and
// every broken one in one call (one JVM): each golden has no fatal
// finding, each broken one trips its rule.
func TestEHFJudgedByTheOfficialRules(t *testing.T) {
	t.Parallel()
	docs := map[string][]byte{}
	for _, g := range goldens(t) {
		b, err := EHF(g.doc)
		if err != nil {
			t.Fatal(err)
		}
		docs[g.name] = b
	}
	brokenRules := map[string]string{}
	for _, b := range broken(t) {
		docs[b.name] = b.xml
		brokenRules[b.name] = b.rule
	}
	for name, f := range peppoltest.Validate(t, docs) {
		rule, isBroken := brokenRules[name]
		switch {
		case !isBroken && len(f.Fatal) > 0:
			t.Errorf("%s: fatal rules failed:\n  %s", name, strings.Join(f.Fatal, "\n  "))
		case isBroken && !f.Has(rule):
			t.Errorf("%s: rule %s did not fail; fatal findings: %q", name, rule, f.Fatal)
		case isBroken:
			t.Logf("%s: %s failed as it must (%d fatal findings)", name, rule, len(f.Fatal))
		}
		if !isBroken {
			for _, w := range f.Warnings {
				t.Logf("%s: warning %s", name, w)
			}
		}
	}
}

func TestEHFRefusesWhatItCannotSay(t *testing.T) {
	t.Parallel()
	g := goldens(t)
	noAddress := g[0].doc
	noAddress.Buyer = Party{Name: "Ola Nordmann", Address: Address{Street: "Vei 1", PostalCode: "0001", City: "Oslo", Country: "NO"}}
	if _, err := EHF(noAddress); !errors.Is(err, ErrNoEndpoint) {
		t.Errorf("a buyer with no Peppol address: %v, want ErrNoEndpoint", err)
	}
	noReference := g[2].doc
	noReference.BuyerReference = ""
	if _, err := EHF(noReference); err == nil || !strings.Contains(err.Error(), "buyer reference") {
		t.Errorf("no buyer reference: %v", err)
	}
	credit := g[8].doc
	credit.Corrects = nil
	if _, err := EHF(credit); err == nil || !strings.Contains(err.Error(), "credits") {
		t.Errorf("a credit note without its invoice: %v", err)
	}
	reverse := g[5].doc
	reverse.Buyer.VATID = ""
	if _, err := EHF(reverse); err == nil || !strings.Contains(err.Error(), "BR-AE-02") {
		t.Errorf("reverse charge without the buyer's VAT id: %v", err)
	}
}

func TestDecimalIsExact(t *testing.T) {
	t.Parallel()
	for minor, want := range map[int64]string{0: "0.00", 5: "0.05", 100: "1.00", 123456789: "1234567.89", -1205: "-12.05", 9007199254740993: "90071992547409.93"} {
		if got := decimal(minor); got != want {
			t.Errorf("decimal(%d) = %s, want %s", minor, got, want)
		}
	}
}

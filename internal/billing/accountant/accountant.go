// Package accountant writes what the creator hands her accountant for a
// period: a CSV of the invoices, credit notes and payments,
// each VAT line with its SAF-T standard VAT code, and a ZIP of the
// documents' PDFs and EHF files. It reads frozen documents
// (internal/billing/document) and payments; internal/billing answers the
// HTTP calls and picks the period's rows.
package accountant

import (
	"archive/zip"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/billing/document"
)

// Issued is an issued document with the files made from it.
type Issued struct {
	Doc document.Document
	PDF []byte
	EHF []byte // nil when none was made (a buyer with no Peppol address)
}

// Payment is a payment recorded against an invoice.
type Payment struct {
	Invoice  string // the invoice's number
	PaidOn   string // YYYY-MM-DD
	Amount   int64  // minor units of the invoice's currency
	Currency string
	Method   string
}

// StandardVATCode is the SAF-T standard VAT code (Skatteetaten's
// "Standard mva-koder") of a document's VAT line: 3 output VAT at the
// general rate, 5 domestic sales at 0 %, 52 export of services
// (reverse charge abroad), 0 no VAT treatment (a seller not registered).
func StandardVATCode(mode document.VATMode, v document.VATSubtotal) string {
	switch {
	case mode == document.VATNone:
		return "0"
	case mode == document.VATExport:
		return "52"
	case v.Rate == 25:
		return "3"
	default:
		return "5"
	}
}

// header is the CSV's first row: one row per VAT line of a document, one
// per payment. Amounts are in the document's currency with two decimals
// and a point; NOK columns repeat them in kroner for a foreign currency.
var header = []string{
	"type", "number", "date", "due_date", "buyer", "buyer_org_number", "buyer_vat_id",
	"currency", "vat_code", "vat_rate", "net", "vat", "gross", "vat_nok", "corrects", "method",
}

// WriteCSV writes the documents' VAT lines and the payments, in the order
// given.
func WriteCSV(w io.Writer, docs []Issued, payments []Payment) error {
	c := csv.NewWriter(w)
	if err := c.Write(header); err != nil {
		return err
	}
	for _, is := range docs {
		for _, row := range docRows(is.Doc) {
			if err := c.Write(row); err != nil {
				return err
			}
		}
	}
	for _, p := range payments {
		row := []string{"payment", p.Invoice, p.PaidOn, "", "", "", "", p.Currency, "", "", "", "", Amount(p.Amount), "", "", p.Method}
		if err := c.Write(row); err != nil {
			return err
		}
	}
	c.Flush()
	return c.Error()
}

// docRows is a document's rows, one per VAT line. A credit note's
// amounts are written negative, so a column's sum is the period's turnover.
func docRows(d document.Document) [][]string {
	sign := int64(1)
	corrects := ""
	if d.Kind == document.KindCreditNote {
		sign = -1
		if d.Corrects != nil {
			corrects = d.Corrects.Number
		}
	}
	var rows [][]string
	for _, v := range d.VAT {
		vatNOK := ""
		if d.Currency != "NOK" {
			vatNOK = Amount(sign * document.RoundDiv(v.Tax*d.NOKRate, 1_000_000))
		}
		rows = append(rows, []string{
			string(d.Kind), d.Number, d.IssueDate, d.DueDate, d.Buyer.Name, d.Buyer.OrgNumber, d.Buyer.VATID,
			d.Currency, StandardVATCode(d.VATMode, v), strconv.Itoa(v.Rate),
			Amount(sign * v.Taxable), Amount(sign * v.Tax), Amount(sign * (v.Taxable + v.Tax)), vatNOK, corrects, "",
		})
	}
	return rows
}

// Amount writes minor units as a decimal with two places: -12345 → "-123.45".
func Amount(minor int64) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	return fmt.Sprintf("%s%d.%02d", sign, minor/100, minor%100)
}

// WriteZIP writes each document's PDF and EHF as <kind>-<number>.pdf/.xml,
// dated by the document's issue date, so the archive is the same for the
// same documents.
func WriteZIP(w io.Writer, docs []Issued) error {
	z := zip.NewWriter(w)
	for _, is := range docs {
		issued, err := time.Parse(time.DateOnly, is.Doc.IssueDate)
		if err != nil {
			return fmt.Errorf("%s %s: issue date %q: %w", is.Doc.Kind, is.Doc.Number, is.Doc.IssueDate, err)
		}
		name := fmt.Sprintf("%s-%s", is.Doc.Kind, is.Doc.Number)
		files := []struct {
			ext  string
			body []byte
		}{{".pdf", is.PDF}, {".xml", is.EHF}}
		for _, f := range files {
			if f.body == nil {
				continue
			}
			fw, err := z.CreateHeader(&zip.FileHeader{Name: name + f.ext, Method: zip.Deflate, Modified: issued})
			if err != nil {
				return err
			}
			if _, err := fw.Write(f.body); err != nil {
				return err
			}
		}
	}
	return z.Close()
}

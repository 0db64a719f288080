// The way the PDF writes numbers, dates and addresses: in the document's
// language (Norwegian or English) and grouped as people read them.

package document

import (
	"fmt"
	"strconv"
	"strings"
)

// norwegian is whether the document is written in Norwegian.
func (r *renderer) norwegian() bool { return r.t.invoice == norwegian.invoice }

// money writes minor units as the language writes amounts: "12 345,67" in
// Norwegian, "12,345.67" in English.
func (r *renderer) money(minor int64) string {
	s := decimal(minor)
	sign := ""
	if s[0] == '-' {
		sign, s = "−", s[1:]
	}
	whole, cents, _ := strings.Cut(s, ".")
	sep, point := ",", "."
	if r.norwegian() {
		sep, point = " ", ","
	}
	return sign + groupThousands(whole, sep) + point + cents
}

func (r *renderer) rate(percent int) string { return strconv.Itoa(percent) + " %" }

func (r *renderer) of() string {
	if r.norwegian() {
		return "av"
	}
	return "of"
}

// exchangeRate writes NOKRate (millionths) with the decimals it needs.
func (r *renderer) exchangeRate() string {
	s := fmt.Sprintf("%d.%06d", r.d.NOKRate/1_000_000, r.d.NOKRate%1_000_000)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if r.norwegian() {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// ofDate is " (date)" after a number, or nothing without a date.
func (r *renderer) ofDate(date string) string {
	if date == "" {
		return ""
	}
	return " (" + r.date(date) + ")"
}

// date writes YYYY-MM-DD as dd.mm.yyyy in Norwegian; English keeps ISO.
func (r *renderer) date(iso string) string {
	if !r.norwegian() || len(iso) != 10 {
		return iso
	}
	return iso[8:10] + "." + iso[5:7] + "." + iso[0:4]
}

func groupThousands(digits, sep string) string {
	var b strings.Builder
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	return b.String()
}

// GroupOrgNumber writes a 9-digit organisation number as people read it, "123 456 785".
func GroupOrgNumber(n string) string {
	if len(n) != 9 {
		return n
	}
	return n[0:3] + " " + n[3:6] + " " + n[6:9]
}

// GroupAccount writes an 11-digit Norwegian account as people read it,
// "8601.11.17947" (the PDF and the e-mails alike).
func GroupAccount(n string) string {
	if len(n) != 11 {
		return n
	}
	return n[0:4] + "." + n[4:6] + "." + n[6:11]
}

// addressLines are an address as printed; the country only when not Norway.
func addressLines(a Address) []string {
	var lines []string
	if a.Street != "" {
		lines = append(lines, a.Street)
	}
	if city := strings.TrimSpace(a.PostalCode + " " + a.City); city != "" {
		lines = append(lines, city)
	}
	if a.Country != "" && a.Country != "NO" {
		lines = append(lines, a.Country)
	}
	return lines
}

package deals

import (
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/lang"
)

// sitePackage is one of the site's fixed packages (SPEC.md section 9, the
// pricing cards): what a deal made from an inquiry that chose it starts
// from. The packages promise a number of videos and a price, not a length:
// the deal's length stays for the creator to agree.
type sitePackage struct {
	Videos int               // 0: the package does not say (the custom offer)
	Price  int               // whole kroner excl. VAT, as the card says; 0: none
	Names  map[string]string // the package's name in each language, as the pricing card and the form say it
}

// sitePackages are the packages by the contact form's stored service value
// (testdata/rules.json "contactServices"); testdata/rules.json
// "sitePackages" holds the same figures and names, and the web client's
// pricing cards and form are checked against it too.
var sitePackages = map[string]sitePackage{
	"Enkeltvideo":   {Videos: 1, Price: 2500, Names: map[string]string{lang.Norwegian: "Enkeltvideo", lang.English: "Single video"}},
	"Pakketilbud 1": {Videos: 3, Price: 6300, Names: map[string]string{lang.Norwegian: "Pakketilbud 1", lang.English: "Package 1"}},
	"Pakketilbud 2": {Videos: 5, Price: 10000, Names: map[string]string{lang.Norwegian: "Pakketilbud 2", lang.English: "Package 2"}},
	"Skreddersydd":  {Names: map[string]string{lang.Norwegian: "Skreddersydd løsning", lang.English: "Custom solution"}},
}

// withPackage fills what the inquiry's package gives, where in has none:
// its name in the deal's language, its videos, and its price when the deal
// is in kroner. A service that is no package (an inquiry stored before the
// list changed) is kept as the package's name, as it was written.
func withPackage(in Input, service string) Input {
	service = strings.TrimSpace(service)
	p, ok := sitePackages[service]
	if !ok {
		if strings.TrimSpace(in.Package) == "" {
			in.Package = service
		}
		return in
	}
	language := in.Language
	if !lang.Valid(language) {
		language = lang.Default
	}
	if strings.TrimSpace(in.Package) == "" {
		in.Package = p.Names[language]
	}
	if in.DeliverableCount == 0 {
		in.DeliverableCount = p.Videos
	}
	if in.Price == 0 && p.Price > 0 && (in.Currency == "" || in.Currency == DefaultCurrency) {
		in.Price, in.Currency = p.Price, DefaultCurrency
	}
	return in
}

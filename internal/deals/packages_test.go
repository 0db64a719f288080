package deals

import (
	"encoding/json"
	"maps"
	"os"
	"reflect"
	"slices"
	"testing"
)

// The packages a deal starts from are the ones of testdata/rules.json
// "sitePackages", which the web client's pricing cards and contact form are
// held to (web/src/lib/rules-parity.test.ts): one for every service the
// form offers, with the same videos, price and names.
func TestSitePackagesMatchRules(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var rules struct {
		ContactServices []string `json:"contactServices"`
		SitePackages    []struct {
			Service string            `json:"service"`
			Videos  int               `json:"videos"`
			Price   int               `json:"price"`
			Names   map[string]string `json:"names"`
		} `json:"sitePackages"`
	}
	if err := json.Unmarshal(raw, &rules); err != nil {
		t.Fatal(err)
	}
	var services []string
	for _, p := range rules.SitePackages {
		services = append(services, p.Service)
		want := sitePackage{Videos: p.Videos, Price: p.Price, Names: p.Names}
		if got := sitePackages[p.Service]; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the server has %+v, testdata/rules.json has %+v", p.Service, got, want)
		}
	}
	if !slices.Equal(services, rules.ContactServices) {
		t.Errorf("rules.json's packages %v, its contact services %v", services, rules.ContactServices)
	}
	if got := slices.Sorted(maps.Keys(sitePackages)); !slices.Equal(got, slices.Sorted(slices.Values(services))) {
		t.Errorf("the server's packages %v, rules.json's %v", got, services)
	}
}

// withPackage fills only what the deal leaves empty, and keeps a service it
// does not know as the package's name.
func TestWithPackage(t *testing.T) {
	for _, c := range []struct {
		name    string
		in      Input
		service string
		want    Input
	}{
		{"English", Input{Language: "en"}, "Pakketilbud 1",
			Input{Language: "en", Package: "Package 1", DeliverableCount: 3, Price: 6300, Currency: "NOK"}},
		{"Norwegian", Input{Language: "no"}, " Pakketilbud 2 ",
			Input{Language: "no", Package: "Pakketilbud 2", DeliverableCount: 5, Price: 10000, Currency: "NOK"}},
		{"no language: the default's name", Input{}, "Enkeltvideo",
			Input{Package: "Enkeltvideo", DeliverableCount: 1, Price: 2500, Currency: "NOK"}},
		{"the admin's own figures stay", Input{Language: "en", Package: "Spring", DeliverableCount: 2, Price: 4000, Currency: "NOK"}, "Pakketilbud 2",
			Input{Language: "en", Package: "Spring", DeliverableCount: 2, Price: 4000, Currency: "NOK"}},
		{"no kroner price in euros", Input{Language: "en", Currency: "EUR"}, "Pakketilbud 1",
			Input{Language: "en", Package: "Package 1", DeliverableCount: 3, Currency: "EUR"}},
		{"custom: no videos, no price", Input{Language: "en"}, "Skreddersydd",
			Input{Language: "en", Package: "Custom solution"}},
		{"an unknown service as written", Input{Language: "en"}, "Gammel pakke",
			Input{Language: "en", Package: "Gammel pakke"}},
		{"none", Input{Language: "en"}, "", Input{Language: "en"}},
	} {
		if got := withPackage(c.in, c.service); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

package mediakit

import (
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/deals"
)

// demoKit is a kit as the demo content makes it: every section, six
// niches, three videos, four packages and rights, eight brands, four
// testimonials, three platforms.
func demoKit(lg string) Kit {
	m := func(v int64) *int64 { return &v }
	k := Kit{Lang: lg, Name: "Kine Åsheim", Intro: "Jeg lager ærlige UGC-videoer for merkevarer i hele Norge – fra hudpleie til kaffe.\nBasert i Porsgrunn.",
		Niches: []string{"hudpleie", "mat og drikke", "friluftsliv", "interiør", "barn og familie", "bærekraft"}, Sections: Sections,
		Numbers: Numbers{AsOf: "2026-11-29", Visitors: 12840, Plays: 3412, MedianWatched: m(71), Delivered: 14, OnTime: 13,
			OnTimePct: m(93), Replies: 22, ReplyMinutes: m(185)},
		Figures:  []Figure{{"Instagram", 12400, 4.2, "2026-11-01"}, {"TikTok", 31000, 7.5, "2026-11-15"}, {"YouTube", 2100, 3.1, "2026-10-20"}},
		Packages: deals.Packages(lg), Rights: []Right{{RightOrganic, 0, 0}, {RightPaid, 150000, 3}, {RightWhitelisting, 200000, 3}, {RightExclusivity, 250000, 6}},
		SiteURL: "https://kine.example.no"}
	for _, t := range []string{"Serum på badet", "Kaffe på hytta", "Sko i fjellet"} {
		k.Work = append(k.Work, Work{Title: t, Poster: "/media/poster.jpg", Plays: 400, AvgPct: 80, HasFigure: true})
	}
	for _, b := range []string{"Fjellkaffe", "Nordlys Hudpleie", "Tindesko", "Havbris", "Møllers", "Bølge", "Skog & Co", "Ærlig Mat"} {
		k.Brands = append(k.Brands, Brand{Name: b})
	}
	for i := range 4 {
		k.Testimonials = append(k.Testimonials, Testimonial{Name: "Ola Nordmann", Company: "Fjellkaffe AS", Rating: 5,
			Text: strings.Repeat("Kine leverte videoer som traff målgruppen vår perfekt, og hun var rask å svare. ", i+1)})
	}
	return k
}

// BenchmarkPDF measures making the demo kit's PDF (the budget is 300 ms);
// a kit whose content is unchanged is served from the cache after that.
func BenchmarkPDF(b *testing.B) {
	k := demoKit("no")
	for b.Loop() {
		if _, err := renderPDF(k); err != nil {
			b.Fatal(err)
		}
	}
}

// The demo kit's PDF is made in both languages, every glyph in the fonts.
func TestDemoPDF(t *testing.T) {
	t.Parallel()
	for _, lg := range []string{"no", "en"} {
		doc, err := renderPDF(demoKit(lg))
		if err != nil {
			t.Fatal(err)
		}
		again, _ := renderPDF(demoKit(lg))
		if !strings.HasPrefix(string(doc), "%PDF-") || string(doc) != string(again) {
			t.Fatalf("%s: not a PDF, or not the same bytes twice", lg)
		}
	}
}

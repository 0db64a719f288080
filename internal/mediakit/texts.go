package mediakit

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/lang"
)

// texts are a kit's words in one language (a brand reads it: Norwegian by
// default, and English).
type texts struct {
	Lang, Title, Download, Contact, ContactLead, Footer                                  string
	Sections                                                                             map[string]string
	Niches, AsOf, Visitors, Plays, Watched, OnTime, Reply, Days90, Months12              string
	None, SelfReported, Followers, Engagement, Platform                                  string
	Packages, Videos, OneVideo, OnRequest, ExVAT, Rights, RightsLead, Included, PerVideo string
	NoLimit, Month, Months, WorkLead, WatchedAvg, NotPlayed, Rating, Skip, OtherLang     string
	OtherLangName, OtherLangCode                                                         string
	Kinds                                                                                map[string]string
	monthNames                                                                           []string
}

var textsNo = texts{Lang: lang.Norwegian, Title: "Mediekit", Download: "Last ned PDF", Contact: "Ta kontakt",
	ContactLead: "Klar for et samarbeid? Send en forespørsel på nettsiden.",
	Footer:      "Tallene er målt av nettstedet selv, uten informasjonskapsler.",
	Sections: map[string]string{SectionAbout: "Om meg", SectionNumbers: "Tall", SectionWork: "Beste arbeider",
		SectionPackages: "Pakker og priser", SectionBrands: "Merkevarer jeg har jobbet med", SectionTestimonials: "Hva kundene sier"},
	Niches: "Nisjer", AsOf: "Per %s",
	Visitors: "besøkende på nettstedet", Plays: "videoavspillinger", Watched: "median andel av videoen sett",
	OnTime: "levert innen fristen", Reply: "median tid til første svar", Days90: "siste 90 dager", Months12: "siste 12 måneder",
	None: "–", SelfReported: "Selvrapportert", Followers: "følgere", Engagement: "engasjement", Platform: "Plattform",
	Packages: "Pakker", Videos: "%d videoer", OneVideo: "1 video", OnRequest: "Pris etter avtale", ExVAT: "Alle priser eks. mva.",
	Rights: "Bruksrettigheter", RightsLead: "Prises separat, per video.", Included: "inkludert", PerVideo: "per video",
	NoLimit: "uten tidsbegrensning", Month: "1 måned", Months: "%d måneder",
	WorkLead: "Videoene seerne så lengst de siste 90 dagene.", WatchedAvg: "sett i snitt %s", NotPlayed: "",
	Rating: "%d av 5 stjerner", Skip: "Gå til innholdet", OtherLang: "English version", OtherLangName: "English", OtherLangCode: "en",
	Kinds: map[string]string{RightOrganic: "Organisk bruk", RightPaid: "Betalt bruk (annonser)",
		RightWhitelisting: "Whitelisting", RightExclusivity: "Eksklusivitet"},
	monthNames: []string{"januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "desember"}}

var textsEn = texts{Lang: lang.English, Title: "Media kit", Download: "Download PDF", Contact: "Get in touch",
	ContactLead: "Ready to work together? Send an inquiry on the site.",
	Footer:      "Figures measured by the site itself, without cookies.",
	Sections: map[string]string{SectionAbout: "About me", SectionNumbers: "Numbers", SectionWork: "Best work",
		SectionPackages: "Packages and rates", SectionBrands: "Brands I have worked with", SectionTestimonials: "What clients say"},
	Niches: "Niches", AsOf: "As of %s",
	Visitors: "site visitors", Plays: "video plays", Watched: "median share of a video watched",
	OnTime: "delivered on time", Reply: "median time to first reply", Days90: "last 90 days", Months12: "last 12 months",
	None: "–", SelfReported: "Self-reported", Followers: "followers", Engagement: "engagement", Platform: "Platform",
	Packages: "Packages", Videos: "%d videos", OneVideo: "1 video", OnRequest: "Price on request", ExVAT: "All prices excl. VAT.",
	Rights: "Usage rights", RightsLead: "Priced separately, per video.", Included: "included", PerVideo: "per video",
	NoLimit: "no time limit", Month: "1 month", Months: "%d months",
	WorkLead: "The videos viewers watched furthest over the last 90 days.", WatchedAvg: "watched %s on average", NotPlayed: "",
	Rating: "%d out of 5 stars", Skip: "Skip to content", OtherLang: "Norsk versjon", OtherLangName: "Norsk", OtherLangCode: "no",
	Kinds: map[string]string{RightOrganic: "Organic use", RightPaid: "Paid use (ads)",
		RightWhitelisting: "Whitelisting", RightExclusivity: "Exclusivity"},
	monthNames: []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}}

func textsFor(lg string) texts {
	if lg == lang.English {
		return textsEn
	}
	return textsNo
}

// date writes a YYYY-MM-DD day as "29. november 2026" / "29 November 2026".
func (t texts) date(day string) string {
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	if t.Lang == lang.English {
		return fmt.Sprintf("%d %s %d", d.Day(), t.monthNames[d.Month()-1], d.Year())
	}
	return fmt.Sprintf("%d. %s %d", d.Day(), t.monthNames[d.Month()-1], d.Year())
}

// int writes a whole number with thousands grouped: "12 400" / "12,400".
func (t texts) int(n int64) string {
	s := strconv.FormatInt(max(n, -n), 10)
	sep := " "
	if t.Lang == lang.English {
		sep = ","
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	if n < 0 {
		return "-" + b.String()
	}
	return b.String()
}

// pct writes a percent: "87 %" / "87%".
func (t texts) pct(p int64) string {
	if t.Lang == lang.English {
		return strconv.FormatInt(p, 10) + "%"
	}
	return strconv.FormatInt(p, 10) + " %"
}

// decimal writes one decimal: "4,2" / "4.2" ("4" when whole).
func (t texts) decimal(v float64) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	s = strings.TrimSuffix(s, ".0")
	if t.Lang == lang.Norwegian {
		s = strings.ReplaceAll(s, ".", ",")
	}
	return s
}

// kroner writes whole kroner: "2 500 kr" / "NOK 2,500".
func (t texts) kroner(kr int64) string {
	if t.Lang == lang.English {
		return "NOK " + t.int(kr)
	}
	return t.int(kr) + " kr"
}

// ore writes an amount in øre as kroner (with øre only when there are any).
func (t texts) ore(ore int64) string {
	if ore%100 == 0 {
		return t.kroner(ore / 100)
	}
	s := t.int(ore/100) + "," + fmt.Sprintf("%02d", ore%100)
	if t.Lang == lang.English {
		return "NOK " + t.int(ore/100) + "." + fmt.Sprintf("%02d", ore%100)
	}
	return s + " kr"
}

// duration writes minutes as "45 min", "3,5 t" / "3.5 h", or days.
func (t texts) duration(minutes int64) string {
	switch {
	case minutes < 60:
		return fmt.Sprintf("%d min", minutes)
	case minutes < 48*60:
		unit := " t"
		if t.Lang == lang.English {
			unit = " h"
		}
		return t.decimal(float64(minutes)/60) + unit
	}
	unit := " dager"
	if t.Lang == lang.English {
		unit = " days"
	}
	return t.decimal(float64(minutes)/(24*60)) + unit
}

// months writes a right's period.
func (t texts) months(n int) string {
	switch n {
	case 0:
		return t.NoLimit
	case 1:
		return t.Month
	}
	return fmt.Sprintf(t.Months, n)
}

// videos writes a package's number of videos.
func (t texts) videos(n int) string {
	if n == 1 {
		return t.OneVideo
	}
	return fmt.Sprintf(t.Videos, n)
}

// rightPrice writes a right's price and period: "1 500 kr per video · 3 måneder".
func (t texts) rightPrice(r Right) string {
	if r.Price == 0 {
		return t.Included + " · " + t.months(r.Months)
	}
	return t.ore(r.Price) + " " + t.PerVideo + " · " + t.months(r.Months)
}

// packagePrice writes a package's price.
func (t texts) packagePrice(kr int) string {
	if kr == 0 {
		return t.OnRequest
	}
	return t.kroner(int64(kr))
}

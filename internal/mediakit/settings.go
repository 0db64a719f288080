package mediakit

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/lang"
)

// The sections a kit may show, in their default order.
const (
	SectionAbout        = "about"        // who she is, her intro and niches
	SectionNumbers      = "numbers"      // the site's own figures, and hers
	SectionWork         = "work"         // the videos watched furthest
	SectionPackages     = "packages"     // packages, and usage rights priced apart
	SectionBrands       = "brands"       // the client logos
	SectionTestimonials = "testimonials" // what clients say
)

// Sections lists every section in the default order.
var Sections = []string{SectionAbout, SectionNumbers, SectionWork, SectionPackages, SectionBrands, SectionTestimonials}

// The kinds of usage right, as quotes and licences name them.
const (
	RightOrganic      = "organic"
	RightPaid         = "paid"
	RightWhitelisting = "whitelisting"
	RightExclusivity  = "exclusivity"
)

// RightKinds lists the kinds in the order a kit shows them.
var RightKinds = []string{RightOrganic, RightPaid, RightWhitelisting, RightExclusivity}

// Settings are what the creator chooses for her kit (PUT /api/admin/media-kit).
type Settings struct {
	// Name is whose kit it is: the title of the page, the PDF and its preview.
	Name string `json:"name"`
	// Listed lets search engines index the kit (noindex otherwise).
	Listed bool `json:"listed"`
	// Sections are the sections shown, in their order.
	Sections []string `json:"sections"`
	// Intro and Niches per language ("no", "en"); niches are comma-separated.
	Intro  map[string]string `json:"intro"`
	Niches map[string]string `json:"niches"`
	// Figures are what she reports herself, per platform.
	Figures []Figure `json:"figures"`
	// Rights are the usage rights she sells apart from the work.
	Rights []Right `json:"rights"`
}

// Figure is a platform's figures as she reported them on AsOf.
type Figure struct {
	Platform   string  `json:"platform"`
	Followers  int64   `json:"followers"`
	Engagement float64 `json:"engagement"` // percent, one decimal
	AsOf       string  `json:"asOf"`       // YYYY-MM-DD
}

// Right is a usage right's price per video: Price in øre (0: included), for Months (0: no limit).
type Right struct {
	Kind   string `json:"kind"`
	Price  int64  `json:"price"`
	Months int    `json:"months"`
}

// DefaultSettings are a kit's settings before she saves any.
func DefaultSettings() Settings {
	return Settings{Name: "ugcfolio", Sections: slices.Clone(Sections),
		Intro: map[string]string{lang.Norwegian: "", lang.English: ""}, Niches: map[string]string{lang.Norwegian: "", lang.English: ""},
		Figures: []Figure{}, Rights: []Right{{Kind: RightOrganic}}}
}

// Limits of the settings.
const (
	maxName     = 100
	maxIntro    = 1200
	maxNiches   = 300
	maxFigures  = 12
	maxPlatform = 40
	maxPrice    = 100_000_000 // øre: a million kroner
	maxMonths   = 120
)

// check answers in cleaned, or the first rule it breaks.
func check(in Settings, today string) (Settings, error) {
	in.Name = strings.TrimSpace(in.Name)
	if in.Name == "" || utf8.RuneCountInString(in.Name) > maxName {
		return in, apperr.Invalid("Name must be 1 to %d characters", maxName)
	}
	seen := map[string]bool{}
	if in.Sections == nil {
		in.Sections = []string{}
	}
	for _, s := range in.Sections {
		if !slices.Contains(Sections, s) {
			return in, apperr.Invalid("Sections must be among %s", strings.Join(Sections, ", "))
		}
		if seen[s] {
			return in, apperr.Invalid("Section %s is listed twice", s)
		}
		seen[s] = true
	}
	for field, texts := range map[string]*map[string]string{"intro": &in.Intro, "niches": &in.Niches} {
		limit := maxIntro
		if field == "niches" {
			limit = maxNiches
		}
		clean := map[string]string{}
		for lg, v := range *texts {
			if !lang.Valid(lg) {
				return in, apperr.Invalid("%s: language must be no or en", field)
			}
			v = strings.TrimSpace(strings.ReplaceAll(v, "\r\n", "\n"))
			if utf8.RuneCountInString(v) > limit {
				return in, apperr.Invalid("%s (%s) must be at most %d characters", field, lg, limit)
			}
			clean[lg] = v
		}
		for _, lg := range lang.All {
			if _, ok := clean[lg]; !ok {
				clean[lg] = ""
			}
		}
		*texts = clean
	}
	if len(in.Figures) > maxFigures {
		return in, apperr.Invalid("At most %d platforms", maxFigures)
	}
	if in.Figures == nil {
		in.Figures = []Figure{}
	}
	for i := range in.Figures {
		f := &in.Figures[i]
		f.Platform = strings.TrimSpace(f.Platform)
		if f.Platform == "" || utf8.RuneCountInString(f.Platform) > maxPlatform {
			return in, apperr.Invalid("Figure %d: platform must be 1 to %d characters", i+1, maxPlatform)
		}
		if f.Followers < 0 || f.Followers > 10_000_000_000 {
			return in, apperr.Invalid("Figure %d: followers must be a whole number from 0", i+1)
		}
		if f.Engagement < 0 || f.Engagement > 100 || math.IsNaN(f.Engagement) {
			return in, apperr.Invalid("Figure %d: engagement must be a percent from 0 to 100", i+1)
		}
		f.Engagement = math.Round(f.Engagement*10) / 10
		if _, err := time.Parse(time.DateOnly, f.AsOf); err != nil {
			return in, apperr.Invalid("Figure %d: the date must be YYYY-MM-DD", i+1)
		}
		if f.AsOf > today {
			return in, apperr.Invalid("Figure %d: the date must not be in the future", i+1)
		}
	}
	kinds := map[string]bool{}
	if in.Rights == nil {
		in.Rights = []Right{}
	}
	for i, r := range in.Rights {
		if !slices.Contains(RightKinds, r.Kind) {
			return in, apperr.Invalid("Right %d: kind must be organic, paid, whitelisting or exclusivity", i+1)
		}
		if kinds[r.Kind] {
			return in, apperr.Invalid("Right %d: %s is priced twice", i+1, r.Kind)
		}
		kinds[r.Kind] = true
		if r.Price < 0 || r.Price > maxPrice {
			return in, apperr.Invalid("Right %d: price must be 0 to %d øre", i+1, maxPrice)
		}
		if r.Months < 0 || r.Months > maxMonths {
			return in, apperr.Invalid("Right %d: months must be 0 to %d", i+1, maxMonths)
		}
	}
	slices.SortStableFunc(in.Rights, func(a, b Right) int {
		return slices.Index(RightKinds, a.Kind) - slices.Index(RightKinds, b.Kind)
	})
	return in, nil
}

// Settings answers the kit's settings (DefaultSettings until saved).
func (s *Service) Settings(ctx context.Context) (Settings, error) {
	var raw string
	err := s.st.DB.QueryRowContext(ctx, s.st.Rebind(`SELECT settings FROM mediakit_settings WHERE name = 'kit'`)).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return DefaultSettings(), nil
	}
	if err != nil {
		return Settings{}, err
	}
	out := DefaultSettings()
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		return Settings{}, fmt.Errorf("media kit settings: %w", err)
	}
	return out, nil
}

// SaveSettings checks and stores the settings, and answers them as stored.
func (s *Service) SaveSettings(ctx context.Context, in Settings) (Settings, error) {
	in, err := check(in, s.today())
	if err != nil {
		return in, err
	}
	raw, err := json.Marshal(in)
	if err != nil {
		return in, err
	}
	_, err = s.st.DB.ExecContext(ctx, s.st.Rebind(`INSERT INTO mediakit_settings (name, settings, updated_at) VALUES ('kit', ?, ?)
		ON CONFLICT (name) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`), string(raw), s.now())
	return in, err
}

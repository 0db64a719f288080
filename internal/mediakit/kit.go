package mediakit

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/analytics"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/siteclock"
)

// The windows the site's own figures cover: the analytics' (visitors,
// plays, share watched) and the deals' (deliveries, replies: a creator has
// few deals, and a quarter would often hold none).
const (
	analyticsDays = 90
	dealsDays     = 365
	bestWork      = 3 // videos in "best work"
)

// Numbers are the kit's first-party figures as of a day.
type Numbers struct {
	AsOf string `json:"asOf"` // the creator's day (Norway), YYYY-MM-DD
	// Visitors are the site's visitors over analyticsDays days (a visitor
	// counted once a day); Plays the portfolio's video plays.
	Visitors int64 `json:"visitors"`
	Plays    int64 `json:"plays"`
	// MedianWatched is the median, over the videos played in the period,
	// of each video's average share watched, in percent; nil for none.
	MedianWatched *int64 `json:"medianWatched"`
	// Delivered and OnTime: deals delivered over dealsDays days that had a
	// due date, and those delivered by it; OnTimePct their ratio, nil for none.
	Delivered int    `json:"delivered"`
	OnTime    int    `json:"onTime"`
	OnTimePct *int64 `json:"onTimePct"`
	// Replies are the inquiries of dealsDays days answered;
	// ReplyMinutes the median time to the first reply, nil for none.
	Replies      int    `json:"replies"`
	ReplyMinutes *int64 `json:"replyMinutes"`
}

// videoStats are a portfolio video's plays and average share watched.
type videoStats struct{ plays, avgPct int64 }

// numbers computes the figures as of now, and each video's statistics.
func (s *Service) numbers(ctx context.Context) (Numbers, map[int64]videoStats, error) {
	now := s.now()
	today := siteclock.Day(now)
	n := Numbers{AsOf: today}
	videos := map[int64]videoStats{}
	if s.analytics != nil {
		// The analytics' days are UTC days: the last analyticsDays of them, today included.
		to, _ := time.Parse(time.DateOnly, now.UTC().Format(time.DateOnly))
		sum, err := s.analytics.Summary(ctx, analytics.Range{From: to.AddDate(0, 0, -(analyticsDays - 1)), To: to})
		if err != nil {
			return n, nil, fmt.Errorf("media kit: analytics: %w", err)
		}
		n.Visitors = sum.Visitors
		var watched []int64
		for _, v := range sum.Videos {
			n.Plays += v.Plays
			videos[v.ItemID] = videoStats{v.Plays, v.AvgPct}
			if v.Plays > 0 {
				watched = append(watched, v.AvgPct)
			}
		}
		n.MedianWatched = median(watched)
	}
	if s.deals != nil {
		rel, err := s.deals.Reliability(ctx, now.AddDate(0, 0, -dealsDays), now)
		if err != nil {
			return n, nil, fmt.Errorf("media kit: deals: %w", err)
		}
		n.Delivered, n.OnTime, n.Replies = rel.Delivered, rel.OnTime, len(rel.ReplyMinutes)
		if rel.Delivered > 0 {
			pct := (int64(rel.OnTime)*200 + int64(rel.Delivered)) / (2 * int64(rel.Delivered)) // rounded half up
			n.OnTimePct = &pct
		}
		n.ReplyMinutes = median(rel.ReplyMinutes)
	}
	return n, videos, nil
}

// median of values (any order), the two middle ones' mean rounded half up
// when their number is even; nil for none.
func median(values []int64) *int64 {
	if len(values) == 0 {
		return nil
	}
	v := slices.Sorted(slices.Values(values))
	m := v[len(v)/2]
	if len(v)%2 == 0 {
		m = (v[len(v)/2-1] + v[len(v)/2] + 1) / 2
	}
	return &m
}

// Kit is everything one language's kit shows, as the page and the PDF
// draw it; its JSON is also the PDF cache's key.
type Kit struct {
	Lang         string          `json:"lang"`
	Name         string          `json:"name"`
	Listed       bool            `json:"listed"`
	Intro        string          `json:"intro"`
	Niches       []string        `json:"niches"`
	Sections     []string        `json:"sections"`
	Numbers      Numbers         `json:"numbers"`
	Figures      []Figure        `json:"figures"`
	Packages     []deals.Package `json:"packages"`
	Rights       []Right         `json:"rights"`
	Work         []Work          `json:"work"`
	Brands       []Brand         `json:"brands"`
	Testimonials []Testimonial   `json:"testimonials"`
	SiteURL      string          `json:"siteUrl"`
	Ref          string          `json:"ref"` // the pitch link's token, carried to the PDF link
}

// Work is one of the best videos: its poster links to the site.
type Work struct {
	ID        int64  `json:"id"`
	Title     string `json:"title"`
	Poster    string `json:"poster"`
	Plays     int64  `json:"plays"`
	AvgPct    int64  `json:"avgPct"`
	HasFigure bool   `json:"hasFigure"` // played in the period
}

// Brand is a client logo.
type Brand struct {
	Name  string `json:"name"`
	Image string `json:"image"`
}

// Testimonial is what a client said.
type Testimonial struct {
	Name    string `json:"name"`
	Company string `json:"company"`
	Text    string `json:"text"`
	Rating  int    `json:"rating"`
}

// visitorItem is the part of a portfolio item's visitor JSON the kit reads.
type visitorItem struct {
	ID         int64  `json:"id"`
	Title      string `json:"title"`
	ImageURL   string `json:"imageUrl"`
	VideoURL   string `json:"videoUrl"`
	VideoMedia *struct {
		PosterURL string `json:"posterUrl"`
	} `json:"videoMedia"`
}

// build gathers the kit of language lg.
func (s *Service) build(ctx context.Context, lg, ref string) (Kit, error) {
	set, err := s.Settings(ctx)
	if err != nil {
		return Kit{}, err
	}
	nums, videos, err := s.numbers(ctx)
	if err != nil {
		return Kit{}, err
	}
	k := Kit{Lang: lg, Name: set.Name, Listed: set.Listed, Intro: set.Intro[lg], Sections: set.Sections, Numbers: nums,
		Figures: set.Figures, Packages: deals.Packages(lg), Rights: set.Rights, SiteURL: s.siteURL, Ref: ref,
		Niches: []string{}, Work: []Work{}, Brands: []Brand{}, Testimonials: []Testimonial{}}
	for n := range strings.SplitSeq(set.Niches[lg], ",") {
		if n = strings.TrimSpace(n); n != "" {
			k.Niches = append(k.Niches, n)
		}
	}
	if s.portfolio != nil {
		raw, err := s.portfolio(ctx, lg)
		if err != nil {
			return k, err
		}
		var items []visitorItem
		if err := json.Unmarshal(raw, &items); err != nil {
			return k, fmt.Errorf("media kit: portfolio: %w", err)
		}
		for _, it := range items {
			if strings.TrimSpace(it.VideoURL) == "" {
				continue
			}
			w := Work{ID: it.ID, Title: it.Title, Poster: it.ImageURL}
			if it.VideoMedia != nil && it.VideoMedia.PosterURL != "" {
				w.Poster = it.VideoMedia.PosterURL
			}
			if v, ok := videos[it.ID]; ok && v.plays > 0 {
				w.Plays, w.AvgPct, w.HasFigure = v.plays, v.avgPct, true
			}
			k.Work = append(k.Work, w)
		}
		// Watched furthest first; the videos not played keep the portfolio's order after them.
		slices.SortStableFunc(k.Work, func(a, b Work) int {
			if a.HasFigure != b.HasFigure {
				if a.HasFigure {
					return -1
				}
				return 1
			}
			return cmp.Or(cmp.Compare(b.AvgPct, a.AvgPct), cmp.Compare(b.Plays, a.Plays))
		})
		k.Work = k.Work[:min(bestWork, len(k.Work))]
	}
	if s.logos != nil {
		raw, err := s.logos(ctx)
		if err != nil {
			return k, err
		}
		var logos []struct {
			Name     string `json:"name"`
			ImageURL string `json:"imageUrl"`
		}
		if err := json.Unmarshal(raw, &logos); err != nil {
			return k, fmt.Errorf("media kit: client logos: %w", err)
		}
		for _, l := range logos {
			k.Brands = append(k.Brands, Brand{Name: l.Name, Image: l.ImageURL})
		}
	}
	if s.testimonials != nil {
		raw, err := s.testimonials(ctx, lg)
		if err != nil {
			return k, err
		}
		var list []struct {
			Name        string `json:"name"`
			Company     string `json:"company"`
			Testimonial string `json:"testimonial"`
			Rating      int    `json:"rating"`
		}
		if err := json.Unmarshal(raw, &list); err != nil {
			return k, fmt.Errorf("media kit: testimonials: %w", err)
		}
		for _, t := range list[:min(4, len(list))] {
			k.Testimonials = append(k.Testimonials, Testimonial{Name: t.Name, Company: t.Company, Text: t.Testimonial, Rating: t.Rating})
		}
	}
	return k, nil
}

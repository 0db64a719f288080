package mediakit

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/lang"
)

// view is a kit with every figure written out in its language: what the
// page and the PDF both draw, so they say the same.
type view struct {
	T            texts
	Kit          Kit
	AsOf         string // "Per 29. november 2026"
	Stats        []stat
	Figures      []figureView
	Packages     []packageView
	Rights       []rightView
	Work         []workView
	Testimonials []Testimonial
	Path         string // the kit's path in its language
	PDFPath      string // the PDF's, with the pitch link's token
	OtherPath    string // the kit in the other language
	HomeURL      string // the site in the kit's language
	ContactURL   string
}

type stat struct{ Value, Label, Period string }

type figureView struct{ Platform, Followers, Engagement, Note string }

type packageView struct{ Name, Videos, Price string }

type rightView struct{ Name, Price string }

type workView struct{ Title, Poster, Link, Caption string }

// kitPath is the kit's path in language lg.
func kitPath(lg string) string {
	if lg == lang.English {
		return "/en/media-kit"
	}
	return "/media-kit"
}

func homePath(lg string) string {
	if lg == lang.English {
		return "/en"
	}
	return "/"
}

func withRef(path, ref string) string {
	if ref == "" {
		return path
	}
	return path + "?ref=" + url.QueryEscape(ref)
}

func newView(k Kit) view {
	t := textsFor(k.Lang)
	v := view{T: t, Kit: k, AsOf: fmt.Sprintf(t.AsOf, t.date(k.Numbers.AsOf)), Testimonials: k.Testimonials}
	other := lang.English
	if k.Lang == lang.English {
		other = lang.Norwegian
	}
	v.Path = kitPath(k.Lang)
	v.PDFPath = withRef(v.Path+".pdf", k.Ref)
	v.OtherPath = withRef(kitPath(other), k.Ref)
	v.HomeURL = strings.TrimRight(k.SiteURL, "/") + homePath(k.Lang)
	v.ContactURL = strings.TrimRight(k.SiteURL, "/") + homePath(k.Lang)
	if k.Lang == lang.English {
		v.ContactURL += "#contact"
	} else {
		v.ContactURL = strings.TrimRight(v.ContactURL, "/") + "/#contact"
	}
	n := k.Numbers
	opt := func(p *int64, f func(int64) string) string {
		if p == nil {
			return t.None
		}
		return f(*p)
	}
	v.Stats = []stat{
		{t.int(n.Visitors), t.Visitors, t.Days90},
		{t.int(n.Plays), t.Plays, t.Days90},
		{opt(n.MedianWatched, t.pct), t.Watched, t.Days90},
		{opt(n.OnTimePct, t.pct), t.OnTime, t.Months12},
		{opt(n.ReplyMinutes, t.duration), t.Reply, t.Months12},
	}
	for _, f := range k.Figures {
		v.Figures = append(v.Figures, figureView{Platform: f.Platform, Followers: t.int(f.Followers) + " " + t.Followers,
			Engagement: t.decimal(f.Engagement) + pctSign(t) + " " + t.Engagement, Note: t.SelfReported + ", " + t.date(f.AsOf)})
	}
	for _, p := range k.Packages {
		videos := ""
		if p.Videos > 0 {
			videos = t.videos(p.Videos)
		}
		v.Packages = append(v.Packages, packageView{Name: p.Name, Videos: videos, Price: t.packagePrice(p.Price)})
	}
	for _, r := range k.Rights {
		v.Rights = append(v.Rights, rightView{Name: t.Kinds[r.Kind], Price: t.rightPrice(r)})
	}
	for _, w := range k.Work {
		caption := ""
		if w.HasFigure {
			caption = fmt.Sprintf(t.WatchedAvg, t.pct(w.AvgPct))
		}
		v.Work = append(v.Work, workView{Title: w.Title, Poster: w.Poster, Link: v.HomeURL + workAnchor(k.Lang), Caption: caption})
	}
	return v
}

func workAnchor(lg string) string {
	if lg == lang.English {
		return "#work"
	}
	return "#work"
}

func pctSign(t texts) string {
	if t.Lang == lang.English {
		return "%"
	}
	return " %"
}

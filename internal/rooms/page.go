package rooms

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The brand's pages, rendered here from templates/: the room, the
// printable licence summary and the page of a link that does not work. No
// script of the site's app runs on them (the visitor's bundle is not
// theirs to carry); the summary's print button is a script of a few lines.

//go:embed templates/*.html templates/print.js
var templateFS embed.FS

var (
	// Each page is the template of its own file (the first named), with layout.html's "head".
	roomPageTmpl     = template.Must(template.ParseFS(templateFS, "templates/room.html", "templates/layout.html"))
	licencesPageTmpl = template.Must(template.ParseFS(templateFS, "templates/licences.html", "templates/layout.html"))
	notFoundTmpl     = template.Must(template.ParseFS(templateFS, "templates/notfound.html", "templates/layout.html"))
	sectionPageTmpl  = template.Must(template.ParseFS(templateFS, "templates/page.html", "templates/layout.html"))
	printJS, _       = templateFS.ReadFile("templates/print.js")
)

// roomView is the room page's data.
type roomView struct {
	T           texts
	Deal        deals.Deal
	Creator     Creator
	Mail        bool   // the brand is e-mailed of new drafts (mail on, a contact address)
	Base        string // /room/<token>
	Videos      string // "3" or "3 × 30 seconds"
	Length      string
	Due         string
	Items       []videoView
	ToCome      string // the videos of the deal with no draft yet, once one has
	HasLicences bool
	Sections    []template.HTML // other capabilities' parts of the room (AddSection)
	Notice      string
	Error       string
}

// videoView is one of the deal's videos: its latest draft, the earlier
// ones, its licence.
type videoView struct {
	Number  int
	Title   string
	Latest  *draftView
	Earlier []draftView
	Licence *licenceView
}

type draftView struct {
	T            texts
	ID           int64
	Version      int
	Base         string // /room/<token>/drafts/<id>
	Label        string // "Video 1, version 2"
	Uploaded     string
	Note         string
	State        string
	StateText    string
	Comment      string
	Playable     bool
	Failed       bool
	Width        int // of the processed video, rotation applied; 0 when not known
	Height       int
	Poster       string
	Sources      []sourceView
	Answerable   bool
	Downloadable bool
	Download     string // the download link's words, naming the video
	Due          string
	Typed        string // a comment sent with an error, kept
	Error        string // why the answer sent was refused
	Notice       string // thanks for the answer just sent
}

type sourceView struct{ URL, Type, Media string }

type licenceView struct {
	T                                                texts
	Number                                           int
	Title, Final                                     string
	Usage, Channels, Territory, Period, Whitelisting string
}

// dayText is a time as the page writes a day, in Oslo.
func dayText(t texts, at time.Time) string { return dateText(t, at.In(oslo)) }

func dateText(t texts, d time.Time) string {
	if t.Lang == "en" {
		return d.Format("2 January 2006")
	}
	return d.Format("02.01.2006")
}

// momentText is a time with its hour, in Oslo.
func momentText(t texts, at time.Time) string {
	local := at.In(oslo)
	if t.Lang == "en" {
		return local.Format("2 January 2006 at 15:04")
	}
	return local.Format("02.01.2006 kl. 15:04")
}

// roomData builds the room page of a deal from its drafts, their assets
// and its licences.
func (s *Service) roomData(a access, base string, list []Draft, assets map[string]store.MediaAsset, lics []Licence) roomView {
	t := textsFor(a.deal.Language)
	d := a.deal
	v := roomView{T: t, Deal: d, Base: base, Videos: strconv.Itoa(max(d.DeliverableCount, 1)), HasLicences: len(lics) > 0}
	if d.DeliverableSeconds > 0 {
		v.Length = fmt.Sprintf(t.Seconds, d.DeliverableSeconds)
	}
	if d.DueDate != "" {
		v.Due = dateText(t, isoDay(d.DueDate))
	}
	byVideo := map[int]*videoView{}
	var order []int
	video := func(n int) *videoView {
		if vv, ok := byVideo[n]; ok {
			return vv
		}
		vv := &videoView{Number: n, Title: fmt.Sprintf(t.Video, n)}
		byVideo[n] = vv
		order = append(order, n)
		return vv
	}
	for _, dr := range list { // by video, the newest version first
		dv := s.draftData(t, base, dr, assetOf(assets, dr))
		vv := video(dr.Deliverable)
		if vv.Latest == nil {
			vv.Latest = &dv
		} else {
			vv.Earlier = append(vv.Earlier, dv)
		}
	}
	for _, l := range lics {
		if vv, ok := byVideo[l.Deliverable]; ok {
			lv := licenceData(t, l)
			vv.Licence = &lv
		}
	}
	for _, n := range order {
		v.Items = append(v.Items, *byVideo[n])
	}
	var toCome []string
	for n := 1; len(v.Items) > 0 && n <= d.DeliverableCount; n++ {
		if byVideo[n] == nil {
			toCome = append(toCome, fmt.Sprintf(t.Video, n))
		}
	}
	if len(toCome) > 0 {
		v.ToCome = fmt.Sprintf(t.ToCome, strings.Join(toCome, ", "))
	}
	return v
}

func (s *Service) draftData(t texts, base string, dr Draft, a *store.MediaAsset) draftView {
	dv := draftView{T: t, ID: dr.ID, Version: dr.Version, Base: fmt.Sprintf("%s/drafts/%d", base, dr.ID),
		Label:    fmt.Sprintf(t.Video, dr.Deliverable) + ", " + fmt.Sprintf(t.Version, dr.Version),
		Uploaded: fmt.Sprintf(t.Uploaded, dayText(t, dr.CreatedAt)), Note: dr.Note, State: dr.State, Comment: dr.Comment,
		Answerable: dr.State == DraftPending, Downloadable: dr.State == DraftApproved,
		Download: fmt.Sprintf(t.Download, dr.Deliverable)}
	m := draftMedia(dr, a, dv.Base+"/media/")
	dv.Poster = m.PosterURL
	dv.Failed = m.Status == store.MediaFailed
	dv.Playable = len(m.Sources) > 0
	if a != nil && a.Width > 0 && a.Height > 0 {
		dv.Width, dv.Height = a.Width, a.Height
	}
	// The largest rendition for wide screens, a smaller one first for phones.
	for i := len(m.Sources) - 1; i >= 0; i-- {
		src := m.Sources[i]
		sv := sourceView{URL: src.URL, Type: src.Type}
		if i < len(m.Sources)-1 {
			sv.Media = "(max-width: 700px)"
			dv.Sources = append([]sourceView{sv}, dv.Sources...)
			continue
		}
		dv.Sources = append(dv.Sources, sv)
	}
	switch {
	case dr.State == DraftPending:
		dv.StateText = t.Waiting
		if dr.DueAt != nil {
			dv.Due = momentText(t, *dr.DueAt)
		}
	case dr.State == DraftApproved && dr.AnsweredBy == "auto":
		dv.StateText = fmt.Sprintf(t.ApprovedAuto, dayText(t, *dr.AnsweredAt))
	case dr.State == DraftApproved:
		dv.StateText = fmt.Sprintf(t.Approved, dayText(t, *dr.AnsweredAt))
	case dr.State == DraftChanges:
		dv.StateText = fmt.Sprintf(t.Changes, dayText(t, *dr.AnsweredAt))
	default:
		dv.StateText = t.Superseded
	}
	return dv
}

func licenceData(t texts, l Licence) licenceView {
	usage := t.Organic
	if l.Usage == "paid" {
		usage = t.Paid
	}
	white := t.No
	if l.Whitelisting {
		white = t.Yes
	}
	return licenceView{T: t, Number: l.Deliverable, Title: fmt.Sprintf(t.Video, l.Deliverable), Usage: usage,
		Channels: strings.Join(l.Channels, ", "), Territory: l.Territory, Whitelisting: white,
		Period: dateText(t, isoDay(l.StartDate)) + " – " + dateText(t, isoDay(l.EndDate))}
}

// roomHeaders are the headers of every answer under /room/: never cached
// by anyone, never indexed, never named in a Referer.
func roomHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Cache-Control", privateCache)
	h.Set("X-Robots-Tag", "noindex, nofollow")
	h.Set("Referrer-Policy", "no-referrer")
}

// render writes a page with its status.
func render(w http.ResponseWriter, status int, tmpl *template.Template, data any) error {
	var b bytes.Buffer
	if err := tmpl.Execute(&b, data); err != nil {
		return err
	}
	roomHeaders(w)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, err := w.Write(b.Bytes())
	return err
}

// notFoundPage answers a link that does not work, in both languages (the
// deal's is not known), with nothing of any room.
func notFoundPage(w http.ResponseWriter, status int) error {
	data := struct{ Title, NO, EN string }{"Lenken virker ikke", "Lenken er feil, utløpt eller trukket tilbake. Be om en ny lenke fra den som sendte den.",
		"This link does not work: it is wrong, has expired or was revoked. Ask whoever sent it for a new one."}
	if status == http.StatusTooManyRequests {
		data = struct{ Title, NO, EN string }{"For mange forsøk", "For mange forsøk fra denne adressen. Vent litt og prøv igjen.",
			"Too many attempts from this address. Wait a little and try again."}
	}
	return render(w, status, notFoundTmpl, data)
}

package analytics

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/lang"
)

// Pitch links: a link made for one brand (`/?ref=token`). A page view with
// the token attributes the visitor's day to the link (writer.go); the
// link's list shows what that visitor-day did.

// PitchLink is a link as the admin API answers it.
type PitchLink struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Note string `json:"note"`
	URL  string `json:"url"`
	// KitURL is the media kit's address for this link (internal/mediakit).
	KitURL string `json:"kitUrl"`
	// NotifyOpen: the creator gets an e-mail the first time the link is opened.
	NotifyOpen bool `json:"notifyOpen"`
	// Language is the page the link opens: "no" (/?ref=) or "en" (/en?ref=).
	Language  string    `json:"language"`
	CreatedAt time.Time `json:"createdAt"`
}

// PitchLinkInput is a new link: the brand's name, a note, the e-mail of
// its first opening, and the language of the page it opens ("" is the
// default language).
type PitchLinkInput struct {
	Name       string
	Note       string
	NotifyOpen bool
	Language   string
}

// PitchLinkStats is a link with what its visitors did (GET /api/admin/pitch-links).
type PitchLinkStats struct {
	PitchLink
	FirstVisit    *time.Time       `json:"firstVisit"`
	LastVisit     *time.Time       `json:"lastVisit"`
	Visits        int64            `json:"visits"`
	Sections      map[string]int64 `json:"sections"`
	Plays         []PitchPlay      `json:"plays"`
	PackageClicks map[string]int64 `json:"packageClicks"`
	Inquiries     int64            `json:"inquiries"`
	// KitOpens and KitDownloads: the media kit opened, its PDF downloaded.
	KitOpens     int64 `json:"kitOpens"`
	KitDownloads int64 `json:"kitDownloads"`
}

// PitchPlay is one portfolio item played through a link.
type PitchPlay struct {
	ItemID int64 `json:"itemId"`
	Plays  int64 `json:"plays"`
	MaxPct int64 `json:"maxPct"`
}

// LinkRef names the pitch link of an inquiry.
type LinkRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

var errLinkNotFound = apperr.NotFound("Pitch link not found")

// CreatePitchLink stores a link with a random token of 16 url-safe
// characters; NotifyOpen asks for an e-mail the first time it is opened.
func (s *Service) CreatePitchLink(ctx context.Context, in PitchLinkInput) (PitchLink, error) {
	name, note, language := strings.TrimSpace(in.Name), strings.TrimSpace(in.Note), in.Language
	if language == "" {
		language = lang.Default
	}
	if !lang.Valid(language) {
		return PitchLink{}, apperr.Invalid("Language must be %s", lang.Or("%q"))
	}
	if name == "" || utf8.RuneCountInString(name) > 200 {
		return PitchLink{}, apperr.Invalid("Name must be 1 to 200 characters")
	}
	if utf8.RuneCountInString(note) > 2000 {
		return PitchLink{}, apperr.Invalid("Note must be at most 2000 characters")
	}
	raw := make([]byte, 12)
	rand.Read(raw)
	token := base64.RawURLEncoding.EncodeToString(raw)
	l := PitchLink{Name: name, Note: note, NotifyOpen: in.NotifyOpen, Language: language, CreatedAt: s.now().Truncate(time.Microsecond)}
	err := s.st.DB.QueryRowContext(ctx, s.st.Rebind(`INSERT INTO analytics_pitch_links (token, name, note, notify_open, language, created_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`), token, name, note, in.NotifyOpen, language, l.CreatedAt).Scan(&l.ID)
	l.URL, l.KitURL = s.linkURL(token, language), s.kitURL(token)
	return l, err
}

// linkURL is the address to send: the home page of the link's language
// (Paths: "/" or "/en") with the token.
func (s *Service) linkURL(token, language string) string {
	page := "/"
	if language == lang.English {
		page = "/en"
	}
	return strings.TrimRight(s.siteURL, "/") + page + "?ref=" + token
}

func (s *Service) kitURL(token string) string {
	return strings.TrimRight(s.siteURL, "/") + "/media-kit?ref=" + token
}

// DeletePitchLink deletes a link and its visits; its inquiries stay, without it.
func (s *Service) DeletePitchLink(ctx context.Context, id int64) error {
	res, err := s.st.DB.ExecContext(ctx, s.st.Rebind(`DELETE FROM analytics_pitch_links WHERE id = ?`), id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return cmpErr(err, errLinkNotFound)
	}
	s.refs.reset()
	return nil
}

func cmpErr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// PitchLinks lists every link, newest first, with what its visitors did.
func (s *Service) PitchLinks(ctx context.Context) ([]PitchLinkStats, error) {
	rows, err := s.st.DB.QueryContext(ctx, `SELECT id, token, name, note, notify_open, language, created_at FROM analytics_pitch_links ORDER BY id DESC`)
	if err != nil {
		return nil, err
	}
	out := []PitchLinkStats{}
	index := map[int64]*PitchLinkStats{}
	for rows.Next() {
		var l PitchLinkStats
		var token string
		if err := rows.Scan(&l.ID, &token, &l.Name, &l.Note, &l.NotifyOpen, &l.Language, &l.CreatedAt); err != nil {
			rows.Close()
			return nil, err
		}
		l.URL, l.KitURL, l.CreatedAt = s.linkURL(token, l.Language), s.kitURL(token), l.CreatedAt.UTC()
		l.Sections, l.PackageClicks, l.Plays = map[string]int64{}, map[string]int64{}, []PitchPlay{}
		out = append(out, l)
	}
	if err := cmpErr(rows.Err(), rows.Close()); err != nil {
		return nil, err
	}
	for i := range out {
		index[out[i].ID] = &out[i]
	}
	err = s.each(ctx, `SELECT link_id, COUNT(*), MIN(first_at), MAX(last_at) FROM analytics_pitch_visits GROUP BY link_id`,
		func(sc func(...any) error) error {
			var id, n int64
			var first, last sqlTime
			if err := sc(&id, &n, &first, &last); err != nil {
				return err
			}
			if l := index[id]; l != nil {
				l.Visits, l.FirstVisit, l.LastVisit = n, first.ptr(), last.ptr()
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	// Plays of the portfolio's items only: the beacon may name any number.
	err = s.each(ctx, `SELECT link_id, kind, target, item, COUNT(*), MAX(value) FROM analytics_pitch_events
		WHERE kind IN ('section', 'click', 'kit') OR (kind IN ('play', 'progress') AND item IN (SELECT id FROM portfolio_items))
		GROUP BY link_id, kind, target, item ORDER BY link_id, item`,
		func(sc func(...any) error) error {
			var id, item, n, maxValue int64
			var kind, target string
			if err := sc(&id, &kind, &target, &item, &n, &maxValue); err != nil {
				return err
			}
			l := index[id]
			if l == nil {
				return nil
			}
			switch {
			case kind == "section":
				l.Sections[target] += n
			case kind == "click" && strings.HasPrefix(target, "package-"):
				l.PackageClicks[target] += n
			case kind == "kit" && target == KitOpened:
				l.KitOpens += n
			case kind == "kit" && target == KitDownloaded:
				l.KitDownloads += n
			case kind == "play" || kind == "progress":
				if len(l.Plays) == 0 || l.Plays[len(l.Plays)-1].ItemID != item {
					l.Plays = append(l.Plays, PitchPlay{ItemID: item})
				}
				p := &l.Plays[len(l.Plays)-1]
				if kind == "play" {
					p.Plays += n
				}
				p.MaxPct = max(p.MaxPct, maxValue)
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	err = s.each(ctx, `SELECT pitch_link_id, COUNT(*) FROM contact_inquiries WHERE pitch_link_id IS NOT NULL GROUP BY pitch_link_id`,
		func(sc func(...any) error) error {
			var id, n int64
			if err := sc(&id, &n); err != nil {
				return err
			}
			if l := index[id]; l != nil {
				l.Inquiries = n
			}
			return nil
		})
	return out, err
}

// pitchTotals are the summary's pitch links: visits, plays and inquiries in r.
func (s *Service) pitchTotals(ctx context.Context, r Range) ([]PitchTotals, error) {
	from, to := r.From.Format(time.DateOnly), r.To.Format(time.DateOnly)
	start, end := r.From, r.To.AddDate(0, 0, 1)
	out := []PitchTotals{}
	err := s.each(ctx, `SELECT l.id, l.name,
		(SELECT COUNT(*) FROM analytics_pitch_visits v WHERE v.link_id = l.id AND v.day >= ? AND v.day <= ?),
		(SELECT COUNT(*) FROM analytics_pitch_events e WHERE e.link_id = l.id AND e.kind = 'play' AND e.at >= ? AND e.at < ?
			AND e.item IN (SELECT id FROM portfolio_items)),
		(SELECT COUNT(*) FROM contact_inquiries c WHERE c.pitch_link_id = l.id AND c.created_at >= ? AND c.created_at < ?)
		FROM analytics_pitch_links l ORDER BY l.id DESC`, func(sc func(...any) error) error {
		var p PitchTotals
		if err := sc(&p.ID, &p.Name, &p.Visits, &p.Plays, &p.Inquiries); err != nil {
			return err
		}
		out = append(out, p)
		return nil
	}, from, to, start, end, start, end)
	return out, err
}

// AttributeInquiry records, for an inquiry just stored from request r, the
// pitch link of the sender's visitor-day (if any) and, when the request
// counts, an "inquiry" event (the funnel's "sent"). A failure is logged:
// the inquiry itself is stored already.
func (s *Service) AttributeInquiry(r *http.Request, inquiryID int64) {
	ctx := r.Context()
	at := s.now()
	visitor, err := s.visitorHash(ctx, r, at)
	if err == nil {
		var link int64
		err = s.st.DB.QueryRowContext(ctx, s.st.Rebind(`SELECT link_id FROM analytics_pitch_visits WHERE day = ? AND visitor = ?
			ORDER BY first_at DESC LIMIT 1`), dayOf(at), visitor).Scan(&link)
		if err == nil {
			_, err = s.st.DB.ExecContext(ctx, s.st.Rebind(`UPDATE contact_inquiries SET pitch_link_id = ? WHERE id = ?`), link, inquiryID)
		} else if err == sql.ErrNoRows {
			err = nil
		}
	}
	if err != nil {
		s.log.Error("analytics: inquiry not attributed", "id", inquiryID, "err", err)
		return
	}
	if ua, ok := s.counted(r); ok {
		s.enqueue(Event{Kind: "inquiry", At: at, Visitor: visitor, Browser: ua.browser, Device: ua.device})
	}
}

// InquiryLinks answers the pitch link of each of these inquiries that came through one.
func (s *Service) InquiryLinks(ctx context.Context, ids []int64) (map[int64]LinkRef, error) {
	out := map[int64]LinkRef{}
	if len(ids) == 0 {
		return out, nil
	}
	lo, hi := ids[0], ids[0]
	for _, id := range ids {
		lo, hi = min(lo, id), max(hi, id)
	}
	err := s.each(ctx, `SELECT c.id, l.id, l.name FROM contact_inquiries c JOIN analytics_pitch_links l ON l.id = c.pitch_link_id
		WHERE c.id >= ? AND c.id <= ?`, func(sc func(...any) error) error {
		var id int64
		var ref LinkRef
		if err := sc(&id, &ref.ID, &ref.Name); err != nil {
			return err
		}
		out[id] = ref
		return nil
	}, lo, hi)
	return out, err
}

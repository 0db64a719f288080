package mediakit_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

const browserUA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"

// The site's day: 29 November 2026, noon in Norway.
var now = time.Date(2026, 11, 29, 11, 0, 0, 0, time.UTC)

type numbers struct {
	AsOf          string `json:"asOf"`
	Visitors      int64  `json:"visitors"`
	Plays         int64  `json:"plays"`
	MedianWatched *int64 `json:"medianWatched"`
	Delivered     int    `json:"delivered"`
	OnTime        int    `json:"onTime"`
	OnTimePct     *int64 `json:"onTimePct"`
	Replies       int    `json:"replies"`
	ReplyMinutes  *int64 `json:"replyMinutes"`
}

type answer struct {
	Settings map[string]any    `json:"settings"`
	Numbers  numbers           `json:"numbers"`
	URLs     map[string]string `json:"urls"`
}

// seed writes a known data set: the analytics' daily totals, portfolio
// videos, deals with their history and the inquiries they came from.
// It answers the portfolio items' ids by title.
func seed(t *testing.T, st *store.Store) map[string]int64 {
	t.Helper()
	ctx := context.Background()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := st.DB.ExecContext(ctx, st.Rebind(q), args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	items := map[string]int64{}
	for _, title := range []string{"Serum", "Kaffe", "Sko", "Stille", "Bilde"} {
		in := store.PortfolioInput{Title: title + " på fjellet", Category: "product", VideoURL: "https://example.com/" + title + ".mp4",
			ImageURL: "https://example.com/" + title + ".jpg", Language: "no", IsActive: true}
		if title == "Bilde" {
			in.VideoURL = "" // a photo: never "best work"
		}
		it, err := st.CreatePortfolioItem(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		items[title] = it.ID
	}
	daily := func(day, metric, dim string, visitors, events, total int64) {
		exec(`INSERT INTO analytics_daily (day, metric, dim, visitors, events, total) VALUES (?, ?, ?, ?, ?, ?)`,
			day, metric, dim, visitors, events, total)
	}
	id := func(title string) string { return fmt.Sprint(items[title]) }
	// Inside the 90 days (2026-09-01 … 2026-11-29) and outside them.
	daily("2026-11-28", "pageviews", "", 10, 14, 0)
	daily("2026-09-01", "pageviews", "", 5, 6, 0)
	daily("2026-08-31", "pageviews", "", 99, 120, 0)
	// Serum: 6 plays; 4 viewers watched 280 % in all: 70 % on average.
	daily("2026-11-28", "play", id("Serum"), 3, 4, 0)
	daily("2026-11-28", "watch", id("Serum"), 3, 1, 240)
	daily("2026-10-02", "play", id("Serum"), 2, 2, 0)
	daily("2026-10-02", "watch", id("Serum"), 1, 0, 40)
	daily("2026-08-01", "play", id("Serum"), 50, 50, 0)
	daily("2026-08-01", "watch", id("Serum"), 50, 50, 5000)
	// Kaffe: 5 plays, 90 %; Sko: 1 play, 25 %; Stille: never played.
	daily("2026-11-20", "play", id("Kaffe"), 5, 5, 0)
	daily("2026-11-20", "watch", id("Kaffe"), 5, 3, 450)
	daily("2026-11-21", "play", id("Sko"), 1, 1, 0)
	daily("2026-11-21", "watch", id("Sko"), 1, 0, 25)

	// Deals: first deliveries against due dates (the creator's day in Norway).
	deal := func(brand, due string, inquiry *int64) int64 {
		var id int64
		if err := st.DB.QueryRowContext(ctx, st.Rebind(`INSERT INTO deals (brand, due_date, stage, inquiry_id, created_at, updated_at)
			VALUES (?, ?, 'delivered', ?, ?, ?) RETURNING id`), brand, due, inquiry, now, now).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	event := func(dealID int64, kind, from, to string, at time.Time) {
		exec(`INSERT INTO deal_events (deal_id, brand, at, kind, from_stage, to_stage) VALUES (?, 'x', ?, ?, ?, ?)`, dealID, at, kind, from, to)
	}
	d := deal("På tid", "2026-11-10", nil) // 21:00 in Oslo on the day: on time
	event(d, "updated", "in_production", "delivered", time.Date(2026, 11, 10, 20, 0, 0, 0, time.UTC))
	d = deal("Midnatt", "2026-11-10", nil) // 00:30 in Oslo the day after: late
	event(d, "updated", "in_production", "delivered", time.Date(2026, 11, 10, 23, 30, 0, 0, time.UTC))
	d = deal("Tidlig", "2026-10-01", nil) // early; delivered again later: the first counts
	event(d, "updated", "in_production", "delivered", time.Date(2026, 9, 20, 9, 0, 0, 0, time.UTC))
	event(d, "updated", "delivered", "in_production", time.Date(2026, 9, 22, 9, 0, 0, 0, time.UTC))
	event(d, "updated", "in_production", "delivered", time.Date(2026, 10, 5, 9, 0, 0, 0, time.UTC))
	d = deal("Uten frist", "", nil) // no due date: not counted
	event(d, "updated", "in_production", "delivered", time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
	d = deal("Gammel", "2025-10-01", nil) // over a year ago
	event(d, "updated", "in_production", "delivered", time.Date(2025, 10, 1, 9, 0, 0, 0, time.UTC))

	// Inquiries and the first replies: the deal's first move past "new".
	inquiry := func(at time.Time) int64 {
		var id int64
		if err := st.DB.QueryRowContext(ctx, st.Rebind(`INSERT INTO contact_inquiries (name, email, message, created_at)
			VALUES ('Kari', 'kari@example.no', 'Hei! Vi vil gjerne samarbeide.', ?) RETURNING id`), at).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	at := func(day, hour, minute int) time.Time { return time.Date(2026, 11, day, hour, minute, 0, 0, time.UTC) }
	q := inquiry(at(1, 10, 0)) // answered after 120 minutes
	d = deal("Svar 1", "", &q)
	event(d, "created", "", "new", at(1, 10, 30))
	event(d, "updated", "new", "negotiating", at(1, 12, 0))
	event(d, "updated", "negotiating", "booked", at(1, 13, 0))
	q = inquiry(at(2, 8, 0)) // made straight into negotiating after 60 minutes
	d = deal("Svar 2", "", &q)
	event(d, "created", "", "negotiating", at(2, 9, 0))
	q = inquiry(at(3, 8, 0)) // lost first (no reply), then answered a day after
	d = deal("Svar 3", "", &q)
	event(d, "created", "", "new", at(3, 8, 10))
	event(d, "updated", "new", "lost", at(3, 9, 0))
	event(d, "updated", "lost", "negotiating", at(4, 8, 0))
	inquiry(at(5, 8, 0)) // no deal: not answered yet
	old := inquiry(time.Date(2025, 1, 1, 8, 0, 0, 0, time.UTC))
	d = deal("Svar gammel", "", &old)
	event(d, "created", "", "negotiating", time.Date(2025, 1, 1, 8, 1, 0, 0, time.UTC))
	return items
}

func gzipSize(b []byte) int {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	zw.Write(b)
	zw.Close()
	return buf.Len()
}

// The kit's numbers, exactly, from a known data set: visitors and plays
// of the 90 days, the median of the videos' average share watched, the
// deliveries by their due day in Norway, the median first reply; and the
// page in both languages says them, with the day, and the best videos first.
func TestKitNumbers(t *testing.T) {
	t.Parallel()
	clock := sitetest.NewClock(now)
	sitetest.Each(t, sitetest.Options{RoomsClock: clock}, func(t *testing.T, e *sitetest.Site) {
		items := seed(t, e.Store)
		admin := e.SignedInAdmin(t)
		var a answer
		admin.Do("GET", "/api/admin/media-kit", nil).WantStatus(t, http.StatusOK).JSON(t, &a)
		n := a.Numbers
		if n.AsOf != "2026-11-29" || n.Visitors != 15 || n.Plays != 12 || n.MedianWatched == nil || *n.MedianWatched != 70 ||
			n.Delivered != 3 || n.OnTime != 2 || n.OnTimePct == nil || *n.OnTimePct != 67 ||
			n.Replies != 3 || n.ReplyMinutes == nil || *n.ReplyMinutes != 120 {
			t.Fatalf("numbers %+v (median %v, on time %v, reply %v)", n, deref(n.MedianWatched), deref(n.OnTimePct), deref(n.ReplyMinutes))
		}
		if a.URLs["no"] != e.URL+"/media-kit" || a.URLs["en"] != e.URL+"/en/media-kit" {
			t.Errorf("urls %v", a.URLs)
		}

		visitor := e.Client()
		no := visitor.Do("GET", "/media-kit", nil, "User-Agent", browserUA).WantStatus(t, http.StatusOK)
		en := visitor.Do("GET", "/en/media-kit", nil, "User-Agent", browserUA).WantStatus(t, http.StatusOK)
		for _, c := range []struct {
			page string
			want []string
		}{
			{no.Body, []string{`<html lang="no">`, "Per 29. november 2026", ">15<", ">12<", ">70 %<", ">67 %<", ">2 t<",
				"besøkende på nettstedet", "siste 90 dager", "siste 12 måneder", "2 500 kr", "Organisk bruk", "inkludert",
				`<meta name="robots" content="noindex">`, `href="/media-kit.pdf"`, `og:image" content="https://example.com/Kaffe.jpg"`}},
			{en.Body, []string{`<html lang="en">`, "As of 29 November 2026", ">15<", ">12<", ">70%<", ">67%<", ">2 h<",
				"site visitors", "NOK 2,500", "Organic use", `href="/en/media-kit.pdf"`}},
		} {
			for _, w := range c.want {
				if !strings.Contains(c.page, w) {
					t.Errorf("page lacks %q", w)
				}
			}
			if strings.Contains(c.page, "<script") {
				t.Error("the page has a script")
			}
			if size := gzipSize([]byte(c.page)); size > 30*1024 {
				t.Errorf("page is %d bytes gzipped, over 30 KB", size)
			}
		}
		// The best work (the Norwegian portfolio's): watched furthest first, no photo.
		{
			c := struct{ page string }{no.Body}
			kaffe, serum, sko, stille := strings.Index(c.page, "Kaffe på fjellet"), strings.Index(c.page, "Serum på fjellet"),
				strings.Index(c.page, "Sko på fjellet"), strings.Index(c.page, "Stille på fjellet")
			if kaffe < 0 || serum < kaffe || sko < serum || stille >= 0 || strings.Contains(c.page, "Bilde på fjellet") {
				t.Errorf("best work order: Kaffe %d, Serum %d, Sko %d, Stille %d", kaffe, serum, sko, stille)
			}
			if !strings.Contains(c.page, "sett i snitt 90 %") || !strings.Contains(c.page, `<a href="`+e.URL+`/#work">`) {
				t.Error("a best video has no figure or link to the site")
			}
		}
		if got := no.Header.Get("X-Robots-Tag"); got != "noindex" {
			t.Errorf("X-Robots-Tag %q", got)
		}
		_ = items
	})
}

func deref(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}

// No data at all: the figures say so ("–"), and nothing fails.
func TestKitEmpty(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{})
	var a answer
	e.SignedInAdmin(t).Do("GET", "/api/admin/media-kit", nil).WantStatus(t, http.StatusOK).JSON(t, &a)
	if a.Numbers.Visitors != 0 || a.Numbers.MedianWatched != nil || a.Numbers.OnTimePct != nil || a.Numbers.ReplyMinutes != nil {
		t.Fatalf("numbers of an empty site %+v", a.Numbers)
	}
	page := e.Client().Do("GET", "/media-kit", nil).WantStatus(t, http.StatusOK).Body
	if !strings.Contains(page, `<span class="num">–</span>`) {
		t.Error("an empty figure is not a dash")
	}
	pdf := e.Client().Do("GET", "/media-kit.pdf", nil).WantStatus(t, http.StatusOK)
	if !strings.HasPrefix(pdf.Body, "%PDF-") {
		t.Error("not a PDF")
	}
}

// The admin's settings: checked, stored, and the page follows them (the
// sections and their order, the self-reported figures with their date and
// label, the intro per language, listing); the PDF is made once per
// content and served from the cache after that.
func TestKitSettings(t *testing.T) {
	t.Parallel()
	clock := sitetest.NewClock(now)
	sitetest.Each(t, sitetest.Options{RoomsClock: clock}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		e.Client().Do("GET", "/api/admin/media-kit", nil).WantStatus(t, http.StatusUnauthorized)
		valid := func() map[string]any {
			return map[string]any{"name": "Kine Åsheim", "listed": false,
				"sections": []string{"packages", "numbers", "about"},
				"intro":    map[string]string{"no": "Jeg lager ærlige videoer.", "en": "I make honest videos."},
				"niches":   map[string]string{"no": "hudpleie, mat", "en": "skincare, food"},
				"figures": []map[string]any{{"platform": "Instagram", "followers": 12400, "engagement": 4.25, "asOf": "2026-11-01"},
					{"platform": "TikTok", "followers": 31000, "engagement": 7, "asOf": "2026-11-15"}},
				"rights": []map[string]any{{"kind": "paid", "price": 150000, "months": 3}, {"kind": "organic", "price": 0, "months": 0},
					{"kind": "exclusivity", "price": 250050, "months": 6}}}
		}
		for _, c := range []struct {
			change func(map[string]any)
			msg    string
		}{
			{func(m map[string]any) { m["name"] = " " }, "Name must be 1 to 100 characters"},
			{func(m map[string]any) { m["sections"] = []string{"about", "footer"} }, "Sections must be among about, numbers, work, packages, brands, testimonials"},
			{func(m map[string]any) { m["sections"] = []string{"about", "about"} }, "Section about is listed twice"},
			{func(m map[string]any) { m["intro"] = map[string]string{"de": "Hallo"} }, "intro: language must be no or en"},
			{func(m map[string]any) {
				m["figures"] = []map[string]any{{"platform": "X", "followers": 1, "engagement": 1, "asOf": "2026-12-01"}}
			}, "Figure 1: the date must not be in the future"},
			{func(m map[string]any) {
				m["figures"] = []map[string]any{{"platform": "X", "followers": 1, "engagement": 101, "asOf": "2026-11-01"}}
			}, "Figure 1: engagement must be a percent from 0 to 100"},
			{func(m map[string]any) { m["rights"] = []map[string]any{{"kind": "bonus", "price": 1}} }, "Right 1: kind must be organic, paid, whitelisting or exclusivity"},
			{func(m map[string]any) {
				m["rights"] = []map[string]any{{"kind": "paid", "price": 1}, {"kind": "paid", "price": 2}}
			}, "Right 2: paid is priced twice"},
			{func(m map[string]any) { m["rights"] = []map[string]any{{"kind": "paid", "price": -1}} }, "Right 1: price must be 0 to 100000000 øre"},
		} {
			body := valid()
			c.change(body)
			admin.Do("PUT", "/api/admin/media-kit", body).WantMessage(t, http.StatusBadRequest, c.msg)
		}
		var a answer
		admin.Do("PUT", "/api/admin/media-kit", valid()).WantStatus(t, http.StatusOK).JSON(t, &a)
		if a.Settings["name"] != "Kine Åsheim" {
			t.Fatalf("saved %v", a.Settings)
		}
		page := e.Client().Do("GET", "/media-kit", nil).WantStatus(t, http.StatusOK).Body
		for _, w := range []string{"<h1>Kine Åsheim</h1>", "Jeg lager ærlige videoer.", "<li>hudpleie</li>", "12 400 følgere",
			"4,3 % engasjement", "Selvrapportert, 1. november 2026", "Selvrapportert, 15. november 2026", "7 % engasjement",
			"Betalt bruk (annonser)", "1 500 kr per video · 3 måneder", "2 500,50 kr per video · 6 måneder", "inkludert · uten tidsbegrensning"} {
			if !strings.Contains(page, w) {
				t.Errorf("page lacks %q", w)
			}
		}
		// Her order: packages, then numbers (about is the cover); rights in the kinds' order; no work shown.
		pk, nu := strings.Index(page, `id="packages"`), strings.Index(page, `id="numbers"`)
		if pk < 0 || nu < pk || strings.Contains(page, `id="work"`) {
			t.Errorf("sections at %d, %d", pk, nu)
		}
		if o, p, x := strings.Index(page, "Organisk bruk"), strings.Index(page, "Betalt bruk"), strings.Index(page, "Eksklusivitet"); o > p || p > x {
			t.Error("rights out of order")
		}
		en := e.Client().Do("GET", "/en/media-kit", nil).WantStatus(t, http.StatusOK).Body
		for _, w := range []string{"I make honest videos.", "12,400 followers", "4.3% engagement", "Self-reported, 1 November 2026",
			"NOK 1,500 per video · 3 months"} {
			if !strings.Contains(en, w) {
				t.Errorf("English page lacks %q", w)
			}
		}

		// The PDF: made once, then from the cache; a change makes it again.
		kit := e.Server.MediaKit()
		first := e.Client().Do("GET", "/media-kit.pdf", nil).WantStatus(t, http.StatusOK)
		if first.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(first.Body, "%PDF-") {
			t.Fatalf("PDF answer %s", first.Header.Get("Content-Type"))
		}
		made := kit.PDFsMade()
		again := e.Client().Do("GET", "/media-kit.pdf", nil).WantStatus(t, http.StatusOK)
		if kit.PDFsMade() != made || again.Body != first.Body {
			t.Error("the same kit's PDF was made again")
		}
		body := valid()
		body["listed"] = true
		body["sections"] = []string{"numbers"} // without "about": no intro on the cover
		admin.Do("PUT", "/api/admin/media-kit", body).WantStatus(t, http.StatusOK)
		e.Client().Do("GET", "/media-kit.pdf", nil).WantStatus(t, http.StatusOK)
		if kit.PDFsMade() != made+1 {
			t.Error("a changed kit's PDF came from the cache")
		}
		listed := e.Client().Do("GET", "/media-kit", nil).WantStatus(t, http.StatusOK)
		if strings.Contains(listed.Body, "noindex") || listed.Header.Get("X-Robots-Tag") != "" {
			t.Error("a listed kit says noindex")
		}
		if strings.Contains(listed.Body, `<p class="lead">`) || strings.Contains(listed.Body, `id="packages"`) {
			t.Error("a section she took out is shown")
		}
	})
}

// A pitch link carries the kit: opening it and downloading its PDF are the
// link's events; the admin's own visits and a crawler's count nothing.
func TestKitPitchLink(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		var link struct {
			ID     int64  `json:"id"`
			KitURL string `json:"kitUrl"`
		}
		admin.Do("POST", "/api/admin/pitch-links", map[string]any{"name": "Acme AS"}).WantStatus(t, http.StatusCreated).JSON(t, &link)
		if !strings.HasPrefix(link.KitURL, e.URL+"/media-kit?ref=") {
			t.Fatalf("kit URL %q", link.KitURL)
		}
		path := strings.TrimPrefix(link.KitURL, e.URL)
		ref := strings.TrimPrefix(path, "/media-kit")
		brand := e.Client()
		page := brand.Do("GET", path, nil, "User-Agent", browserUA).WantStatus(t, http.StatusOK).Body
		if !strings.Contains(page, `href="/media-kit.pdf`+ref+`"`) || !strings.Contains(page, `href="/en/media-kit`+ref+`"`) {
			t.Fatal("the page's links do not carry the pitch link")
		}
		brand.Do("GET", "/media-kit.pdf"+ref, nil, "User-Agent", browserUA).WantStatus(t, http.StatusOK)
		brand.Do("GET", "/en/media-kit.pdf"+ref, nil, "User-Agent", browserUA).WantStatus(t, http.StatusOK)
		e.Client().Do("GET", "/media-kit.pdf"+ref, nil, "User-Agent", "Mozilla/5.0 (compatible; Googlebot/2.1)").WantStatus(t, http.StatusOK)
		e.Server.Analytics().Flush()
		var links []struct {
			ID           int64 `json:"id"`
			Visits       int64 `json:"visits"`
			KitOpens     int64 `json:"kitOpens"`
			KitDownloads int64 `json:"kitDownloads"`
		}
		admin.Do("GET", "/api/admin/pitch-links", nil).WantStatus(t, http.StatusOK).JSON(t, &links)
		if len(links) != 1 || links[0].Visits != 1 || links[0].KitOpens != 1 || links[0].KitDownloads != 2 {
			t.Fatalf("links %+v", links)
		}
	})
}

// Before launch (the coming-soon gate on) the kit is as private as the
// site: a visitor without a pass gets neither the page nor the PDF.
func TestKitBehindTheGate(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{Config: func(c *config.Config) {
		c.GateUsername, c.GatePassword = "guest", "s3cret-pass"
	}})
	for _, path := range []string{"/media-kit", "/en/media-kit", "/media-kit.pdf", "/en/media-kit.pdf"} {
		e.Client().Do("GET", path, nil).WantStatus(t, http.StatusUnauthorized)
	}
}

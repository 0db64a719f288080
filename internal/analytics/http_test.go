package analytics_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The beacon, pitch links and the admin's analytics through the real
// router (internal/sitetest), on SQLite and PostgreSQL.

const (
	browserUA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
	adminUA   = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15"
	crawlerUA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
)

func TestAnalyticsBeaconRefusesBadInput(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{})
	c := e.Client()
	bad := []string{
		``,
		`not json`,
		`[]`,
		`{}`,
		`{"events":[]}`,
		`{"events":{}}`,
		`{"events":[{}]}`,
		`{"events":[{"t":"nope"}]}`,
		`{"events":[{"t":"section","id":"footer"}]}`,
		`{"events":[{"t":"section"}]}`,
		`{"events":[{"t":"section","id":"hero","item":3}]}`,
		`{"events":[{"t":"section","id":"hero"}],"extra":1}`,
		`{"events":[{"t":"section","id":"hero","x":1}]}`,
		`{"events":[{"t":"play","item":0}]}`,
		`{"events":[{"t":"play","item":1.5}]}`,
		`{"events":[{"t":"play","item":"3"}]}`,
		`{"events":[{"t":"progress","item":3,"pct":30}]}`,
		`{"events":[{"t":"progress","item":3}]}`,
		`{"events":[{"t":"click","target":"Hero CTA"}]}`,
		`{"events":[{"t":"click","target":"` + strings.Repeat("a", 41) + `"}]}`,
		`{"events":[{"t":"form","step":"done"}]}`,
		`{"events":[{"t":"time","sec":-1}]}`,
		`{"events":[{"t":"time","sec":86401}]}`,
		`{"events":[{"t":"time","sec":99999999999999999999}]}`,
		`{"events":[{"t":"view","path":"/admin","lang":"no","screen":"phone","tz":"Europe/Oslo"}]}`,
		`{"events":[{"t":"view","path":"/","lang":"de","screen":"phone","tz":"Europe/Oslo"}]}`,
		`{"events":[{"t":"view","path":"/","lang":"no","screen":"watch","tz":"Europe/Oslo"}]}`,
		`{"events":[{"t":"view","path":"/","lang":"no","screen":"phone","tz":"../../etc"}]}`,
		`{"events":[{"t":"view","path":"/","lang":"no","screen":"phone"}]}`,
		`{"events":[{"t":"section","id":"hero"}]} {}`,
		`{"events":[` + strings.Repeat(`{"t":"section","id":"hero"},`, 20) + `{"t":"section","id":"hero"}]}`,
		`{"events":[{"t":"click","target":"` + strings.Repeat("a", 3000) + `"}]}`,
		"{\"events\":[{\"t\":\"click\",\"target\":\"a\xff\"}]}",
	}
	for _, body := range bad {
		res := c.Do("POST", "/api/analytics/events", body, "Content-Type", "text/plain;charset=UTF-8", "User-Agent", browserUA)
		if res.Status != http.StatusBadRequest {
			t.Errorf("body %.60q: status %d (%s), want 400", body, res.Status, res.Body)
		}
	}
	c.Do("POST", "/api/analytics/events", `{"events":[{"t":"section","id":"hero"}]}`, "Content-Type", "text/html",
		"User-Agent", browserUA).WantStatus(t, http.StatusBadRequest)
	good := `{"events":[{"t":"section","id":"hero"}]}`
	c.Do("POST", "/api/analytics/events", good, "Content-Type", "text/plain;charset=UTF-8", "User-Agent", browserUA).WantStatus(t, http.StatusAccepted)
	c.Do("POST", "/api/analytics/events", good, "User-Agent", browserUA).WantStatus(t, http.StatusAccepted) // application/json
	c.Do("POST", "/api/analytics/events", good, "User-Agent", crawlerUA).WantStatus(t, http.StatusNoContent)
	c.Do("POST", "/api/analytics/events", good, "User-Agent", browserUA, "Sec-GPC", "1").WantStatus(t, http.StatusNoContent)

	off := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{Config: func(c *config.Config) { c.Analytics.Off = true }})
	off.Client().Do("POST", "/api/analytics/events", good, "User-Agent", browserUA).WantStatus(t, http.StatusNoContent)
}

// TestAnalyticsThroughTheSite is the browser test's story through the HTTP
// API: a brand opens its pitch link, reads, watches, clicks and sends the
// form; the admin's visit and a crawler's fetch count nothing.
func TestAnalyticsThroughTheSite(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		st := e.Store
		admin := e.SignedInAdmin(t)
		var link struct {
			ID   int64
			Name string
			URL  string
		}
		admin.Do("POST", "/api/admin/pitch-links", map[string]string{"name": "Acme AS"}, "User-Agent", adminUA).
			WantStatus(t, http.StatusCreated).JSON(t, &link)
		_, ref, ok := strings.Cut(link.URL, "/?ref=")
		if !ok || len(ref) < 10 || link.Name != "Acme AS" {
			t.Fatalf("pitch link %+v", link)
		}
		// The video played: a portfolio item (plays of other ids count nothing).
		item, err := st.CreatePortfolioItem(context.Background(), store.PortfolioInput{Title: "Serum unboxing",
			Category: "product", Language: "no", IsActive: true})
		if err != nil {
			t.Fatal(err)
		}
		brand := e.Client()
		brand.Do("GET", "/?ref="+ref, nil, "User-Agent", browserUA).WantStatus(t, http.StatusOK)
		brand.Do("POST", "/api/analytics/events", fmt.Sprintf(`{"events":[{"t":"view","path":"/","lang":"no","screen":"desktop","tz":"Europe/Oslo"},
			{"t":"section","id":"hero"},{"t":"section","id":"pricing"},{"t":"play","item":%d},{"t":"progress","item":%[1]d,"pct":100},
			{"t":"click","target":"package-1"},{"t":"form","step":"started"}]}`, item.ID), "User-Agent", browserUA).WantStatus(t, http.StatusAccepted)
		e.Server.Analytics().Flush()
		brand.Do("POST", "/api/contact", map[string]string{"name": "Kari", "email": "kari@acme.example",
			"message": "We would like three videos"}, "User-Agent", browserUA).WantStatus(t, http.StatusCreated)
		admin.Do("GET", "/", nil, "User-Agent", adminUA).WantStatus(t, http.StatusOK)
		e.Client().Do("GET", "/en", nil, "User-Agent", crawlerUA).WantStatus(t, http.StatusOK)
		e.Server.Analytics().Flush()
		if err := e.Server.Analytics().Rollup(context.Background()); err != nil {
			t.Fatal(err)
		}

		var sum struct {
			Visitors, Pageviews int64
			Sections            map[string]int64
			Videos              []struct{ ItemID, Plays, Completions int64 }
			Clicks              []struct {
				Target string
				Count  int64
			}
			Funnel     struct{ Visitors, FormStarted, Submitted int64 }
			PitchLinks []struct{ ID, Visits, Plays, Inquiries int64 }
		}
		admin.Do("GET", "/api/admin/analytics/summary", nil).WantStatus(t, http.StatusOK).JSON(t, &sum)
		if sum.Visitors != 1 || sum.Pageviews != 1 || sum.Sections["pricing"] != 1 || len(sum.Videos) != 1 ||
			sum.Videos[0].Plays != 1 || sum.Videos[0].Completions != 1 || len(sum.Clicks) != 1 || sum.Clicks[0].Target != "package-1" ||
			sum.Funnel.Visitors != 1 || sum.Funnel.FormStarted != 1 || sum.Funnel.Submitted != 1 ||
			len(sum.PitchLinks) != 1 || sum.PitchLinks[0].Visits != 1 || sum.PitchLinks[0].Inquiries != 1 {
			t.Fatalf("summary %+v", sum)
		}
		var inquiries []struct {
			Name      string
			PitchLink *struct {
				ID   int64
				Name string
			}
		}
		admin.Do("GET", "/api/admin/contact", nil).WantStatus(t, http.StatusOK).JSON(t, &inquiries)
		if len(inquiries) != 1 || inquiries[0].PitchLink == nil || inquiries[0].PitchLink.Name != "Acme AS" {
			t.Fatalf("inquiries %+v", inquiries)
		}
		var links []struct{ Visits, Inquiries int64 }
		admin.Do("GET", "/api/admin/pitch-links", nil).WantStatus(t, http.StatusOK).JSON(t, &links)
		if len(links) != 1 || links[0].Visits != 1 || links[0].Inquiries != 1 {
			t.Fatalf("pitch links %+v", links)
		}
		var activity []struct{ Type string }
		admin.Do("GET", "/api/admin/activity", nil).WantStatus(t, http.StatusOK).JSON(t, &activity)
		if len(activity) != 2 {
			t.Fatalf("activity %+v", activity)
		}
		csv := admin.Do("GET", "/api/admin/analytics/export.csv", nil).WantStatus(t, http.StatusOK)
		if !strings.HasPrefix(csv.Header.Get("Content-Disposition"), "attachment") || !strings.HasPrefix(csv.Body, "date,visitors,pageviews") {
			t.Fatalf("export %v %q", csv.Header, csv.Body)
		}
		admin.Do("GET", "/api/admin/analytics/summary?from=2025-13-01", nil).WantStatus(t, http.StatusBadRequest)
		admin.Do("DELETE", "/api/admin/analytics", nil).WantStatus(t, http.StatusNoContent)
		admin.Do("GET", "/api/admin/analytics/summary", nil).WantStatus(t, http.StatusOK).JSON(t, &sum)
		if sum.Visitors != 0 {
			t.Fatalf("visitors %d after delete all", sum.Visitors)
		}
		admin.Do("DELETE", "/api/admin/pitch-links/"+strconv.FormatInt(link.ID, 10), nil).WantStatus(t, http.StatusNoContent)
		admin.Do("DELETE", "/api/admin/pitch-links/"+strconv.FormatInt(link.ID, 10), nil).WantStatus(t, http.StatusNotFound)
		brand.Do("GET", "/api/admin/analytics/summary", nil).WantStatus(t, http.StatusUnauthorized)
	})
}

// A link made for the English page opens /en with its token, and a visit
// there counts for it; a language other than no and en is refused.
func TestPitchLinkForTheEnglishPage(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		var link struct {
			ID       int64
			URL      string
			Language string
		}
		admin.Do("POST", "/api/admin/pitch-links", map[string]string{"name": "Acme Ltd", "language": "en"}, "User-Agent", adminUA).
			WantStatus(t, http.StatusCreated).JSON(t, &link)
		_, ref, ok := strings.Cut(link.URL, "/en?ref=")
		if !ok || len(ref) < 10 || link.Language != "en" {
			t.Fatalf("English pitch link %+v", link)
		}
		admin.Do("POST", "/api/admin/pitch-links", map[string]string{"name": "Acme", "language": "de"}, "User-Agent", adminUA).
			WantStatus(t, http.StatusBadRequest)
		brand := e.Client()
		brand.Do("GET", "/en?ref="+ref, nil, "User-Agent", browserUA).WantStatus(t, http.StatusOK)
		brand.Do("POST", "/api/analytics/events", `{"events":[{"t":"view","path":"/en","lang":"en","screen":"phone","tz":"Europe/London"}]}`,
			"User-Agent", browserUA).WantStatus(t, http.StatusAccepted)
		e.Server.Analytics().Flush()
		var links []struct {
			URL      string
			Language string
			Visits   int64
		}
		admin.Do("GET", "/api/admin/pitch-links", nil).WantStatus(t, http.StatusOK).JSON(t, &links)
		if len(links) != 1 || links[0].Visits != 1 || links[0].Language != "en" || links[0].URL != link.URL {
			t.Fatalf("pitch links %+v", links)
		}
	})
}

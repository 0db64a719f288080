package clientlogos_test

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// processedLogo adds a client logo whose photo processing has finished.
func processedLogo(t *testing.T, st *store.Store, n int, name, status string) store.ClientLogo {
	t.Helper()
	stored := fmt.Sprintf("%032x.png", n)
	a := store.MediaAsset{StoredName: stored, Kind: store.MediaImage, Status: status, Width: 300, Height: 100}
	if status == store.MediaReady {
		a.Outputs = []store.MediaOutput{
			{Name: fmt.Sprintf("p_%032x.webp", n), Role: store.RoleImage, Width: 300, Height: 100, Type: "image/webp", Bytes: 900},
			{Name: fmt.Sprintf("p_%032x.jpg", n), Role: store.RoleImage, Width: 300, Height: 100, Type: "image/jpeg", Bytes: 1200},
		}
	}
	if err := st.PutMediaAsset(t.Context(), a); err != nil {
		t.Fatal(err)
	}
	l, err := st.CreateClientLogo(t.Context(), store.ClientLogoInput{Name: name, ImageURL: "/uploads/" + stored, LinkURL: "https://" + strings.ToLower(name) + ".example.no"})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// appHTML is the page's #root: what the server rendered.
func appHTML(page string) string {
	start, end := strings.Index(page, `<div id="root">`), strings.Index(page, `<script id="page-data"`)
	if start < 0 || end < start {
		return ""
	}
	return page[start:end]
}

// pageData is the page's data, the JSON inlined for the browser to hydrate from.
func pageData(t *testing.T, page string) string {
	t.Helper()
	_, rest, ok := strings.Cut(page, `<script id="page-data" type="application/json">`)
	data, _, closed := strings.Cut(rest, "</script>")
	if !ok || !closed {
		t.Fatalf("no page data in the page: %.400s", page)
	}
	return html.UnescapeString(data)
}

// inOrder reports whether each text is in s, after the one before it.
func inOrder(s string, texts ...string) bool {
	at := 0
	for _, text := range texts {
		i := strings.Index(s[at:], text)
		if i < 0 {
			return false
		}
		at += i + len(text)
	}
	return true
}

// The server's home page has the client logos strip (only the
// processed logos, in the admin's order, with each language's heading), the
// built-in section texts in its data, and follows every reorder at once.
func TestHomePageShowsClientLogosAndTheAdminsOrder(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{Home: true}, func(t *testing.T, e *sitetest.Site) {
		st := e.Store
		visitor, admin := e.Client(), e.SignedInAdmin(t)
		if page := visitor.Do("GET", "/", nil).WantStatus(t, http.StatusOK).Body; strings.Contains(page, `id="clients"`) || appHTML(page) == "" {
			t.Fatal("a site without logos has the strip (or no rendered page)")
		}

		nordlys := processedLogo(t, st, 1, "Nordlys", store.MediaReady)
		fjell := processedLogo(t, st, 2, "Fjellkaffe", store.MediaReady)
		processedLogo(t, st, 3, "Uferdig", store.MediaProcessing)
		admin.Do("POST", "/api/admin/content", map[string]any{"section": "clients", "language": "en",
			"content": map[string]string{"title": "Trusted by"}}).WantStatus(t, http.StatusOK)

		no := visitor.Do("GET", "/", nil).WantStatus(t, http.StatusOK).Body
		en := visitor.Do("GET", "/en", nil).WantStatus(t, http.StatusOK).Body
		for _, c := range []struct{ page, heading string }{{no, "Merkevarer jeg har jobbet med"}, {en, "Trusted by"}} {
			root := appHTML(c.page)
			if !inOrder(root, `id="clients"`, c.heading, `alt="Nordlys"`, `alt="Fjellkaffe"`) {
				t.Errorf("the strip is not rendered in order with %q: %.2000s", c.heading, root)
			}
			if strings.Contains(c.page, "Uferdig") || strings.Contains(root, "/uploads/") {
				t.Error("a logo that is not processed, or an original, reaches the page")
			}
			if !strings.Contains(root, `rel="noopener noreferrer"`) || !strings.Contains(root, `srcSet="/media/p_`) && !strings.Contains(root, `srcset="/media/p_`) {
				t.Errorf("the logos' links or variants are missing: %.2000s", root)
			}
		}

		// The page's data: the visitor's logos and the built-in texts of its language.
		raw := pageData(t, en)
		var data struct {
			ClientLogos []struct{ Name string } `json:"clientLogos"`
			Defaults    struct {
				Hero    struct{ Tagline string }
				Clients struct{ Title string }
			} `json:"defaults"`
		}
		if err := json.Unmarshal([]byte(raw), &data); err != nil {
			t.Fatal(err)
		}
		if len(data.ClientLogos) != 2 || data.Defaults.Hero.Tagline != "UGC Creator & Content Producer" || data.Defaults.Clients.Title != "Brands I've worked with" {
			t.Errorf("page data: %+v", data)
		}

		// A reorder shows at once, on the page as in the lists.
		var all []struct{ ID int64 }
		admin.Do("GET", "/api/admin/client-logos", nil).JSON(t, &all)
		admin.Do("PUT", "/api/admin/client-logos/order", map[string]any{"ids": []int64{all[2].ID, fjell.ID, nordlys.ID}}).
			WantStatus(t, http.StatusNoContent)
		if root := appHTML(visitor.Do("GET", "/", nil).Body); !inOrder(root, `alt="Fjellkaffe"`, `alt="Nordlys"`) {
			t.Errorf("the page did not follow the logos' reorder: %.2000s", root)
		}
		var items []int64
		for _, title := range []string{"Første", "Andre"} {
			var p store.PortfolioItem
			admin.Do("POST", "/api/admin/portfolio", map[string]any{"title": title, "imageUrl": "https://cdn.example.no/a.jpg", "language": "no"}).
				WantStatus(t, http.StatusCreated).JSON(t, &p)
			items = append(items, p.ID)
		}
		if root := appHTML(visitor.Do("GET", "/", nil).Body); !inOrder(root, "Andre", "Første") {
			t.Fatal("newest first before any reorder")
		}
		admin.Do("PUT", "/api/admin/portfolio/order/no", map[string]any{"ids": items}).WantStatus(t, http.StatusNoContent)
		if root := appHTML(visitor.Do("GET", "/", nil).Body); !inOrder(root, "Første", "Andre") {
			t.Error("the page did not follow the portfolio's reorder")
		}
	})
}

package clientlogos_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// logoAnswer is a client logo as the API answers it.
type logoAnswer struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	ImageURL   string `json:"imageUrl"`
	LinkURL    string `json:"linkUrl"`
	ImageMedia *struct {
		Status  string `json:"status"`
		Sources []struct {
			URL  string `json:"url"`
			Type string `json:"type"`
		} `json:"sources"`
	} `json:"imageMedia"`
}

func logoNames(list []logoAnswer) []string {
	var out []string
	for _, l := range list {
		out = append(out, l.Name)
	}
	return out
}

// The creator uploads a logo, names the brand and links it; a
// visitor sees it once its photo is processed, never the original, in the
// order the creator sets; replacing or deleting it lets go of the upload.
func TestClientLogosLifecycle(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{Jobs: true}, func(t *testing.T, e *sitetest.Site) {
		st := e.Store
		admin, visitor := e.SignedIn(t, "admin@example.no", true), e.Client()
		var ups []string
		for i, size := range [][2]int{{480, 160}, {400, 120}, {360, 200}} {
			var up struct{ URL string }
			admin.UploadImage(t, fmt.Sprintf("logo-upload-%04d", i), "image/png", sitetest.PNG(t, size[0], size[1])).
				WantStatus(t, http.StatusOK).JSON(t, &up)
			ups = append(ups, up.URL)
		}
		var visible []logoAnswer
		visitor.Do("GET", "/api/client-logos", nil).WantStatus(t, http.StatusOK).JSON(t, &visible)
		if len(visible) != 0 {
			t.Fatalf("a fresh site shows %v", visible)
		}

		var logos []logoAnswer
		for i, name := range []string{"Nordlys", "Fjellkaffe", "Bølge Studio"} {
			var l logoAnswer
			admin.Do("POST", "/api/admin/client-logos", map[string]any{"name": " " + name + " ", "imageUrl": ups[i],
				"linkUrl": map[bool]string{true: "https://" + strings.ToLower(name[:4]) + ".example.no"}[i != 1]}).
				WantStatus(t, http.StatusCreated).JSON(t, &l)
			if l.ID == 0 || l.Name != name || l.ImageURL != ups[i] || l.ImageMedia == nil {
				t.Fatalf("created %+v", l)
			}
			logos = append(logos, l)
		}
		for _, u := range ups {
			if a := e.WaitAsset(t, u); a.Status != store.MediaReady {
				t.Fatalf("logo %s: %+v", u, a)
			}
		}
		visitor.Do("GET", "/api/client-logos", nil).WantStatus(t, http.StatusOK).JSON(t, &visible)
		if got := logoNames(visible); !slices.Equal(got, []string{"Nordlys", "Fjellkaffe", "Bølge Studio"}) {
			t.Fatalf("visitor sees %v", got)
		}
		for _, l := range visible {
			if !strings.HasPrefix(l.ImageURL, "/media/p_") || l.ImageMedia == nil || len(l.ImageMedia.Sources) == 0 {
				t.Errorf("visitor's logo %+v is not the processed photo", l)
			}
		}
		if visible[1].LinkURL != "" || visible[0].LinkURL != "https://nord.example.no" {
			t.Errorf("links %q, %q", visible[0].LinkURL, visible[1].LinkURL)
		}
		visitor.Do("GET", ups[0], nil).WantStatus(t, http.StatusNotFound) // the original stays private

		// The creator's order is the visitor's.
		ids := []int64{logos[2].ID, logos[0].ID, logos[1].ID}
		admin.Do("PUT", "/api/admin/client-logos/order", map[string]any{"ids": ids}).WantStatus(t, http.StatusNoContent)
		visitor.Do("GET", "/api/client-logos", nil).JSON(t, &visible)
		if got := logoNames(visible); !slices.Equal(got, []string{"Bølge Studio", "Nordlys", "Fjellkaffe"}) {
			t.Fatalf("after reorder the visitor sees %v", got)
		}
		admin.Do("PUT", "/api/admin/client-logos/order", map[string]any{"ids": ids[:2]}).
			WantMessage(t, http.StatusBadRequest, fmt.Sprintf("The order must list every client logo of the list once; missing: %d", logos[1].ID))

		// PATCH keeps what it does not mention; a new photo replaces the old,
		// which goes from storage with what was made of it.
		path := fmt.Sprintf("/api/admin/client-logos/%d", logos[0].ID)
		var l logoAnswer
		admin.Do("PATCH", path, map[string]any{"linkUrl": ""}).WantStatus(t, http.StatusOK).JSON(t, &l)
		if l.Name != "Nordlys" || l.LinkURL != "" || l.ImageURL != ups[0] {
			t.Fatalf("patched %+v", l)
		}
		var fresh struct{ URL string }
		admin.UploadImage(t, "logo-upload-new1", "image/png", sitetest.PNG(t, 300, 100)).WantStatus(t, http.StatusOK).JSON(t, &fresh)
		e.WaitAsset(t, fresh.URL)
		old := e.WaitAsset(t, ups[0])
		admin.Do("PATCH", path, map[string]any{"imageUrl": fresh.URL}).WantStatus(t, http.StatusOK)
		oldName, _ := media.NameFromURL(ups[0])
		if e.Stored(oldName) {
			t.Error("the replaced original is kept")
		}
		for _, o := range old.Outputs {
			if e.Stored(o.Name) {
				t.Errorf("a variant of the replaced photo is kept: %s", o.Name)
			}
		}

		// The admin sees every logo, a photo being processed too; a visitor
		// only those ready.
		var pending struct{ URL string }
		admin.UploadImage(t, "logo-upload-slow", "image/png", sitetest.PNG(t, 320, 100)).WantStatus(t, http.StatusOK).JSON(t, &pending)
		e.WaitAsset(t, pending.URL) // then it fails, as a damaged photo does
		name, _ := media.NameFromURL(pending.URL)
		if err := st.PutMediaAsset(t.Context(), store.MediaAsset{StoredName: name, Kind: store.MediaImage, Status: store.MediaFailed, Error: "x"}); err != nil {
			t.Fatal(err)
		}
		admin.Do("POST", "/api/admin/client-logos", map[string]any{"name": "Feilet", "imageUrl": pending.URL}).WantStatus(t, http.StatusCreated)
		var all []logoAnswer
		admin.Do("GET", "/api/admin/client-logos", nil).WantStatus(t, http.StatusOK).JSON(t, &all)
		if got := logoNames(all); !slices.Equal(got, []string{"Bølge Studio", "Nordlys", "Fjellkaffe", "Feilet"}) || all[3].ImageMedia.Status != store.MediaFailed {
			t.Fatalf("admin sees %v", got)
		}
		visitor.Do("GET", "/api/client-logos", nil).JSON(t, &visible)
		if got := logoNames(visible); !slices.Equal(got, []string{"Bølge Studio", "Nordlys", "Fjellkaffe"}) {
			t.Fatalf("a logo that is not processed shows: %v", got)
		}

		// Deleting a logo deletes its upload.
		admin.Do("DELETE", path, nil).WantStatus(t, http.StatusNoContent)
		admin.Do("DELETE", path, nil).WantMessage(t, http.StatusNotFound, "Client logo not found")
		freshName, _ := media.NameFromURL(fresh.URL)
		if e.Stored(freshName) {
			t.Error("a deleted logo's upload is kept")
		}
		if _, err := st.GetMediaAsset(t.Context(), freshName); !apperr.Is(err, apperr.CodeNotFound) {
			t.Errorf("a deleted logo's asset row is kept: %v", err)
		}
		visitor.Do("GET", "/api/client-logos", nil).JSON(t, &visible)
		if got := logoNames(visible); !slices.Equal(got, []string{"Bølge Studio", "Fjellkaffe"}) {
			t.Fatalf("after delete the visitor sees %v", got)
		}
		visitor.Do("POST", "/api/admin/client-logos", map[string]any{"name": "X", "imageUrl": ups[1]}).WantStatus(t, http.StatusUnauthorized)
	})
}

// Every malformed logo body is a 400 with a message (never a 500) and
// stores nothing.
func TestClientLogoBadInput(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		const upload = "/uploads/0123456789abcdef0123456789abcdef.png"
		valid := func() map[string]any {
			return map[string]any{"name": "Fjellkaffe", "imageUrl": upload, "linkUrl": "https://fjellkaffe.example.no"}
		}
		with := func(k string, v any) map[string]any { b := valid(); b[k] = v; return b }
		without := func(k string) map[string]any { b := valid(); delete(b, k); return b }
		var existing logoAnswer
		admin.Do("POST", "/api/admin/client-logos", valid()).WantStatus(t, http.StatusCreated).JSON(t, &existing)

		const (
			msgImage = "Logo must be a photo uploaded here (JPEG, PNG, WebP or HEIC)"
			msgLink  = "Link must be a web address starting with http:// or https://"
		)
		cases := []struct {
			name string
			body any
			msg  string
		}{
			{"no name", without("name"), "Brand name is required"},
			{"blank name", with("name", "   "), "Brand name is required"},
			{"long name", with("name", strings.Repeat("n", 101)), "Brand name must be at most 100 characters"},
			{"no logo", without("imageUrl"), "Logo is required: upload the brand's logo"},
			{"external logo", with("imageUrl", "https://cdn.example.no/logo.png"), msgImage},
			{"svg upload", with("imageUrl", "/uploads/0123456789abcdef0123456789abcdef.svg"), msgImage},
			{"video upload", with("imageUrl", "/uploads/0123456789abcdef0123456789abcdef.mp4"), msgImage},
			{"escaping path", with("imageUrl", "/uploads/../secret.png"), msgImage},
			{"data logo", with("imageUrl", "data:image/png;base64,AAAA"), msgImage},
			{"javascript link", with("linkUrl", "javascript:alert(1)"), msgLink},
			{"link without scheme", with("linkUrl", "fjellkaffe.no"), msgLink},
			{"protocol-relative link", with("linkUrl", "//fjellkaffe.no"), msgLink},
			{"link with password", with("linkUrl", "https://a:b@fjellkaffe.no"), msgLink},
			{"long link", with("linkUrl", "https://fjellkaffe.no/"+strings.Repeat("a", 2048)), msgLink},
			{"name as number", with("name", 5), `Field "name" must be of type string`},
			{"link as list", with("linkUrl", []string{"https://a.no"}), `Field "linkUrl" must be of type string`},
			{"unknown field", with("language", "no"), `Unknown field "language"`},
			{"an id", with("id", 1), `Unknown field "id"`},
			{"control character", with("name", "Fjell\u0000kaffe"), `Field "name" contains a control character (U+0000); only tab and newline are allowed`},
			{"not JSON", "name=Fjellkaffe", "Request body is not valid JSON"},
			{"empty", "", "Request body is empty"},
		}
		count := func() int {
			list, err := e.Store.ListClientLogos(t.Context(), 0)
			if err != nil {
				t.Fatal(err)
			}
			return len(list)
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				admin.Do("POST", "/api/admin/client-logos", tc.body).WantMessage(t, http.StatusBadRequest, tc.msg)
				if tc.name == "no name" || tc.name == "no logo" {
					return // PATCH keeps the stored value of a field left out
				}
				admin.Do("PATCH", fmt.Sprintf("/api/admin/client-logos/%d", existing.ID), tc.body).WantMessage(t, http.StatusBadRequest, tc.msg)
			})
		}
		if n := count(); n != 1 {
			t.Fatalf("%d logos stored, want 1", n)
		}
		got, err := e.Store.GetClientLogo(t.Context(), existing.ID)
		if err != nil || got.Name != "Fjellkaffe" || got.LinkURL != "https://fjellkaffe.example.no" || got.ImageURL != upload {
			t.Fatalf("the stored logo changed: %+v %v", got, err)
		}
		admin.Do("PATCH", "/api/admin/client-logos/99999", valid()).WantMessage(t, http.StatusNotFound, "Client logo not found")
		admin.Do("PATCH", "/api/admin/client-logos/abc", valid()).WantMessage(t, http.StatusNotFound, `No client logo with id "abc"`)
		admin.Do("DELETE", "/api/admin/client-logos/0", nil).WantStatus(t, http.StatusNotFound)
	})
}

package rooms_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// The brand's current link can be read again by the admin (to copy or send
// it again) for as long as it works, and only that one: a replaced,
// revoked or expired link is not answered. The database keeps it sealed,
// never as the token, and a sealed token moved onto another room opens
// nothing.
func TestCurrentLinkCanBeCopiedAgain(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		t.Parallel()
		e := newRoomsSite(t, st, false)
		admin := e.SignedInAdmin(t)
		a := newDeal(t, admin, map[string]any{"brand": "Fjellkaffe"})
		b := newDeal(t, admin, map[string]any{"brand": "Nordlys"})
		read := func(dealID int64) roomJSON {
			t.Helper()
			var rm roomJSON
			admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d/room", dealID), nil).WantStatus(t, http.StatusOK).JSON(t, &rm)
			return rm
		}
		if rm := read(a); rm.URL != "" {
			t.Fatalf("a room with no link answers %q", rm.URL)
		}
		first := openRoom(t, admin, a, map[string]any{"expiresOn": "2026-03-20"})
		if got := read(a).URL; !strings.HasSuffix(got, first) {
			t.Fatalf("the current link reads %q, want …%s", got, first)
		}
		// Saving the settings keeps it.
		var saved roomJSON
		admin.Do("PATCH", fmt.Sprintf("/api/admin/deals/%d/room", a), map[string]any{"answerDays": 5}).
			WantStatus(t, http.StatusOK).JSON(t, &saved)
		if !strings.HasSuffix(saved.URL, first) {
			t.Fatalf("after saving the settings the link reads %q", saved.URL)
		}

		// Stored sealed: neither the token nor its base64 is in the table.
		token := strings.TrimPrefix(first, "/room/")
		var sealed string
		if err := st.DB.QueryRowContext(context.Background(), st.Rebind(`SELECT token_sealed FROM room_links
			WHERE purpose = 'admin' ORDER BY id DESC LIMIT 1`)).Scan(&sealed); err != nil {
			t.Fatal(err)
		}
		if sealed == "" || strings.Contains(sealed, token) {
			t.Fatalf("the link is stored as %q (token %s)", sealed, token)
		}

		// Another room given a's sealed token: b's admin reads no link of a.
		openRoom(t, admin, b, map[string]any{})
		if _, err := st.DB.ExecContext(context.Background(), st.Rebind(`UPDATE room_links SET token_sealed = ?
			WHERE room_id = (SELECT id FROM deal_rooms WHERE deal_id = ?)`), sealed, b); err != nil {
			t.Fatal(err)
		}
		if got := read(b).URL; strings.Contains(got, token) || got != "" {
			t.Fatalf("a's sealed link read through b: %q", got)
		}

		// Expired, then working again with a later expiry: the same link.
		e.clock.Set(monday.AddDate(0, 0, 20))
		if rm := read(a); rm.State != "expired" || rm.URL != "" {
			t.Fatalf("expired room %+v", rm)
		}
		admin.Do("PATCH", fmt.Sprintf("/api/admin/deals/%d/room", a), map[string]any{"expiresOn": ""}).WantStatus(t, http.StatusOK)
		if got := read(a).URL; !strings.HasSuffix(got, first) {
			t.Fatalf("after a later expiry the link reads %q", got)
		}

		// A new link replaces it; revoking leaves none to copy.
		second := openRoom(t, admin, a, map[string]any{})
		if got := read(a).URL; !strings.HasSuffix(got, second) || second == first {
			t.Fatalf("after a new link the current one reads %q (first %s, second %s)", got, first, second)
		}
		var revoked roomJSON
		admin.Do("DELETE", fmt.Sprintf("/api/admin/deals/%d/room", a), nil).WantStatus(t, http.StatusOK).JSON(t, &revoked)
		if revoked.URL != "" || read(a).URL != "" {
			t.Fatalf("a revoked room answers a link: %+v", revoked)
		}
	})
}

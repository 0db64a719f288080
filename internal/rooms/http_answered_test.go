package rooms_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// answeredDeals answers the deals the Overview's summary lists as answered
// by the brand and not yet opened by the creator, latest answer first.
func answeredDeals(t *testing.T, admin *sitetest.Client) []int64 {
	t.Helper()
	var sum struct {
		Answered []struct {
			ID    int64  `json:"id"`
			Brand string `json:"brand"`
		} `json:"answered"`
	}
	admin.Do("GET", "/api/admin/deals/summary?today=2026-03-02", nil).WantStatus(t, http.StatusOK).JSON(t, &sum)
	ids := []int64{}
	for _, a := range sum.Answered {
		ids = append(ids, a.ID)
	}
	return ids
}

// The brand's answers in the room (an approval, changes asked for) wait for
// the creator on the Overview until she opens that deal; her own steps and
// a refused answer wait for no one.
func TestBrandAnswerWaitsUntilTheCreatorOpensTheDeal(t *testing.T) {
	t.Parallel()
	eachRoomsSite(t, false, func(t *testing.T, e *roomsSite) {
		admin := e.SignedInAdmin(t)
		brand := brandClient(e)
		fjell := newDeal(t, admin, map[string]any{"brand": "Fjellkaffe", "contactEmail": "ola@fjellkaffe.no"})
		nordlys := newDeal(t, admin, map[string]any{"brand": "Nordlys"})
		fjellRoom := openRoom(t, admin, fjell, map[string]any{})
		nordlysRoom := openRoom(t, admin, nordlys, map[string]any{})
		a := uploadDraft(t, admin, fjell, "answered-a-1", sitetest.FakeVideo(20<<10), 1)
		b := uploadDraft(t, admin, nordlys, "answered-b-1", sitetest.FakeVideo(20<<10), 1)
		if got := answeredDeals(t, admin); len(got) != 0 {
			t.Fatalf("answered after the creator's own uploads: %v", got)
		}
		// A refused answer (changes with no comment) is no answer.
		answer(e, brand, fjellRoom, a.ID, "changes", "").WantStatus(t, http.StatusBadRequest)
		if got := answeredDeals(t, admin); len(got) != 0 {
			t.Fatalf("answered after a refused answer: %v", got)
		}

		answer(e, brand, fjellRoom, a.ID, "approve", "").WantStatus(t, http.StatusSeeOther)
		time.Sleep(2 * time.Millisecond) // the answers' order is the server's clock's
		answer(e, brand, nordlysRoom, b.ID, "changes", "Kortere intro").WantStatus(t, http.StatusSeeOther)
		if got := answeredDeals(t, admin); !slices.Equal(got, []int64{nordlys, fjell}) {
			t.Fatalf("answered %v, want %v", got, []int64{nordlys, fjell})
		}
		// Other reads of the deal (the board, its drafts) are not opening it.
		admin.Do("GET", "/api/admin/deals", nil).WantStatus(t, http.StatusOK)
		admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d/drafts", fjell), nil).WantStatus(t, http.StatusOK)
		if got := answeredDeals(t, admin); len(got) != 2 {
			t.Fatalf("answered after the board was read: %v", got)
		}

		// She opens Fjellkaffe's deal: Nordlys still waits.
		deal(t, admin, "GET", fmt.Sprintf("/api/admin/deals/%d", fjell), nil, http.StatusOK)
		if got := answeredDeals(t, admin); !slices.Equal(got, []int64{nordlys}) {
			t.Fatalf("after opening Fjellkaffe: %v", got)
		}
		deal(t, admin, "GET", fmt.Sprintf("/api/admin/deals/%d", nordlys), nil, http.StatusOK)
		if got := answeredDeals(t, admin); len(got) != 0 {
			t.Fatalf("after opening both: %v", got)
		}
	})
}

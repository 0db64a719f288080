package deals

import (
	"database/sql"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// A deal the brand has answered is listed in the summary, latest answer
// first, until the creator opens it; the mark changes nothing of the deal.
func TestAnsweredUntilSeen(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		s, kari := setup(t, st)
		clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
		s.SetClock(func() time.Time { return clock })
		a, _ := s.Create(ctx, kari, Input{Brand: "Fjellkaffe"})
		b, _ := s.Create(ctx, kari, Input{Brand: "Nordlys"})
		s.Create(ctx, kari, Input{Brand: "Quiet"})
		today := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
		answered := func() []Answered {
			t.Helper()
			sum, err := s.Summary(ctx, today)
			if err != nil {
				t.Fatal(err)
			}
			return sum.Answered
		}
		if got := answered(); got == nil || len(got) != 0 {
			t.Fatalf("answered before any answer: %#v, want an empty list", got)
		}
		mark := func(id int64, at time.Time) {
			t.Helper()
			clock = at
			if err := st.InTx(ctx, func(tx *sql.Tx) error { return s.MarkAnswered(ctx, tx, id) }); err != nil {
				t.Fatal(err)
			}
		}
		mark(a.ID, clock.Add(time.Hour))
		mark(b.ID, clock.Add(time.Hour))
		mark(a.ID, clock.Add(time.Hour)) // a's second answer: a comes first again
		got := answered()
		if len(got) != 2 || got[0].ID != a.ID || got[0].Brand != "Fjellkaffe" || !got[0].At.Equal(clock) || got[1].ID != b.ID {
			t.Fatalf("answered %+v", got)
		}

		// Nothing of the deal moved: an edit from the deal as read before goes through.
		next := a.Input
		next.Notes = "Svar fra Ola"
		if _, err := s.Update(ctx, kari, a, next); err != nil {
			t.Fatalf("an edit after the brand's answer: %v", err)
		}
		if cur, _ := s.Get(ctx, b.ID); !cur.UpdatedAt.Equal(b.UpdatedAt) {
			t.Errorf("the mark moved updatedAt: %v, was %v", cur.UpdatedAt, b.UpdatedAt)
		}

		// She opens a: b waits still; opening it twice is no error.
		for range 2 {
			if err := s.seen(ctx, a.ID); err != nil {
				t.Fatal(err)
			}
		}
		if got := answered(); len(got) != 1 || got[0].ID != b.ID {
			t.Fatalf("after opening a: %+v", got)
		}
		if err := s.seen(ctx, b.ID); err != nil {
			t.Fatal(err)
		}
		if got := answered(); len(got) != 0 {
			t.Fatalf("after opening both: %+v", got)
		}
	})
}

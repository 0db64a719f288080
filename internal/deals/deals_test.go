package deals

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// The deals on both databases: SQLite always, PostgreSQL with TEST_DATABASE_URL.

var ctx = context.Background()

// setup answers the deals of a fresh store and an admin to act as.
func setup(t *testing.T, st *store.Store) (*Service, Actor) {
	t.Helper()
	u, err := st.CreateUser(ctx, store.UserInput{Username: "kari@example.no", DisplayName: "Kari", PasswordHash: "x", IsAdmin: true})
	if err != nil {
		t.Fatal(err)
	}
	return New(Deps{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}), Actor{ID: u.ID, Name: "Kari"}
}

func code(err error) apperr.Code {
	if e, ok := apperr.As(err); ok {
		return e.Code
	}
	return ""
}

func ptr(s string) *string { return &s }

func TestCreateListAndFilter(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		s, kari := setup(t, st)
		a, err := s.Create(ctx, kari, Input{Brand: "  Fjellkaffe ", Price: 6300, DueDate: "2026-03-12", DeliverableCount: 3})
		if err != nil {
			t.Fatal(err)
		}
		want := Input{Brand: "Fjellkaffe", Language: "no", Price: 6300, Currency: "NOK", DeliverableCount: 3,
			DeliverableFormat: "9:16", DueDate: "2026-03-12", Stage: StageNew}
		if a.Input != want || a.InquiryID != nil || a.CreatedAt.IsZero() || !a.CreatedAt.Equal(a.UpdatedAt) {
			t.Fatalf("created %+v, want %+v", a, want)
		}
		got, err := s.Get(ctx, a.ID)
		if err != nil || got.Input != want || !got.CreatedAt.Equal(a.CreatedAt) {
			t.Fatalf("read back %+v, %v", got, err)
		}
		b, _ := s.Create(ctx, kari, Input{Brand: "Nordlys", Stage: StageBooked, DueDate: "2026-03-05"})
		c, _ := s.Create(ctx, kari, Input{Brand: "Undated", Stage: StageBooked})
		list, err := s.List(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		ids := func(l []Deal) []int64 {
			var out []int64
			for _, d := range l {
				out = append(out, d.ID)
			}
			return out
		}
		if got := ids(list); !slices.Equal(got, []int64{b.ID, a.ID, c.ID}) {
			t.Errorf("list %v, want soonest due first and the undated last", got)
		}
		booked, _ := s.List(ctx, StageBooked)
		if got := ids(booked); !slices.Equal(got, []int64{b.ID, c.ID}) {
			t.Errorf("booked %v", got)
		}
		if _, err := s.Get(ctx, 999); code(err) != apperr.CodeNotFound {
			t.Errorf("a missing deal: %v", err)
		}
		if _, err := s.Create(ctx, kari, Input{Brand: ""}); code(err) != apperr.CodeInvalid {
			t.Errorf("a deal without a brand: %v", err)
		}
		if all, _ := s.List(ctx, ""); len(all) != 3 {
			t.Errorf("a refused deal was stored: %d deals", len(all))
		}
	})
}

func TestUpdateRecordsWhoWhenAndWhat(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		s, kari := setup(t, st)
		clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
		s.SetClock(func() time.Time { return clock })
		d, _ := s.Create(ctx, kari, Input{Brand: "Fjellkaffe", Price: 2500})

		clock = clock.Add(time.Hour)
		next := d.Input
		next.Stage, next.Price, next.Brief, next.DueDate = StageNegotiating, 6300, "Tre videoer", "2026-03-20"
		d2, err := s.Update(ctx, kari, d, next)
		if err != nil {
			t.Fatal(err)
		}
		if d2.Stage != StageNegotiating || d2.Price != 6300 || !d2.UpdatedAt.Equal(clock) || !d2.CreatedAt.Equal(d.CreatedAt) {
			t.Fatalf("updated %+v", d2)
		}
		// Nothing changed: nothing written, nothing recorded.
		same, err := s.Update(ctx, kari, d2, d2.Input)
		if err != nil || !same.UpdatedAt.Equal(d2.UpdatedAt) {
			t.Fatalf("a change of nothing: %+v, %v", same, err)
		}
		evs, err := s.Events(ctx, d.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) != 2 {
			t.Fatalf("events %+v, want created and one update", evs)
		}
		created, updated := evs[0], evs[1]
		if created.Kind != KindCreated || created.ToStage != StageNew || created.Actor != kari || created.Brand != "Fjellkaffe" {
			t.Errorf("created event %+v", created)
		}
		if updated.Kind != KindUpdated || updated.FromStage != StageNew || updated.ToStage != StageNegotiating ||
			!updated.At.Equal(clock) || updated.Actor != kari || *updated.DealID != d.ID {
			t.Errorf("update event %+v", updated)
		}
		want := []Change{{"price", ptr("2500"), ptr("6300")}, {"dueDate", ptr(""), ptr("2026-03-20")}, {Field: "brief"}}
		if len(updated.Changes) != len(want) {
			t.Fatalf("changes %+v, want %+v", updated.Changes, want)
		}
		for i, c := range updated.Changes {
			w := want[i]
			if c.Field != w.Field || (c.From == nil) != (w.From == nil) || (c.From != nil && (*c.From != *w.From || *c.To != *w.To)) {
				t.Errorf("change %d: %+v, want %+v", i, c, w)
			}
		}
		// A bad value is refused whole: nothing of it stored or recorded.
		bad := d2.Input
		bad.Price, bad.Stage = 100, "archived"
		if _, err := s.Update(ctx, kari, d2, bad); code(err) != apperr.CodeInvalid {
			t.Errorf("an unknown stage: %v", err)
		}
		if got, _ := s.Get(ctx, d.ID); got.Price != 6300 {
			t.Errorf("price %d after a refused update", got.Price)
		}
	})
}

// Two writes from one read: the second is refused (409) and loses nothing
// of the first.
func TestUpdateOverAChangedDealIsAConflict(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		s, kari := setup(t, st)
		d, _ := s.Create(ctx, kari, Input{Brand: "Fjellkaffe"})
		first := d.Input
		first.Stage = StageBooked
		if _, err := s.Update(ctx, kari, d, first); err != nil {
			t.Fatal(err)
		}
		second := d.Input
		second.Notes = "Ring tirsdag"
		if _, err := s.Update(ctx, kari, d, second); code(err) != apperr.CodeConflict {
			t.Fatalf("a stale update: %v, want a conflict", err)
		}
		got, _ := s.Get(ctx, d.ID)
		if got.Stage != StageBooked || got.Notes != "" {
			t.Errorf("after the conflict: %+v", got.Input)
		}
		if err := s.Delete(ctx, kari, d.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Update(ctx, kari, got, second); code(err) != apperr.CodeNotFound {
			t.Errorf("an update of a deleted deal: %v", err)
		}
	})
}

func TestFromInquiryOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		s, kari := setup(t, st)
		inq, err := st.CreateInquiry(ctx, store.InquiryInput{Name: "Ola Nordmann", Email: "ola@nordlys.no", Company: "Nordlys AS",
			Service: "Pakketilbud 1", Message: "Tre videoer til lanseringen i mai.", Language: "en"})
		if err != nil {
			t.Fatal(err)
		}
		d, created, err := s.FromInquiry(ctx, kari, inq.ID, Input{})
		if err != nil || !created {
			t.Fatalf("from inquiry: %+v, %v, %v", d, created, err)
		}
		want := Input{Brand: "Nordlys AS", ContactName: "Ola Nordmann", ContactEmail: "ola@nordlys.no", Language: "en",
			Package: "Package 1", Price: 6300, Currency: "NOK", DeliverableCount: 3, DeliverableFormat: "9:16",
			Brief: "Tre videoer til lanseringen i mai.", Stage: StageNew}
		if d.Input != want || d.InquiryID == nil || *d.InquiryID != inq.ID {
			t.Fatalf("deal %+v, want %+v", d, want)
		}
		again, created, err := s.FromInquiry(ctx, kari, inq.ID, Input{Brand: "Another"})
		if err != nil || created || again.ID != d.ID || again.Brand != "Nordlys AS" {
			t.Fatalf("the second click: %+v, %v, %v", again, created, err)
		}
		refs, err := s.OfInquiries(ctx, []int64{inq.ID, 999})
		if err != nil || len(refs) != 1 || refs[inq.ID] != (Ref{ID: d.ID, Stage: StageNew}) {
			t.Errorf("refs %v, %v", refs, err)
		}
		// No company: the sender's name is the brand; what the body gives wins.
		solo, _ := st.CreateInquiry(ctx, store.InquiryInput{Name: "Kari Solo", Email: "kari@solo.no", Message: "Hei, en video takk."})
		d2, _, err := s.FromInquiry(ctx, kari, solo.ID, Input{Price: 2500, Stage: StageNegotiating})
		if err != nil || d2.Brand != "Kari Solo" || d2.Language != "no" || d2.Price != 2500 || d2.Stage != StageNegotiating {
			t.Errorf("deal of an inquiry without a company: %+v, %v", d2, err)
		}
		// The inquiry goes, the deal stays without it.
		if err := st.DeleteInquiry(ctx, inq.ID); err != nil {
			t.Fatal(err)
		}
		kept, err := s.Get(ctx, d.ID)
		if err != nil || kept.InquiryID != nil {
			t.Errorf("after the inquiry's deletion: %+v, %v", kept, err)
		}
		if _, _, err := s.FromInquiry(ctx, kari, inq.ID, Input{}); code(err) != apperr.CodeNotFound {
			t.Errorf("a deleted inquiry: %v", err)
		}
	})
}

func TestDeleteRunsTheHooksInItsTransaction(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		s, kari := setup(t, st)
		d, _ := s.Create(ctx, kari, Input{Brand: "Fjellkaffe"})
		keep, _ := s.Create(ctx, kari, Input{Brand: "Nordlys"})
		fail := true
		var ran, after []int64
		s.OnDelete(func(ctx context.Context, tx *sql.Tx, id int64) (func(context.Context), error) {
			// The deal is still there for the hook to read, inside the transaction.
			var brand string
			if err := tx.QueryRowContext(ctx, s.q(`SELECT brand FROM deals WHERE id = ?`), id).Scan(&brand); err != nil {
				return nil, err
			}
			ran = append(ran, id)
			if fail {
				return nil, errors.New("storage is down")
			}
			return func(context.Context) { after = append(after, id) }, nil
		})
		if err := s.Delete(ctx, kari, d.ID); err == nil {
			t.Fatal("a failing hook let the deal go")
		}
		if _, err := s.Get(ctx, d.ID); err != nil || len(after) != 0 {
			t.Fatalf("after a failing hook: %v, after-commit ran %v", err, after)
		}
		fail = false
		if err := s.Delete(ctx, kari, d.ID); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ran, []int64{d.ID, d.ID}) || !slices.Equal(after, []int64{d.ID}) {
			t.Errorf("hooks ran for %v, after commit for %v", ran, after)
		}
		if _, err := s.Get(ctx, d.ID); code(err) != apperr.CodeNotFound {
			t.Errorf("the deleted deal: %v", err)
		}
		if evs, _ := s.Events(ctx, d.ID); len(evs) != 0 {
			t.Errorf("its history stayed: %+v", evs)
		}
		if err := s.Delete(ctx, kari, d.ID); code(err) != apperr.CodeNotFound {
			t.Errorf("deleted twice: %v", err)
		}
		if _, err := s.Get(ctx, keep.ID); err != nil {
			t.Errorf("the other deal: %v", err)
		}
		lines, err := s.Activity(ctx, 20)
		if err != nil {
			t.Fatal(err)
		}
		if len(lines) != 2 || lines[0].Text != "Deal deleted: Fjellkaffe" || lines[0].Link != "/admin/deals" {
			t.Errorf("activity %+v", lines)
		}
	})
}

func TestActivityLines(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		s, kari := setup(t, st)
		clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
		s.SetClock(func() time.Time { clock = clock.Add(time.Minute); return clock })
		d, _ := s.Create(ctx, kari, Input{Brand: "Fjellkaffe"})
		next := d.Input
		next.Stage = StageInProduction
		d, _ = s.Update(ctx, kari, d, next)
		next.Price, next.DueDate = 6300, "2026-03-20"
		d, _ = s.Update(ctx, kari, d, next)
		next.Brand, next.Stage, next.Notes = "Fjellkaffe AS", StageDelivered, "Levert"
		s.Update(ctx, kari, d, next)
		lines, err := s.Activity(ctx, 3)
		if err != nil {
			t.Fatal(err)
		}
		var texts []string
		for _, l := range lines {
			texts = append(texts, l.Text)
		}
		want := []string{
			"Fjellkaffe AS: moved from In production to Delivered; brand, notes changed",
			"Fjellkaffe AS: price, due date changed",
			"Fjellkaffe AS: moved from New to In production",
		}
		if !slices.Equal(texts, want) {
			t.Errorf("activity\n%q\nwant\n%q", texts, want)
		}
		if lines[0].Link != "/admin/deals/"+strconv.FormatInt(d.ID, 10) {
			t.Errorf("link %q", lines[0].Link)
		}

		// Another package's events end with who acted: her own step and the brand's answer
		// do not read alike.
		for _, ev := range []Event{
			{Actor: kari, Kind: "draft", Detail: "uploaded draft video 1 v1"},
			{Actor: Actor{Name: "Ola (Fjellkaffe AS)"}, Kind: "draft", Detail: "asked for changes on draft video 1 v1"},
		} {
			ev.DealID, ev.Brand = &d.ID, "Fjellkaffe AS"
			if err := s.Record(ctx, nil, ev); err != nil {
				t.Fatal(err)
			}
		}
		lines, err = s.Activity(ctx, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(lines) != 2 || lines[0].Text != "Fjellkaffe AS: asked for changes on draft video 1 v1 — Ola (Fjellkaffe AS)" ||
			lines[1].Text != "Fjellkaffe AS: uploaded draft video 1 v1 — Kari" {
			t.Errorf("lines of other packages: %+v", lines)
		}
	})
}

func TestSummary(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		s, kari := setup(t, st)
		mk := func(brand, stage, due string, price int, currency string) Deal {
			d, err := s.Create(ctx, kari, Input{Brand: brand, Stage: stage, DueDate: due, Price: price, Currency: currency})
			if err != nil {
				t.Fatal(err)
			}
			return d
		}
		late := mk("Late", StageInProduction, "2026-03-01", 2500, "")
		mk("Later", StageBooked, "2026-03-16", 6300, "")             // next week
		sunday := mk("Sunday", StageBooked, "2026-03-08", 10000, "") // the week's last day
		mk("Done", StageDelivered, "2026-03-04", 4000, "")           // delivered: not due
		mk("Euro", StageNew, "", 500, "EUR")
		mk("Paid", StagePaid, "2026-03-04", 3000, "")
		mk("Lost", StageLost, "", 9000, "")
		sum, err := s.Summary(ctx, time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC)) // a Wednesday
		if err != nil {
			t.Fatal(err)
		}
		if sum.WeekStart != "2026-03-02" || sum.WeekEnd != "2026-03-08" || sum.Today != "2026-03-04" {
			t.Errorf("week %s–%s, today %s", sum.WeekStart, sum.WeekEnd, sum.Today)
		}
		byStage := map[string]StageTotal{}
		for _, st := range sum.Stages {
			byStage[st.Stage] = st
		}
		if len(sum.Stages) != len(Stages) || sum.Stages[0].Stage != StageNew {
			t.Errorf("stages %+v", sum.Stages)
		}
		if b := byStage[StageBooked]; b.Count != 2 || b.Value["NOK"] != 16300 {
			t.Errorf("booked %+v", b)
		}
		if n := byStage[StageNew]; n.Count != 1 || n.Value["EUR"] != 500 || n.Value["NOK"] != 0 {
			t.Errorf("new %+v", n)
		}
		if sum.Open.Count != 5 || sum.Open.Value["NOK"] != 2500+6300+10000+4000 || sum.Open.Value["EUR"] != 500 {
			t.Errorf("open %+v", sum.Open)
		}
		if len(sum.DueThisWeek) != 2 || sum.DueThisWeek[0].ID != late.ID || !sum.DueThisWeek[0].Overdue ||
			sum.DueThisWeek[1].ID != sunday.ID || sum.DueThisWeek[1].Overdue {
			t.Errorf("due this week %+v", sum.DueThisWeek)
		}
		// Sunday belongs to the week that began on Monday.
		mon, sun := Week(time.Date(2026, 3, 8, 0, 0, 0, 0, time.UTC))
		if mon.Format(time.DateOnly) != "2026-03-02" || sun.Format(time.DateOnly) != "2026-03-08" {
			t.Errorf("week of a Sunday: %v–%v", mon, sun)
		}
	})
}

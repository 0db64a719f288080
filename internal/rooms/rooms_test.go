package rooms

import (
	"strings"
	"testing"
	"time"
)

// The pieces of the rooms that need no server: days, paths, names, tokens.
// The rooms through the real router are internal/httpapi's rooms_*_test.go.

func TestBusinessDays(t *testing.T) {
	at := func(s string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", s, oslo)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct {
		from string
		n    int
		want string
	}{
		{"2026-03-02 10:00", 3, "2026-03-05 10:00"}, // Monday → Thursday
		{"2026-03-06 15:00", 3, "2026-03-11 15:00"}, // Friday → Wednesday
		{"2026-03-07 09:00", 1, "2026-03-09 09:00"}, // Saturday → Monday
		{"2026-03-08 09:00", 3, "2026-03-11 09:00"}, // Sunday → Wednesday
		{"2026-03-27 12:00", 3, "2026-04-01 12:00"}, // over the change to summer time: the same hour in Oslo
		{"2026-03-02 10:00", 10, "2026-03-16 10:00"},
	} {
		got := addBusinessDays(at(c.from), c.n).In(oslo)
		if !got.Equal(at(c.want)) {
			t.Errorf("%s + %d business days = %s, want %s", c.from, c.n, got.Format("Mon 2006-01-02 15:04"), c.want)
		}
	}
	if d := day(time.Date(2026, 6, 29, 22, 30, 0, 0, time.UTC)); d != "2026-06-30" {
		t.Errorf("Oslo's day at 00:30 is %s", d)
	}
	if n := daysBetween("2026-07-01", "2026-06-30"); n != -1 {
		t.Errorf("daysBetween backwards = %d", n)
	}
}

func TestTokens(t *testing.T) {
	a, ha := newToken()
	b, hb := newToken()
	if a == b || ha == hb || !tokenRe.MatchString(a) || len(a) != 32 || strings.Contains(ha, a) || hashToken(a) != ha {
		t.Fatalf("tokens %q %q, hashes %q %q", a, b, ha, hb)
	}
}

func TestDownloadName(t *testing.T) {
	for name, want := range map[string]string{
		"Fjellkaffe final.MOV":    "Fjellkaffe final.mp4",
		`C:\Users\kari\klipp.mp4`: "klipp.mp4",
		"../../etc/passwd":        "passwd.mp4",
		".mp4":                    "video.mp4",
	} {
		if got := downloadName(Draft{FileName: name, storedName: "abc.mp4"}); got != want {
			t.Errorf("downloadName(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestCheckAnswer(t *testing.T) {
	ok, err := checkAnswer(Answer{Decision: DecisionChanges, Comment: "  Kortere\r\nintro  "})
	if err != nil || ok.Comment != "Kortere\nintro" {
		t.Fatalf("%+v %v", ok, err)
	}
	for _, c := range []struct {
		in   Answer
		want error
	}{
		{Answer{Decision: "yes"}, errBadDecision},
		{Answer{Decision: DecisionChanges, Comment: " \n"}, errCommentRequired},
		{Answer{Decision: DecisionApprove, Comment: strings.Repeat("ø", MaxNote+1)}, errCommentTooLong},
		{Answer{Decision: DecisionApprove, Comment: "a\x1bb"}, errCommentControl},
	} {
		if _, err := checkAnswer(c.in); err != c.want {
			t.Errorf("%+v: %v, want %v", c.in, err, c.want)
		}
	}
	if _, err := checkAnswer(Answer{Decision: DecisionApprove}); err != nil {
		t.Errorf("approve without a comment: %v", err)
	}
}

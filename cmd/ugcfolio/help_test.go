package main

import (
	"context"
	"strings"
	"testing"
)

// TestServeHelpSaysMailNeedsTLS: serve --help describes UGCFOLIO_SMTP_URL as
// it behaves: an smtp:// server must offer STARTTLS (a server that does not
// gets no message), and plain text needs ?tls=none.
func TestServeHelpSaysMailNeedsTLS(t *testing.T) {
	t.Parallel()
	r := runCmd(t, context.Background(), env(), "", "serve", "--help")
	help := r.stdout + r.stderr
	if strings.Contains(help, "when offered") {
		t.Errorf("serve --help says STARTTLS is used when offered:\n%s", help)
	}
	for _, want := range []string{"STARTTLS required", "smtps://", "?tls=none"} {
		if !strings.Contains(help, want) {
			t.Errorf("serve --help does not say %q", want)
		}
	}
}

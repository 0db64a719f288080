// Package lang is the one list of the site's languages in Go: every
// validator, default and per-language table uses these names instead of
// writing "no" and "en" again. It imports nothing of ours, so any package
// may use it.
package lang

import (
	"fmt"
	"slices"
	"strings"
)

// The languages, by the codes the API, the URLs and the database use.
const (
	Norwegian = "no"
	English   = "en"

	// Default is the language of a visitor who chose none (and of an
	// inquiry sent without one).
	Default = Norwegian
)

// All lists every language, the default first.
var All = []string{Norwegian, English}

// Valid reports whether s is one of the languages.
func Valid(s string) bool { return slices.Contains(All, s) }

// Or names the languages for a message, each formatted with verb:
// Or("%q") is `"no" or "en"`, Or("%s") is `no or en`.
func Or(verb string) string {
	names := make([]string, len(All))
	for i, l := range All {
		names[i] = fmt.Sprintf(verb, l)
	}
	last := len(names) - 1
	return strings.Join(names[:last], ", ") + " or " + names[last]
}

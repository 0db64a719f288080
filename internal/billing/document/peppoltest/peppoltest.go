// Package peppoltest judges EHF files by the official rules in tests: the
// EN 16931 and Peppol BIS Billing 3.0 rule sets (Norwegian rules included)
// that third_party/peppol/validate.sh runs with Java and Saxon-HE, every
// file of a call under one Java start (10–20 s each otherwise).
package peppoltest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
)

// Findings are one file's failed rules, each "RULE-ID: text".
type Findings struct {
	Fatal    []string
	Warnings []string
}

// Has reports whether rule is among the fatal findings.
func (f Findings) Has(rule string) bool {
	for _, x := range f.Fatal {
		if strings.HasPrefix(x, rule+":") {
			return true
		}
	}
	return false
}

// script is validate.sh, found from this file so any package's test can run it.
func script() string {
	_, here, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(here), "../../../../third_party/peppol/validate.sh")
}

// Validate writes each document (by name) to a temporary folder, runs the
// rules on all of them at once, and answers each name's findings. It fails
// the test, naming `make peppol`, when Java or Saxon is missing.
func Validate(t testing.TB, docs map[string][]byte) map[string]Findings {
	t.Helper()
	if _, err := exec.LookPath("java"); err != nil {
		t.Fatal("java is missing: run `make peppol` (Java and Saxon-HE from Debian) to judge EHF by the official rules")
	}
	if _, err := os.Stat("/usr/share/java/Saxon-HE.jar"); err != nil && os.Getenv("SAXON_JAR") == "" {
		t.Fatal("Saxon-HE is missing: run `make peppol` to judge EHF by the official rules")
	}
	dir := t.TempDir()
	names := make([]string, 0, len(docs))
	for name := range docs {
		names = append(names, name)
	}
	sort.Strings(names)
	byPath := map[string]string{}
	var files []string
	for _, name := range names {
		path := filepath.Join(dir, strings.NewReplacer("/", "_", " ", "_").Replace(name)+".xml")
		if err := os.WriteFile(path, docs[name], 0o644); err != nil {
			t.Fatal(err)
		}
		byPath[path] = name
		files = append(files, path)
	}
	out, err := exec.Command(script(), files...).CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
		t.Fatalf("validate.sh: %v\n%s", err, out)
	}
	result := map[string]Findings{}
	for _, name := range names {
		result[name] = Findings{}
	}
	for _, line := range strings.Split(string(out), "\n") {
		file, rest, ok := strings.Cut(line, ": ")
		name, known := byPath[file]
		if !ok || !known {
			continue
		}
		f := result[name]
		if x, ok := strings.CutPrefix(rest, "fatal "); ok {
			f.Fatal = append(f.Fatal, x)
		} else if x, ok := strings.CutPrefix(rest, "warning "); ok {
			f.Warnings = append(f.Warnings, x)
		} else {
			f.Fatal = append(f.Fatal, rest) // "not readable as XML"
		}
		result[name] = f
	}
	return result
}

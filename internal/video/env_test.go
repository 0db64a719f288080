package video

import (
	"context"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// spyOnPrograms puts an ffmpeg and an ffprobe first on PATH that append
// the environment they were given to the file it answers, then run the
// real program: the test sees what each run of the code got.
func spyOnPrograms(t *testing.T) (dump string) {
	t.Helper()
	bin := t.TempDir()
	dump = filepath.Join(t.TempDir(), "environments")
	for _, name := range []string{"ffmpeg", "ffprobe"} {
		real, err := exec.LookPath(name)
		if err != nil {
			t.Fatalf("these tests run the real %s: %v (apt-get install ffmpeg)", name, err)
		}
		script := "#!/bin/sh\n{ echo '--- " + name + "'; /usr/bin/env; } >> '" + dump + "'\nexec '" + real + "' \"$@\"\n"
		if err := os.WriteFile(filepath.Join(bin, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return dump
}

// ffmpeg and ffprobe run with a minimal environment: the server's secrets
// (the database's address and password, S3 keys, the SMTP password, the
// backup key) are no business of a decoder that reads untrusted files.
func TestProgramsGetNoSecrets(t *testing.T) {
	// A tiny clip, made before the spies are on PATH.
	clip := filepath.Join(t.TempDir(), "tiny.mp4")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=96x64:rate=10", "-f", "lavfi", "-i", "sine=frequency=440",
		"-t", "0.5", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", clip)
	secrets := map[string]string{
		"DATABASE_URL":                      "postgres://ugc:db-secret-1@db/ugc",
		"UGCFOLIO_SMTP_URL":                 "smtp://mailer:smtp-secret-2@mail:587",
		"UGCFOLIO_BACKUP_KEY":               "backup-secret-3",
		"UGCFOLIO_S3_SECRET_KEY":            "s3-secret-4",
		"UGCFOLIO_GATE_PASSWORD":            "gate-secret-5",
		"AWS_SECRET_ACCESS_KEY":             "aws-secret-6",
		"UGCFOLIO_BACKUP_AGE_IDENTITY_FILE": "/run/secrets/age-secret-7",
	}
	for k, v := range secrets {
		t.Setenv(k, v)
	}
	dump := spyOnPrograms(t)

	tl := tools(t)
	if _, err := tl.Process(context.Background(), clip, t.TempDir(), nil); err != nil {
		t.Fatal(err)
	}

	b, err := os.ReadFile(dump)
	if err != nil {
		t.Fatalf("the spies never ran: %v", err)
	}
	got := string(b)
	// Find's -filters, the probe, the poster's runs, the renditions.
	if runs := strings.Count(got, "--- ffmpeg"); runs < 3 || !strings.Contains(got, "--- ffprobe") {
		t.Fatalf("ffmpeg ran %d times, ffprobe %d: the spies missed runs\n%s", runs, strings.Count(got, "--- ffprobe"), got)
	}
	for k, v := range secrets {
		if strings.Contains(got, k+"=") || strings.Contains(got, v) {
			t.Errorf("%s reached ffmpeg or ffprobe", k)
		}
	}
	extra := map[string]bool{}
	for _, line := range strings.Split(got, "\n") {
		if name, _, ok := strings.Cut(line, "="); ok && !strings.HasPrefix(line, "---") && !allowedInChild(name) {
			extra[name] = true
		}
	}
	if len(extra) > 0 {
		t.Errorf("the programs got %d variables they do not need: %v", len(extra), slices.Sorted(maps.Keys(extra)))
	}
}

// allowedInChild: what a program gets (and what the shell of the spy
// sets itself).
func allowedInChild(name string) bool {
	switch name {
	case "PATH", "TMPDIR", "PWD", "SHLVL", "_", "OLDPWD":
		return true
	}
	return false
}

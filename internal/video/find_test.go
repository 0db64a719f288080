package video

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Find names the program that is missing: the admin reads it.
func TestFindNamesTheMissingProgram(t *testing.T) {
	real, lerr := exec.LookPath("ffmpeg")
	t.Setenv("PATH", t.TempDir())
	_, err := Find(context.Background())
	if err == nil || err.Error() != "ffmpeg is not installed" || !errors.Is(err, ErrNoFFmpeg) {
		t.Fatalf("no ffmpeg: %v", err)
	}

	// ffmpeg alone (a link to the real one): ffprobe is named.
	dir := t.TempDir()
	if lerr == nil {
		lerr = os.Symlink(real, filepath.Join(dir, "ffmpeg"))
	}
	if lerr != nil {
		t.Fatalf("these tests need ffmpeg: %v", lerr)
	}
	t.Setenv("PATH", dir)
	_, err = Find(context.Background())
	var missing *MissingError
	if err == nil || err.Error() != "ffprobe is not installed" || !errors.As(err, &missing) || missing.Program != "ffprobe" {
		t.Fatalf("no ffprobe: %v", err)
	}
}

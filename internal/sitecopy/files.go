package sitecopy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/media"
)

// FileReport counts the stored files of a run.
type FileReport struct {
	Copied  int   // written to the target
	Bytes   int64 // their bytes
	Skipped int   // already in the target with the same size
	// Vanished were listed but gone when their turn came: the running
	// site removed them meanwhile (it removes only files it stopped using).
	Vanished int
}

func (r FileReport) vanishedNote() string {
	if r.Vanished == 0 {
		return ""
	}
	return fmt.Sprintf(", %d removed by the site meanwhile", r.Vanished)
}

// copyFiles copies every file of from into to under the same name, and
// skips a file to already holds with the same size: stored names are
// random or content-addressed, so the same name and size is the same file,
// and a second run copies only what the first did not.
func copyFiles(ctx context.Context, from, to Files, out io.Writer) (FileReport, error) {
	type file struct {
		name string
		size int64
	}
	var files []file
	var total int64
	err := from.List(ctx, func(name string, size int64) error {
		files = append(files, file{name, size})
		total += size
		return nil
	})
	if err != nil {
		return FileReport{}, fmt.Errorf("list the stored files: %w", err)
	}
	printf(out, "Files: %d to look at (%s)\n", len(files), size(total))
	var rep FileReport
	lastNote := time.Now()
	for i, f := range files {
		copied, err := copyFile(ctx, from, to, f.name, f.size)
		switch {
		case errors.Is(err, media.ErrNotFound):
			rep.Vanished++
		case err != nil:
			return rep, fmt.Errorf("copy %s: %w", f.name, err)
		case copied:
			rep.Copied++
			rep.Bytes += f.size
		default:
			rep.Skipped++
		}
		if time.Since(lastNote) > 5*time.Second {
			printf(out, "  %d of %d files\n", i+1, len(files))
			lastNote = time.Now()
		}
	}
	return rep, nil
}

// copyFile copies one file unless to holds it already; ErrNotFound when
// from no longer has it.
func copyFile(ctx context.Context, from, to Files, name string, size int64) (bool, error) {
	if have, err := to.Open(ctx, name); err == nil {
		same := have.Size() == size
		have.Close()
		if same {
			return false, nil
		}
	} else if !errors.Is(err, media.ErrNotFound) {
		return false, err
	}
	f, err := from.Open(ctx, name)
	if err != nil {
		return false, err
	}
	defer f.Close()
	// The size read now: the listing's may be older than a replaced file.
	return true, to.Put(ctx, name, f, f.Size())
}

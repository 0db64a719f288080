package benchserver

import (
	"crypto/rand"
	"io"
	"os"
	"path/filepath"
)

// WriteVideo writes a file of size bytes that the server takes for an MP4
// video: its signature (an ftyp box), then random bytes, which no
// compression along the way can shrink. Missing folders are made.
func WriteVideo(path string, size int64) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sig := "\x00\x00\x00\x20ftypisom\x00\x00\x02\x00"
	if _, err := io.WriteString(f, sig); err != nil {
		return err
	}
	_, err = io.CopyN(f, rand.Reader, size-int64(len(sig)))
	return err
}

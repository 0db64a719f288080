package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strings"
)

// Processed files (video renditions and posters, image variants) live in
// the same Storage as the originals, under content-addressed names
// "p_<32 hex of the SHA-256 of the bytes>.<ext>", and are served at
// ProcessedPrefix with a year-long immutable cache: the same name always
// means the same bytes. Originals are never served under that prefix, and
// a processed name is never served under URLPrefix.
const (
	ProcessedPrefix   = "/media/"
	processedNameHead = "p_"
)

// IsProcessedName reports whether name is a processed file's name.
func IsProcessedName(name string) bool {
	return ValidName(name) && strings.HasPrefix(name, processedNameHead)
}

// ProcessedURL is where the processed file name is served.
func ProcessedURL(name string) string { return ProcessedPrefix + name }

// PutProcessed stores the local file at path under its content-addressed
// name with extension ext (".mp4", ".webp"…) and returns the name and the
// file's size. The local file is gone afterwards either way.
func PutProcessed(ctx context.Context, s Storage, path, ext string) (name string, size int64, err error) {
	sum, size, err := hashFile(path)
	if err == nil {
		name, err = processedName(sum, ext)
	}
	if err != nil {
		os.Remove(path)
		return "", 0, err
	}
	return name, size, s.PutFile(ctx, name, path)
}

// PutProcessedData is PutProcessed for bytes already in memory (an image
// variant): no temporary file to write and read back.
func PutProcessedData(ctx context.Context, s Storage, data []byte, ext string) (string, error) {
	sum := sha256.Sum256(data)
	name, err := processedName(hex.EncodeToString(sum[:]), ext)
	if err != nil {
		return "", err
	}
	return name, s.Put(ctx, name, bytes.NewReader(data), int64(len(data)))
}

// processedName is the content-addressed name of bytes whose SHA-256 is sum (hex).
func processedName(sum, ext string) (string, error) {
	name := processedNameHead + sum[:32] + ext
	if !ValidName(name) {
		return "", fmt.Errorf("media: bad processed file extension %q", ext)
	}
	return name, nil
}

func hashFile(path string) (string, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", 0, err
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}

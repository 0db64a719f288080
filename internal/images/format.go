// Package images turns an uploaded photo (JPEG, PNG, WebP, HEIC/HEIF) into
// upright, metadata-free variants at a few widths, in WebP and JPEG.
//
// Everything here is pure Go or WebAssembly run by wazero (WebP encoding,
// and HEIC decoding where the machine has no libheif of its own), so the
// binary needs no cgo. A HEIC is decoded by libheif's heif-dec, a program
// run like ffmpeg, when it is installed (heifdec.go).
package images

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"

	"github.com/gen2brain/heic"
	xwebp "golang.org/x/image/webp"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// Limits of an uploaded photo.
const (
	// MaxBytes is the largest photo file accepted (a 48 MP HEIC or JPEG
	// from a phone is 3 to 15 MB).
	MaxBytes = 25 << 20
	// MaxPixels caps width×height, read from the header before anything is
	// decoded: a 48 MP phone photo (8064×6048 = 48.8 M) passes, a
	// decompression bomb (say 30000×30000 = 900 M pixels, 3.6 GB decoded)
	// is refused.
	MaxPixels = 50_000_000
	// MaxDecodedBytes caps the memory one decoded photo takes (width ×
	// height × bytes per pixel, from the header): a 48 MP photo at 8 bits a
	// sample (195 MB) passes; the same at 16 bits (a 16-bit PNG, 392 MB)
	// would take the server past 300 MB and is refused instead.
	MaxDecodedBytes = 200 << 20
)

// Format is an image format recognised by its bytes.
type Format string

const (
	JPEG Format = "jpeg"
	PNG  Format = "png"
	WebP Format = "webp"
	HEIC Format = "heic"
)

// SniffLen is how many leading bytes Sniff wants (fewer only lose HEIC
// files whose HEIC brand is listed late in the ftyp box).
const SniffLen = 64

// The errors a photo can get; their text is shown to the creator. A
// damaged photo's error names its format (see damaged) and is ErrDamaged
// to errors.Is.
var (
	ErrNotImage = apperr.New(apperr.CodeUnsupportedMedia, "Filen er ikke et bilde i et format vi støtter (JPEG, PNG, WebP eller HEIC).")
	ErrTooLarge = apperr.New(apperr.CodeTooLarge, "Bildet er for stort: grensen er 25 MB.")
	ErrTooMany  = apperr.New(apperr.CodeTooLarge, "Bildet har for mange piksler: grensen er 50 megapiksler.")
	ErrDamaged  = apperr.Invalid("Bildet er skadet eller ufullstendig og kan ikke leses.")
	// ErrTooMuchMemory is a photo whose decoded pixels would take more
	// than MaxDecodedBytes; its error (Config's) says how much it needs.
	ErrTooMuchMemory = apperr.New(apperr.CodeTooLarge, "Bildet trenger for mye minne for å leses.")
	heicBrands       = []string{"heic", "heix", "heim", "heis", "hevc", "hevx"}
	heifBrands       = []string{"mif1", "msf1"}
	pngSignature     = []byte("\x89PNG\r\n\x1a\n")
)

// Sniff names the image format by the file's first bytes, "" when it is
// none we accept. The name and declared type of a file are never trusted.
func Sniff(head []byte) Format {
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return JPEG
	case bytes.HasPrefix(head, pngSignature):
		return PNG
	case len(head) >= 12 && string(head[0:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return WebP
	case isHEIF(head):
		return HEIC
	}
	return ""
}

// isHEIF reads the ISO-BMFF "ftyp" box: a HEIC major brand, or the
// generic HEIF brand mif1/msf1 with a HEVC brand among the compatible ones
// (an AVIF file is also mif1, but carries avif instead, which we cannot
// decode).
func isHEIF(head []byte) bool {
	if len(head) < 16 || string(head[4:8]) != "ftyp" {
		return false
	}
	major := string(head[8:12])
	if contains(heicBrands, major) {
		return true
	}
	size := int(binary.BigEndian.Uint32(head[0:4]))
	end := min(size, len(head))
	compatibleHEVC := false
	for i := 16; i+4 <= end; i += 4 {
		if contains(heicBrands, string(head[i:i+4])) {
			compatibleHEVC = true
		}
	}
	return contains(heifBrands, major) && compatibleHEVC
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Config reads the format and the stored dimensions (before any
// orientation is applied) from the header alone, and refuses an image
// over MaxPixels before a single pixel is decoded.
func Config(data []byte) (Format, image.Config, error) {
	f := Sniff(data[:min(len(data), SniffLen)])
	if f == "" {
		return "", image.Config{}, ErrNotImage
	}
	var cfg image.Config
	var err error
	r := bytes.NewReader(data)
	switch f {
	case JPEG:
		cfg, err = jpeg.DecodeConfig(r)
	case PNG:
		cfg, err = png.DecodeConfig(r)
	case WebP:
		cfg, err = xwebp.DecodeConfig(r)
	case HEIC:
		// Not heic.DecodeConfig: it hands libheif only the first 32 KB,
		// and fails on a camera-size file whose image data lies beyond.
		var info heifInfo
		info, err = readHEIF(data)
		cfg = image.Config{Width: info.Width, Height: info.Height}
	}
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return f, cfg, damaged(f)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return f, cfg, ErrTooMany
	}
	if need := int64(cfg.Width) * int64(cfg.Height) * bytesPerPixel(cfg.ColorModel); need > MaxDecodedBytes {
		// In whole MB rounded up: just over the limit reads 201, not 200.
		msg := apperr.New(apperr.CodeTooLarge,
			"Bildet trenger %d MB minne for å leses (grensen er %d MB): lagre det med 8 bit per farge, eller med færre piksler.",
			(need+1<<20-1)>>20, MaxDecodedBytes>>20)
		return f, cfg, detailed{msg, ErrTooMuchMemory}
	}
	return f, cfg, nil
}

// Unusable reports whether err is the photo's own fault (not an image,
// damaged, too large in bytes, pixels or memory): the same bytes can never
// be processed, so the photo job does not try again.
func Unusable(err error) bool {
	for _, e := range []error{ErrNotImage, ErrDamaged, ErrTooLarge, ErrTooMany, ErrTooMuchMemory} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// HeaderLen is how much of a photo's beginning RefuseOversized is given:
// enough for the header of any photo a phone or camera makes (a JPEG's
// EXIF, ICC and XMP segments come before its size; a HEIC's meta box
// comes before its pixels).
const HeaderLen = 256 << 10

// RefuseOversized answers Config's refusal of a photo that has too many
// pixels or would take too much memory decoded, from the first bytes of
// its file, so that an upload can be refused (413) before it is stored.
// Anything else is nil: those bytes may not hold the whole header, and
// the photo job, which reads the whole file, decides.
func RefuseOversized(head []byte) error {
	_, _, err := Config(head)
	if errors.Is(err, ErrTooMany) || errors.Is(err, ErrTooMuchMemory) {
		return err
	}
	return nil
}

// bytesPerPixel is what one pixel of a decoded image of this colour model
// takes in memory; 4 (8-bit RGBA) when the header does not say.
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3 // 4:4:4 at most
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	}
	if _, paletted := m.(color.Palette); paletted {
		return 1
	}
	return 4
}

// decode decodes the whole image, as stored, and says the EXIF
// orientation (1–8) that turns it upright; Config has vetted its size.
func decode(ctx context.Context, f Format, data []byte) (image.Image, int, error) {
	r := bytes.NewReader(data)
	var img image.Image
	var err error
	switch f {
	case JPEG:
		img, err = jpeg.Decode(r)
	case PNG:
		img, err = png.Decode(r)
	case WebP:
		img, err = xwebp.Decode(r)
	case HEIC:
		return decodeHEIC(ctx, data)
	default:
		return nil, 0, ErrNotImage
	}
	if err != nil {
		return nil, 0, damaged(f)
	}
	return img, orientation(f, data), nil
}

// decodeHEIC decodes a HEIC with the machine's libheif when it is
// installed and the file is one its output holds (see nativeDecodable),
// else with the embedded one (libheif in WebAssembly): a grid a row of
// tiles at a time (decodeGrid) where it can, else whole. A file the
// native decoder fails on is damaged: the embedded decoder, the same
// library, would fail on it too, after far more time and memory. libheif
// turns a picture it decodes whole as the container says (orientation 1
// here); decodeGrid leaves the turn to Process.
func decodeHEIC(ctx context.Context, data []byte) (image.Image, int, error) {
	info, err := readHEIF(data)
	if err != nil {
		return nil, 0, damaged(HEIC)
	}
	if tool, ok := findHEIFTool(); ok && nativeDecodable(info) {
		img, err := tool.decode(ctx, data)
		switch {
		case err == nil:
			return img, 1, nil
		case errors.Is(err, errNativeFailed):
			return nil, 0, damagedBecause(HEIC, err)
		case !errors.Is(err, errSeveralImages):
			return nil, 0, err
		}
	}
	tiled, o, err := decodeGrid(ctx, data, info)
	switch {
	case err == nil:
		return tiled, o, nil
	case !errors.Is(err, errNotTiled):
		return nil, 0, err
	}
	img, err := heic.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, 0, damaged(HEIC)
	}
	return img, 1, nil
}

package images

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"math"

	"github.com/gen2brain/webp"
)

// Widths are the variant widths made of a photo, smallest first; a photo
// narrower than one of them gets a variant at its own width instead of
// the larger ones (nothing is ever enlarged). 480 is there for the work
// card on a phone: 72% of a 390-412 px screen at 1.75-2x is 440-540
// device pixels, and without it the browser has to take 640, a third
// more pixels than it shows.
var Widths = []int{320, 480, 640, 960, 1440, 1920}

// Encoder settings: quality that keeps a photo clean on a retina phone at
// about a third of the camera's bytes.
const (
	jpegQuality = 82
	webpQuality = 78
	// webpMethod trades encoding effort for bytes (0 fast … 6 slow). In
	// WebAssembly, libwebp's default 4 took most of a 12 MP photo's time;
	// 2 is about twice as fast for a few percent more bytes.
	webpMethod = 2
)

// Variant is one encoded file of a processed photo.
type Variant struct {
	Width, Height int
	Type          string // MIME type: image/webp or image/jpeg
	Ext           string // ".webp" or ".jpg"
	Data          []byte
}

// Result is a processed photo: its upright size and its variants, smallest
// width first, a WebP and a JPEG at each width.
type Result struct {
	Format        Format
	Width, Height int
	Variants      []Variant
}

// slot lets one photo be decoded at a time in this process: a decoded
// 48 MP photo is some 75 to 200 MB, and two at once on a small server
// would not fit.
var slot = make(chan struct{}, 1)

// Process checks a photo (format by its bytes, size, pixel count from the
// header), decodes it, turns it upright, converts it to sRGB where its
// profile says it is Display P3 (or another RGB matrix profile), and
// encodes the variants. Encoding from pixels writes no metadata at all:
// no EXIF, GPS, XMP, comments or ICC profile leave this function.
func Process(ctx context.Context, data []byte) (Result, error) {
	if len(data) > MaxBytes {
		return Result{}, ErrTooLarge
	}
	f, _, err := Config(data)
	if err != nil {
		return Result{}, err
	}
	o := orientation(f, data)
	select {
	case slot <- struct{}{}:
	case <-ctx.Done():
		return Result{}, ctx.Err()
	}
	defer func() { <-slot }()

	img, err := decode(f, data)
	if err != nil {
		return Result{}, err
	}
	b := img.Bounds()
	uw, uh := b.Dx(), b.Dy() // upright size
	if o >= 5 {
		uw, uh = uh, uw
	}
	widths := variantWidths(uw)
	top := widths[len(widths)-1]
	topH := heightFor(top, uw, uh)
	// Shrink as stored, then turn: turning the small image is cheaper.
	sw, sh := top, topH
	if o >= 5 {
		sw, sh = topH, top
	}
	base := orient(scale(img, sw, sh), o)
	img = nil // let the decoded photo go before encoding
	toSRGB(base, iccProfile(f, data))

	res := Result{Format: f, Width: uw, Height: uh}
	for _, w := range widths {
		m := base
		if w != top {
			m = scale(base, w, heightFor(w, uw, uh))
		}
		vs, err := encode(m)
		if err != nil {
			return Result{}, err
		}
		res.Variants = append(res.Variants, vs...)
	}
	return res, nil
}

// variantWidths lists the widths for a photo w pixels wide (upright).
func variantWidths(w int) []int {
	var out []int
	for _, v := range Widths {
		if v < w {
			out = append(out, v)
		}
	}
	if w <= Widths[len(Widths)-1] {
		out = append(out, w)
	}
	return out
}

func heightFor(w, uw, uh int) int {
	return max(1, int(math.Round(float64(uh)*float64(w)/float64(uw))))
}

// encode makes the WebP and the JPEG of one variant. The JPEG has no
// alpha, so a transparent photo is composited on white for it; the WebP
// keeps the transparency.
func encode(m *image.RGBA) ([]Variant, error) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	var wb bytes.Buffer
	if err := webp.Encode(&wb, m, webp.Options{Quality: webpQuality, Method: webpMethod}); err != nil {
		return nil, err
	}
	flat := m
	if !opaque(m) {
		flat = onWhite(m)
	}
	var jb bytes.Buffer
	if err := jpeg.Encode(&jb, flat, &jpeg.Options{Quality: jpegQuality}); err != nil {
		return nil, err
	}
	return []Variant{
		{Width: w, Height: h, Type: "image/webp", Ext: ".webp", Data: wb.Bytes()},
		{Width: w, Height: h, Type: "image/jpeg", Ext: ".jpg", Data: jb.Bytes()},
	}, nil
}

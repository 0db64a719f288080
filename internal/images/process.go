package images

import (
	"bytes"
	"context"
	"image"
	"image/draw"
	"image/jpeg"
	"math"
	"runtime"
	"slices"

	"github.com/gen2brain/webp"
	"golang.org/x/sync/errgroup"
)

// Widths are the variant widths made of a photo, smallest first; a photo
// narrower than one of them gets a variant at its own width instead of
// the larger ones (nothing is ever enlarged). 480 is there for the work
// card on a phone: 72% of a 390-412 px screen at 1.75-2x is 440-540
// device pixels, and without it the browser has to take 640, a third
// more pixels than it shows.
var Widths = []int{320, 480, 640, 960, 1440, 1920}

// CardWidths are the widths of the work card's crops: the middle of the
// photo in the card's 9:16 shape, which is all of it the card shows
// (object-fit: cover). A landscape photo drawn whole at the card's height
// would send three times the pixels the visitor sees. The card is at most
// about 280 px wide on a laptop and 250-300 px on a phone, so 960 covers
// a 3x phone screen.
var CardWidths = []int{320, 480, 640, 960}

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
// width first, a WebP and a JPEG at each width; and its card crops (9:16),
// smallest first, in WebP only: every browser that shows the card's
// <picture> source takes WebP, and any other gets the whole photo's JPEG.
type Result struct {
	Format        Format
	Width, Height int
	Variants      []Variant
	Cards         []Variant
}

// slot lets one photo be decoded at a time in this process: a decoded
// 48 MP photo is some 75 to 200 MB, and two at once on a small server
// would not fit.
var slot = make(chan struct{}, 1)

type progressKey struct{}

// WithProgress returns a context whose Process reports how far it has come,
// 0 to 100 percent, at each of its steps: waiting for the decoding slot,
// decoding (the long step of a HEIC), scaling, and each variant encoded.
func WithProgress(ctx context.Context, report func(percent int)) context.Context {
	return context.WithValue(ctx, progressKey{}, report)
}

func progress(ctx context.Context, percent int) {
	if report, ok := ctx.Value(progressKey{}).(func(int)); ok {
		report(percent)
	}
}

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
	select {
	case slot <- struct{}{}:
	case <-ctx.Done():
		return Result{}, ctx.Err()
	}
	defer func() { <-slot }()

	progress(ctx, 5)
	img, o, err := decode(ctx, f, data)
	if err != nil {
		return Result{}, err
	}
	progress(ctx, 50)
	b := img.Bounds()
	uw, uh := b.Dx(), b.Dy() // upright size
	if o >= 5 {
		uw, uh = uh, uw
	}
	widths := variantWidths(uw, Widths)
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

	progress(ctx, 60)
	res := Result{Format: f, Width: uw, Height: uh}
	if res.Variants, err = encodeAt(base, widths, encode); err != nil {
		return Result{}, err
	}
	progress(ctx, 85)
	crop := cardCrop(base)
	webpOnly := func(m *image.RGBA) ([]Variant, error) {
		v, err := encodeWebP(m)
		return []Variant{v}, err
	}
	if res.Cards, err = encodeAt(crop, variantWidths(crop.Rect.Dx(), CardWidths), webpOnly); err != nil {
		return Result{}, err
	}
	return res, nil
}

// encodeAt scales m down to each of widths, keeping its shape (m itself
// at its own width), and encodes each with enc, in the order of widths.
// Two variants are made at once where there are two cores: a 12 MP photo
// spent most of its time here, one variant after another, with a core
// idle (the decoded photo is gone by now, so two encoders' memory is
// small beside it).
func encodeAt(m *image.RGBA, widths []int, enc func(*image.RGBA) ([]Variant, error)) ([]Variant, error) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	made := make([][]Variant, len(widths))
	var g errgroup.Group
	g.SetLimit(twoAtOnce())
	for i, vw := range widths {
		g.Go(func() error {
			v := m
			if vw != w {
				v = scale(m, vw, heightFor(vw, w, h))
			}
			var err error
			made[i], err = enc(v)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return slices.Concat(made...), nil
}

// twoAtOnce is how many parts of one photo (its variants, a grid's rows
// of tiles) are made at once: two where there are two cores, so that the
// second is not idle, and never more, so that a photo's memory stays
// bounded whatever the machine.
func twoAtOnce() int {
	return min(2, runtime.GOMAXPROCS(0))
}

// variantWidths lists the widths out of list for a picture w pixels wide:
// those below w, and w itself when it is not above the largest.
func variantWidths(w int, list []int) []int {
	var out []int
	for _, v := range list {
		if v < w {
			out = append(out, v)
		}
	}
	if w <= list[len(list)-1] {
		out = append(out, w)
	}
	return out
}

// cardCrop is the middle of m in the work card's 9:16 shape: the part of
// the photo the card shows, as object-fit: cover centres it. It is a copy
// at the origin: the WebP encoder reads the pixels as if the image began
// at (0, 0) of its own buffer, and a sub-image does not.
func cardCrop(m *image.RGBA) *image.RGBA {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	cw, ch := w, h
	if w*16 > h*9 {
		cw = max(1, h*9/16)
	} else {
		ch = max(1, w*16/9)
	}
	crop := image.NewRGBA(image.Rect(0, 0, cw, ch))
	draw.Draw(crop, crop.Rect, m, image.Pt(m.Rect.Min.X+(w-cw)/2, m.Rect.Min.Y+(h-ch)/2), draw.Src)
	return crop
}

func heightFor(w, uw, uh int) int {
	return max(1, int(math.Round(float64(uh)*float64(w)/float64(uw))))
}

// encode makes the WebP and the JPEG of one variant. The JPEG has no
// alpha, so a transparent photo is composited on white for it; the WebP
// keeps the transparency.
func encode(m *image.RGBA) ([]Variant, error) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	wv, err := encodeWebP(m)
	if err != nil {
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
	return []Variant{wv, {Width: w, Height: h, Type: "image/jpeg", Ext: ".jpg", Data: jb.Bytes()}}, nil
}

// encodeWebP makes the WebP of one variant, transparency kept.
func encodeWebP(m *image.RGBA) (Variant, error) {
	var b bytes.Buffer
	if err := webp.Encode(&b, m, webp.Options{Quality: webpQuality, Method: webpMethod}); err != nil {
		return Variant{}, err
	}
	return Variant{Width: m.Rect.Dx(), Height: m.Rect.Dy(), Type: "image/webp", Ext: ".webp", Data: b.Bytes()}, nil
}

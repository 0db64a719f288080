package images

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"

	xwebp "golang.org/x/image/webp"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// --- test files, made here ---

// halves returns a w×h image whose left half is `left` and right half `right`.
func halves(w, h int, left, right color.NRGBA) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := right
			if x < w/2 {
				c = left
			}
			m.SetNRGBA(x, y, c)
		}
	}
	return m
}

func encodeJPEG(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodePNG(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The planted metadata: none of these bytes may leave Process.
const (
	gpsComment = "shot at home 59.9139N 10.7522E"
	xmpPacket  = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description exif:GPSLatitude="59,54.834N"/></x:xmpmeta>`
)

// gpsRational is how the latitude 59° is stored in the GPS IFD below.
var gpsRational = []byte{59, 0, 0, 0, 1, 0, 0, 0}

// exifTIFF builds a little-endian TIFF block: IFD0 with the orientation
// tag and a pointer to a GPS IFD holding GPSLatitudeRef N and GPSLatitude
// 59° 54' 50.04".
func exifTIFF(orientation uint16) []byte {
	le := binary.LittleEndian
	b := []byte("II*\x00")
	b = le.AppendUint32(b, 8)
	// IFD0 at 8: two entries.
	b = le.AppendUint16(b, 2)
	b = le.AppendUint16(b, 0x0112) // Orientation, SHORT, 1
	b = le.AppendUint16(b, 3)
	b = le.AppendUint32(b, 1)
	b = le.AppendUint16(b, orientation)
	b = le.AppendUint16(b, 0)
	b = le.AppendUint16(b, 0x8825) // GPSInfo IFD pointer, LONG, 1
	b = le.AppendUint16(b, 4)
	b = le.AppendUint32(b, 1)
	b = le.AppendUint32(b, 38)
	b = le.AppendUint32(b, 0) // no next IFD
	// GPS IFD at 38: two entries, then the rationals at 68.
	b = le.AppendUint16(b, 2)
	b = le.AppendUint16(b, 0x0001) // GPSLatitudeRef, ASCII, 2: "N\0"
	b = le.AppendUint16(b, 2)
	b = le.AppendUint32(b, 2)
	b = append(b, 'N', 0, 0, 0)
	b = le.AppendUint16(b, 0x0002) // GPSLatitude, RATIONAL, 3
	b = le.AppendUint16(b, 5)
	b = le.AppendUint32(b, 3)
	b = le.AppendUint32(b, 68)
	b = le.AppendUint32(b, 0)
	b = append(b, gpsRational...)
	b = append(b, 54, 0, 0, 0, 1, 0, 0, 0)
	b = append(b, 0x8C, 0x13, 0, 0, 100, 0, 0, 0) // 5004/100
	return b
}

// jpegSegment encodes one marker segment.
func segment(marker byte, body []byte) []byte {
	s := []byte{0xFF, marker, 0, 0}
	binary.BigEndian.PutUint16(s[2:], uint16(len(body)+2))
	return append(s, body...)
}

// withMetadata puts EXIF (orientation and GPS), XMP, a comment and any
// extra segments right after a JPEG's SOI marker, as a phone would.
func withMetadata(j []byte, orientation uint16, extra ...[]byte) []byte {
	out := append([]byte{}, j[:2]...)
	out = append(out, segment(0xE1, append([]byte("Exif\x00\x00"), exifTIFF(orientation)...))...)
	out = append(out, segment(0xE1, append([]byte("http://ns.adobe.com/xap/1.0/\x00"), xmpPacket...))...)
	out = append(out, segment(0xFE, []byte(gpsComment))...)
	for _, e := range extra {
		out = append(out, e...)
	}
	return append(out, j[2:]...)
}

// pngWithHeader hand-builds a PNG that has only a header chunk claiming
// w×h pixels (and an empty end): no pixel data at all.
func pngWithHeader(w, h uint32) []byte { return pngWithDepth(w, h, 8) }

// pngWithDepth is pngWithHeader for RGBA at depth bits a sample.
func pngWithDepth(w, h uint32, depth byte) []byte {
	b := append([]byte{}, pngSignature...)
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, depth, 6, 0, 0, 0) // RGBA
	b = appendChunk(b, "IHDR", ihdr)
	return appendChunk(b, "IEND", nil)
}

func appendChunk(b []byte, typ string, data []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	start := len(b)
	b = append(b, typ...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
}

// --- what the output must and must not carry ---

// assertNoMetadata checks every variant structurally (a JPEG has only the
// segments that code pixels; a WebP only image chunks) and scans its bytes
// for each planted marker.
func assertNoMetadata(t *testing.T, res Result) {
	t.Helper()
	planted := [][]byte{
		[]byte("Exif"), []byte("http://ns.adobe.com"), []byte("GPSLatitude"), []byte("59.9139"),
		[]byte(gpsComment), []byte("ICC_PROFILE"), []byte("XMP "), gpsRational,
	}
	for _, v := range append(res.Variants, res.Cards...) {
		for _, p := range planted {
			if bytes.Contains(v.Data, p) {
				t.Errorf("%s %dpx carries %q", v.Type, v.Width, p)
			}
		}
		switch v.Type {
		case "image/jpeg":
			for _, s := range jpegSegments(v.Data) {
				if s.marker >= 0xE0 && s.marker <= 0xEF || s.marker == 0xFE {
					t.Errorf("JPEG %dpx has metadata segment FF%02X", v.Width, s.marker)
				}
			}
		case "image/webp":
			for i := 12; i+8 <= len(v.Data); {
				id := string(v.Data[i : i+4])
				if id != "VP8 " && id != "VP8L" && id != "VP8X" && id != "ALPH" {
					t.Errorf("WebP %dpx has chunk %q", v.Width, id)
				}
				n := int(binary.LittleEndian.Uint32(v.Data[i+4:]))
				i += 8 + n + n%2
			}
		default:
			t.Errorf("unexpected type %q", v.Type)
		}
	}
}

func variant(t *testing.T, res Result, typ string, width int) image.Image {
	t.Helper()
	for _, v := range res.Variants {
		if v.Type == typ && v.Width == width {
			var m image.Image
			var err error
			if typ == "image/webp" {
				m, err = xwebp.Decode(bytes.NewReader(v.Data))
			} else {
				m, err = jpeg.Decode(bytes.NewReader(v.Data))
			}
			if err != nil {
				t.Fatalf("decode %s %d: %v", typ, width, err)
			}
			if b := m.Bounds(); b.Dx() != v.Width || b.Dy() != v.Height {
				t.Fatalf("%s %d is %v, says %dx%d", typ, width, b, v.Width, v.Height)
			}
			return m
		}
	}
	t.Fatalf("no %s variant %d wide in %v", typ, width, widthsOf(res))
	return nil
}

func widthsOf(res Result) []string {
	var out []string
	for _, v := range res.Variants {
		out = append(out, fmt.Sprintf("%s:%dx%d", v.Ext, v.Width, v.Height))
	}
	return out
}

func rgba(m image.Image, x, y int) (r, g, b, a uint8) {
	c := color.NRGBAModel.Convert(m.At(x, y)).(color.NRGBA)
	return c.R, c.G, c.B, c.A
}

func near(v, want uint8, tol int) bool { d := int(v) - int(want); return d >= -tol && d <= tol }

// --- the tests ---

func TestPhoneJPEGTurnedUprightWithoutMetadata(t *testing.T) {
	red, blue := color.NRGBA{220, 20, 20, 255}, color.NRGBA{20, 20, 220, 255}
	// Stored as a phone held upright writes it: sideways, 800×400, with
	// orientation 6 (turn 90° clockwise to view). Upright it is 400×800
	// with the stored left half (red) on top.
	src := withMetadata(encodeJPEG(t, halves(800, 400, red, blue)), 6)
	res, err := Process(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	if res.Width != 400 || res.Height != 800 {
		t.Fatalf("upright size %dx%d, want 400x800", res.Width, res.Height)
	}
	if got := widthsOf(res); strings.Join(got, " ") != ".webp:320x640 .jpg:320x640 .webp:400x800 .jpg:400x800" {
		t.Fatalf("variants %v", got)
	}
	for _, typ := range []string{"image/jpeg", "image/webp"} {
		m := variant(t, res, typ, 320)
		if r, _, b, _ := rgba(m, 160, 100); !(r > 180 && b < 70) {
			t.Errorf("%s: top is %d,%d (r,b), want red: not turned upright", typ, r, b)
		}
		if r, _, b, _ := rgba(m, 160, 540); !(b > 180 && r < 70) {
			t.Errorf("%s: bottom is %d,%d (r,b), want blue", typ, r, b)
		}
	}
	if !bytes.Contains(src, []byte(gpsComment)) || !bytes.Contains(src, gpsRational) {
		t.Fatal("the source lacks the planted metadata: the scan below proves nothing")
	}
	assertNoMetadata(t, res)
}

func TestOrientationTurnedHalfway(t *testing.T) {
	red, blue := color.NRGBA{220, 20, 20, 255}, color.NRGBA{20, 20, 220, 255}
	res, err := Process(context.Background(), withMetadata(encodeJPEG(t, halves(400, 200, red, blue)), 3))
	if err != nil {
		t.Fatal(err)
	}
	m := variant(t, res, "image/jpeg", 320)
	if r, _, _, _ := rgba(m, 300, 80); r < 180 {
		t.Errorf("orientation 3: right side should be red after turning 180°, r=%d", r)
	}
}

func TestTransparentPNG(t *testing.T) {
	clear, green := color.NRGBA{0, 0, 0, 0}, color.NRGBA{0, 160, 0, 255}
	res, err := Process(context.Background(), encodePNG(t, halves(400, 300, clear, green)))
	if err != nil {
		t.Fatal(err)
	}
	// The JPEG fallback has no alpha: the transparent half is white, not black.
	j := variant(t, res, "image/jpeg", 320)
	if r, g, b, _ := rgba(j, 40, 120); !(r > 245 && g > 245 && b > 245) {
		t.Errorf("JPEG transparent area is %d,%d,%d, want white", r, g, b)
	}
	if r, g, b, _ := rgba(j, 280, 120); !(r < 30 && near(g, 160, 12) && b < 30) {
		t.Errorf("JPEG opaque area is %d,%d,%d, want green", r, g, b)
	}
	// The WebP keeps the transparency.
	w := variant(t, res, "image/webp", 320)
	if _, _, _, a := rgba(w, 40, 120); a > 10 {
		t.Errorf("WebP transparent area has alpha %d", a)
	}
	if _, g, _, a := rgba(w, 280, 120); a != 255 || !near(g, 160, 12) {
		t.Errorf("WebP opaque area is g=%d a=%d", g, a)
	}
	assertNoMetadata(t, res)
}

func TestHEIC(t *testing.T) {
	src, err := os.ReadFile("testdata/testsrc2-128x96.heic")
	if err != nil {
		t.Fatal(err)
	}
	if f := Sniff(src[:SniffLen]); f != HEIC {
		t.Fatalf("Sniff = %q, want heic", f)
	}
	res, err := Process(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != HEIC || res.Width != 128 || res.Height != 96 {
		t.Fatalf("got %s %dx%d", res.Format, res.Width, res.Height)
	}
	m := variant(t, res, "image/jpeg", 128)
	// testsrc2 is colourful: the decoded picture is not one flat colour.
	r0, g0, b0, _ := rgba(m, 10, 10)
	r1, g1, b1, _ := rgba(m, 100, 60)
	if near(r0, r1, 8) && near(g0, g1, 8) && near(b0, b1, 8) {
		t.Errorf("HEIC decoded to a flat picture: %d,%d,%d vs %d,%d,%d", r0, g0, b0, r1, g1, b1)
	}
	variant(t, res, "image/webp", 128)
	assertNoMetadata(t, res)
}

func TestDecompressionBombRefusedFromHeader(t *testing.T) {
	bomb := pngWithHeader(30000, 30000) // 900 M pixels: 3.6 GB decoded
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Process(context.Background(), bomb)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooMany) {
		t.Fatalf("err = %v, want the pixel cap", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Errorf("refusing the bomb allocated %d bytes", grew)
	}
	// A 48 MP phone photo (8064×6048) is under the cap.
	if _, cfg, err := Config(pngWithHeader(8064, 6048)); err != nil || cfg.Width != 8064 {
		t.Errorf("48 MP header: %v %v", cfg, err)
	}
}

// Memory is bounded before decoding by width × height × bytes per
// pixel: a 16-bit 49-megapixel PNG (392 MB decoded) is refused with a clear
// 413 from its header, allocating nothing; the same at 8 bits passes.
func TestSixteenBitPhotoOverTheMemoryBoundRefused(t *testing.T) {
	big := pngWithDepth(7000, 7000, 16)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Process(context.Background(), big)
	runtime.ReadMemStats(&after)
	e, ok := apperr.As(err)
	if !ok || e.Code != apperr.CodeTooLarge || !strings.Contains(e.Message, "Bildet trenger 374 MB minne") {
		t.Fatalf("err = %v, want a 413 naming the memory it needs", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Errorf("refusing it allocated %d bytes", grew)
	}
	if _, _, err := Config(pngWithDepth(7000, 7000, 8)); err != nil {
		t.Errorf("8-bit 49 MP: %v", err)
	}
}

func TestTextFileNamedJPGRefused(t *testing.T) {
	_, err := Process(context.Background(), []byte("Dette er ikke et bilde, selv om filen heter foto.jpg\n"))
	if !errors.Is(err, ErrNotImage) {
		t.Fatalf("err = %v, want ErrNotImage", err)
	}
	if !strings.Contains(err.Error(), "JPEG, PNG, WebP eller HEIC") {
		t.Errorf("message %q does not name the formats", err)
	}
}

func TestTruncatedJPEGRefused(t *testing.T) {
	m := image.NewRGBA(image.Rect(0, 0, 640, 480))
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range m.Pix {
		m.Pix[i] = uint8(rng.IntN(256))
	}
	whole := encodeJPEG(t, m)
	_, err := Process(context.Background(), whole[:len(whole)*6/10])
	if !errors.Is(err, ErrDamaged) {
		t.Fatalf("err = %v, want ErrDamaged", err)
	}
}

func TestTooLargeFileRefused(t *testing.T) {
	if _, err := Process(context.Background(), make([]byte, MaxBytes+1)); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v", err)
	}
}

func TestSniff(t *testing.T) {
	ftyp := func(major string, compatible ...string) []byte {
		b := binary.BigEndian.AppendUint32(nil, uint32(16+4*len(compatible)))
		b = append(b, "ftyp"+major+"\x00\x00\x00\x00"...)
		for _, c := range compatible {
			b = append(b, c...)
		}
		return b
	}
	for _, c := range []struct {
		name string
		head []byte
		want Format
	}{
		{"jpeg", []byte{0xFF, 0xD8, 0xFF, 0xE0}, JPEG},
		{"png", pngSignature, PNG},
		{"webp", []byte("RIFF\x00\x00\x00\x00WEBPVP8 "), WebP},
		{"heic", ftyp("heic", "mif1"), HEIC},
		{"heif generic with hevc", ftyp("mif1", "heic"), HEIC},
		{"avif", ftyp("avif", "mif1"), ""},
		{"mif1 avif only", ftyp("mif1", "avif"), ""},
		{"mp4", ftyp("isom", "mp41"), ""},
		{"gif", []byte("GIF89a"), ""},
		{"text", []byte("hello"), ""},
	} {
		if got := Sniff(c.head); got != c.want {
			t.Errorf("%s: Sniff = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestVariantWidthsNeverEnlarge(t *testing.T) {
	for _, c := range []struct {
		w    int
		want string
	}{
		{4000, "[320 480 640 960 1440 1920]"},
		{1920, "[320 480 640 960 1440 1920]"},
		{1000, "[320 480 640 960 1000]"},
		{200, "[200]"},
	} {
		if got := fmt.Sprint(variantWidths(c.w, Widths)); got != c.want {
			t.Errorf("width %d: %s, want %s", c.w, got, c.want)
		}
	}
}

// TestCardCrops: a landscape photo's card crops are its middle in the card's
// 9:16 shape, WebP only, at the card widths up to the crop's own width.
// The photo is three bands, red | green | blue: the middle third is wider
// than a 9:16 strip of its height, so the crops must be green edge to edge.
func TestCardCrops(t *testing.T) {
	const w, h = 2400, 1350 // 16:9
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	bands := []color.NRGBA{{220, 30, 30, 255}, {30, 200, 60, 255}, {30, 60, 220, 255}}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			m.SetNRGBA(x, y, bands[x*3/w])
		}
	}
	res, err := Process(context.Background(), encodeJPEG(t, m))
	if err != nil {
		t.Fatal(err)
	}
	// The largest variant is 1920×1080, so the crop is 607×1080, and each
	// smaller one keeps that shape.
	var got []string
	for _, c := range res.Cards {
		got = append(got, fmt.Sprintf("%s:%dx%d", c.Type, c.Width, c.Height))
		crop, err := xwebp.Decode(bytes.NewReader(c.Data))
		if err != nil {
			t.Fatalf("card %d: %v", c.Width, err)
		}
		if b := crop.Bounds(); b.Dx() != c.Width || b.Dy() != c.Height {
			t.Fatalf("card %d is %v, says %dx%d", c.Width, b, c.Width, c.Height)
		}
		for _, x := range []int{1, c.Width / 2, c.Width - 2} {
			r, g, b, _ := rgba(crop, x, c.Height/2)
			if g < 150 || r > 90 || b > 110 {
				t.Errorf("card %d at x=%d is rgb(%d,%d,%d), not the middle band's green", c.Width, x, r, g, b)
			}
		}
	}
	want := "[image/webp:320x569 image/webp:480x854 image/webp:607x1080]"
	if fmt.Sprint(got) != want {
		t.Errorf("cards %v, want %s", got, want)
	}

	// A portrait photo taller than 9:16 is cut at the top and bottom.
	res, err = Process(context.Background(), encodeJPEG(t, halves(900, 2400, bands[0], bands[2])))
	if err != nil {
		t.Fatal(err)
	}
	top := res.Cards[len(res.Cards)-1]
	if top.Width != 900 || top.Height != 1600 {
		t.Errorf("tall photo's largest card is %dx%d, want 900x1600", top.Width, top.Height)
	}
}

// p3Profile builds a minimal Display P3 ICC profile: the P3 primaries
// adapted to D50 and sRGB's tone curve (which Display P3 shares).
func p3Profile() []byte {
	be := binary.BigEndian
	s15 := func(b []byte, v float64) []byte { return be.AppendUint32(b, uint32(int32(v*65536+0.5*sign(v)))) }
	xyz := func(x, y, z float64) []byte { return s15(s15(s15([]byte("XYZ \x00\x00\x00\x00"), x), y), z) }
	para := []byte("para\x00\x00\x00\x00\x00\x03\x00\x00")
	for _, v := range []float64{2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045} {
		para = s15(para, v)
	}
	tags := []struct {
		sig  string
		data []byte
	}{
		{"rXYZ", xyz(0.515102, 0.241196, -0.00105)},
		{"gXYZ", xyz(0.291965, 0.692236, 0.041885)},
		{"bXYZ", xyz(0.157153, 0.066561, 0.784378)},
		{"rTRC", para}, {"gTRC", para}, {"bTRC", para},
	}
	header := make([]byte, 128)
	copy(header[12:], "mntr")
	copy(header[16:], "RGB ")
	copy(header[20:], "XYZ ")
	copy(header[36:], "acsp")
	table := be.AppendUint32(nil, uint32(len(tags)))
	var body []byte
	off := 128 + 4 + 12*len(tags)
	for _, tg := range tags {
		table = append(table, tg.sig...)
		table = be.AppendUint32(table, uint32(off+len(body)))
		table = be.AppendUint32(table, uint32(len(tg.data)))
		body = append(body, tg.data...)
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
	}
	p := append(append(header, table...), body...)
	be.PutUint32(p[0:], uint32(len(p)))
	return p
}

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

// pngWithICC inserts an iCCP chunk after IHDR.
func pngWithICC(t *testing.T, p []byte, profile []byte) []byte {
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(profile)
	zw.Close()
	ihdrEnd := len(pngSignature) + 8 + 13 + 4
	out := append([]byte{}, p[:ihdrEnd]...)
	out = appendChunk(out, "iCCP", append([]byte("Display P3\x00\x00"), z.Bytes()...))
	return append(out, p[ihdrEnd:]...)
}

func TestDisplayP3ConvertedToSRGB(t *testing.T) {
	// Left: a P3 gray (stays gray, the white points agree); right: a warm
	// P3 colour, which in sRGB needs more red and less green and blue.
	gray, warm := color.NRGBA{128, 128, 128, 255}, color.NRGBA{180, 90, 60, 255}
	plain := encodePNG(t, halves(400, 200, gray, warm))
	tagged := pngWithICC(t, plain, p3Profile())
	if len(iccProfile(PNG, tagged)) == 0 {
		t.Fatal("profile not found in the test PNG")
	}
	// Untagged, the pixels are left as they are (give or take lossy coding).
	res, err := Process(context.Background(), plain)
	if err != nil {
		t.Fatal(err)
	}
	ur, ug, ub, _ := rgba(variant(t, res, "image/jpeg", 320), 280, 80)
	if !(near(ur, 180, 6) && near(ug, 90, 6) && near(ub, 60, 6)) {
		t.Errorf("untagged pixels changed to %d,%d,%d", ur, ug, ub)
	}
	res, err = Process(context.Background(), tagged)
	if err != nil {
		t.Fatal(err)
	}
	m := variant(t, res, "image/jpeg", 320)
	if r, g, b, _ := rgba(m, 40, 80); !(near(r, 128, 3) && near(g, 128, 3) && near(b, 128, 3)) {
		t.Errorf("P3 gray became %d,%d,%d", r, g, b)
	}
	r, g, b, _ := rgba(m, 280, 80)
	t.Logf("P3 (180,90,60) → sRGB %d,%d,%d (untagged %d,%d,%d)", r, g, b, ur, ug, ub)
	if !(int(r) > int(ur)+8 && int(g) < int(ug)-3 && int(b) < int(ub)-3) {
		t.Errorf("P3 (180,90,60) became %d,%d,%d in sRGB; want more red, less green and blue than %d,%d,%d", r, g, b, ur, ug, ub)
	}
	assertNoMetadata(t, res)
}

// Process reports its steps to a context that asks for them, rising, and
// a context that does not ask works as before.
func TestProcessReportsProgress(t *testing.T) {
	t.Parallel()
	var steps []int
	ctx := WithProgress(context.Background(), func(p int) { steps = append(steps, p) })
	if _, err := Process(ctx, encodeJPEG(t, halves(400, 200, color.NRGBA{220, 20, 20, 255}, color.NRGBA{20, 20, 220, 255}))); err != nil {
		t.Fatal(err)
	}
	if len(steps) < 3 || steps[0] != 5 || steps[len(steps)-1] != 85 {
		t.Fatalf("steps %v", steps)
	}
	for i := 1; i < len(steps); i++ {
		if steps[i] <= steps[i-1] {
			t.Fatalf("steps not rising: %v", steps)
		}
	}
}

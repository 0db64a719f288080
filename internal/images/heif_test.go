package images

import (
	"bytes"
	"context"
	"errors"
	"image/color"
	"os"
	"testing"
)

// phoneHEIC is a 12 MP photo as a phone held upright saves it: stored
// sideways (landscape, as the sensor reads), with EXIF orientation 6 and
// GPS, made by heif-enc from a JPEG carrying both (heif-enc copies the
// EXIF), and with the container rotation a phone writes (irot, 90°
// clockwise) added. exifOnly is the same file without the irot.
func phoneHEIC(t testing.TB) (withRotation, exifOnly []byte) {
	exifOnly = heifEnc(t, "12mp-exif6", func() []byte {
		return withMetadata(encodeJPEG(t, quadrants(4032, 3024, false)), 6)
	}, ".jpg")
	return withProps(t, exifOnly, irot(3)), exifOnly
}

func processHEIC(t *testing.T, src []byte) Result {
	t.Helper()
	res, err := Process(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != HEIC {
		t.Fatalf("format %s", res.Format)
	}
	return res
}

func TestCameraHEICUprightWithoutMetadata(t *testing.T) {
	onBothPaths(t, func(t *testing.T) {
		src, _ := phoneHEIC(t)
		if !bytes.Contains(src, []byte("Exif")) || !bytes.Contains(src, gpsRational) {
			t.Fatal("heif-enc dropped the planted EXIF and GPS: the scan below proves nothing")
		}
		// The size comes from the file's ispe: heic.DecodeConfig (the old
		// size check) hands libheif only the first 32 KB and fails on this file.
		f, cfg, err := Config(src)
		if err != nil || f != HEIC || cfg.Width != 4032 || cfg.Height != 3024 {
			t.Fatalf("Config = %s %dx%d, %v; want heic 4032x3024 as stored", f, cfg.Width, cfg.Height, err)
		}
		res := processHEIC(t, src)
		if res.Width != 3024 || res.Height != 4032 {
			t.Fatalf("upright size %dx%d, want 3024x4032", res.Width, res.Height)
		}
		// Turned 90° clockwise: the stored left column (red over blue) is now
		// the top row, right to left. Turned twice (irot and EXIF) it would be
		// upside down: yellow and green on top.
		want := [4]string{"blue", "red", "yellow", "green"}
		for _, typ := range []string{"image/jpeg", "image/webp"} {
			if got := quadrantColours(variant(t, res, typ, 1440)); got != want {
				t.Errorf("%s quadrants %v, want %v", typ, got, want)
			}
		}
		assertNoMetadata(t, res)
	})
}

// TestHEICExifOrientationOnly: without a container rotation the photo is
// shown as stored, as libheif and browsers show it; the EXIF tag does not
// turn it (in a HEIF file it only repeats what irot says, and applying
// both would turn a phone's photo twice).
func TestHEICExifOrientationOnly(t *testing.T) {
	onBothPaths(t, func(t *testing.T) {
		_, src := phoneHEIC(t)
		if o := tiffOrientation(src[bytes.Index(src, []byte("II*\x00")):]); o != 6 {
			t.Fatalf("the file's EXIF orientation is %d, want 6", o)
		}
		res := processHEIC(t, src)
		if res.Width != 4032 || res.Height != 3024 {
			t.Fatalf("size %dx%d, want 4032x3024 as stored", res.Width, res.Height)
		}
		if got, want := quadrantColours(variant(t, res, "image/jpeg", 1440)), [4]string{"red", "green", "blue", "yellow"}; got != want {
			t.Errorf("quadrants %v, want %v as stored", got, want)
		}
		assertNoMetadata(t, res)
	})
}

// TestHEICMirrored: imir as HEIF defines it today (ISO/IEC 23008-12:2022,
// "mode"), and as libheif and browsers apply it: 0 swaps top and bottom,
// 1 left and right (a front camera's selfie). With a quarter turn after
// it, the turn applies to the mirrored picture: properties apply in the
// order the file lists them.
func TestHEICMirrored(t *testing.T) {
	onBothPaths(t, func(t *testing.T) {
		plain := heifEnc(t, "640x480", func() []byte { return encodePNG(t, quadrants(640, 480, false)) }, ".png")
		for _, c := range []struct {
			name  string
			props [][]byte
			w, h  int
			want  [4]string
		}{
			{"imir 0", [][]byte{imir(0)}, 640, 480, [4]string{"blue", "yellow", "red", "green"}},
			{"imir 1", [][]byte{imir(1)}, 640, 480, [4]string{"green", "red", "yellow", "blue"}},
			// Mirrored (blue yellow / red green), then a quarter turn anticlockwise.
			{"imir 0 then irot 1", [][]byte{imir(0), irot(1)}, 480, 640, [4]string{"yellow", "green", "blue", "red"}},
		} {
			src := withProps(t, plain, c.props...)
			info, err := readHEIF(src)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %+v", c.name, info)
			res := processHEIC(t, src)
			if res.Width != c.w || res.Height != c.h {
				t.Errorf("%s: size %dx%d, want %dx%d", c.name, res.Width, res.Height, c.w, c.h)
				continue
			}
			if got := quadrantColours(variant(t, res, "image/jpeg", 320)); got != c.want {
				t.Errorf("%s: quadrants %v, want %v", c.name, got, c.want)
			}
		}
	})
}

// TestTenBitHEIC: a 12 MP photo in 10 bits a channel (heif-enc -b 10 from
// a 16-bit PNG, as phones record HDR-capable photos) is read at its size
// and in its colours.
func TestTenBitHEIC(t *testing.T) {
	src := heifEnc(t, "12mp-10bit", func() []byte { return encodePNG(t, quadrants(4032, 3024, true)) }, ".png", "-b", "10")
	hvcC := hvcCOf(t, src)
	if depth := hvcC[17]&7 + 8; depth != 10 {
		t.Fatalf("the test file is %d-bit, want 10", depth)
	}
	if _, cfg, err := Config(src); err != nil || cfg.Width != 4032 || cfg.Height != 3024 {
		t.Fatalf("Config %dx%d %v", cfg.Width, cfg.Height, err)
	}
	res := processHEIC(t, src)
	if res.Width != 4032 || res.Height != 3024 {
		t.Fatalf("size %dx%d", res.Width, res.Height)
	}
	if got, want := quadrantColours(variant(t, res, "image/jpeg", 1920)), [4]string{"red", "green", "blue", "yellow"}; got != want {
		t.Errorf("quadrants %v, want %v", got, want)
	}
}

// hvcCOf returns the HEVC decoder configuration of the file's first image.
func hvcCOf(t *testing.T, f []byte) []byte {
	meta, _ := child(f, "meta")
	iprp, _ := child(meta[4:], "iprp")
	for _, p := range ipcoOf(iprp) {
		if p.typ == "hvcC" && len(p.body) > 17 {
			return p.body
		}
	}
	t.Fatal("no hvcC")
	return nil
}

// TestHEICDisplayP3: a HEIC with a Display P3 profile (as an iPhone's) is
// converted to sRGB: a saturated P3 red comes out redder and with less
// green and blue than the same pixels read as sRGB, and a gray stays gray.
func TestHEICDisplayP3(t *testing.T) {
	onBothPaths(t, func(t *testing.T) {
		gray, red := color.NRGBA{128, 128, 128, 255}, color.NRGBA{200, 50, 40, 255}
		png := encodePNG(t, halves(640, 320, gray, red))
		plain := heifEnc(t, "p3-plain", func() []byte { return png }, ".png")
		tagged := heifEnc(t, "p3-tagged", func() []byte { return pngWithICC(t, png, p3Profile()) }, ".png")
		info, err := readHEIF(tagged)
		if err != nil || !bytes.Equal(info.ICC, p3Profile()) {
			t.Fatalf("heif-enc did not carry the P3 profile into a colr box: %v", err)
		}
		before := variant(t, processHEIC(t, plain), "image/jpeg", 320)
		after := variant(t, processHEIC(t, tagged), "image/jpeg", 320)
		ur, ug, ub, _ := rgba(before, 240, 80)
		r, g, b, _ := rgba(after, 240, 80)
		t.Logf("P3 (200,50,40): read as sRGB %d,%d,%d; converted %d,%d,%d", ur, ug, ub, r, g, b)
		if !(int(r) > int(ur)+8 && int(g) < int(ug)-3 && int(b) < int(ub)-3) {
			t.Errorf("P3 red became %d,%d,%d; want redder, less green and blue than %d,%d,%d", r, g, b, ur, ug, ub)
		}
		if r, g, b, _ := rgba(after, 80, 80); !(near(r, g, 4) && near(g, b, 4)) {
			t.Errorf("P3 gray became %d,%d,%d", r, g, b)
		}
	})
}

// TestDamagedHEICNamesTheFormat: a HEIC whose image data is cut off says
// it is a HEIC that cannot be read, and is ErrDamaged to the image job.
func TestDamagedHEICNamesTheFormat(t *testing.T) {
	onBothPaths(t, func(t *testing.T) {
		src, err := os.ReadFile("testdata/testsrc2-128x96.heic")
		if err != nil {
			t.Fatal(err)
		}
		for name, f := range map[string][]byte{
			"image data cut off":  src[:len(src)-600],
			"no size in the file": bytes.Replace(src, []byte("ispe"), []byte("xxxx"), 1),
		} {
			_, err := Process(context.Background(), f)
			if !errors.Is(err, ErrDamaged) {
				t.Fatalf("%s: err = %v, want ErrDamaged", name, err)
			}
			if want := "HEIC-bildet er skadet eller ufullstendig og kan ikke leses."; err.Error() != "invalid: "+want {
				t.Errorf("%s: message %q, want %q", name, err, want)
			}
		}
	})
}

// FuzzReadHEIF: the container parser reads untrusted bytes; whatever they
// are, it must not panic, and what it reports must come from them.
func FuzzReadHEIF(f *testing.F) {
	src, err := os.ReadFile("testdata/testsrc2-128x96.heic")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(src)
	f.Add(withProps(f, src, irot(3), imir(1)))
	f.Add(src[:200])
	f.Add(mkbox("meta", mkbox("pitm", []byte{1, 0, 0, 0, 0, 0, 0, 1})))
	f.Add([]byte("\x00\x00\x00\x01meta\xff\xff\xff\xff\xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, data []byte) {
		info, err := readHEIF(data)
		if err != nil {
			return
		}
		if info.Rotation < 0 || info.Rotation > 3 || info.Mirror < -1 || info.Mirror > 1 {
			t.Errorf("transform out of range: %+v", info)
		}
		if len(info.ICC) > len(data) {
			t.Errorf("profile longer than the file")
		}
	})
}

package images

import (
	"strings"
	"testing"
)

func TestUntakenFormatsNamed(t *testing.T) {
	heic := mkbox("ftyp", []byte("heic\x00\x00\x00\x00mif1heic"))
	for _, c := range []struct {
		name string
		head []byte
		want string // "" when not refused
	}{
		{"ProRAW DNG (little-endian TIFF)", []byte("II*\x00\x08\x00\x00\x00"), "DNG-, TIFF- og RAW-filer"},
		{"big-endian TIFF", []byte("MM\x00*\x00\x00\x00\x08"), "DNG-, TIFF- og RAW-filer"},
		{"CR3", []byte("\x00\x00\x00\x18ftypcrx \x00\x00\x00\x01"), "RAW-filer (CR3)"},
		{"AVIF", mkbox("ftyp", []byte("avif\x00\x00\x00\x00mif1")), "AVIF-filer"},
		{"GIF", []byte("GIF89a\x01\x00"), "GIF-filer"},
		{"JPEG XL", []byte{0xFF, 0x0A, 0, 0}, "JPEG XL-filer"},
		{"JPEG", []byte{0xFF, 0xD8, 0xFF, 0xE1}, ""},
		{"HEIC", heic, ""},
		{"MP4", mkbox("ftyp", []byte("isom\x00\x00\x02\x00mp41")), ""},
	} {
		err := RefuseUntaken(c.head)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s refused: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) ||
			!strings.HasSuffix(err.Error(), "Last opp bildet som JPEG, PNG, WebP eller HEIC.")):
			t.Errorf("%s: %v, want a refusal naming %q and the formats taken", c.name, err, c.want)
		}
	}
	for _, c := range []struct{ name, typ string }{
		{"IMG_0042.DNG", ""}, {"photo.tif", "image/tiff"}, {"x", "image/x-adobe-dng"}, {"anim.gif", "image/gif"},
	} {
		if RefuseDeclared(c.name, c.typ) == nil {
			t.Errorf("%s (%q) not refused", c.name, c.typ)
		}
	}
	for _, c := range []struct{ name, typ string }{
		{"IMG_0042.HEIC", "image/heic"}, {"foto.jpg", "image/jpeg"}, {"clip.mov", "video/quicktime"}, {"IMG_0042.heic", ""},
	} {
		if err := RefuseDeclared(c.name, c.typ); err != nil {
			t.Errorf("%s (%q) refused: %v", c.name, c.typ, err)
		}
	}
}

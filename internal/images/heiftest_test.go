package images

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// HEIC test files are made as a phone's are: libheif's own encoder
// (heif-enc, Debian's libheif-examples, installed by make test) from a
// JPEG or PNG written here, with the container properties a phone adds
// (irot, imir) written in by withProps, as heif-enc 1.15 has no option
// for them.

var heifFiles sync.Map // name → []byte, each file encoded once per run

// heifEncPath is heif-enc as found on PATH when the tests start: the tests
// of the embedded decoder take libheif's programs off PATH.
var heifEncPath, _ = exec.LookPath("heif-enc")

// heifEnc encodes the input file (ext ".jpg" or ".png") with heif-enc and
// caches the result under name. x265's ultrafast preset keeps a 12 MP
// encode to a second or two; the file is as valid as a slower one.
func heifEnc(t testing.TB, name string, input func() []byte, ext string, args ...string) []byte {
	t.Helper()
	if f, ok := heifFiles.Load(name); ok {
		return f.([]byte)
	}
	if heifEncPath == "" {
		t.Fatal("these tests run libheif's heif-enc (apt-get install libheif-examples; make test-go does)")
	}
	dir, err := os.MkdirTemp("", "heif")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, "in"+ext), filepath.Join(dir, "out.heic")
	if err := os.WriteFile(in, input(), 0o644); err != nil {
		t.Fatal(err)
	}
	args = append([]string{"-q", "60", "-p", "preset=ultrafast", "-o", out}, append(args, in)...)
	if msg, err := exec.Command(heifEncPath, args...).CombinedOutput(); err != nil {
		t.Fatalf("heif-enc %s: %v\n%s", strings.Join(args, " "), err, msg)
	}
	f, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	heifFiles.Store(name, f)
	return f
}

// The four quadrants of the test picture as stored: any turn or mirror
// moves them somewhere else.
var (
	qRed    = color.NRGBA{210, 40, 40, 255}
	qGreen  = color.NRGBA{40, 180, 60, 255}
	qBlue   = color.NRGBA{40, 60, 210, 255}
	qYellow = color.NRGBA{220, 200, 40, 255}
)

// quadrants draws a w×h picture, red | green over blue | yellow. In 8
// bits it has a little noise so that it codes to a photo's size rather
// than a few KB (a camera-size file is what made the old size check
// fail); with deep set it is 16 bits a channel, for a 10-bit HEIC, and
// smooth (noise there would only make heif-enc slow).
func quadrants(w, h int, deep bool) image.Image {
	var m8 *image.NRGBA
	var m16 *image.NRGBA64
	if deep {
		m16 = image.NewNRGBA64(image.Rect(0, 0, w, h))
	} else {
		m8 = image.NewNRGBA(image.Rect(0, 0, w, h))
	}
	seed := uint32(7)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := [2][2]color.NRGBA{{qRed, qGreen}, {qBlue, qYellow}}[y*2/h][x*2/w]
			seed = seed*1664525 + 1013904223
			n := int(seed>>28) - 8 // -8 … 7
			if deep {
				n = 0
			}
			ch := func(v uint8) int { return min(255, max(0, int(v)+n)) }
			if deep {
				m16.SetNRGBA64(x, y, color.NRGBA64{uint16(ch(c.R) * 257), uint16(ch(c.G) * 257), uint16(ch(c.B) * 257), 0xFFFF})
			} else {
				m8.SetNRGBA(x, y, color.NRGBA{uint8(ch(c.R)), uint8(ch(c.G)), uint8(ch(c.B)), 255})
			}
		}
	}
	if deep {
		return m16
	}
	return m8
}

// quadrantColours names the colours at the middle of each quarter of m,
// top-left, top-right, bottom-left, bottom-right.
func quadrantColours(m image.Image) [4]string {
	b := m.Bounds()
	var out [4]string
	for i, p := range [][2]int{{1, 1}, {3, 1}, {1, 3}, {3, 3}} {
		r, g, bl, _ := rgba(m, b.Min.X+b.Dx()*p[0]/4, b.Min.Y+b.Dy()*p[1]/4)
		out[i] = nameOf(r, g, bl)
	}
	return out
}

func nameOf(r, g, b uint8) string {
	for _, c := range []struct {
		name string
		c    color.NRGBA
	}{{"red", qRed}, {"green", qGreen}, {"blue", qBlue}, {"yellow", qYellow}} {
		if near(r, c.c.R, 24) && near(g, c.c.G, 24) && near(b, c.c.B, 24) {
			return c.name
		}
	}
	return "?"
}

// withProps adds property boxes (irot, imir …) to a heif-enc file's
// primary image, as a phone's camera writes them: appended to ipco and
// associated in ipma. The meta box grows, so the mdat behind it moves,
// and every iloc offset is moved with it. It handles the layout heif-enc
// writes (iloc version 0 or 1 without base offsets, narrow ipma).
func withProps(t testing.TB, f []byte, props ...[]byte) []byte {
	t.Helper()
	var out []byte
	var grown int
	for top := range boxes(f) {
		if top.typ != "meta" {
			out = append(out, mkbox(top.typ, top.body)...)
			continue
		}
		primary, _ := primaryItem(top.body[4:])
		meta := append([]byte{}, top.body[:4]...)
		var iloc []byte
		for c := range boxes(top.body[4:]) {
			switch c.typ {
			case "iprp":
				var iprp []byte
				for p := range boxes(c.body) {
					switch p.typ {
					case "ipco":
						body := append([]byte{}, p.body...)
						for _, pr := range props {
							body = append(body, pr...)
						}
						iprp = append(iprp, mkbox("ipco", body)...)
					case "ipma":
						iprp = append(iprp, mkbox("ipma", addAssociations(t, p.body, primary, len(ipcoOf(c.body)), len(props)))...)
					default:
						iprp = append(iprp, mkbox(p.typ, p.body)...)
					}
				}
				meta = append(meta, mkbox("iprp", iprp)...)
			case "iloc":
				iloc = c.body
				meta = append(meta, []byte("ILOC")...) // placeholder, replaced below
			default:
				meta = append(meta, mkbox(c.typ, c.body)...)
			}
		}
		grown = len(meta) - len(top.body) - 4 + 8 + len(iloc)
		shifted := mkbox("iloc", shiftIloc(t, iloc, grown))
		meta = bytes.Replace(meta, []byte("ILOC"), shifted, 1)
		out = append(out, mkbox("meta", meta)...)
	}
	return out
}

func ipcoOf(iprp []byte) []box {
	var out []box
	ipco, _ := child(iprp, "ipco")
	for b := range boxes(ipco) {
		out = append(out, b)
	}
	return out
}

// addAssociations gives item the properties numbered after the existing
// ones (n of them, the first at index have+1).
func addAssociations(t testing.TB, ipma []byte, item uint32, have, n int) []byte {
	if ipma[0] != 0 || ipma[3]&1 != 0 {
		t.Fatalf("ipma version %d flags %d: not the layout heif-enc writes", ipma[0], ipma[3])
	}
	out := append([]byte{}, ipma[:8]...)
	r := ipma[8:]
	for e := binary.BigEndian.Uint32(ipma[4:8]); e > 0; e-- {
		id, count := binary.BigEndian.Uint16(r), int(r[2])
		assoc := append([]byte{}, r[3:3+count]...)
		if uint32(id) == item {
			for k := 1; k <= n; k++ {
				assoc = append(assoc, byte(have+k)|0x80) // essential, as transformations are
			}
		}
		out = binary.BigEndian.AppendUint16(out, id)
		out = append(append(out, byte(len(assoc))), assoc...)
		r = r[3+count:]
	}
	return out
}

// shiftIloc moves every item's data by delta bytes: its base offset, or
// without one, each extent's offset.
func shiftIloc(t testing.TB, iloc []byte, delta int) []byte {
	out := append([]byte{}, iloc...)
	version := out[0]
	offSize, lenSize, baseSize := int(out[4]>>4), int(out[4]&15), int(out[5]>>4)
	if version > 1 || offSize != 4 || (baseSize != 0 && baseSize != 4) {
		t.Fatalf("iloc version %d sizes %d/%d/%d: not the layout heif-enc writes", version, offSize, lenSize, baseSize)
	}
	add := func(i int) {
		binary.BigEndian.PutUint32(out[i:], uint32(int(binary.BigEndian.Uint32(out[i:]))+delta))
	}
	i := 8
	for items := binary.BigEndian.Uint16(out[6:8]); items > 0; items-- {
		i += 2 // item id
		method := 0
		if version == 1 {
			method = int(out[i+1] & 15)
			i += 2
		}
		i += 2 // data reference index
		if baseSize == 4 && method == 0 {
			add(i)
		}
		i += baseSize
		extents := int(binary.BigEndian.Uint16(out[i:]))
		i += 2
		for ; extents > 0; extents-- {
			if baseSize == 0 && method == 0 {
				add(i)
			}
			i += offSize + lenSize
		}
	}
	return out
}

// irot is a rotation property: quarter turns anticlockwise.
func irot(quarters byte) []byte { return mkbox("irot", []byte{quarters}) }

// imir is a mirror property: mode 0 swaps top and bottom, 1 left and right.
func imir(axis byte) []byte { return mkbox("imir", []byte{axis}) }

// clap is a clean aperture property: a crop to w×h, centred.
func clap(w, h uint32) []byte {
	var b []byte
	for _, v := range []uint32{w, 1, h, 1, 0, 1, 0, 1} { // numerators and denominators
		b = binary.BigEndian.AppendUint32(b, v)
	}
	return mkbox("clap", b)
}

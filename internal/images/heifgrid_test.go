package images

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"runtime"
	"testing"

	"github.com/gen2brain/heic"
)

// An iPhone stores a photo as a grid: 512×512 tiles, each its own HEVC
// image, and a derived "grid" item (the primary) that pastes them in
// rows and crops the result to its output size; the tiles are hidden
// items, not pictures of their own. heif-enc 1.15 cannot
// write one, so gridHEIC builds it from tiles heif-enc encoded one by one.

// itemData returns the bytes of a heif-enc file's primary item (one
// extent, as heif-enc writes) and its hvcC property.
func itemData(t testing.TB, f []byte) (data, hvcC []byte) {
	t.Helper()
	meta, _ := child(f, "meta")
	primary, _ := primaryItem(meta[4:])
	parts := itemLocations(meta[4:], f)[primary]
	if len(parts) != 1 {
		t.Fatalf("heif-enc wrote the primary item in %d extents, want 1", len(parts))
	}
	iprp, _ := child(meta[4:], "iprp")
	for _, p := range ipcoOf(iprp) {
		if p.typ == "hvcC" {
			hvcC = p.body
		}
	}
	return parts[0], hvcC
}

// gridHEIC cuts m into cols×rows tiles of size×size (m must fill them),
// encodes each with heif-enc, and writes a HEIC whose primary item is the
// grid of them cropped to outW×outH, with the extra properties (irot …)
// on the grid item, as an iPhone writes them.
func gridHEIC(t testing.TB, name string, m image.Image, size, cols, rows, outW, outH int, props ...[]byte) []byte {
	t.Helper()
	n := cols * rows
	var tiles, hvcCs [][]byte
	for k := range n {
		tile := image.NewNRGBA(image.Rect(0, 0, size, size))
		draw.Draw(tile, tile.Rect, m, image.Pt(k%cols*size, k/cols*size), draw.Src)
		f := heifEnc(t, fmt.Sprintf("%s-tile%d", name, k), func() []byte { return encodePNG(t, tile) }, ".png")
		d, h := itemData(t, f)
		tiles, hvcCs = append(tiles, d), append(hvcCs, h)
	}
	be := binary.BigEndian
	u16 := func(b []byte, v int) []byte { return be.AppendUint16(b, uint16(v)) }
	u32 := func(b []byte, v int) []byte { return be.AppendUint32(b, uint32(v)) }
	// Items: 1 is the grid, 2…n+1 the tiles.
	var infes []byte
	infes = append(infes, fullbox("infe", 2, append(u16(u16(nil, 1), 0), "grid\x00"...))...)
	for k := range n { // hidden (flags 1): only the grid is a picture to show
		infes = append(infes, mkbox("infe", append([]byte{2, 0, 0, 1}, append(u16(u16(nil, 2+k), 0), "hvc1\x00"...)...))...)
	}
	dimg := u16(u16(nil, 1), n)
	for k := range n {
		dimg = u16(dimg, 2+k)
	}
	// The grid: rows and columns less one, and the output size.
	grid := u16(u16([]byte{0, 0, byte(rows - 1), byte(cols - 1)}, outW), outH)
	// Properties, shared by all tiles as in an iPhone's file: the hvcC
	// (1; the tiles' are alike, being the same size and settings), the
	// tiles' ispe (2), the grid's ispe (3), then props (4…).
	for _, h := range hvcCs {
		if !bytes.Equal(h, hvcCs[0]) {
			t.Fatal("heif-enc wrote tiles with different hvcC")
		}
	}
	ipco := mkbox("hvcC", hvcCs[0])
	ipco = append(ipco, fullbox("ispe", 0, u32(u32(nil, size), size))...)
	ipco = append(ipco, fullbox("ispe", 0, u32(u32(nil, outW), outH))...)
	gridProps := []byte{3}
	for k, p := range props {
		ipco = append(ipco, p...)
		gridProps = append(gridProps, byte(0x80|(4+k)))
	}
	ipma := u32(nil, 1+n)
	ipma = append(append(u16(ipma, 1), byte(len(gridProps))), gridProps...)
	for k := range n {
		ipma = append(u16(ipma, 2+k), 2, 0x81, 2)
	}
	iprp := mkbox("iprp", append(mkbox("ipco", ipco), fullbox("ipma", 0, ipma)...))
	ftyp := mkbox("ftyp", []byte("heic\x00\x00\x00\x00mif1heic"))
	meta := func(mdatStart int) []byte {
		iloc := u16([]byte{0x44, 0x00}, 1+n)                                // 4-byte offsets and lengths, no base offset
		iloc = u32(u32(u16(u16(u16(u16(iloc, 1), 1), 0), 1), 0), len(grid)) // the grid: in idat (method 1)
		at := mdatStart
		for k, d := range tiles {
			iloc = u32(u32(u16(u16(u16(u16(iloc, 2+k), 0), 0), 1), at), len(d))
			at += len(d)
		}
		body := append(fullbox("hdlr", 0, append(make([]byte, 4), "pict\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"...)),
			fullbox("pitm", 0, u16(nil, 1))...)
		body = append(body, fullbox("iloc", 1, iloc)...)
		body = append(body, fullbox("iinf", 0, append(u16(nil, 1+n), infes...))...)
		body = append(body, fullbox("iref", 0, mkbox("dimg", dimg))...)
		body = append(body, mkbox("idat", grid)...)
		body = append(body, iprp...)
		return fullbox("meta", 0, body)
	}
	head := len(ftyp) + len(meta(0)) + 8
	var mdat []byte
	for _, d := range tiles {
		mdat = append(mdat, d...)
	}
	return append(append(ftyp, meta(head)...), mkbox("mdat", mdat)...)
}

// TestGridHEIC: a photo stored as an iPhone stores it, in 512×512 tiles
// under a grid cropped to its output size and turned by irot, is read at
// the grid's size, turned upright, and whole. A grid whose tiles are not
// hidden is five pictures to libheif's decoder program, which writes each
// to a file of its own; the embedded decoder then reads the primary one.
func TestGridHEIC(t *testing.T) {
	hidden := gridHEIC(t, "grid", quadrants(1024, 1024, false), 512, 2, 2, 1000, 900, irot(3))
	for name, src := range map[string][]byte{"tiles hidden": hidden, "tiles shown": visibleTiles(hidden)} {
		t.Run(name, func(t *testing.T) {
			onBothPaths(t, func(t *testing.T) {
				f, cfg, err := Config(src)
				if err != nil || f != HEIC || cfg.Width != 1000 || cfg.Height != 900 {
					t.Fatalf("Config = %s %dx%d, %v; want the grid's 1000x900", f, cfg.Width, cfg.Height, err)
				}
				res := processHEIC(t, src)
				if res.Width != 900 || res.Height != 1000 {
					t.Fatalf("upright size %dx%d, want 900x1000", res.Width, res.Height)
				}
				if got, want := quadrantColours(variant(t, res, "image/jpeg", 900)), [4]string{"blue", "red", "yellow", "green"}; got != want {
					t.Errorf("quadrants %v, want %v", got, want)
				}
			})
		})
	}
}

// visibleTiles is a grid file whose tiles are not hidden: five pictures
// in one file, of which the grid is the primary.
func visibleTiles(f []byte) []byte {
	return bytes.ReplaceAll(f, []byte("infe\x02\x00\x00\x01"), []byte("infe\x02\x00\x00\x00"))
}

// uprightRGBA is m in RGBA turned as EXIF orientation o says.
func uprightRGBA(m image.Image, o int) *image.RGBA {
	rgba := image.NewRGBA(image.Rect(0, 0, m.Bounds().Dx(), m.Bounds().Dy()))
	draw.Draw(rgba, rgba.Rect, m, m.Bounds().Min, draw.Src)
	return orient(rgba, o)
}

// TestGridTilesMatchWholeDecode: a grid decoded a row of tiles at a time,
// with its cropped right and bottom tiles, and then turned as Process
// turns it (the irot and imir as an EXIF orientation), is the picture
// the embedded decoder gives decoding it whole and turning it itself.
// Exactly, but for the few pixels where the whole decode is the wrong
// one: in a fresh WebAssembly memory libde265 1.0.15 decodes the first
// tile's top left from memory it has not written (see stripFile), which
// the tile path's copy in front absorbs. So at most 64 pixels may differ,
// and the tile path's every pixel is within 16 levels of the source
// (as the native decoder's are).
func TestGridTilesMatchWholeDecode(t *testing.T) {
	t.Parallel()
	source := quadrants(1536, 1024, false)
	crop := image.NewRGBA(image.Rect(0, 0, 1400, 1000))
	draw.Draw(crop, crop.Rect, source, image.Point{}, draw.Src)
	for _, c := range []struct {
		name  string
		props [][]byte
		want  int // the EXIF orientation they make
	}{
		{"as stored", nil, 1},
		{"irot 1", [][]byte{irot(1)}, 8},
		{"irot 2", [][]byte{irot(2)}, 3},
		{"irot 3", [][]byte{irot(3)}, 6},
		{"imir 0", [][]byte{imir(0)}, 4},
		{"imir 1", [][]byte{imir(1)}, 2},
		{"imir 0 then irot 1", [][]byte{imir(0), irot(1)}, 7},
		{"irot 1 then imir 1", [][]byte{irot(1), imir(1)}, 7},
		{"imir 1 then irot 1", [][]byte{imir(1), irot(1)}, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := gridHEIC(t, "grid3x2", source, 512, 3, 2, 1400, 1000, c.props...)
			info, err := readHEIF(src)
			if err != nil {
				t.Fatal(err)
			}
			tiled, o, err := decodeGrid(context.Background(), src, info)
			if err != nil {
				t.Fatalf("decodeGrid: %v", err)
			}
			if o != c.want {
				t.Errorf("orientation %d, want %d", o, c.want)
			}
			if worst, mean := differences(tiled, crop, func(x, y int) (int, int) { return x, y }); worst > 16 {
				t.Errorf("the tiles differ from the source by up to %d levels (mean %.2f), want at most 16", worst, mean)
			}
			whole, err := heic.Decode(bytes.NewReader(src))
			if err != nil {
				t.Fatal(err)
			}
			got, want := uprightRGBA(tiled, o), uprightRGBA(whole, 1)
			if got.Rect != want.Rect {
				t.Fatalf("upright %v, whole decode %v", got.Rect, want.Rect)
			}
			differ := 0
			for i := 0; i < len(got.Pix); i += 4 {
				if !bytes.Equal(got.Pix[i:i+4], want.Pix[i:i+4]) {
					differ++
				}
			}
			t.Logf("%d pixels differ from the whole decode", differ)
			if differ > 64 {
				t.Errorf("%d pixels differ from the whole decode, want at most 64", differ)
			}
		})
	}
}

// TestGridTilesFallBack: a primary image that is not a grid, or a grid
// with what the tile path does not handle, is left to the whole decode,
// which still decodes it.
func TestGridTilesFallBack(t *testing.T) {
	t.Parallel()
	single := heifEnc(t, "640x480", func() []byte { return encodePNG(t, quadrants(640, 480, false)) }, ".png")
	for name, src := range map[string][]byte{
		"not a grid":   single,
		"a clap crop":  gridHEIC(t, "grid", quadrants(1024, 1024, false), 512, 2, 2, 1024, 1024, clap(1000, 800)),
		"a pasp ratio": gridHEIC(t, "grid", quadrants(1024, 1024, false), 512, 2, 2, 1000, 900, mkbox("pasp", []byte{0, 0, 0, 1, 0, 0, 0, 1})),
	} {
		t.Run(name, func(t *testing.T) {
			info, err := readHEIF(src)
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := decodeGrid(context.Background(), src, info); !errors.Is(err, errNotTiled) {
				t.Fatalf("decodeGrid: %v, want errNotTiled", err)
			}
			m, err := heic.Decode(bytes.NewReader(src))
			if err != nil || m.Bounds().Empty() {
				t.Fatalf("the whole decode: %v", err)
			}
		})
	}
}

// TestForgedGridRefused: a grid whose numbers do not hold together is not
// decoded by tiles, without a panic and without allocating what it
// declares; the whole decode then decides (Config has refused a size
// over MaxPixels before either runs). Not parallel: it counts the bytes
// the process allocates.
func TestForgedGridRefused(t *testing.T) {
	good := gridHEIC(t, "grid", quadrants(1024, 1024, false), 512, 2, 2, 1000, 900)
	if info, _ := readHEIF(good); !readable(good, info) {
		t.Fatal("the unforged grid is not read: the cases below prove nothing")
	}
	// Where the numbers are: the grid's data in idat, the tiles' ispe
	// (the first in ipco), the dimg reference, the iloc entries (16
	// bytes each after an 8-byte head, the grid's first).
	at := func(typ string) int { return bytes.Index(good, []byte(typ)) + 4 }
	grid, ispe, dimg, iloc := at("idat"), at("ispe"), at("dimg"), at("iloc")
	put32 := func(f []byte, i int, v uint32) { binary.BigEndian.PutUint32(f[i:], v) }
	put16 := func(f []byte, i int, v uint16) { binary.BigEndian.PutUint16(f[i:], v) }
	for name, forge := range map[string]func(f []byte){
		"more rows than tiles":          func(f []byte) { f[grid+2] = 2 },
		"fewer columns than tiles":      func(f []byte) { f[grid+3] = 0 },
		"256 columns":                   func(f []byte) { f[grid+3] = 255 },
		"output size not the ispe":      func(f []byte) { put16(f, grid+4, 0xFFFF) },
		"tile bytes past the end":       func(f []byte) { put32(f, iloc+8+16+12, 0xFFFFFF00) },
		"tile offset past the end":      func(f []byte) { put32(f, iloc+8+16+8, 0xFFFFFFF0) },
		"tile of no bytes":              func(f []byte) { put32(f, iloc+8+16+12, 0) },
		"tile data in another file":     func(f []byte) { put16(f, iloc+8+16+4, 1) },
		"dimg naming 65535 tiles":       func(f []byte) { put16(f, dimg+2, 0xFFFF) },
		"huge tiles":                    func(f []byte) { put32(f, ispe+4, 0x7FFFFFFF); put32(f, ispe+8, 0x7FFFFFFF) },
		"odd tiles":                     func(f []byte) { put32(f, ispe+4, 511) },
		"iloc item count past bytes":    func(f []byte) { put16(f, iloc+6, 0xFFFF); put32(f, iloc+8+16*2+12, 0xFFFFFF00) },
		"iloc extent sizes not 4 nor 8": func(f []byte) { f[iloc+4] = 0x33 },
	} {
		t.Run(name, func(t *testing.T) {
			f := bytes.Clone(good)
			forge(f)
			info, err := readHEIF(f)
			if err != nil {
				t.Fatalf("readHEIF: %v (the forgery is in what it reads)", err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			ok := readable(f, info)
			runtime.ReadMemStats(&after)
			if ok {
				t.Error("the forged grid was read")
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
				t.Errorf("reading it allocated %d bytes", n)
			}
		})
	}
}

func readable(f []byte, info heifInfo) bool {
	_, ok := readGrid(f, info)
	return ok
}

// FuzzReadGrid: whatever the bytes, the grid reader does not panic, and a
// grid it reads holds together: as many tiles as rows×columns, each no
// larger than the picture and with its bytes in the file.
func FuzzReadGrid(f *testing.F) {
	f.Add(gridHEIC(f, "grid", quadrants(1024, 1024, false), 512, 2, 2, 1000, 900, irot(3)))
	f.Fuzz(func(t *testing.T, data []byte) {
		info, err := readHEIF(data)
		if err != nil {
			return
		}
		g, ok := readGrid(data, info)
		if !ok {
			return
		}
		if len(g.tiles) != g.rows*g.cols || g.tileW > g.width || g.tileH > g.height {
			t.Fatalf("grid %+v with %d tiles", g, len(g.tiles))
		}
		for _, tile := range g.tiles {
			n := 0
			for _, d := range tile.data {
				n += len(d)
			}
			if n > len(data) {
				t.Fatalf("a tile of %d bytes in a file of %d", n, len(data))
			}
		}
	})
}

// TestEmbeddedDecodesGridByTiles: without libheif's programs, a grid goes
// to the tile path (the picture as stored, the irot left to Process as
// an orientation), and a grid with a crop to the whole decode (turned
// and cropped by libheif, nothing left to do).
func TestEmbeddedDecodesGridByTiles(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	for _, c := range []struct {
		name      string
		props     [][]byte
		w, h, out int
	}{
		{"tiles", [][]byte{irot(3)}, 1000, 900, 6},
		{"whole", [][]byte{clap(1000, 800), irot(3)}, 800, 1000, 1},
	} {
		src := gridHEIC(t, "grid", quadrants(1024, 1024, false), 512, 2, 2, 1000, 900, c.props...)
		m, o, err := decode(context.Background(), HEIC, src)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if b := m.Bounds(); b.Dx() != c.w || b.Dy() != c.h || o != c.out {
			t.Errorf("%s: %dx%d with orientation %d left, want %dx%d and %d", c.name, b.Dx(), b.Dy(), o, c.w, c.h, c.out)
		}
	}
}

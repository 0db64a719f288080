package images

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"image"
	"runtime"
	"slices"

	"github.com/gen2brain/heic"
	"golang.org/x/sync/errgroup"
)

// The embedded decoder's only entry point decodes a file's primary image
// whole, and in WebAssembly its memory grows (by copying) to hold the
// decoded picture and libheif's buffers at once: 1.4 GB for a 48 MP photo.
// A phone's photo is a grid of 512×512 HEVC tiles, so decodeGrid writes
// each row of tiles into a HEIF file of its own (stripFile), decodes that,
// and copies its planes into the picture: a WebAssembly memory holds one
// row of tiles (a 48 MP photo's is 16 tiles, 6 MB decoded), two at a
// time, each given back after its row. libheif turns and mirrors a picture it decodes
// whole; here the grid's irot and imir become an EXIF orientation, which
// Process applies after scaling, to the small picture. Anything this does
// not handle falls back to the whole decode, which either handles it or
// finds the file damaged.

// errNotTiled is a file decodeGrid leaves to the whole-image decode.
var errNotTiled = errors.New("heif: not a grid decodeGrid handles")

// heifGrid is a primary "grid" item: rows×cols tiles of tileW×tileH in
// row-major order, cropped to width×height, then turned as orientation
// (EXIF, 1–8) says.
type heifGrid struct {
	rows, cols, width, height, tileW, tileH int
	orientation                             int
	tiles                                   []heifTile
}

// heifTile is one tile: its properties (hvcC, ispe …) and its coded bytes,
// in one or more extents.
type heifTile struct {
	props []box
	data  [][]byte
}

// Properties the grid and its tiles may have; any other (a clap crop, a
// transformation on a tile, one we do not know) sends the file to the
// whole-image decode. colr and pixi do not change the decoded planes.
var (
	gridProperties = []string{"ispe", "colr", "pixi", "irot", "imir"}
	tileProperties = []string{"hvcC", "ispe", "colr", "pixi"}
)

// decodeGrid decodes the primary image a row of tiles at a time into its
// 4:2:0 planes, and says the EXIF orientation that turns it upright. It
// is errNotTiled for a file it leaves to the whole decode, or the
// context's error.
func decodeGrid(ctx context.Context, data []byte, info heifInfo) (*image.YCbCr, int, error) {
	if info.Chroma != 1 || info.Alpha {
		return nil, 0, errNotTiled
	}
	g, ok := readGrid(data, info)
	if !ok {
		return nil, 0, errNotTiled
	}
	out := image.NewYCbCr(image.Rect(0, 0, g.width, g.height), image.YCbCrSubsampleRatio420)
	// Two rows at a time where there are two cores (libheif decodes a
	// grid's tiles in threads natively; in WebAssembly it has none): each
	// holds one row's WebAssembly memory, and writes its own rows of out.
	// The first row that fails stops those not yet begun.
	rows, rowsCtx := errgroup.WithContext(ctx)
	rows.SetLimit(twoAtOnce())
	for r := range g.rows {
		rows.Go(func() error {
			if err := rowsCtx.Err(); err != nil {
				return err
			}
			if !g.decodeRow(out, r) {
				return errNotTiled
			}
			return nil
		})
	}
	if err := rows.Wait(); err != nil {
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		return nil, 0, errNotTiled
	}
	return out, g.orientation, nil
}

// decodeRow decodes row r of the tiles (stripFile) and pastes it into
// out; false when the embedded decoder fails on it, or gives other than
// the row's 4:2:0 planes.
func (g heifGrid) decodeRow(out *image.YCbCr, r int) bool {
	row := g.tiles[r*g.cols : (r+1)*g.cols]
	m, err := heic.Decode(bytes.NewReader(stripFile(row, g.tileW, g.tileH)))
	strip, ok := m.(*image.YCbCr)
	if err != nil || !ok || strip.SubsampleRatio != image.YCbCrSubsampleRatio420 ||
		strip.Rect != image.Rect(0, 0, (g.cols+1)*g.tileW, g.tileH) {
		return false
	}
	tiles := strip.SubImage(image.Rect(g.tileW, 0, strip.Rect.Dx(), g.tileH)).(*image.YCbCr) // after the copy in front
	paste(out, tiles, image.Pt(0, r*g.tileH))
	// The row's WebAssembly memory (tens of MB) is garbage now; left to
	// the collector's pacing, a dozen of them pile up to twice the
	// decoded photo before it runs. Collecting now keeps the peak to the
	// photo and the rows being decoded; the heap is mostly the photo's
	// planes, which have no pointers to scan.
	runtime.GC()
	return true
}

// paste copies the 4:2:0 planes of m (whose Y, Cb and Cr begin at its
// first pixel, as a SubImage's do) into out at p (even coordinates),
// cropped to out's bounds.
func paste(out, m *image.YCbCr, p image.Point) {
	w, h := min(m.Rect.Dx(), out.Rect.Dx()-p.X), min(m.Rect.Dy(), out.Rect.Dy()-p.Y)
	for y := range h {
		copy(out.Y[(p.Y+y)*out.YStride+p.X:][:w], m.Y[y*m.YStride:][:w])
	}
	cx, cw, ch := p.X/2, (p.X+w+1)/2-p.X/2, (p.Y+h+1)/2-p.Y/2
	for y := range ch {
		o, i := (p.Y/2+y)*out.CStride+cx, y*m.CStride
		copy(out.Cb[o:o+cw], m.Cb[i:i+cw])
		copy(out.Cr[o:o+cw], m.Cr[i:i+cw])
	}
}

// readGrid reads the primary grid item and its tiles from the container;
// ok is false for anything decodeGrid does not handle. The tiles' bytes
// are slices of data, checked to be there; nothing is allocated in
// proportion to a size the file declares before it is checked.
func readGrid(data []byte, info heifInfo) (heifGrid, bool) {
	meta, ok := child(data, "meta")
	if !ok || len(meta) < 4 {
		return heifGrid{}, false
	}
	meta = meta[4:]
	primary, ok := primaryItem(meta)
	types := itemTypes(meta)
	if !ok || types[primary] != "grid" {
		return heifGrid{}, false
	}
	locs := itemLocations(meta, data)
	if len(locs[primary]) != 1 { // the grid's few bytes in one piece, as everyone writes them
		return heifGrid{}, false
	}
	g, ok := gridLayout(locs[primary][0], info)
	if !ok {
		return heifGrid{}, false
	}
	ids := references(meta, "dimg", primary)
	if len(ids) != g.rows*g.cols {
		return heifGrid{}, false
	}
	iprp, _ := child(meta, "iprp")
	var ipco []box
	if c, ok := child(iprp, "ipco"); ok {
		ipco = slices.Collect(boxes(c))
	}
	assoc := map[uint32][]int{}
	for id, props := range ipmaEntries(iprp) {
		assoc[id] = append(assoc[id], props...)
	}
	gridProps, ok := properties(ipco, assoc[primary], gridProperties)
	if !ok {
		return heifGrid{}, false
	}
	g.orientation = containerOrientation(gridProps)
	for _, id := range ids {
		props, ok := properties(ipco, assoc[id], tileProperties)
		w, h, sized := ispe(props)
		if !ok || types[id] != "hvc1" || locs[id] == nil || !sized || !slices.ContainsFunc(props, isHvcC) {
			return heifGrid{}, false
		}
		if g.tiles == nil {
			g.tileW, g.tileH = w, h
		}
		if w != g.tileW || h != g.tileH {
			return heifGrid{}, false
		}
		g.tiles = append(g.tiles, heifTile{props, locs[id]})
	}
	// Tiles of even size (so that their chroma lines up), none larger
	// than the picture, and the last row and column of them reaching
	// into it (as an iPhone's do): a row of tiles is never much more than
	// the picture's width, which Config has held to MaxPixels. A strip
	// has a column more than the grid, and a grid at most 256.
	fits := func(tile, n, size int) bool {
		return tile%2 == 0 && tile <= size && tile*(n-1) < size && tile*n >= size
	}
	if !fits(g.tileW, g.cols, g.width) || !fits(g.tileH, g.rows, g.height) || g.cols > 255 {
		return heifGrid{}, false
	}
	return g, true
}

func isHvcC(p box) bool { return p.typ == "hvcC" }

// gridLayout reads a grid item's data (ISO/IEC 23008-12 6.6.2.3.2):
// version 0, flags (bit 0: 32-bit sizes), rows and columns less one, the
// output width and height. The output size must be the item's ispe (the
// size Config checked).
func gridLayout(d []byte, info heifInfo) (heifGrid, bool) {
	if len(d) < 8 || d[0] != 0 {
		return heifGrid{}, false
	}
	g := heifGrid{rows: int(d[2]) + 1, cols: int(d[3]) + 1}
	if d[1]&1 == 0 {
		g.width, g.height = int(binary.BigEndian.Uint16(d[4:])), int(binary.BigEndian.Uint16(d[6:]))
	} else if len(d) >= 12 {
		g.width, g.height = int(binary.BigEndian.Uint32(d[4:])), int(binary.BigEndian.Uint32(d[8:]))
	}
	ok := g.width == info.Width && g.height == info.Height && g.width > 0 && g.height > 0 &&
		int64(g.width)*int64(g.height) <= MaxPixels
	return g, ok
}

// properties returns the ipco properties at the 1-based indexes, in
// order; ok is false when one is missing or of a type not allowed.
func properties(ipco []box, indexes []int, allowed []string) ([]box, bool) {
	var out []box
	for _, k := range indexes {
		if k < 1 || k > len(ipco) || !slices.Contains(allowed, ipco[k-1].typ) {
			return nil, false
		}
		out = append(out, ipco[k-1])
	}
	return out, true
}

// ispe returns the size of an ispe property among props.
func ispe(props []box) (w, h int, ok bool) {
	for _, p := range props {
		if p.typ == "ispe" && len(p.body) >= 12 {
			return int(binary.BigEndian.Uint32(p.body[4:])), int(binary.BigEndian.Uint32(p.body[8:])), true
		}
	}
	return 0, 0, false
}

// containerOrientation composes the irot and imir among props, in the
// order given (the order they apply in), into the EXIF orientation that
// turns a picture the same way. The turn so far is kept as a mirror left
// to right (flip), then quarter turns anticlockwise.
func containerOrientation(props []box) int {
	flip, turns := 0, 0
	for _, p := range props {
		switch {
		case p.typ == "irot" && len(p.body) >= 1:
			turns += int(p.body[0] & 3)
		case p.typ == "imir" && len(p.body) >= 1 && p.body[0]&1 == 1: // left and right
			flip, turns = 1-flip, -turns
		case p.typ == "imir" && len(p.body) >= 1: // top and bottom: left and right, then a half turn
			flip, turns = 1-flip, 2-turns
		}
	}
	return [2][4]int{{1, 8, 3, 6}, {2, 5, 4, 7}}[flip][(turns%4+4)%4]
}

// stripFile writes a row of tiles as a HEIF file of its own: a grid of
// one row, the first tile twice. The embedded decoder (libde265 1.0.15 in
// WebAssembly) reads memory it has not written: in a module's fresh
// memory, the first tile it decodes comes out with wrong pixels at its
// top left and wrong chroma at its sides; after a tile, what it reads is
// what that tile left, as in the whole decode. So the copy in front takes
// the damage, the real tiles follow it, and the WebAssembly memory holds
// one row of tiles.
func stripFile(row []heifTile, tileW, tileH int) []byte {
	be := binary.BigEndian
	tiles := append([]heifTile{row[0]}, row...)
	n := len(tiles)
	// Items: 1 is the grid, 2… the tiles. Properties: each tile's own
	// (the copy shares the first's), then the grid's ispe; ipma with
	// 15-bit indexes.
	var ipco, first []byte
	props := 0
	ipma := be.AppendUint32(nil, uint32(1+n))
	for k, t := range tiles {
		assoc := first
		if k != 1 {
			assoc = nil
			for _, p := range t.props {
				ipco, props = append(ipco, mkbox(p.typ, p.body)...), props+1
				essential := 0
				if p.typ == "hvcC" {
					essential = 0x8000
				}
				assoc = be.AppendUint16(assoc, uint16(essential|props))
			}
			first = assoc
		}
		ipma = append(append(be.AppendUint16(ipma, uint16(2+k)), byte(len(assoc)/2)), assoc...)
	}
	ipco, props = append(ipco, fullbox("ispe", 0, be.AppendUint32(be.AppendUint32(nil, uint32(n*tileW)), uint32(tileH)))...), props+1
	ipma = append(be.AppendUint16(ipma, 1), 1, byte(props>>8), byte(props))
	// The grid's data: one row of n columns, 32-bit output size.
	grid := be.AppendUint32(be.AppendUint32([]byte{0, 1, 0, byte(n - 1)}, uint32(n*tileW)), uint32(tileH))
	infe := fullbox("infe", 2, []byte("\x00\x01\x00\x00grid\x00"))
	dimg := be.AppendUint16(be.AppendUint16(nil, 1), uint16(n))
	for k := range tiles {
		hidden := mkbox("infe", append([]byte{2, 0, 0, 1}, append(be.AppendUint16(nil, uint16(2+k)), "\x00\x00hvc1\x00"...)...))
		infe, dimg = append(infe, hidden...), be.AppendUint16(dimg, uint16(2+k))
	}
	// iloc version 0, 4-byte offsets and lengths: the grid's data, then
	// each tile's extents, in mdat in that order.
	meta := func(at int) []byte {
		iloc := be.AppendUint16([]byte{0x44, 0}, uint16(1+n))
		item := func(id, extents int) { // no data reference, no base offset
			iloc = be.AppendUint16(be.AppendUint16(be.AppendUint16(iloc, uint16(id)), 0), uint16(extents))
		}
		item(1, 1)
		iloc = be.AppendUint32(be.AppendUint32(iloc, uint32(at)), uint32(len(grid)))
		at += len(grid)
		for k, t := range tiles {
			item(2+k, len(t.data))
			for _, d := range t.data {
				iloc, at = be.AppendUint32(be.AppendUint32(iloc, uint32(at)), uint32(len(d))), at+len(d)
			}
		}
		return fullbox("meta", 0, slices.Concat(
			fullbox("hdlr", 0, append(make([]byte, 4), "pict\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"...)),
			fullbox("pitm", 0, []byte{0, 1}),
			fullbox("iloc", 0, iloc),
			fullbox("iinf", 0, append(be.AppendUint16(nil, uint16(1+n)), infe...)),
			fullbox("iref", 0, mkbox("dimg", dimg)),
			mkbox("iprp", append(mkbox("ipco", ipco), mkbox("ipma", append([]byte{0, 0, 0, 1}, ipma...))...))))
	}
	ftyp := mkbox("ftyp", []byte("heic\x00\x00\x00\x00mif1heic"))
	mdat := [][]byte{grid}
	for _, t := range tiles {
		mdat = append(mdat, t.data...)
	}
	return slices.Concat(ftyp, meta(len(ftyp)+len(meta(0))+8), mkbox("mdat", bytes.Join(mdat, nil)))
}

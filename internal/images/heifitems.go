package images

import "encoding/binary"

// The items of a HEIF file's meta box: their types (iinf), references
// (iref) and where their bytes are (iloc), for the grid decode
// (heifgrid.go). As in heif.go, every count and length is checked against
// the bytes there before anything is allocated for it.

// itemTypes reads the "iinf" box: each item's type (hvc1, grid, Exif …),
// from the item info entries of version 2 and 3 (the ones that have it).
func itemTypes(meta []byte) map[uint32]string {
	out := map[uint32]string{}
	b, ok := child(meta, "iinf")
	if !ok || len(b) < 6 {
		return out
	}
	entries := b[6:] // version 0: a 16-bit count
	if b[0] != 0 {
		entries = b[min(8, len(b)):]
	}
	for e := range boxes(entries) {
		if e.typ != "infe" || len(e.body) < 4 {
			continue
		}
		version, body := e.body[0], e.body[4:]
		switch {
		case version == 2 && len(body) >= 8:
			out[uint32(binary.BigEndian.Uint16(body))] = string(body[4:8])
		case version == 3 && len(body) >= 10:
			out[binary.BigEndian.Uint32(body)] = string(body[6:10])
		}
	}
	return out
}

// references reads the "iref" box: the items that item's reference of
// type typ (dimg: the tiles of a grid) names, in order.
func references(meta []byte, typ string, item uint32) []uint32 {
	b, ok := child(meta, "iref")
	if !ok || len(b) < 4 || b[0] > 1 {
		return nil
	}
	size := 2 << b[0] // version 0: 16-bit ids, 1: 32-bit
	for r := range boxes(b[4:]) {
		c := cursor{b: r.body}
		from, n := c.uint(size), int(c.uint(2))
		if r.typ != typ || uint32(from) != item || c.short {
			continue
		}
		if len(c.b) < n*size {
			return nil
		}
		out := make([]uint32, n)
		for i := range out {
			out[i] = uint32(c.uint(size))
		}
		return out
	}
	return nil
}

// itemLocations reads the "iloc" box: where each item's bytes are, as
// slices of the file (construction method 0) or of the "idat" box (1), one
// an extent. An item whose bytes are elsewhere (method 2, another file), or
// whose extents do not fit in the bytes there, is left out.
func itemLocations(meta, file []byte) map[uint32][][]byte {
	out := map[uint32][][]byte{}
	b, ok := child(meta, "iloc")
	if !ok || len(b) < 8 || b[0] > 2 {
		return out
	}
	idat, _ := child(meta, "idat")
	version := b[0]
	offSize, lenSize, baseSize, indexSize := int(b[4]>>4), int(b[4]&15), int(b[5]>>4), int(b[5]&15)
	if version == 0 {
		indexSize = 0
	}
	for _, s := range []int{offSize, lenSize, baseSize, indexSize} {
		if s != 0 && s != 4 && s != 8 {
			return out
		}
	}
	if lenSize == 0 { // an extent of the whole data: none of ours
		return out
	}
	c := cursor{b: b[6:]}
	idSize := 2
	if version == 2 {
		idSize = 4
	}
	count := c.uint(idSize)
	for ; count > 0 && !c.short; count-- {
		id, method := uint32(c.uint(idSize)), uint64(0)
		if version > 0 {
			method = c.uint(2) & 15
		}
		dataRef, base, extents := c.uint(2), c.uint(baseSize), c.uint(2)
		src := file
		if method == 1 {
			src = idat
		}
		usable := method < 2 && dataRef == 0
		var parts [][]byte
		for ; extents > 0 && !c.short; extents-- { // each at least lenSize bytes
			c.uint(indexSize)
			off, n := c.uint(offSize), c.uint(lenSize)
			end := uint64(len(src))
			if base > end || off > end-base || n == 0 || n > end-base-off {
				usable = false
				continue
			}
			parts = append(parts, src[base+off:base+off+n])
		}
		if usable && !c.short {
			out[id] = parts
		}
	}
	return out
}

// cursor reads big-endian numbers of 0 to 8 bytes from the front of b;
// short turns true (and every number after reads 0) when b runs out.
type cursor struct {
	b     []byte
	short bool
}

func (c *cursor) uint(size int) uint64 {
	if len(c.b) < size {
		c.b, c.short = nil, true
		return 0
	}
	var v uint64
	for _, x := range c.b[:size] {
		v = v<<8 | uint64(x)
	}
	c.b = c.b[size:]
	return v
}

package images

import (
	"encoding/binary"
	"errors"
	"slices"
	"strings"
)

// heifInfo is what a HEIF file's container says about its primary image.
type heifInfo struct {
	// Width and Height are the primary item's "ispe" property: its size as
	// coded, before the container's rotation. For a grid (an iPhone's
	// photo is 48 tiles of 512×512) it is the grid's output size.
	Width, Height int
	// Rotation is the "irot" property in anticlockwise quarter turns
	// (0 to 3); Mirror the "imir" mode (0 swaps top and bottom, 1 left and
	// right) or -1. libheif applies both as it decodes a picture whole,
	// in the file's order; a grid decoded by its tiles gets them as an
	// EXIF orientation instead (containerOrientation). Here they are
	// read for the tests.
	Rotation, Mirror int
	// ICC is the colour profile of a "colr" property of type prof or rICC
	// (an iPhone's Display P3), nil when there is none.
	ICC []byte
	// BitDepth and Chroma are the deepest luma bit depth and a chroma
	// format (0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4; the last that
	// differs from 4:2:0) of the file's HEVC images (a grid's tiles are
	// its images); Alpha is whether an alpha plane is among its auxiliary
	// images. They choose the decoder (nativeDecodable).
	BitDepth, Chroma int
	Alpha            bool
}

var errHEIF = errors.New("heif: unreadable container")

// readHEIF reads the primary image's properties from the meta box: the
// item id from "pitm", its property indexes from "ipma", and the
// properties themselves from "ipco". It reads no pixel data and allocates
// nothing in proportion to sizes the file declares, so a forged header
// cannot make it do much work; every length is checked against the bytes
// that are there.
func readHEIF(data []byte) (heifInfo, error) {
	info := heifInfo{Mirror: -1}
	meta, ok := child(data, "meta")
	if !ok || len(meta) < 4 {
		return info, errHEIF
	}
	meta = meta[4:] // version and flags
	primary, ok := primaryItem(meta)
	if !ok {
		return info, errHEIF
	}
	iprp, _ := child(meta, "iprp")
	ipco, _ := child(iprp, "ipco")
	var props []box
	info.BitDepth, info.Chroma = 8, 1
	for b := range boxes(ipco) {
		props = append(props, b)
		codingProperties(&info, b)
	}
	haveSize := false
	for _, k := range associations(iprp, primary) {
		if k < 1 || k > len(props) {
			continue // index 0 means none; beyond the list is a broken file
		}
		p := props[k-1]
		switch {
		case p.typ == "ispe" && len(p.body) >= 12:
			info.Width = int(binary.BigEndian.Uint32(p.body[4:8]))
			info.Height = int(binary.BigEndian.Uint32(p.body[8:12]))
			haveSize = true
		case p.typ == "irot" && len(p.body) >= 1:
			info.Rotation = int(p.body[0] & 3)
		case p.typ == "imir" && len(p.body) >= 1:
			info.Mirror = int(p.body[0] & 1)
		case p.typ == "colr" && len(p.body) > 4 && info.ICC == nil:
			if t := string(p.body[:4]); t == "prof" || t == "rICC" {
				info.ICC = p.body[4:]
			}
		}
	}
	if !haveSize {
		return info, errHEIF
	}
	return info, nil
}

// alphaURNs name an auxiliary image that is an alpha plane (HEVC's and
// MPEG-B's).
var alphaURNs = []string{"urn:mpeg:hevc:2015:auxid:1", "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha"}

// codingProperties notes what property p says of how the file's images
// are coded: an hvcC's chroma format and bit depth (ISO/IEC 14496-15
// 8.3.3.1: bytes 16 and 17), an auxC's alpha.
func codingProperties(info *heifInfo, p box) {
	switch {
	case p.typ == "hvcC" && len(p.body) > 17:
		info.BitDepth = max(info.BitDepth, int(p.body[17]&7)+8)
		if c := int(p.body[16] & 3); c != 1 {
			info.Chroma = c
		}
	case p.typ == "auxC" && len(p.body) > 4:
		urn, _, _ := strings.Cut(string(p.body[4:]), "\x00")
		info.Alpha = info.Alpha || slices.Contains(alphaURNs, urn)
	}
}

// primaryItem reads the item id of the "pitm" box (16 bits in version 0,
// 32 in version 1).
func primaryItem(meta []byte) (uint32, bool) {
	p, ok := child(meta, "pitm")
	switch {
	case !ok || len(p) < 6:
		return 0, false
	case p[0] == 0:
		return uint32(binary.BigEndian.Uint16(p[4:6])), true
	case len(p) >= 8:
		return binary.BigEndian.Uint32(p[4:8]), true
	}
	return 0, false
}

// associations lists the 1-based "ipco" indexes that the "ipma" boxes
// give item, in their order (the order transformations apply in).
func associations(iprp []byte, item uint32) []int {
	var out []int
	for id, props := range ipmaEntries(iprp) {
		if id == item {
			out = append(out, props...)
		}
	}
	return out
}

// ipmaEntries yields each entry of the "ipma" boxes: an item id and the
// 1-based "ipco" indexes of its properties (without the essential flag),
// stopping where an entry does not fit.
func ipmaEntries(iprp []byte) func(yield func(uint32, []int) bool) {
	return func(yield func(uint32, []int) bool) {
		for b := range boxes(iprp) {
			if b.typ != "ipma" || len(b.body) < 8 {
				continue
			}
			version, wide := b.body[0], b.body[3]&1 == 1
			c := cursor{b: b.body[8:]}
			idSize, indexSize := 2, 1
			if version >= 1 {
				idSize = 4
			}
			if wide {
				indexSize = 2
			}
			for n := binary.BigEndian.Uint32(b.body[4:8]); n > 0; n-- {
				id, count := uint32(c.uint(idSize)), int(c.uint(1))
				if c.short || len(c.b) < count*indexSize {
					break
				}
				props := make([]int, count)
				for a := range props {
					props[a] = int(c.uint(indexSize) &^ (1 << (8*indexSize - 1)))
				}
				if !yield(id, props) {
					return
				}
			}
		}
	}
}

// box is one ISO-BMFF box: its four-letter type and its contents.
type box struct {
	typ  string
	body []byte
}

// boxes yields the boxes laid end to end in b, stopping at the first one
// whose size does not fit.
func boxes(b []byte) func(yield func(box) bool) {
	return func(yield func(box) bool) {
		for len(b) >= 8 {
			size := uint64(binary.BigEndian.Uint32(b[0:4]))
			typ, head := string(b[4:8]), uint64(8)
			switch size {
			case 0: // to the end of the enclosing space
				size = uint64(len(b))
			case 1: // a 64-bit size follows the type
				if len(b) < 16 {
					return
				}
				size, head = binary.BigEndian.Uint64(b[8:16]), 16
			}
			if size < head || size > uint64(len(b)) {
				return
			}
			if !yield(box{typ, b[head:size]}) {
				return
			}
			b = b[size:]
		}
	}
}

// child returns the contents of the first box of type typ in b.
func child(b []byte, typ string) ([]byte, bool) {
	for c := range boxes(b) {
		if c.typ == typ {
			return c.body, true
		}
	}
	return nil, false
}

// mkbox encodes one ISO-BMFF box.
func mkbox(typ string, body []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(8+len(body)))
	return append(append(b, typ...), body...)
}

// fullbox encodes a box with a version and no flags.
func fullbox(typ string, version byte, body []byte) []byte {
	return mkbox(typ, append([]byte{version, 0, 0, 0}, body...))
}

package images

import (
	"bytes"
	"encoding/binary"
)

// orientation returns the EXIF orientation tag (1 to 8; 1 = upright) of a
// JPEG (APP1 "Exif"), PNG (eXIf chunk) or WebP (EXIF chunk). HEIC is left
// at 1: the file's own rotation and mirror boxes, which the HEIF rules
// make authoritative over any EXIF tag, are applied by libheif or turned
// into an orientation by decodeGrid.
func orientation(f Format, data []byte) int {
	var tiff []byte
	switch f {
	case JPEG:
		tiff = jpegExif(data)
	case PNG:
		tiff = pngChunk(data, "eXIf")
	case WebP:
		tiff = bytes.TrimPrefix(riffChunk(data, "EXIF"), []byte("Exif\x00\x00"))
	}
	return tiffOrientation(tiff)
}

// jpegExif walks the JPEG markers up to the first scan and returns the
// TIFF block of the APP1 "Exif" segment.
func jpegExif(data []byte) []byte {
	for _, seg := range jpegSegments(data) {
		if seg.marker == 0xE1 && bytes.HasPrefix(seg.body, []byte("Exif\x00\x00")) {
			return seg.body[6:]
		}
	}
	return nil
}

type jpegSegment struct {
	marker byte
	body   []byte
}

// jpegSegments lists the marker segments before the first SOS.
func jpegSegments(data []byte) []jpegSegment {
	var out []jpegSegment
	i := 2
	for i+4 <= len(data) && data[i] == 0xFF {
		marker := data[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		if marker == 0xDA || marker == 0xD9 { // start of scan, end of image
			break
		}
		n := int(binary.BigEndian.Uint16(data[i+2 : i+4]))
		if n < 2 || i+2+n > len(data) {
			break
		}
		out = append(out, jpegSegment{marker, data[i+4 : i+2+n]})
		i += 2 + n
	}
	return out
}

// pngChunk returns the data of the first chunk of type typ before IDAT.
func pngChunk(data []byte, typ string) []byte {
	i := len(pngSignature)
	for i+8 <= len(data) {
		n := int(binary.BigEndian.Uint32(data[i : i+4]))
		t := string(data[i+4 : i+8])
		if n < 0 || i+8+n > len(data) {
			return nil
		}
		if t == typ {
			return data[i+8 : i+8+n]
		}
		if t == "IDAT" || t == "IEND" {
			return nil
		}
		i += 12 + n
	}
	return nil
}

// riffChunk returns the data of the first RIFF chunk of type typ.
func riffChunk(data []byte, typ string) []byte {
	i := 12
	for i+8 <= len(data) {
		n := int(binary.LittleEndian.Uint32(data[i+4 : i+8]))
		if n < 0 || i+8+n > len(data) {
			return nil
		}
		if string(data[i:i+4]) == typ {
			return data[i+8 : i+8+n]
		}
		i += 8 + n + n%2
	}
	return nil
}

// tiffOrientation reads tag 0x0112 of IFD0 in a TIFF block; 1 when absent
// or unreadable.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[0:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	ifd := int(bo.Uint32(t[4:8]))
	if ifd < 8 || ifd+2 > len(t) {
		return 1
	}
	count := int(bo.Uint16(t[ifd : ifd+2]))
	for k := 0; k < count; k++ {
		e := ifd + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if bo.Uint16(t[e:e+2]) == 0x0112 {
			v := int(bo.Uint16(t[e+8 : e+10]))
			if v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}

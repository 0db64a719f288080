package images

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"image"
	"io"
	"math"
)

// iccProfile returns the embedded ICC profile of a JPEG (APP2
// "ICC_PROFILE" segments in order), PNG (iCCP, inflated) or WebP (ICCP
// chunk) or HEIC ("colr" property of type prof); nil when there is none.
func iccProfile(f Format, data []byte) []byte {
	switch f {
	case JPEG:
		var parts [256][]byte
		found := false
		for _, s := range jpegSegments(data) {
			if s.marker == 0xE2 && len(s.body) > 14 && bytes.HasPrefix(s.body, []byte("ICC_PROFILE\x00")) {
				parts[s.body[12]] = s.body[14:]
				found = true
			}
		}
		if !found {
			return nil
		}
		return bytes.Join(parts[:], nil)
	case PNG:
		c := pngChunk(data, "iCCP")
		i := bytes.IndexByte(c, 0)
		if i < 0 || i+2 > len(c) {
			return nil
		}
		z, err := zlib.NewReader(bytes.NewReader(c[i+2:]))
		if err != nil {
			return nil
		}
		p, err := io.ReadAll(io.LimitReader(z, 4<<20))
		if err != nil {
			return nil
		}
		return p
	case WebP:
		return riffChunk(data, "ICCP")
	case HEIC:
		info, _ := readHEIF(data)
		return info.ICC
	}
	return nil
}

// sRGB's primaries as an ICC profile gives them (adapted to the D50
// connection space): the columns turn linear sRGB into XYZ.
var srgbD50 = [3][3]float64{
	{0.4360747, 0.3850649, 0.1430804},
	{0.2225045, 0.7168786, 0.0606169},
	{0.0139322, 0.0971045, 0.7141733},
}

// toSRGB converts m (decoded from a file whose ICC profile is p) to sRGB
// in place, when p is an RGB matrix/TRC profile with other primaries than
// sRGB: Display P3 from phones, Adobe RGB from cameras. Without a profile,
// with sRGB's, or with one we cannot read (a LUT-based profile), the
// pixels are left as they are, which is how browsers show untagged images.
// The variants carry no profile, so they must be sRGB.
func toSRGB(m *image.RGBA, p []byte) {
	prof, ok := parseMatrixProfile(p)
	if !ok || prof.isSRGB() {
		return
	}
	mat := mul3(invert3(srgbD50), prof.toXYZ)
	var lin [3][256]float64
	for c := range 3 {
		for v := range 256 {
			lin[c][v] = prof.trc[c].eval(float64(v) / 255)
		}
	}
	var enc [4097]uint8 // linear → sRGB-encoded byte
	for i := range enc {
		x := float64(i) / 4096
		var s float64
		if x <= 0.0031308 {
			s = 12.92 * x
		} else {
			s = 1.055*math.Pow(x, 1/2.4) - 0.055
		}
		enc[i] = uint8(math.Round(s * 255))
	}
	for i := 0; i < len(m.Pix); i += 4 {
		a := m.Pix[i+3]
		if a == 0 {
			continue
		}
		var in [3]float64
		for c := range 3 {
			v := uint32(m.Pix[i+c])
			if a != 255 {
				v = min(255, v*255/uint32(a))
			}
			in[c] = lin[c][v]
		}
		for c := range 3 {
			x := mat[c][0]*in[0] + mat[c][1]*in[1] + mat[c][2]*in[2]
			v := uint32(enc[int(math.Round(min(1, max(0, x))*4096))])
			if a != 255 {
				v = v * uint32(a) / 255
			}
			m.Pix[i+c] = uint8(v)
		}
	}
}

type matrixProfile struct {
	toXYZ [3][3]float64 // columns: the red, green, blue primaries
	trc   [3]curve
}

func (p matrixProfile) isSRGB() bool {
	for r := range 3 {
		for c := range 3 {
			if math.Abs(p.toXYZ[r][c]-srgbD50[r][c]) > 0.003 {
				return false
			}
		}
	}
	return true
}

// parseMatrixProfile reads the rXYZ/gXYZ/bXYZ and rTRC/gTRC/bTRC tags of
// an RGB display profile.
func parseMatrixProfile(p []byte) (matrixProfile, bool) {
	var prof matrixProfile
	if len(p) < 132 || string(p[16:20]) != "RGB " {
		return prof, false
	}
	tags := map[string][]byte{}
	n := int(binary.BigEndian.Uint32(p[128:132]))
	for k := 0; k < n && 132+12*k+12 <= len(p); k++ {
		e := p[132+12*k:]
		off, size := int(binary.BigEndian.Uint32(e[4:8])), int(binary.BigEndian.Uint32(e[8:12]))
		if off >= 0 && size >= 0 && off+size <= len(p) {
			tags[string(e[0:4])] = p[off : off+size]
		}
	}
	for c, name := range []string{"r", "g", "b"} {
		xyz := tags[name+"XYZ"]
		if len(xyz) < 20 || string(xyz[0:4]) != "XYZ " {
			return prof, false
		}
		for r := range 3 {
			prof.toXYZ[r][c] = s15(xyz[8+4*r:])
		}
		t, ok := parseCurve(tags[name+"TRC"])
		if !ok {
			return prof, false
		}
		prof.trc[c] = t
	}
	return prof, true
}

func s15(b []byte) float64 { return float64(int32(binary.BigEndian.Uint32(b))) / 65536 }

// curve is an ICC tone curve: a table, a plain gamma, or a parametric
// function (types 0 to 4 of 'para').
type curve struct {
	table  []float64
	params []float64 // g, a, b, c, d, e, f as the type has them
	kind   int       // -1 table, 0..4 parametric (0 is a plain gamma)
}

func parseCurve(t []byte) (curve, bool) {
	if len(t) < 12 {
		return curve{}, false
	}
	switch string(t[0:4]) {
	case "curv":
		n := int(binary.BigEndian.Uint32(t[8:12]))
		if n == 0 {
			return curve{kind: 0, params: []float64{1}}, true
		}
		if n == 1 && len(t) >= 14 {
			return curve{kind: 0, params: []float64{float64(binary.BigEndian.Uint16(t[12:14])) / 256}}, true
		}
		if len(t) < 12+2*n {
			return curve{}, false
		}
		tab := make([]float64, n)
		for i := range tab {
			tab[i] = float64(binary.BigEndian.Uint16(t[12+2*i:])) / 65535
		}
		return curve{kind: -1, table: tab}, true
	case "para":
		kind := int(binary.BigEndian.Uint16(t[8:10]))
		count := []int{1, 3, 4, 5, 7}
		if kind > 4 || len(t) < 12+4*count[kind] {
			return curve{}, false
		}
		ps := make([]float64, count[kind])
		for i := range ps {
			ps[i] = s15(t[12+4*i:])
		}
		return curve{kind: kind, params: ps}, true
	}
	return curve{}, false
}

// eval maps an encoded value in [0,1] to linear light.
func (c curve) eval(x float64) float64 {
	p := c.params
	switch c.kind {
	case -1:
		pos := x * float64(len(c.table)-1)
		i := int(pos)
		if i >= len(c.table)-1 {
			return c.table[len(c.table)-1]
		}
		f := pos - float64(i)
		return c.table[i]*(1-f) + c.table[i+1]*f
	case 0:
		return math.Pow(x, p[0])
	case 1:
		if x >= -p[2]/p[1] {
			return math.Pow(p[1]*x+p[2], p[0])
		}
		return 0
	case 2:
		if x >= -p[2]/p[1] {
			return math.Pow(p[1]*x+p[2], p[0]) + p[3]
		}
		return p[3]
	case 3:
		if x >= p[4] {
			return math.Pow(p[1]*x+p[2], p[0])
		}
		return p[3] * x
	default: // 4
		if x >= p[4] {
			return math.Pow(p[1]*x+p[2], p[0]) + p[5]
		}
		return p[3]*x + p[6]
	}
}

func mul3(a, b [3][3]float64) [3][3]float64 {
	var out [3][3]float64
	for r := range 3 {
		for c := range 3 {
			for k := range 3 {
				out[r][c] += a[r][k] * b[k][c]
			}
		}
	}
	return out
}

func invert3(m [3][3]float64) [3][3]float64 {
	a, b, c := m[0][0], m[0][1], m[0][2]
	d, e, f := m[1][0], m[1][1], m[1][2]
	g, h, i := m[2][0], m[2][1], m[2][2]
	det := a*(e*i-f*h) - b*(d*i-f*g) + c*(d*h-e*g)
	return [3][3]float64{
		{(e*i - f*h) / det, (c*h - b*i) / det, (b*f - c*e) / det},
		{(f*g - d*i) / det, (a*i - c*g) / det, (c*d - a*f) / det},
		{(d*h - e*g) / det, (b*g - a*h) / det, (a*e - b*d) / det},
	}
}

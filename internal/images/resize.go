package images

import (
	"image"
	"image/draw"
)

// scale shrinks src to dw×dh with an area-averaging (box) filter: every
// output pixel is the mean of the source area it covers, which is what a
// large reduction needs to avoid aliasing. It reads the source one row at
// a time, so the extra memory is a few rows, not a copy of the source (a
// general-purpose kernel scaler keeps a float buffer of dw × source height,
// 180 MB for a 12 MP photo). Colours are averaged premultiplied, so
// transparent pixels lend no colour to their neighbours. dw and dh must
// not exceed the source's size.
func scale(src image.Image, dw, dh int) *image.RGBA {
	sb := src.Bounds()
	sw, sh := sb.Dx(), sb.Dy()
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	cols := boxWeights(sw, dw)
	row := image.NewRGBA(image.Rect(0, 0, sw, 1))
	line := make([]float32, dw*4) // one source row, scaled horizontally
	acc := make([]float32, dw*4)  // the output row being gathered
	ratio := float64(dh) / float64(sh)
	j := 0 // the output row acc belongs to
	for y := 0; y < sh && j < dh; y++ {
		draw.Draw(row, row.Rect, src, image.Pt(sb.Min.X, sb.Min.Y+y), draw.Src)
		scaleRow(line, row.Pix, cols)
		// Source row y covers output rows [top, bottom) (a fraction of one
		// or two of them, as dh <= sh).
		top, bottom := float64(y)*ratio, float64(y+1)*ratio
		for j < dh && top < bottom {
			end := min(bottom, float64(j+1))
			addScaled(acc, line, float32(end-top))
			top = end
			if end == float64(j+1) {
				storeRow(dst.Pix[j*dst.Stride:], acc)
				clear(acc)
				j++
			}
		}
	}
	if j < dh { // rounding left the last row a hair short of complete
		storeRow(dst.Pix[j*dst.Stride:], acc)
	}
	return dst
}

// colWeights says which source pixels make one output column, and how much.
type colWeights struct {
	first   int
	weights []float32
}

// boxWeights maps n source pixels onto m output pixels (m <= n).
func boxWeights(n, m int) []colWeights {
	out := make([]colWeights, m)
	span := float64(n) / float64(m)
	for x := range out {
		left, right := float64(x)*span, float64(x+1)*span
		first := int(left)
		var w []float32
		for i := first; i < n && float64(i) < right; i++ {
			overlap := min(right, float64(i+1)) - max(left, float64(i))
			w = append(w, float32(overlap/span))
		}
		out[x] = colWeights{first, w}
	}
	return out
}

// scaleRow averages one row of RGBA bytes into m columns of float RGBA.
func scaleRow(out []float32, pix []uint8, cols []colWeights) {
	for x, c := range cols {
		var r, g, b, a float32
		p := pix[c.first*4:]
		for k, w := range c.weights {
			r += float32(p[4*k]) * w
			g += float32(p[4*k+1]) * w
			b += float32(p[4*k+2]) * w
			a += float32(p[4*k+3]) * w
		}
		out[4*x], out[4*x+1], out[4*x+2], out[4*x+3] = r, g, b, a
	}
}

func addScaled(acc, line []float32, w float32) {
	for i, v := range line {
		acc[i] += v * w
	}
}

func storeRow(pix []uint8, acc []float32) {
	for i, v := range acc {
		pix[i] = uint8(min(255, max(0, v+0.5)))
	}
}

// orient turns m as EXIF orientation o asks (1 = as stored), so that the
// result is upright: 2 mirrors, 3 turns 180°, 4 flips, 5 transposes,
// 6 turns 90° clockwise, 7 transverses, 8 turns 90° anticlockwise.
func orient(m *image.RGBA, o int) *image.RGBA {
	if o < 2 || o > 8 {
		return m
	}
	w, h := m.Rect.Dx(), m.Rect.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var nx, ny int
			switch o {
			case 2:
				nx, ny = w-1-x, y
			case 3:
				nx, ny = w-1-x, h-1-y
			case 4:
				nx, ny = x, h-1-y
			case 5:
				nx, ny = y, x
			case 6:
				nx, ny = h-1-y, x
			case 7:
				nx, ny = h-1-y, w-1-x
			case 8:
				nx, ny = y, w-1-x
			}
			copy(dst.Pix[ny*dst.Stride+4*nx:ny*dst.Stride+4*nx+4], m.Pix[y*m.Stride+4*x:y*m.Stride+4*x+4])
		}
	}
	return dst
}

// onWhite composites m over white: a JPEG has no alpha, and a transparent
// logo on black (what dropping alpha gives) is unreadable.
func onWhite(m *image.RGBA) *image.RGBA {
	out := image.NewRGBA(m.Rect)
	for i := 0; i < len(m.Pix); i += 4 {
		a := 255 - uint32(m.Pix[i+3]) // premultiplied: c + white × (1 − α)
		out.Pix[i] = uint8(min(255, uint32(m.Pix[i])+a))
		out.Pix[i+1] = uint8(min(255, uint32(m.Pix[i+1])+a))
		out.Pix[i+2] = uint8(min(255, uint32(m.Pix[i+2])+a))
		out.Pix[i+3] = 255
	}
	return out
}

// opaque reports whether every pixel of m is fully opaque.
func opaque(m *image.RGBA) bool {
	for i := 3; i < len(m.Pix); i += 4 {
		if m.Pix[i] != 255 {
			return false
		}
	}
	return true
}

package artwork

import (
	"image"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// rgba is a straight-alpha colour with channels in 0..1; blending happens in float so gradients
// made of many translucent layers do not band.
type rgba struct{ r, g, b, a float64 }

// hexc turns 0xRRGGBB into an opaque colour, so palettes read like a designer's swatch list.
func hexc(v uint32) rgba {
	return rgba{float64(v>>16&0xFF) / 255, float64(v>>8&0xFF) / 255, float64(v&0xFF) / 255, 1}
}

// with returns c at opacity a.
func (c rgba) with(a float64) rgba { c.a = a; return c }

// shade moves c towards white (f > 0) or black (f < 0) by |f|.
func (c rgba) shade(f float64) rgba {
	if f >= 0 {
		return rgba{c.r + (1-c.r)*f, c.g + (1-c.g)*f, c.b + (1-c.b)*f, c.a}
	}
	return rgba{c.r * (1 + f), c.g * (1 + f), c.b * (1 + f), c.a}
}

// mix blends a towards b by t, alpha included.
func mix(a, b rgba, t float64) rgba {
	return rgba{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t, a.a + (b.a-a.a)*t}
}

// paint gives the colour of a fill at a pixel centre.
type paint interface{ at(x, y float64) rgba }

// solid is a flat colour.
type solid rgba

func (s solid) at(float64, float64) rgba { return rgba(s) }

// linear is a two-stop gradient along the segment (x0,y0)→(x1,y1).
type linear struct {
	x0, y0, x1, y1 float64
	c0, c1         rgba
}

func (l linear) at(x, y float64) rgba {
	dx, dy := l.x1-l.x0, l.y1-l.y0
	d := dx*dx + dy*dy
	if d == 0 {
		return l.c0
	}
	return mix(l.c0, l.c1, clamp01(((x-l.x0)*dx+(y-l.y0)*dy)/d))
}

// vgrad is a vertical gradient, the commonest case, from c0 at y0 to c1 at y1.
func vgrad(y0, y1 float64, c0, c1 rgba) linear { return linear{0, y0, 0, y1, c0, c1} }

// radial fades from c0 at the centre to c1 at radius r.
type radial struct {
	cx, cy, r float64
	c0, c1    rgba
}

func (g radial) at(x, y float64) rgba {
	return mix(g.c0, g.c1, clamp01(math.Hypot(x-g.cx, y-g.cy)/g.r))
}

// rowPaint returns a function giving the colour for a whole row when pt does not vary along x
// (flat colours and vertical gradients, most of what is painted), or nil.
func rowPaint(pt paint) func(y float64) rgba {
	switch v := pt.(type) {
	case solid:
		return func(float64) rgba { return rgba(v) }
	case linear:
		if v.x0 == v.x1 {
			return func(y float64) rgba { return v.at(v.x0, y) }
		}
	}
	return nil
}

// canvas is an opaque float RGB picture plus the reusable buffers shapes are rasterised with.
type canvas struct {
	w, h   int
	pix    []float32 // r, g, b per pixel
	ras    vector.Rasterizer
	mask   []uint8
	clip   []uint8         // coverage within clipR that every paint is multiplied by
	clipR  image.Rectangle // nothing outside it is painted while clipOn
	clipOn bool
}

// setClip limits painting to p until clearClip, so a view stays inside its window and a weave
// inside its chair back. Only p's bounding box is rasterised.
func (c *canvas) setClip(p *path) {
	x0, y0, x1, y1 := c.box(p)
	c.clipOn, c.clipR = true, image.Rect(x0, y0, x1, y1)
	if x1 <= x0 || y1 <= y0 {
		c.clipR = image.Rectangle{}
		return
	}
	bw, bh := x1-x0, y1-y0
	c.ras.Reset(bw, bh)
	c.ras.DrawOp = draw.Src
	replay(&c.ras, p, float32(x0), float32(y0))
	if cap(c.clip) < bw*bh {
		c.clip = make([]uint8, bw*bh)
	}
	c.clip = c.clip[:bw*bh]
	m := &image.Alpha{Pix: c.clip, Stride: bw, Rect: image.Rect(0, 0, bw, bh)}
	c.ras.Draw(m, m.Rect, image.Opaque, image.Point{})
}

// clearClip lets paint reach the whole canvas again.
func (c *canvas) clearClip() { c.clipOn = false }

// clipped scales coverage a at pixel (x, y) by the clip.
func (c *canvas) clipped(x, y int, a float64) float64 {
	if !c.clipOn {
		return a
	}
	if !(image.Point{x, y}).In(c.clipR) {
		return 0
	}
	return a * float64(c.clip[(y-c.clipR.Min.Y)*c.clipR.Dx()+x-c.clipR.Min.X]) / 255
}

// box is p's bounding box in whole pixels, cut to the canvas.
func (c *canvas) box(p *path) (x0, y0, x1, y1 int) {
	x0 = max(0, int(math.Floor(p.minX)))
	y0 = max(0, int(math.Floor(p.minY)))
	x1 = min(c.w, int(math.Ceil(p.maxX))+1)
	y1 = min(c.h, int(math.Ceil(p.maxY))+1)
	return
}

// newCanvas returns a canvas filled with bg.
func newCanvas(w, h int, bg rgba) *canvas {
	c := &canvas{w: w, h: h, pix: make([]float32, w*h*3)}
	c.pix[0], c.pix[1], c.pix[2] = float32(bg.r), float32(bg.g), float32(bg.b)
	for n := 3; n < len(c.pix); n *= 2 {
		copy(c.pix[n:], c.pix[:n])
	}
	return c
}

// blend composites col at coverage a over pixel i.
func (c *canvas) blend(i int, col rgba, a float64) {
	if a <= 0 {
		return
	}
	p := c.pix[i : i+3 : i+3]
	if a >= 1 {
		p[0], p[1], p[2] = float32(col.r), float32(col.g), float32(col.b)
		return
	}
	fa := float32(a)
	p[0] += (float32(col.r) - p[0]) * fa
	p[1] += (float32(col.g) - p[1]) * fa
	p[2] += (float32(col.b) - p[2]) * fa
}

// fill rasterises p with anti-aliasing and paints it with pt. Only the path's bounding box is
// touched, so small shapes stay cheap on big canvases.
func (c *canvas) fill(p *path, pt paint) {
	if len(p.segs) == 0 {
		return
	}
	if p.isRect {
		c.fillRect(p.minX, p.minY, p.maxX, p.maxY, pt)
		return
	}
	x0, y0, x1, y1 := c.box(p)
	if x1 <= x0 || y1 <= y0 {
		return
	}
	bw, bh := x1-x0, y1-y0
	c.ras.Reset(bw, bh)
	c.ras.DrawOp = draw.Src
	replay(&c.ras, p, float32(x0), float32(y0))
	if cap(c.mask) < bw*bh {
		c.mask = make([]uint8, bw*bh)
	}
	m := &image.Alpha{Pix: c.mask[:bw*bh], Stride: bw, Rect: image.Rect(0, 0, bw, bh)}
	c.ras.Draw(m, m.Rect, image.Opaque, image.Point{})
	byRow := rowPaint(pt)
	for y := 0; y < bh; y++ {
		row := m.Pix[y*bw : y*bw+bw]
		var col rgba
		if byRow != nil {
			col = byRow(float64(y0+y) + 0.5)
		}
		for x, cov := range row {
			if cov == 0 {
				continue
			}
			if byRow == nil {
				col = pt.at(float64(x0+x)+0.5, float64(y0+y)+0.5)
			}
			c.blend(((y0+y)*c.w+x0+x)*3, col, c.clipped(x0+x, y0+y, col.a*float64(cov)/255))
		}
	}
}

// fillRect paints an axis-aligned rectangle with exact area coverage at its edges, without the
// rasteriser: walls, floors, bricks and books are most of what gets painted.
func (c *canvas) fillRect(fx0, fy0, fx1, fy1 float64, pt paint) {
	x0, y0 := max(0, int(math.Floor(fx0))), max(0, int(math.Floor(fy0)))
	x1, y1 := min(c.w, int(math.Ceil(fx1))), min(c.h, int(math.Ceil(fy1)))
	byRow := rowPaint(pt)
	for y := y0; y < y1; y++ {
		cy := math.Min(fy1, float64(y+1)) - math.Max(fy0, float64(y))
		var col rgba
		if byRow != nil {
			col = byRow(float64(y) + 0.5)
		}
		for x := x0; x < x1; x++ {
			cov := cy
			if x == x0 || x == x1-1 {
				cov *= math.Min(fx1, float64(x+1)) - math.Max(fx0, float64(x))
			}
			if byRow == nil {
				col = pt.at(float64(x)+0.5, float64(y)+0.5)
			}
			c.blend((y*c.w+x)*3, col, c.clipped(x, y, col.a*cov))
		}
	}
}

// replay feeds p to the rasteriser, shifted by (-ox, -oy).
func replay(ras *vector.Rasterizer, p *path, ox, oy float32) {
	for _, s := range p.segs {
		switch s.op {
		case opMove:
			ras.MoveTo(float32(s.p[0].x)-ox, float32(s.p[0].y)-oy)
		case opLine:
			ras.LineTo(float32(s.p[0].x)-ox, float32(s.p[0].y)-oy)
		case opQuad:
			ras.QuadTo(float32(s.p[0].x)-ox, float32(s.p[0].y)-oy, float32(s.p[1].x)-ox, float32(s.p[1].y)-oy)
		case opCube:
			ras.CubeTo(float32(s.p[0].x)-ox, float32(s.p[0].y)-oy, float32(s.p[1].x)-ox,
				float32(s.p[1].y)-oy, float32(s.p[2].x)-ox, float32(s.p[2].y)-oy)
		case opClose:
			ras.ClosePath()
		}
	}
}

// soft paints an ellipse whose opacity falls smoothly to zero at its rim: contact shadows,
// diffuse light pools, blurred highlights.
func (c *canvas) soft(cx, cy, rx, ry float64, col rgba, add bool) {
	if rx <= 0 || ry <= 0 {
		return
	}
	x0, x1 := max(0, int(cx-rx)), min(c.w, int(cx+rx)+1)
	y0, y1 := max(0, int(cy-ry)), min(c.h, int(cy+ry)+1)
	for y := y0; y < y1; y++ {
		dy := (float64(y) + 0.5 - cy) / ry
		for x := x0; x < x1; x++ {
			dx := (float64(x) + 0.5 - cx) / rx
			d := dx*dx + dy*dy
			if d >= 1 {
				continue
			}
			f := 1 - d
			a := c.clipped(x, y, col.a*f*f)
			i := (y*c.w + x) * 3
			if add {
				c.pix[i] += float32(col.r * a)
				c.pix[i+1] += float32(col.g * a)
				c.pix[i+2] += float32(col.b * a)
			} else {
				c.blend(i, col, a)
			}
		}
	}
}

// image converts to 8-bit with a seeded, position-hashed grain (which also hides banding) and a
// gentle vignette, the two touches that make flat shapes read as a picture.
func (c *canvas) image(seed uint64, grain, vignette float64) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, c.w, c.h))
	cx, cy := float64(c.w)/2, float64(c.h)/2
	norm := 1 / (cx*cx + cy*cy)
	for y := 0; y < c.h; y++ {
		for x := 0; x < c.w; x++ {
			i := (y*c.w + x) * 3
			dx, dy := float64(x)-cx, float64(y)-cy
			v := 1 - vignette*(dx*dx+dy*dy)*norm
			n := grain * (float64(hash3(uint64(x), uint64(y), seed)&0xFFFF)/65535 - 0.5)
			o := img.PixOffset(x, y)
			img.Pix[o] = to8(float64(c.pix[i])*v + n)
			img.Pix[o+1] = to8(float64(c.pix[i+1])*v + n)
			img.Pix[o+2] = to8(float64(c.pix[i+2])*v + n)
			img.Pix[o+3] = 0xFF
		}
	}
	return img
}

// to8 rounds a 0..1 channel to a byte, clamping.
func to8(v float64) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 1:
		return 255
	}
	return uint8(v*255 + 0.5)
}

// clamp01 limits v to 0..1.
func clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

// hash3 is a small integer hash (splitmix64 finaliser) for per-pixel noise that does not depend
// on drawing order.
func hash3(a, b, c uint64) uint64 {
	z := a*0x9E3779B97F4A7C15 ^ b*0xBF58476D1CE4E5B9 ^ c*0x94D049BB133111EB
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

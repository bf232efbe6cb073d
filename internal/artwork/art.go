package artwork

import "math"

// frame hangs a framed picture with its top-left at wall (x, y) cm, w×h cm, and paints an
// abstract composition in it; the frame and the composition follow the style.
func (r *room) frame(x, y, w, h float64) {
	p := r.p
	px, py, pw, ph := r.wx(x), r.wy(y), w*r.ppc, h*r.ppc
	border := 3.0
	frameCol := map[string]rgba{"A": pick(r.rng, p.accents), "B": p.metal, "C": hexc(0x2A2A2A), "D": hexc(0x161616), "E": p.wood}[p.code]
	if p.code == "C" && r.rng.IntN(2) == 0 {
		frameCol = p.wood
	}
	r.c.soft(px+pw/2+4*r.ppc, py+ph/2+6*r.ppc, pw*0.62, ph*0.62, rgba{0, 0, 0, 0.18}, false)
	if p.code == "B" {
		border = 6
	}
	b := border * r.ppc
	r.c.fill(rect(px-b, py-b, pw+2*b, ph+2*b), linear{px - b, py - b, px + pw + b, py + ph + b, frameCol.shade(0.25), frameCol.shade(-0.2)})
	mat := 0.0
	if p.code == "C" || p.code == "B" || p.code == "D" {
		mat = math.Min(w, h) * 0.12
	}
	r.c.fill(rect(px, py, pw, ph), solid(hexc(0xFAF8F3)))
	ix, iy, iw, ih := px+mat*r.ppc, py+mat*r.ppc, pw-2*mat*r.ppc, ph-2*mat*r.ppc
	r.composition(ix, iy, iw, ih)
	r.c.fill(rect(ix, iy, iw, 1.2*r.ppc), solid(rgba{0, 0, 0, 0.15}))
}

// composition paints the picture inside a frame, in pixels.
func (r *room) composition(x, y, w, h float64) {
	p := r.p
	switch p.code {
	case "B": // a calm landscape
		r.c.fill(rect(x, y, w, h), vgrad(y, y+h, hexc(0xC9D6DF), hexc(0xEDE3CF)))
		r.c.fill(poly(pt{x, y + h*0.65}, pt{x + w*0.35, y + h*0.45}, pt{x + w*0.7, y + h*0.6}, pt{x + w, y + h*0.5}, pt{x + w, y + h}, pt{x, y + h}), solid(hexc(0x7D8C6A)))
		r.c.fill(poly(pt{x, y + h*0.8}, pt{x + w*0.5, y + h*0.7}, pt{x + w, y + h*0.82}, pt{x + w, y + h}, pt{x, y + h}), solid(hexc(0x5B6B4C)))
		r.c.soft(x+w*0.7, y+h*0.3, w*0.15, w*0.15, hexc(0xFFF2D0).with(0.8), false)
	case "C": // one circle, one line
		r.c.fill(rect(x, y, w, h), solid(hexc(0xF1EFEA)))
		rad := math.Min(w, h) * 0.22
		r.c.fill(ellipse(x+w*between(r.rng, 0.35, 0.65), y+h*0.42, rad, rad), solid(p.accents[0]))
		r.c.fill(rect(x+w*0.2, y+h*0.72, w*0.6, math.Max(1, h*0.012)), solid(hexc(0x2A2A2A)))
	case "D": // bold geometric poster
		r.c.fill(rect(x, y, w, h), solid(hexc(0xE8E0D0)))
		r.c.fill(rect(x+w*0.1, y+h*0.1, w*0.8, h*0.45), solid(p.accents[0]))
		r.c.fill(ellipse(x+w*0.5, y+h*0.55, w*0.25, w*0.25), solid(hexc(0x1C1C1C)))
		r.c.fill(rect(x+w*0.1, y+h*0.82, w*0.5, h*0.04), solid(hexc(0x1C1C1C)))
	case "E": // sun, sea and a sail
		r.c.fill(rect(x, y, w, h), vgrad(y, y+h*0.6, hexc(0xF3E3C3), hexc(0xE9CFA3)))
		r.c.fill(rect(x, y+h*0.6, w, h*0.4), vgrad(y+h*0.6, y+h, hexc(0x3F7FA8), hexc(0x2C5F80)))
		r.c.fill(ellipse(x+w*0.3, y+h*0.35, w*0.12, w*0.12), solid(hexc(0xD9763F)))
		r.c.fill(poly(pt{x + w*0.62, y + h*0.58}, pt{x + w*0.62, y + h*0.25}, pt{x + w*0.8, y + h*0.58}), solid(hexc(0xFAF6EE)))
	default: // eclectic collage of shapes
		r.c.fill(rect(x, y, w, h), solid(pick(r.rng, p.accents).shade(0.55)))
		for i := 0; i < 5; i++ {
			col := p.accents[(i+r.rng.IntN(3))%len(p.accents)]
			cx, cy := x+w*r.rng.Float64(), y+h*r.rng.Float64()
			s := math.Min(w, h) * between(r.rng, 0.15, 0.35)
			switch i % 3 {
			case 0:
				r.c.fill(ellipse(cx, cy, s, s), solid(col))
			case 1:
				r.c.fill(arch(cx-s/2, cy+s, s, s*1.5), solid(col))
			default:
				r.c.fill(poly(pt{cx, cy - s}, pt{cx + s, cy + s}, pt{cx - s, cy + s}), solid(col))
			}
		}
	}
}

// gallery hangs a cluster of frames of mixed sizes centred on wall x cm, for eclectic walls.
func (r *room) gallery(x float64) {
	sizes := [][4]float64{{-70, 215, 38, 48}, {-24, 230, 56, 40}, {40, 215, 30, 30}, {-62, 160, 30, 36}, {-24, 180, 30, 30}, {14, 175, 52, 44}}
	for _, f := range sizes {
		r.frame(x+f[0], f[1], f[2], f[3])
	}
}

// mirror hangs a round mirror that shows a blurred bit of sky; Mediterranean and classic walls
// use it instead of a picture.
func (r *room) mirror(x, y, d float64) {
	cx, cy, rad := r.wx(x), r.wy(y), d/2*r.ppc
	r.c.soft(cx+4*r.ppc, cy+6*r.ppc, rad*1.15, rad*1.15, rgba{0, 0, 0, 0.2}, false)
	rim := r.p.metal
	if r.p.code == "E" {
		rim = hexc(0xC49A6C)
	}
	r.c.fill(ellipse(cx, cy, rad+4*r.ppc, rad+4*r.ppc), radial{cx - rad*0.3, cy - rad*0.3, rad * 1.4, rim.shade(0.3), rim.shade(-0.2)})
	r.c.fill(ellipse(cx, cy, rad, rad), vgrad(cy-rad, cy+rad, r.p.sky.shade(0.2), r.p.wall.shade(-0.08)))
	r.c.fill(poly(pt{cx - rad*0.5, cy + rad*0.3}, pt{cx - rad*0.1, cy - rad*0.7}, pt{cx + rad*0.05, cy - rad*0.6}, pt{cx - rad*0.35, cy + rad*0.45}), solid(hexc(0xFFFFFF).with(0.25)))
	if r.p.code == "E" { // sunburst of rattan rays
		for k := 0; k < 24; k++ {
			a := float64(k) / 24 * 2 * math.Pi
			r.c.fill(line(cx+math.Cos(a)*(rad+4*r.ppc), cy+math.Sin(a)*(rad+4*r.ppc), cx+math.Cos(a)*(rad+16*r.ppc), cy+math.Sin(a)*(rad+16*r.ppc), 2*r.ppc), solid(hexc(0xB88A5A)))
		}
	}
}

// console sets a low cabinet or console against the wall, centred on x cm.
func (r *room) console(x, width, height float64) {
	p := r.p
	s := r.at(x, 20)
	body := p.wood
	switch p.code {
	case "C":
		body = hexc(0xE6E3DE)
	case "B":
		body = hexc(0x2B3550)
	}
	r.shadow(s, width, 0.3)
	r.legs(s, []float64{-width/2 + 6, width/2 - 6}, 12, 3, p.metal, p.code != "D")
	r.c.fill(s.box(-width/2, 12, width/2, height, 1.5), s.lit(12, height, body))
	n := 3
	for i := 1; i < n; i++ {
		xx := -width/2 + width*float64(i)/float64(n)
		r.c.fill(rect(s.px(xx-0.3), s.py(height-3), 0.6*s.u, (height-15)*s.u), solid(body.shade(-0.3)))
	}
	if p.code == "E" { // a jug with dried branches
		r.c.fill(ellipse(s.px(width*0.2), s.py(height+12), 9*s.u, 12*s.u), radial{s.px(width*0.2 - 3), s.py(height + 16), 14 * s.u, p.pot.shade(0.2), p.pot.shade(-0.25)})
		for k := -2; k <= 2; k++ {
			r.c.fill(line(s.px(width*0.2), s.py(height+20), s.px(width*0.2+float64(k)*9), s.py(height+58-float64(k*k)*3), 0.8*s.u), solid(p.wood.shade(-0.3)))
		}
	}
	if p.code == "B" {
		for i := 0; i < n; i++ {
			xx := -width/2 + width*(float64(i)+0.5)/float64(n)
			r.c.fill(ellipse(s.px(xx), s.py(height*0.6), 1.8*s.u, 1.8*s.u), solid(p.metal))
		}
	}
}

// niche carves an arched recess into the wall at x cm, sill at y cm, with a pot on its shelf.
func (r *room) niche(x, y, w, h float64) {
	p := r.p
	shape := arch(r.wx(x-w/2), r.wy(y), w*r.ppc, h*r.ppc)
	r.c.fill(arch(r.wx(x-w/2-3), r.wy(y-2), (w+6)*r.ppc, (h+5)*r.ppc), solid(p.wall.shade(0.4)))
	r.c.fill(shape, vgrad(r.wy(y+h), r.wy(y), p.wallLow.shade(-0.12), p.wallLow.shade(-0.02)))
	r.c.setClip(shape)
	r.c.soft(r.wx(x-w/2), r.wy(y+h*0.5), w*0.4*r.ppc, h*0.7*r.ppc, rgba{0, 0, 0, 0.12}, false)
	r.c.clearClip()
	r.c.fill(ellipse(r.wx(x), r.wy(y+13), 10*r.ppc, 13*r.ppc), radial{r.wx(x - 3), r.wy(y + 17), 16 * r.ppc, p.accents[2].shade(0.25), p.accents[2].shade(-0.25)})
	r.c.fill(rect(r.wx(x-3), r.wy(y+30), 6*r.ppc, 6*r.ppc), solid(p.accents[2].shade(-0.15)))
	r.c.fill(rect(r.wx(x-w/2-3), r.wy(y), (w+6)*r.ppc, 3*r.ppc), solid(p.trim.shade(-0.08)))
}

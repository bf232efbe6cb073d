package artwork

import "math"

// opening is a window on the back wall, in wall centimetres.
type opening struct {
	x, w       float64 // left edge and width
	sill, top  float64 // heights above the floor
	arched     bool
	panesX     int
	panesY     int
	frameWidth float64
}

// styleWindow chooses the window each style is known for: a tall classical window, a wide clean
// opening, a black steel factory grid or a whitewashed arch onto the sea.
func (r *room) styleWindow(centre float64) opening {
	switch r.p.code {
	case "B":
		return opening{x: centre - 60, w: 120, sill: 45, top: 245, panesX: 2, panesY: 4, frameWidth: 5}
	case "C":
		return opening{x: centre - 95, w: 190, sill: 35, top: 240, panesX: 2, panesY: 1, frameWidth: 2.5}
	case "D":
		return opening{x: centre - 110, w: 220, sill: 70, top: 270, panesX: 5, panesY: 6, frameWidth: 3}
	case "E":
		return opening{x: centre - 65, w: 130, sill: 80, top: 250, arched: true, panesX: 2, panesY: 3, frameWidth: 4}
	default:
		return opening{x: centre - 70, w: 140, sill: 80, top: 230, panesX: 2, panesY: 2, frameWidth: 4.5}
	}
}

// shape is the window's outline in pixels, grown by g cm on every side.
func (r *room) shape(o opening, g float64) *path {
	x, y := r.wx(o.x-g), r.wy(o.sill-g)
	w, h := (o.w+2*g)*r.ppc, (o.top-o.sill+2*g)*r.ppc
	if o.arched {
		return arch(x, y, w, h)
	}
	return rect(x, y-h, w, h)
}

// window paints the opening: the reveal, the view outside, glazing bars, the glass sheen and
// the sill, then the light it throws into the room.
func (r *room) window(o opening) {
	r.c.fill(r.shape(o, 4), solid(r.p.trim.shade(-0.05)))
	r.c.fill(r.shape(o, 0), vgrad(r.wy(o.top), r.wy(o.sill), r.p.sky, r.p.skyLow))
	r.c.setClip(r.shape(o, 0))
	r.view(o)
	r.c.clearClip()
	// Glazing bars.
	fw := o.frameWidth * r.ppc
	frame := r.p.trim
	if r.p.code == "C" || r.p.code == "D" {
		frame = r.p.metal
	}
	spring, rad := r.wy(o.top-o.w/2), o.w/2*r.ppc
	cx := r.wx(o.x + o.w/2)
	for i := 0; i <= o.panesX; i++ {
		x := r.wx(o.x + o.w*float64(i)/float64(o.panesX))
		top := r.wy(o.top)
		if o.arched {
			top = spring - math.Sqrt(math.Max(0, rad*rad-(x-cx)*(x-cx)))
		}
		r.c.fill(rect(x-fw/2, top, fw, r.wy(o.sill)-top), solid(frame))
	}
	for j := 0; j <= o.panesY; j++ {
		y := r.wy(o.sill + (o.top-o.sill)*float64(j)/float64(o.panesY))
		x0, x1 := r.wx(o.x), r.wx(o.x+o.w)
		if o.arched && y < spring {
			half := math.Sqrt(math.Max(0, rad*rad-(spring-y)*(spring-y)))
			x0, x1 = cx-half, cx+half
		}
		r.c.fill(rect(x0, y-fw/2, x1-x0, fw), solid(frame))
	}
	if o.arched {
		r.c.fill(halfRing(cx, spring, rad, fw), solid(frame))
	}
	// Glass sheen: two soft diagonal bands.
	r.c.setClip(r.shape(o, 0))
	for k, a := range []float64{0.16, 0.09} {
		x0 := r.wx(o.x + o.w*(0.15+0.35*float64(k)))
		y0, y1 := r.wy(o.top), r.wy(o.sill)
		r.c.fill(poly(pt{x0, y1}, pt{x0 + 18*r.ppc, y1}, pt{x0 + 70*r.ppc, y0}, pt{x0 + 52*r.ppc, y0}), solid(hexc(0xFFFFFF).with(a)))
	}
	r.c.clearClip()
	// Sill.
	r.c.fill(rect(r.wx(o.x-10), r.wy(o.sill), (o.w+20)*r.ppc, 5*r.ppc), vgrad(r.wy(o.sill), r.wy(o.sill-5), r.p.trim.shade(0.1), r.p.trim.shade(-0.15)))
	r.c.fill(rect(r.wx(o.x-10), r.wy(o.sill-5), (o.w+20)*r.ppc, 3*r.ppc), solid(rgba{0, 0, 0, 0.12}))
}

// view paints what is outside: the sea, a city, trees or soft hills.
func (r *room) view(o opening) {
	left, right := r.wx(o.x), r.wx(o.x+o.w)
	top, bottom := r.wy(o.top), r.wy(o.sill)
	hgt := bottom - top
	switch r.p.code {
	case "E":
		horizon := bottom - hgt*0.38
		r.c.fill(rect(left, horizon, right-left, bottom-horizon), vgrad(horizon, bottom, hexc(0x2C6E9B), hexc(0x1D4F73)))
		r.c.soft((left+right)/2, horizon+hgt*0.05, (right-left)*0.5, hgt*0.04, hexc(0xFFFFFF).with(0.35), false)
		hx := left + (right-left)*between(r.rng, 0.0, 0.4)
		r.c.fill(poly(pt{hx - hgt*0.3, horizon + 1}, pt{hx, horizon - hgt*0.07}, pt{hx + hgt*0.2, horizon - hgt*0.05}, pt{hx + hgt*0.6, horizon + 1}), solid(hexc(0x8E9C7A)))
		r.c.soft(right-(right-left)*0.25, top+hgt*0.2, hgt*0.18, hgt*0.18, hexc(0xFFF4D6).with(0.8), true)
	case "D":
		for i := 0; i < 9; i++ {
			bw := between(r.rng, 0.08, 0.2) * (right - left)
			bx := left + between(r.rng, -0.1, 1.0)*(right-left)
			bh := between(r.rng, 0.15, 0.55) * hgt
			r.c.fill(rect(bx, bottom-bh, bw, bh), solid(mix(hexc(0x6F7F8C), hexc(0x9DAEBA), float64(i)/9)))
		}
	case "B", "A":
		for i := 0; i < 7; i++ {
			x := left + between(r.rng, 0, 1)*(right-left)
			rr := between(r.rng, 0.12, 0.25) * (right - left)
			r.c.fill(ellipse(x, bottom-rr*0.4, rr, rr*0.9), solid(mix(r.p.plant, r.p.plantLight, r.rng.Float64()).with(0.75)))
		}
	default:
		r.c.fill(poly(pt{left, bottom - hgt*0.18}, pt{left + (right-left)*0.45, bottom - hgt*0.3}, pt{right, bottom - hgt*0.16}, pt{right, bottom}, pt{left, bottom}), solid(hexc(0xB9C7BF)))
		r.c.fill(poly(pt{left, bottom - hgt*0.08}, pt{left + (right-left)*0.7, bottom - hgt*0.17}, pt{right, bottom - hgt*0.1}, pt{right, bottom}, pt{left, bottom}), solid(hexc(0x98AA9F)))
	}
}

// sunlight lays the window's light on the floor, leaning away from the window, plus a soft
// glow on the wall around it.
func (r *room) sunlight(o opening, lean float64) {
	l := r.p.light
	r.c.soft(r.wx(o.x+o.w/2), r.wy((o.sill+o.top)/2), o.w*1.1*r.ppc, (o.top-o.sill)*0.8*r.ppc, l.with(0.18), true)
	d0, d1 := 10.0, math.Min(40+(o.top-o.sill)*0.9, camDist*0.75)
	a, b := r.floorPt(o.x+lean*d0, d0), r.floorPt(o.x+o.w+lean*d0, d0)
	c, e := r.floorPt(o.x+o.w+lean*d1, d1), r.floorPt(o.x+lean*d1, d1)
	r.c.fill(poly(a, b, c, e), linear{0, a.y, 0, c.y, l.shade(0.3).with(0.32), l.with(0.04)})
}

// curtains hangs full-length drapes with soft folds either side of a window.
func (r *room) curtains(o opening, col rgba) {
	top := r.wy(o.top + 30)
	r.c.fill(rect(r.wx(o.x-50), top-2*r.ppc, (o.w+100)*r.ppc, 3*r.ppc), solid(r.p.metal))
	for _, side := range []float64{o.x - 48, o.x + o.w + 8} {
		x0, cw := r.wx(side), 40*r.ppc
		p := newPath()
		p.moveTo(x0, top).lineTo(x0+cw, top)
		p.cubeTo(x0+cw*0.9, r.yF*0.6, x0+cw*1.1, r.yF*0.85, x0+cw*1.05, r.yF)
		p.lineTo(x0-cw*0.05, r.yF).cubeTo(x0-cw*0.1, r.yF*0.8, x0+cw*0.05, r.yF*0.5, x0, top)
		r.c.fill(p.close(), solid(col))
		for k := 1; k < 5; k++ {
			fx := x0 + cw*float64(k)/5
			r.c.fill(line(fx, top, fx+math.Sin(float64(k))*cw*0.05, r.yF, cw*0.08), solid(col.shade(-0.25).with(0.5)))
		}
	}
}

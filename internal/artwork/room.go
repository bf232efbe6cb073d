package artwork

import (
	"math"
	"math/rand/v2"
)

// room is a one-point perspective interior: a back wall seen straight on, a floor receding to
// it, and a camera Z0 cm from the wall. Sizes are given in centimetres so furniture keeps
// believable proportions at any output size.
type room struct {
	c    *canvas
	p    palette
	rng  *rand.Rand
	w, h float64
	yF   float64 // screen y of the wall's base
	yEye float64 // screen y of the horizon
	cx   float64 // screen x of the vanishing point
	ppc  float64 // pixels per centimetre on the wall plane
}

// camDist is how far the camera stands from the back wall, in cm; it sets how fast the floor
// recedes.
const camDist = 520.0

func newRoom(c *canvas, p palette, rng *rand.Rand) *room {
	w, h := float64(c.w), float64(c.h)
	r := &room{c: c, p: p, rng: rng, w: w, h: h}
	r.yF = h * 0.68
	r.yEye = h * 0.42
	r.cx = w * (0.5 + between(rng, -0.05, 0.05))
	// Keep the wall about 290 cm tall, never narrower than 420 cm on portrait canvases, and never
	// wider than 3000 cm on absurdly wide ones (which would only cost time).
	r.ppc = math.Max(math.Min(r.yF/290, w/420), w/3000)
	return r
}

// wx and wy map wall coordinates (cm from the vanishing line, cm above the floor) to pixels.
func (r *room) wx(x float64) float64 { return r.cx + x*r.ppc }
func (r *room) wy(y float64) float64 { return r.yF - y*r.ppc }

// depthScale is how much bigger things look d cm in front of the wall.
func depthScale(d float64) float64 { return camDist / (camDist - math.Min(d, camDist-1)) }

// floorPt maps a floor point x cm sideways and d cm in front of the wall to pixels.
func (r *room) floorPt(x, d float64) pt {
	s := depthScale(d)
	return pt{r.cx + x*r.ppc*s, r.yEye + (r.yF-r.yEye)*s}
}

// unitAt is pixels per cm for an object standing d cm in front of the wall.
func (r *room) unitAt(d float64) float64 { return r.ppc * depthScale(d) }

// halfWidthCm is half the visible wall width, in cm.
func (r *room) halfWidthCm() float64 { return r.w / r.ppc / 2 }

// wall paints the back wall with the style's surface.
func (r *room) wall() {
	r.c.fill(rect(0, 0, r.w, r.yF+1), vgrad(0, r.yF, r.p.wall, r.p.wallLow))
	switch r.p.code {
	case "A":
		r.wallpaper()
	case "B":
		r.mouldings()
	case "D":
		r.bricks()
	case "E":
		r.plaster()
	}
}

// wallpaper is a bold scallop-and-dot pattern for the eclectic wall.
func (r *room) wallpaper() {
	step := 28 * r.ppc
	dot := r.p.wall.shade(0.12)
	motif := r.rng.IntN(2)
	for row, y := 0, step/2; y < r.yF; row, y = row+1, y+step {
		off := float64(row%2) * step / 2
		for x := -step + off; x < r.w+step; x += step {
			if motif == 0 {
				r.c.fill(ring(x, y, step*0.32, step*0.05), solid(dot))
				r.c.fill(ellipse(x, y, step*0.07, step*0.07), solid(r.p.accents[5].with(0.55)))
			} else {
				r.c.fill(leaf(x, y+step*0.3, -math.Pi/2, step*0.6, step*0.18), solid(dot))
			}
		}
	}
}

// mouldings draws classical panels, a dado rail and a crown.
func (r *room) mouldings() {
	hi, lo := r.p.trim.with(0.9), r.p.wallLow.shade(-0.1).with(0.8)
	half := r.halfWidthCm()
	r.c.fill(rect(0, r.wy(92), r.w, 5*r.ppc), solid(hi))
	r.c.fill(rect(0, r.wy(87), r.w, 1.2*r.ppc), solid(lo))
	r.c.fill(rect(0, 0, r.w, 14*r.ppc), vgrad(0, 14*r.ppc, r.p.trim, r.p.wall.shade(-0.06)))
	r.c.fill(rect(0, 14*r.ppc, r.w, 1.5*r.ppc), solid(lo))
	panelW := 110.0
	for x := -math.Ceil(half/panelW) * panelW; x < half; x += panelW {
		for _, band := range [][2]float64{{110, 250}, {18, 78}} {
			x0, y0 := r.wx(x+14), r.wy(band[1])
			pw, ph := (panelW-28)*r.ppc, (band[1]-band[0])*r.ppc
			t := 1.6 * r.ppc
			r.c.fill(rect(x0, y0, pw, t), solid(lo))
			r.c.fill(rect(x0, y0, t, ph), solid(lo))
			r.c.fill(rect(x0, y0+ph-t, pw, t), solid(hi))
			r.c.fill(rect(x0+pw-t, y0, t, ph), solid(hi))
		}
	}
}

// bricks lays a running bond with varied bricks over mortar, with a few limewashed patches.
func (r *room) bricks() {
	bh, bw, gap := 6.5*r.ppc, 23*r.ppc, 1.1*r.ppc
	r.c.fill(rect(0, 0, r.w, r.yF), solid(hexc(0xB3A493)))
	for row, y := 0, r.yF-bh; y > -bh; row, y = row+1, y-bh-gap {
		off := float64(row%2) * bw / 2
		for col, x := 0, -off; x < r.w; col, x = col+1, x+bw+gap {
			v := float64(hash3(uint64(row), uint64(col), 7)%1000)/1000 - 0.5
			base := mix(r.p.wall, r.p.wallLow, clamp01(0.5+v*0.9))
			if hash3(uint64(row), uint64(col), 11)%9 == 0 {
				base = base.shade(-0.18)
			}
			r.c.fill(rect(x, y, bw, bh), vgrad(y, y+bh, base.shade(0.06), base.shade(-0.06)))
		}
	}
	for i := 0; i < 5; i++ {
		x, y := between(r.rng, 0, r.w), between(r.rng, 0, r.yF)
		r.c.soft(x, y, between(r.rng, 60, 140)*r.ppc, between(r.rng, 30, 70)*r.ppc, hexc(0xD9CFC4).with(0.35), false)
	}
}

// plaster gives whitewash its hand-made unevenness.
func (r *room) plaster() {
	for i := 0; i < 14; i++ {
		x, y := between(r.rng, 0, r.w), between(r.rng, 0, r.yF)
		col := r.p.wallLow.shade(-0.04)
		if i%2 == 0 {
			col = r.p.wall.shade(0.5)
		}
		r.c.soft(x, y, between(r.rng, 40, 120)*r.ppc, between(r.rng, 30, 80)*r.ppc, col.with(0.35), false)
	}
}

// floor paints the floor and its joints.
func (r *room) floor() {
	r.c.fill(rect(0, r.yF, r.w, r.h-r.yF), vgrad(r.yF, r.h, r.p.floor, r.p.floorNear))
	switch r.p.code {
	case "D":
		r.joints(120, 150, r.p.floorNear.shade(-0.25).with(0.5), 0.6)
	case "E":
		r.tiles()
	default:
		r.planks()
	}
	// Skirting board, except on brick.
	if r.p.code != "D" {
		r.c.fill(rect(0, r.wy(9), r.w, 9*r.ppc+1), vgrad(r.wy(9), r.yF, r.p.trim, r.p.trim.shade(-0.12)))
	}
	r.c.fill(rect(0, r.yF, r.w, 3*r.ppc), solid(rgba{0, 0, 0, 0.12}))
}

// planks lays wooden boards running towards the wall, each with its own tone.
func (r *room) planks() {
	width := 18.0
	if r.p.code == "C" {
		width = 24
	}
	far, near := camDist*0.02, camDist*0.8
	half := r.halfWidthCm() * depthScale(near)
	for i, x := 0, -math.Ceil(half/width)*width; x < half; i, x = i+1, x+width {
		v := float64(hash3(uint64(i), 3, 5)%1000)/1000 - 0.5
		tone := r.p.floor.shade(v * 0.14)
		a, b := r.floorPt(x, far), r.floorPt(x+width, far)
		c, d := r.floorPt(x+width, near), r.floorPt(x, near)
		r.c.fill(poly(pt{a.x, r.yF}, pt{b.x, r.yF}, c, d), linear{0, r.yF, 0, r.h, tone.with(0.55), tone.shade(-0.25).with(0.55)})
		r.c.fill(poly(pt{a.x, r.yF}, pt{a.x + 0.7, r.yF}, pt{d.x + 1.5, d.y}, d), solid(rgba{0, 0, 0, 0.18}))
		for depth := float64(hash3(uint64(i), 9, 9)%140) + 20; depth < near; depth += 150 {
			p, q := r.floorPt(x, depth), r.floorPt(x+width, depth)
			r.c.fill(line(p.x, p.y, q.x, q.y, math.Max(0.8, 0.9*r.unitAt(depth)*0.25)), solid(rgba{0, 0, 0, 0.16}))
		}
	}
}

// tiles lays square terracotta tiles with pale grout.
func (r *room) tiles() {
	size := 33.0
	grout := mix(r.p.trim, r.p.floor, 0.35)
	near := camDist * 0.8
	half := r.halfWidthCm() * depthScale(near)
	for j, d := 0, 0.0; d < near; j, d = j+1, d+size {
		for i, x := 0, -math.Ceil(half/size)*size; x < half; i, x = i+1, x+size {
			v := float64(hash3(uint64(i), uint64(j), 21)%1000)/1000 - 0.5
			base := mix(r.p.floor, r.p.floorNear, clamp01(d/near*0.8+v*0.35))
			a, b := r.floorPt(x, d), r.floorPt(x+size, d)
			c, e := r.floorPt(x+size, d+size), r.floorPt(x, d+size)
			r.c.fill(poly(a, b, c, e), solid(grout))
			g := 0.06 * (c.x - e.x)
			r.c.fill(poly(pt{a.x + g*0.6, a.y + g*0.2}, pt{b.x - g*0.6, b.y + g*0.2}, pt{c.x - g, c.y - g*0.4}, pt{e.x + g, e.y - g*0.4}),
				linear{a.x, a.y, c.x, c.y, base.shade(0.05), base.shade(-0.08)})
		}
	}
}

// joints draws concrete slab seams with a soft sheen.
func (r *room) joints(size, depthStep float64, col rgba, width float64) {
	near := camDist * 0.8
	half := r.halfWidthCm() * depthScale(near)
	for x := -math.Ceil(half/size) * size; x < half; x += size {
		a, b := r.floorPt(x, 0), r.floorPt(x, near)
		r.c.fill(line(a.x, a.y, b.x, b.y, width*r.ppc), solid(col))
	}
	for d := depthStep; d < near; d += depthStep {
		a, b := r.floorPt(-half, d), r.floorPt(half, d)
		r.c.fill(line(a.x, a.y, b.x, b.y, width*r.unitAt(d)*0.5), solid(col))
	}
	for i := 0; i < 4; i++ {
		q := r.floorPt(between(r.rng, -200, 200), between(r.rng, 40, 200))
		r.c.soft(q.x, q.y, 120*r.ppc, 18*r.ppc, hexc(0xFFFFFF).with(0.10), false)
	}
}

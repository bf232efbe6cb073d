package artwork

import "math"

// spot is where a piece stands: its centre and floor line in pixels and its pixels per cm.
type spot struct{ x, y, u float64 }

// at places a piece x cm sideways and d cm in front of the wall.
func (r *room) at(x, d float64) spot {
	p := r.floorPt(x, d)
	return spot{p.x, p.y, r.unitAt(d)}
}

// px and py turn centimetres relative to the spot (right, up) into pixels.
func (s spot) px(cm float64) float64 { return s.x + cm*s.u }
func (s spot) py(cm float64) float64 { return s.y - cm*s.u }

// box is a rounded box from (x0, y0) to (x1, y1) in the spot's cm, y upwards.
func (s spot) box(x0, y0, x1, y1, radius float64) *path {
	return roundRect(s.px(x0), s.py(y1), (x1-x0)*s.u, (y1-y0)*s.u, radius*s.u)
}

// lit shades a box top to bottom, as if lit from above.
func (s spot) lit(y0, y1 float64, c rgba) paint {
	return vgrad(s.py(y1), s.py(y0), c.shade(0.10), c.shade(-0.18))
}

// shadow puts a soft contact shadow under a piece of the given width.
func (r *room) shadow(s spot, width, strength float64) {
	r.c.soft(s.x, s.y-1*s.u, width/2*s.u*1.08, 9*s.u, rgba{0.05, 0.03, 0.02, strength}, false)
}

// legs draws n legs of a piece, in metal, wood or brass.
func (r *room) legs(s spot, xs []float64, h, w float64, col rgba, taper bool) {
	for _, x := range xs {
		if taper {
			r.c.fill(poly(pt{s.px(x - w/2), s.py(h)}, pt{s.px(x + w/2), s.py(h)}, pt{s.px(x + w/4), s.y}, pt{s.px(x - w/4), s.y}), solid(col))
		} else {
			r.c.fill(rect(s.px(x-w/2), s.py(h), w*s.u, h*s.u), solid(col))
		}
	}
}

// sofa draws a three-seater in the style's manner, with cushions from its accents.
func (r *room) sofa(s spot, width float64) {
	p := r.p
	col, hw := p.sofa, width/2
	r.shadow(s, width, 0.45)
	legH, seatH, backH, armH, arm := 12.0, 44.0, 84.0, 62.0, 18.0
	switch p.code {
	case "C":
		legH, backH, armH, arm = 16, 72, 56, 12
	case "B":
		backH, armH = 92, 66
	case "D":
		legH, backH, armH = 14, 80, 64
	case "E":
		legH = 6
	}
	legCol := p.wood
	if p.code == "C" || p.code == "D" {
		legCol = p.metal
	} else if p.code == "A" {
		legCol = p.metal
	}
	r.legs(s, []float64{-hw + 10, hw - 10}, legH+1, 4, legCol, p.code != "D")
	// Back.
	if p.code == "B" { // camel back
		b := newPath()
		b.moveTo(s.px(-hw+arm), s.py(seatH))
		b.lineTo(s.px(-hw+arm), s.py(backH-10))
		b.cubeTo(s.px(-hw/2), s.py(backH-6), s.px(-hw/3), s.py(backH+6), s.px(0), s.py(backH+6))
		b.cubeTo(s.px(hw/3), s.py(backH+6), s.px(hw/2), s.py(backH-6), s.px(hw-arm), s.py(backH-10))
		b.lineTo(s.px(hw-arm), s.py(seatH))
		r.c.fill(b.close(), s.lit(seatH, backH+6, col))
	} else {
		r.c.fill(s.box(-hw+arm/2, seatH-5, hw-arm/2, backH, 7), s.lit(seatH, backH, col))
	}
	// Seat base.
	r.c.fill(s.box(-hw, legH, hw, seatH, 5), s.lit(legH, seatH, col.shade(-0.04)))
	// Back cushions, then seat cushions.
	n := 3
	if p.code == "C" {
		n = 2
	}
	cw := (width - 2*arm) / float64(n)
	for i := 0; i < n; i++ {
		x0 := -hw + arm + float64(i)*cw
		r.c.fill(s.box(x0+1, seatH+2, x0+cw-1, backH-6, 8), s.lit(seatH, backH-6, col.shade(0.04)))
		r.c.fill(s.box(x0+1, seatH-6, x0+cw-1, seatH+6, 5), s.lit(seatH-6, seatH+6, col.shade(0.08)))
		r.c.fill(rect(s.px(x0+cw-1.2), s.py(seatH+6), 1.2*s.u, 12*s.u), solid(col.shade(-0.3).with(0.5)))
	}
	// Arms.
	for _, x := range []float64{-hw, hw - arm} {
		if p.code == "B" { // rolled
			r.c.fill(s.box(x, legH, x+arm, armH-6, 3), s.lit(legH, armH, col))
			r.c.fill(ellipse(s.px(x+arm/2), s.py(armH-6), arm/2*1.15*s.u, 8*s.u), solid(col.shade(0.06)))
		} else {
			r.c.fill(s.box(x, legH, x+arm, armH, arm*0.35), s.lit(legH, armH, col.shade(0.02)))
		}
	}
	if p.code == "D" { // leather seams and sheen
		for _, x := range []float64{-hw / 3, hw / 3} {
			r.c.fill(rect(s.px(x), s.py(backH-8), 0.6*s.u, (backH-seatH-2)*s.u), solid(col.shade(-0.35).with(0.6)))
		}
		r.c.soft(s.px(-hw/2), s.py(backH-14), 30*s.u, 8*s.u, hexc(0xFFFFFF).with(0.12), false)
	}
	r.pillows(s, width, arm, seatH)
}

// pillows tops a sofa with throw cushions.
func (r *room) pillows(s spot, width, arm, seatH float64) {
	hw := width / 2
	count := map[string]int{"A": 4, "B": 4, "C": 1, "D": 2, "E": 3}[r.p.code]
	for i := 0; i < count; i++ {
		var x float64
		switch {
		case r.p.code == "B": // symmetric pairs
			x = []float64{-hw + arm + 18, -hw + arm + 44, hw - arm - 18, hw - arm - 44}[i]
		case count == 1:
			x = hw - arm - 26
		default:
			x = -hw + arm + 20 + float64(i)*(width-2*arm-40)/float64(count-1)
		}
		col := r.p.accents[(i+r.rng.IntN(2))%len(r.p.accents)]
		if r.p.code == "B" {
			col = []rgba{r.p.accents[0], r.p.accents[2], r.p.accents[2], r.p.accents[0]}[i]
		}
		size := 34.0 - float64(i%2)*5
		tilt := (r.rng.Float64() - 0.5) * 0.25
		pp := pillowPath(s.px(x), s.py(seatH+size/2+2), size*s.u, tilt)
		r.c.fill(pp, radial{s.px(x - 6), s.py(seatH + size*0.7), size * s.u, col.shade(0.15), col.shade(-0.2)})
		if r.p.code == "A" && i%2 == 0 { // pattern
			for k := -1; k <= 1; k++ {
				r.c.fill(line(s.px(x-size*0.35), s.py(seatH+size/2+2+float64(k)*8), s.px(x+size*0.35), s.py(seatH+size/2+2+float64(k)*8), 2.2*s.u), solid(r.p.accents[(i+3)%len(r.p.accents)].with(0.8)))
			}
		}
		if r.p.code == "E" && i == 1 {
			r.c.fill(line(s.px(x-size*0.4), s.py(seatH+size/2+2), s.px(x+size*0.4), s.py(seatH+size/2+2), 3*s.u), solid(hexc(0xF5EFE4)))
		}
	}
}

// pillowPath is a plump square cushion with pinched corners, centred at (x, y).
func pillowPath(x, y, size, tilt float64) *path {
	h := size / 2
	ca, sa := math.Cos(tilt), math.Sin(tilt)
	rot := func(u, v float64) (float64, float64) { return x + u*ca - v*sa, y + u*sa + v*ca }
	p := newPath()
	ax, ay := rot(-h, -h)
	p.moveTo(ax, ay)
	for _, q := range [][4]float64{{0, -h * 0.8, h, -h}, {h * 0.8, 0, h, h}, {0, h * 0.8, -h, h}, {-h * 0.8, 0, -h, -h}} {
		c1, c2 := rot(q[0], q[1])
		e1, e2 := rot(q[2], q[3])
		p.quadTo(c1, c2, e1, e2)
	}
	return p.close()
}

// armchair draws a single seat: wingback, lounge chair, club chair, rattan or velvet shell.
func (r *room) armchair(s spot, col rgba) {
	p := r.p
	r.shadow(s, 80, 0.4)
	switch p.code {
	case "E": // rattan: woven round back on slim legs, linen cushions
		r.legs(s, []float64{-30, 30}, 20, 3, p.wood, true)
		r.c.fill(s.box(-38, 18, 38, 28, 4), s.lit(18, 28, hexc(0xC49A6C)))
		back := ellipse(s.x, s.py(66), 44*s.u, 40*s.u)
		r.c.fill(back, radial{s.px(-10), s.py(80), 60 * s.u, hexc(0xD8B27E), hexc(0xA77B4B)})
		r.c.setClip(back)
		for k := -90.0; k <= 90; k += 5 {
			r.c.fill(line(s.px(k-40), s.py(20), s.px(k+40), s.py(110), 0.7*s.u), solid(hexc(0x7A5530).with(0.35)))
			r.c.fill(line(s.px(k+40), s.py(20), s.px(k-40), s.py(110), 0.7*s.u), solid(hexc(0x7A5530).with(0.35)))
		}
		r.c.clearClip()
		r.c.fill(s.box(-30, 42, 30, 78, 14), s.lit(42, 78, p.sofa.shade(0.04)))
		r.c.fill(s.box(-36, 26, 36, 42, 8), s.lit(26, 42, p.sofa))
	case "C": // lounge chair on a timber frame
		r.legs(s, []float64{-30, 30}, 38, 3.5, p.wood, true)
		r.c.fill(s.box(-36, 34, 36, 46, 6), s.lit(34, 46, col))
		r.c.fill(s.box(-33, 44, 33, 82, 12), s.lit(44, 82, col.shade(0.05)))
	case "D": // club chair
		r.legs(s, []float64{-32, 32}, 10, 4, p.metal, false)
		r.c.fill(s.box(-34, 36, 34, 80, 10), s.lit(36, 80, col))
		r.c.fill(s.box(-42, 8, 42, 44, 6), s.lit(8, 44, col.shade(-0.05)))
		for _, x := range []float64{-42, 26} {
			r.c.fill(s.box(x, 8, x+16, 62, 8), s.lit(8, 62, col.shade(0.04)))
		}
	case "B": // wingback
		r.legs(s, []float64{-30, 30}, 12, 4, p.wood, true)
		w := newPath()
		w.moveTo(s.px(-40), s.py(40)).lineTo(s.px(-42), s.py(95)).cubeTo(s.px(-30), s.py(112), s.px(30), s.py(112), s.px(42), s.py(95))
		w.lineTo(s.px(40), s.py(40))
		r.c.fill(w.close(), s.lit(40, 110, col))
		r.c.fill(s.box(-38, 10, 38, 46, 5), s.lit(10, 46, col.shade(-0.06)))
		r.c.fill(s.box(-30, 40, 30, 52, 6), s.lit(40, 52, col.shade(0.08)))
	default: // velvet shell
		r.legs(s, []float64{-24, 24}, 14, 3, p.metal, true)
		sh := newPath()
		sh.moveTo(s.px(-40), s.py(14)).cubeTo(s.px(-52), s.py(70), s.px(-30), s.py(98), s.px(0), s.py(98))
		sh.cubeTo(s.px(30), s.py(98), s.px(52), s.py(70), s.px(40), s.py(14))
		r.c.fill(sh.close(), s.lit(14, 98, col))
		for k := -24.0; k <= 24; k += 12 {
			r.c.fill(line(s.px(k), s.py(48), s.px(k*1.2), s.py(92), 1.4*s.u), solid(col.shade(-0.25).with(0.6)))
		}
		r.c.fill(s.box(-36, 14, 36, 44, 12), s.lit(14, 44, col.shade(0.06)))
	}
}

// table draws a coffee or side table with a few things on it.
func (r *room) table(s spot, width, height float64, round bool) {
	p := r.p
	r.shadow(s, width, 0.35)
	top := p.wood
	switch p.code {
	case "B":
		top = hexc(0xEDE6DA) // marble
	case "C":
		top = hexc(0xE9E7E3)
	case "D":
		top = p.wood.shade(-0.1)
	}
	hw := width / 2
	if round {
		r.c.fill(rect(s.px(-3), s.py(height), 6*s.u, height*s.u), solid(p.metal))
		r.c.fill(ellipse(s.x, s.y, hw*0.4*s.u, 3*s.u), solid(p.metal))
	} else {
		legCol := p.metal
		if p.code == "E" {
			legCol = p.wood.shade(-0.15)
		}
		r.legs(s, []float64{-hw + 6, hw - 6}, height, 4, legCol, p.code == "B" || p.code == "C")
		if p.code == "D" {
			r.c.fill(rect(s.px(-hw+6), s.py(10), (width-12)*s.u, 2*s.u), solid(p.metal))
		}
	}
	r.c.fill(ellipse(s.x, s.py(height), hw*s.u, width*0.08*s.u+2), solid(top.shade(0.12)))
	r.c.fill(s.box(-hw, height-5, hw, height, 2), s.lit(height-5, height, top))
	if p.code == "B" {
		r.c.fill(rect(s.px(-hw), s.py(height-5), width*s.u, 1.2*s.u), solid(p.metal))
	}
	r.tableTop(s, width, height)
}

// tableTop sets books, a vase or a bowl on a table.
func (r *room) tableTop(s spot, width, height float64) {
	p := r.p
	books := 1 + r.rng.IntN(3)
	if p.code == "C" {
		books = 1
	}
	y := height
	for i := 0; i < books; i++ {
		bw := between(r.rng, 22, 30)
		r.c.fill(rect(s.px(-width*0.3), s.py(y+3), bw*s.u, 3*s.u), solid(pick(r.rng, p.accents).shade(-0.1)))
		y += 3
	}
	vx := width * 0.18
	vc := pick(r.rng, p.accents)
	if p.code == "E" {
		vc = p.pot
	}
	r.c.fill(ellipse(s.px(vx), s.py(height+9), 7*s.u, 9*s.u), radial{s.px(vx - 2), s.py(height + 12), 9 * s.u, vc.shade(0.2), vc.shade(-0.25)})
	r.c.fill(rect(s.px(vx-2), s.py(height+22), 4*s.u, 6*s.u), solid(vc.shade(-0.1)))
	if p.code != "C" && p.code != "D" {
		for k := 0; k < 5; k++ {
			a := -math.Pi/2 + (float64(k)-2)*0.35
			r.c.fill(leaf(s.px(vx), s.py(height+22), a, 16*s.u, 3.5*s.u), solid(mix(p.plant, p.plantLight, float64(k)/5)))
		}
	}
}

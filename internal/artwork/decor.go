package artwork

import "math"

// floorLamp draws a standing lamp and the pool of light it makes.
func (r *room) floorLamp(s spot) {
	p := r.p
	r.shadow(s, 36, 0.3)
	r.c.fill(ellipse(s.x, s.py(1), 14*s.u, 3*s.u), solid(p.metal))
	top := 150.0
	switch p.code {
	case "C": // arc lamp
		arc := newPath()
		arc.moveTo(s.px(-1), s.y).lineTo(s.px(-1), s.py(120)).cubeTo(s.px(-1), s.py(200), s.px(60), s.py(205), s.px(80), s.py(170))
		arc.lineTo(s.px(82), s.py(171)).cubeTo(s.px(62), s.py(208), s.px(1), s.py(203), s.px(1), s.py(120)).lineTo(s.px(1), s.y)
		r.c.fill(arc.close(), solid(p.metal))
		r.c.fill(ellipse(s.px(80), s.py(165), 14*s.u, 9*s.u), solid(p.metal))
		r.c.soft(s.px(80), s.py(150), 70*s.u, 60*s.u, p.light.with(0.25), true)
		return
	case "D": // tripod
		for _, dx := range []float64{-16, 16} {
			r.c.fill(line(s.px(dx), s.y, s.px(0), s.py(110), 1.6*s.u), solid(p.metal))
		}
		r.c.fill(rect(s.px(-0.8), s.py(160), 1.6*s.u, 50*s.u), solid(p.metal))
		r.c.fill(poly(pt{s.px(-12), s.py(150)}, pt{s.px(12), s.py(150)}, pt{s.px(6), s.py(168)}, pt{s.px(-6), s.py(168)}), solid(p.metal))
		r.c.soft(s.px(0), s.py(146), 30*s.u, 24*s.u, p.light.with(0.7), true)
		return
	}
	stem := p.metal
	if p.code == "E" {
		stem = p.wood
	}
	r.c.fill(rect(s.px(-1), s.py(top), 2*s.u, top*s.u), solid(stem))
	shade := map[string]rgba{"A": p.accents[1], "B": hexc(0xF6EEDC), "E": hexc(0xEFE4CF)}[p.code]
	r.c.soft(s.px(0), s.py(top+8), 55*s.u, 45*s.u, p.light.with(0.35), true)
	r.c.fill(poly(pt{s.px(-24), s.py(top - 6)}, pt{s.px(24), s.py(top - 6)}, pt{s.px(15), s.py(top + 26)}, pt{s.px(-15), s.py(top + 26)}),
		vgrad(s.py(top+26), s.py(top-6), shade.shade(0.25), shade.shade(-0.05)))
	r.c.fill(ellipse(s.x, s.py(top-6), 24*s.u, 3*s.u), solid(p.light.shade(0.4)))
}

// pendant hangs the style's ceiling light at x cm on the wall plane, d cm into the room.
func (r *room) pendant(x, d float64) {
	p := r.p
	s := r.at(x, d)
	ceiling := s.py(300)
	switch p.code {
	case "B": // chandelier
		cy := s.py(200)
		r.c.fill(rect(s.px(-0.5), ceiling, 1*s.u, cy-ceiling), solid(p.metal))
		r.c.fill(ellipse(s.x, cy, 6*s.u, 10*s.u), solid(p.metal))
		for k := -3; k <= 3; k++ {
			ax := float64(k) * 13
			a := newPath()
			a.moveTo(s.x, cy).quadTo(s.px(ax*0.6), s.py(180), s.px(ax), s.py(192))
			a.lineTo(s.px(ax), s.py(194)).quadTo(s.px(ax*0.6), s.py(183), s.x, cy+2)
			r.c.fill(a.close(), solid(p.metal))
			r.c.fill(rect(s.px(ax-1.2), s.py(204), 2.4*s.u, 10*s.u), solid(hexc(0xFBF6EC)))
			r.c.soft(s.px(ax), s.py(207), 7*s.u, 9*s.u, p.light.with(0.4), true)
			r.c.fill(ellipse(s.px(ax), s.py(189), 1*s.u, 2*s.u), solid(hexc(0xFFFFFF).with(0.7)))
		}
		r.c.soft(s.x, s.py(200), 80*s.u, 50*s.u, p.light.with(0.14), true)
	case "D": // Edison bulbs on cords
		for k := 0; k < 5; k++ {
			bx := float64(k-2)*18 + between(r.rng, -3, 3)
			by := between(r.rng, 175, 215)
			r.c.fill(rect(s.px(bx-0.3), ceiling, 0.6*s.u, s.py(by+8)-ceiling), solid(p.metal))
			r.c.fill(rect(s.px(bx-2), s.py(by+10), 4*s.u, 5*s.u), solid(hexc(0x6B5A3A)))
			r.c.soft(s.px(bx), s.py(by), 22*s.u, 22*s.u, p.light.with(0.55), true)
			r.c.fill(ellipse(s.px(bx), s.py(by), 5*s.u, 7*s.u), solid(hexc(0xFFD9A0).with(0.55)))
			r.c.fill(ring(s.px(bx), s.py(by+1), 2*s.u, 0.5*s.u), solid(hexc(0xFFF3D6)))
		}
	case "E": // rattan dome
		r.c.fill(rect(s.px(-0.4), ceiling, 0.8*s.u, s.py(215)-ceiling), solid(p.metal))
		dome := newPath()
		dome.moveTo(s.px(-30), s.py(190)).cubeTo(s.px(-30), s.py(212), s.px(-12), s.py(218), s.x, s.py(218))
		dome.cubeTo(s.px(12), s.py(218), s.px(30), s.py(212), s.px(30), s.py(190))
		r.c.fill(dome.close(), vgrad(s.py(218), s.py(190), hexc(0xD8B27E), hexc(0xA77B4B)))
		for k := -24.0; k <= 24; k += 6 {
			r.c.fill(line(s.px(k*0.4), s.py(217), s.px(k), s.py(191), 0.7*s.u), solid(hexc(0x7A5530).with(0.6)))
		}
		r.c.soft(s.x, s.py(186), 40*s.u, 22*s.u, p.light.with(0.3), true)
	case "C": // one matte dome
		r.c.fill(rect(s.px(-0.3), ceiling, 0.6*s.u, s.py(205)-ceiling), solid(p.metal))
		r.c.fill(arch(s.px(-18), s.py(190), 36*s.u, 16*s.u), solid(p.accents[0]))
		r.c.soft(s.x, s.py(188), 34*s.u, 16*s.u, p.light.with(0.5), true)
	default: // cluster of coloured globes
		for k := 0; k < 3; k++ {
			bx, by := float64(k-1)*26, 190+float64(k%2)*18
			r.c.fill(rect(s.px(bx-0.3), ceiling, 0.6*s.u, s.py(by)-ceiling), solid(hexc(0x222222)))
			col := p.accents[(k*2)%len(p.accents)]
			r.c.fill(ellipse(s.px(bx), s.py(by-10), 12*s.u, 12*s.u), radial{s.px(bx - 4), s.py(by - 6), 14 * s.u, col.shade(0.35), col.shade(-0.2)})
			r.c.soft(s.px(bx), s.py(by-14), 30*s.u, 26*s.u, p.light.with(0.35), true)
		}
	}
}

// plant draws a potted plant; kind varies the foliage.
func (r *room) plant(s spot, height float64, kind int) {
	p := r.p
	r.shadow(s, 40, 0.35)
	potH, potW := 36.0, 34.0
	pot := p.pot
	if p.code == "D" {
		pot = hexc(0x7C7A74)
	}
	r.c.fill(poly(pt{s.px(-potW / 2), s.py(potH)}, pt{s.px(potW / 2), s.py(potH)}, pt{s.px(potW * 0.38), s.y}, pt{s.px(-potW * 0.38), s.y}),
		linear{s.px(-potW / 2), 0, s.px(potW / 2), 0, pot.shade(0.15), pot.shade(-0.25)})
	r.c.fill(rect(s.px(-potW/2-1), s.py(potH+3), (potW+2)*s.u, 4*s.u), solid(pot.shade(0.05)))
	base := s.py(potH)
	switch kind % 3 {
	case 0: // fiddle-leaf: big leaves up a stem
		r.c.fill(line(s.x, base, s.px(3), s.py(height), 2*s.u), solid(p.wood.shade(-0.2)))
		for i := 0; i < 14; i++ {
			t := float64(i) / 14
			y := s.py(potH + (height-potH)*(0.2+0.8*t))
			side := float64(i%2*2 - 1)
			a := -math.Pi/2 + side*(0.6+0.5*(1-t))
			r.c.fill(leaf(s.px(side*2), y, a, (26-10*t)*s.u, 9*s.u), solid(mix(p.plant, p.plantLight, float64(hash3(uint64(i), 1, 2)%100)/100)))
		}
	case 1: // sword leaves
		for i := 0; i < 16; i++ {
			a := -math.Pi/2 + (float64(i)/15-0.5)*1.1
			l := (height - potH) * between(r.rng, 0.55, 1.0)
			r.c.fill(leaf(s.px(float64(i%5-2)*3), base, a, l*s.u, 5*s.u), solid(mix(p.plant, p.plantLight, float64(i%4)/4)))
		}
	default: // olive: a forked trunk and clusters of small silvery leaves
		top := potH + (height-potH)*0.55
		r.c.fill(line(s.x, base, s.px(-2), s.py(top), 3*s.u), solid(p.wood.shade(-0.3)))
		for k := 0; k < 3; k++ {
			cx := float64(k-1)*22 + between(r.rng, -5, 5)
			cy := height - 24 - float64(k%2)*18
			r.c.fill(line(s.px(-2), s.py(top), s.px(cx), s.py(cy), 1.6*s.u), solid(p.wood.shade(-0.3)))
			for i := 0; i < 80; i++ {
				a := r.rng.Float64() * 2 * math.Pi
				rad := math.Sqrt(r.rng.Float64()) * 27
				lx, ly := s.px(cx+math.Cos(a)*rad), s.py(cy+math.Sin(a)*rad*0.75)
				col := mix(hexc(0x6E7F57), hexc(0xB9C6A4), clamp01(0.3+0.7*r.rng.Float64()-math.Sin(a)*0.2))
				r.c.fill(leaf(lx, ly, a+between(r.rng, -0.6, 0.6), 8*s.u, 2*s.u), solid(col))
			}
		}
	}
}

// rug lays a rug on the floor between depths d0 and d1, width cm wide, centred on x.
func (r *room) rug(x, width, d0, d1 float64) {
	p := r.p
	corners := func(inset float64) []pt {
		return []pt{r.floorPt(x-width/2+inset, d0+inset), r.floorPt(x+width/2-inset, d0+inset), r.floorPt(x+width/2-inset, d1-inset), r.floorPt(x-width/2+inset, d1-inset)}
	}
	r.c.fill(poly(corners(-1)...), solid(rgba{0, 0, 0, 0.15}))
	r.c.fill(poly(corners(0)...), solid(p.rug))
	switch p.code {
	case "A": // kilim bands of diamonds
		r.c.fill(poly(corners(8)...), solid(p.rugPattern))
		r.c.fill(poly(corners(14)...), solid(p.rug))
		for i, d := 0, d0+26; d < d1-24; i, d = i+1, d+24 {
			for j, xx := 0, x-width/2+30; xx < x+width/2-30; j, xx = j+1, xx+30 {
				a, b, c, e := r.floorPt(xx, d-8), r.floorPt(xx+10, d), r.floorPt(xx, d+8), r.floorPt(xx-10, d)
				r.c.fill(poly(a, b, c, e), solid(p.accents[(i+j)%len(p.accents)]))
			}
		}
	case "B": // border and medallion
		r.c.fill(poly(corners(10)...), solid(p.rugPattern))
		r.c.fill(poly(corners(14)...), solid(p.rug))
		m := r.floorPt(x, (d0+d1)/2)
		rx := (r.floorPt(x+width*0.22, (d0+d1)/2).x - m.x)
		r.c.fill(ellipse(m.x, m.y, rx, rx*0.28), solid(p.rugPattern.with(0.8)))
		r.c.fill(ellipse(m.x, m.y, rx*0.6, rx*0.16), solid(p.accents[0]))
	case "D": // faded vintage
		r.c.fill(poly(corners(10)...), solid(p.rugPattern.with(0.5)))
		r.c.fill(poly(corners(18)...), solid(p.rug.shade(0.05)))
		m := r.floorPt(x, (d0+d1)/2)
		r.c.soft(m.x, m.y, width*0.3*r.unitAt((d0+d1)/2), 20*r.unitAt(d1), hexc(0x8A6F5A).with(0.45), false)
	case "E": // jute with blue stripes
		for _, in := range []float64{10, 16} {
			r.c.fill(poly(corners(in)...), solid(p.rugPattern.with(0.85)))
			r.c.fill(poly(corners(in+3)...), solid(p.rug))
		}
	default: // plain with a quiet edge
		r.c.fill(poly(corners(6)...), solid(p.rugPattern.with(0.6)))
		r.c.fill(poly(corners(8)...), solid(p.rug))
	}
}

// books fills a shelf span (wall cm) at height y with upright and stacked books.
func (r *room) books(x0, x1, y float64) {
	for x := x0; x < x1-4; {
		bw := between(r.rng, 2.5, 5)
		bh := between(r.rng, 18, 28)
		if r.rng.IntN(7) == 0 && x+24 < x1 { // a stack lying flat, with an object on top
			for k := 0.0; k < 3; k++ {
				r.c.fill(rect(r.wx(x), r.wy(y+(k+1)*3.5), 22*r.ppc, 3.5*r.ppc), solid(pick(r.rng, r.p.accents).shade(-0.05*k)))
			}
			r.c.fill(ellipse(r.wx(x+11), r.wy(y+16), 5*r.ppc, 5.5*r.ppc), solid(pick(r.rng, r.p.accents).shade(0.2)))
			x += 26
			continue
		}
		col := pick(r.rng, r.p.accents).shade(between(r.rng, -0.2, 0.1))
		r.c.fill(rect(r.wx(x), r.wy(y+bh), bw*r.ppc, bh*r.ppc), solid(col))
		r.c.fill(rect(r.wx(x), r.wy(y+bh*0.8), bw*r.ppc, 1*r.ppc), solid(col.shade(0.35)))
		x += bw + 0.3
	}
}

// shelves hangs floating shelves (or, for classic rooms, a bookcase) on the wall.
func (r *room) shelves(x, width float64, levels int) {
	p := r.p
	board := p.wood
	if p.code == "D" {
		board = p.wood.shade(-0.1)
	}
	for i := 0; i < levels; i++ {
		y := 110 + float64(i)*42
		r.books(x+4, x+width-4-float64(i%2)*width*0.35, y)
		if i%2 == 1 {
			r.c.fill(ellipse(r.wx(x+width-width*0.17), r.wy(y+10), 7*r.ppc, 10*r.ppc), solid(pick(r.rng, p.accents)))
		}
		r.c.fill(rect(r.wx(x), r.wy(y), width*r.ppc, 4*r.ppc), vgrad(r.wy(y), r.wy(y-4), board.shade(0.1), board.shade(-0.2)))
		r.c.fill(rect(r.wx(x), r.wy(y-4), width*r.ppc, 3*r.ppc), solid(rgba{0, 0, 0, 0.12}))
		if p.code == "D" {
			for _, bx := range []float64{x + 8, x + width - 10} {
				r.c.fill(rect(r.wx(bx), r.wy(y-4), 2*r.ppc, 12*r.ppc), solid(p.metal))
			}
		}
	}
}

package artwork

import (
	"image"
	"math"
)

// Motif subjects, as the questionnaire options use them.
const (
	SubjectTexture = "texture" // a material seen close: terrazzo, marble, oak, brick, terracotta
	SubjectLight   = "light"   // the style's light fitting at night
	SubjectObject  = "object"  // a still life on a console
	SubjectColour  = "colour"  // a fan of the palette's swatches
	SubjectMood    = "mood"    // a corner of the room, close up
)

// Motif paints a close-up/detail picture for questionnaire options (a material, colour, object
// or mood), so every option has a picture in the voice of its style.
func Motif(style, subject string, seed int64, w, h int) image.Image {
	w, h = clampSide(w), clampSide(h)
	switch subject {
	case SubjectTexture, SubjectLight, SubjectObject, SubjectColour:
	default:
		subject = SubjectMood
	}
	rng := newRand(style, "motif:"+subject, seed)
	p := paletteFor(style, rng)
	c := newCanvas(w, h, p.wall)
	r := newRoom(c, p, rng)
	switch subject {
	case SubjectTexture:
		r.texture()
	case SubjectLight:
		r.zoom(110, 2.27)
		r.wall()
		c.fill(rect(0, 0, r.w, r.h), solid(rgba{0.02, 0.02, 0.04, 0.45}))
		x := between(rng, -12, 12)
		r.pendant(x, 0)
		r.c.soft(r.wx(x), r.h*0.45, r.w*0.5, r.h*0.5, p.light.with(0.18), true)
	case SubjectObject:
		r.zoom(190, 0.86)
		r.wall()
		r.floor()
		r.stillLife()
	case SubjectColour:
		r.swatches()
	default:
		r.zoom(230, 0.74)
		r.wall()
		r.floor()
		r.corner()
	}
	return c.image(uint64(seed), 0.03, 0.18)
}

// zoom moves the camera closer: the wall shows about heightCm centimetres, and the wall's base
// sits at baseFrac of the picture's height (beyond 1 for pictures of the upper wall only).
func (r *room) zoom(heightCm, baseFrac float64) {
	r.ppc = r.h / heightCm
	r.yF = r.h * baseFrac
	r.yEye = r.yF - r.h*0.3
	r.cx = r.w / 2
}

// texture fills the frame with the style's signature material.
func (r *room) texture() {
	p, c := r.p, r.c
	switch p.code {
	case "A": // terrazzo
		c.fill(rect(0, 0, r.w, r.h), solid(hexc(0xF1E9DC)))
		n := int(r.w * r.h / 1400)
		for i := 0; i < n; i++ {
			x, y, s := r.rng.Float64()*r.w, r.rng.Float64()*r.h, between(r.rng, 5, 24)*r.h/600
			pts := make([]pt, 5)
			for k := range pts {
				a := float64(k)/5*2*math.Pi + r.rng.Float64()*0.8
				pts[k] = pt{x + math.Cos(a)*s*between(r.rng, 0.5, 1.2), y + math.Sin(a)*s*between(r.rng, 0.5, 1.2)}
			}
			c.fill(poly(pts...), solid(pick(r.rng, p.accents)))
		}
	case "B": // marble with a brass inlay
		c.fill(rect(0, 0, r.w, r.h), linear{0, 0, r.w, r.h, hexc(0xF6F3EE), hexc(0xE4DFD7)})
		for i := 0; i < 6; i++ {
			c.soft(r.rng.Float64()*r.w, r.rng.Float64()*r.h, r.w*0.4, r.h*0.15, hexc(0xBDB7B0).with(0.18), false)
		}
		for i := 0; i < 9; i++ {
			y := r.rng.Float64() * r.h
			pth := newPath().moveTo(-10, y)
			for x := 0.0; x < r.w+60; x += r.w / 6 {
				y += between(r.rng, -0.08, 0.12) * r.h
				pth.quadTo(x+r.w/12, y+between(r.rng, -0.05, 0.05)*r.h, x+r.w/6, y)
			}
			for k := len(pth.segs) - 1; k > 0; k-- { // back along itself, slightly lower: a thin vein
				sg := pth.segs[k]
				end := pth.segs[k-1].p[0]
				if pth.segs[k-1].op == opQuad {
					end = pth.segs[k-1].p[1]
				}
				pth.quadTo(sg.p[0].x, sg.p[0].y+2, end.x, end.y+1.5+float64(i%3))
			}
			c.fill(pth.close(), solid(hexc(0x8E8A86).with(between(r.rng, 0.15, 0.4))))
		}
		c.fill(rect(0, r.h*0.72, r.w, r.h*0.012+1), solid(p.metal))
	case "C": // pale oak boards
		bw := r.w / 5
		for i := 0; i < 6; i++ {
			x := float64(i) * bw
			tone := p.wood.shade(float64(hash3(uint64(i), 1, 3)%100)/100*0.2 - 0.05)
			c.fill(rect(x, 0, bw, r.h), solid(tone))
			for k := 0; k < 14; k++ {
				gx := x + bw*(0.05+0.9*r.rng.Float64())
				amp := between(r.rng, 2, 8)
				g := newPath().moveTo(gx, -5)
				for y := 0.0; y < r.h+40; y += 40 {
					g.lineTo(gx+math.Sin(y/60+float64(k))*amp, y)
				}
				g.lineTo(gx+1.2, r.h+40).lineTo(gx+1.2, -5)
				c.fill(g.close(), solid(tone.shade(-0.2).with(0.35)))
			}
			c.fill(rect(x, 0, 1.5, r.h), solid(rgba{0, 0, 0, 0.25}))
		}
	case "E": // hand-made terracotta tiles
		t := r.h / 4
		for j := 0.0; j < r.h; j += t {
			for i := 0.0; i < r.w; i += t {
				v := float64(hash3(uint64(i), uint64(j), 9)%1000)/1000 - 0.5
				base := p.floor.shade(v * 0.25)
				c.fill(rect(i, j, t, t), solid(mix(p.trim, p.floor, 0.4)))
				c.fill(roundRect(i+t*0.04, j+t*0.04, t*0.92, t*0.92, t*0.06), radial{i + t*0.3, j + t*0.3, t, base.shade(0.1), base.shade(-0.12)})
			}
		}
	default: // D: brick close up
		r.zoom(70, 1.0)
		r.wall()
	}
}

// stillLife sets a console with the style's objects against the wall.
func (r *room) stillLife() {
	p := r.p
	switch p.code {
	case "B":
		r.mirror(0, 115, 60)
	case "E":
		r.niche(0, 100, 50, 70)
	default:
		r.frame(-30, 140, 60, 44)
	}
	r.console(0, 120, 82)
	s := r.at(0, 20)
	top := 82.0
	vase := func(x, h, wd float64, col rgba) {
		r.c.fill(ellipse(s.px(x), s.py(top+h*0.4), wd*s.u, h*0.45*s.u), radial{s.px(x - wd*0.4), s.py(top + h*0.55), wd * 1.6 * s.u, col.shade(0.25), col.shade(-0.25)})
		r.c.fill(rect(s.px(x-wd*0.3), s.py(top+h), wd*0.6*s.u, h*0.25*s.u), solid(col.shade(-0.1)))
	}
	switch p.code {
	case "B": // symmetric candlesticks around an urn
		for _, x := range []float64{-40, 40} {
			r.c.fill(rect(s.px(x-1.2), s.py(top+30), 2.4*s.u, 30*s.u), solid(p.metal))
			r.c.fill(rect(s.px(x-1.5), s.py(top+42), 3*s.u, 12*s.u), solid(hexc(0xFBF6EC)))
			r.c.soft(s.px(x), s.py(top+44), 8*s.u, 10*s.u, p.light.with(0.7), true)
		}
		vase(0, 34, 11, hexc(0xF8F3E8))
	case "C":
		vase(18, 30, 8, p.accents[0])
		r.c.fill(line(s.px(18), s.py(top+28), s.px(4), s.py(top+70), 0.6*s.u), solid(p.metal))
	case "D":
		r.c.fill(rect(s.px(-40), s.py(top+40), 2*s.u, 40*s.u), solid(p.metal))
		r.c.fill(line(s.px(-40), s.py(top+40), s.px(-20), s.py(top+50), 2*s.u), solid(p.metal))
		r.c.fill(poly(pt{s.px(-24), s.py(top + 52)}, pt{s.px(-12), s.py(top + 46)}, pt{s.px(-10), s.py(top + 36)}, pt{s.px(-28), s.py(top + 44)}), solid(p.metal))
		r.c.soft(s.px(-14), s.py(top+36), 30*s.u, 20*s.u, p.light.with(0.4), true)
		vase(25, 26, 9, hexc(0x7C7A74))
	default:
		vase(-25, 28, 9, pick(r.rng, p.accents))
		vase(5, 40, 7, pick(r.rng, p.accents))
		vase(30, 20, 10, pick(r.rng, p.accents))
	}
	if p.code == "E" || p.code == "A" {
		r.tableTop(s, 120, top)
	}
}

// swatches fans paint cards of the palette across the picture.
func (r *room) swatches() {
	p := r.p
	r.c.fill(rect(0, 0, r.w, r.h), vgrad(0, r.h, p.wall.shade(0.55), p.wall.shade(0.35)))
	cols := append([]rgba{p.wall, p.sofa, p.floor}, p.accents...)
	if p.code == "C" {
		cols = []rgba{hexc(0xF3F2EF), hexc(0xD9D7D2), hexc(0xB9B7B2), hexc(0x7A7874), p.accents[0]}
	}
	n := min(len(cols), 6)
	px, py := r.w*0.5, r.h*1.05
	cw, ch := r.h*0.22, r.h*0.8
	for i := 0; i < n; i++ {
		a := (float64(i)/float64(n-1) - 0.5) * 1.1
		ca, sa := math.Cos(a), math.Sin(a)
		at := func(u, v float64) pt { return pt{px + u*ca - v*sa, py + u*sa + v*ca} }
		corners := []pt{at(-cw/2, -ch), at(cw/2, -ch), at(cw/2, 0), at(-cw/2, 0)}
		sh := []pt{}
		for _, q := range corners {
			sh = append(sh, pt{q.x + r.h*0.01, q.y + r.h*0.015})
		}
		r.c.fill(poly(sh...), solid(rgba{0, 0, 0, 0.15}))
		r.c.fill(poly(corners...), solid(hexc(0xFBFAF7)))
		inner := []pt{at(-cw/2+cw*0.06, -ch+cw*0.06), at(cw/2-cw*0.06, -ch+cw*0.06), at(cw/2-cw*0.06, -ch*0.3), at(-cw/2+cw*0.06, -ch*0.3)}
		r.c.fill(poly(inner...), solid(cols[i]))
	}
}

// corner paints an armchair, a lamp or plant, a picture and the light from a window, close up.
func (r *room) corner() {
	sd := r.side()
	win := r.styleWindow(sd * 95)
	r.window(win)
	r.sunlight(win, -sd*0.6)
	r.rug(-sd*10, 160, 30, 170)
	if r.p.code == "B" || r.p.code == "C" {
		r.frame(-sd*20-25, 150, 50, 40)
	} else if r.p.code == "E" {
		r.mirror(-sd*10, 140, 50)
	} else {
		r.shelves(-sd*10-40, 80, 2)
	}
	r.plant(r.at(-sd*85, 40), 140, r.rng.IntN(3))
	r.armchair(r.at(-sd*15, 80), pick(r.rng, append([]rgba{r.p.sofa}, r.p.accents...)))
	r.floorLamp(r.at(sd*45, 60))
}

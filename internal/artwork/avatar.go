package artwork

import (
	"image"
	"math"
)

// Avatar paints a profile picture: a soft gradient disc with initials-free abstract shapes in
// the style palette, deterministic by seed, so demo designers get distinct faces-free avatars
// that still hint at their style. Corners are painted too, for clients that show squares.
func Avatar(style string, seed int64, size int) image.Image {
	size = clampSide(size)
	rng := newRand(style, "avatar", seed)
	p := paletteFor(style, rng)
	s := float64(size)
	c := newCanvas(size, size, p.wall.shade(0.55))
	cx, cy, rad := s/2, s/2, s*0.47
	disc := ellipse(cx, cy, rad, rad)
	base := pick(rng, append([]rgba{p.wall, p.sofa}, p.accents...))
	if p.code == "C" {
		base = hexc(0xEDEBE7)
	}
	c.soft(cx+s*0.02, cy+s*0.03, rad*1.08, rad*1.08, rgba{0, 0, 0, 0.18}, false)
	c.fill(disc, radial{cx - rad*0.35, cy - rad*0.4, rad * 1.6, base.shade(0.15), base.shade(-0.12)})
	c.setClip(disc)
	a := rng.Float64() * 2 * math.Pi
	v := rng.IntN(3)
	switch p.code {
	case "A":
		for i := 0; i < 4; i++ {
			col := p.accents[(i*2+rng.IntN(len(p.accents)))%len(p.accents)]
			x, y := cx+math.Cos(a+float64(i)*1.7)*rad*0.45, cy+math.Sin(a+float64(i)*1.7)*rad*0.45
			r := rad * between(rng, 0.25, 0.45)
			switch i % 3 {
			case 0:
				c.fill(ellipse(x, y, r, r), solid(col))
			case 1:
				c.fill(arch(x-r/2, y+r, r, r*1.6), solid(col))
			default:
				c.fill(ring(x, y, r*0.7, r*0.25), solid(col))
			}
		}
	case "B":
		switch v {
		case 0:
			c.fill(arch(cx-rad*0.35, cy+rad*0.75, rad*0.7, rad*1.2), solid(hexc(0xF8F3E8)))
			c.fill(ring(cx, cy, rad*0.78, rad*0.05), solid(p.metal))
			c.fill(ellipse(cx, cy-rad*0.05, rad*0.12, rad*0.12), solid(p.metal))
		case 1:
			for _, dx := range []float64{-0.42, 0.08} {
				c.fill(arch(cx+rad*dx, cy+rad*0.7, rad*0.34, rad*1.0), solid(hexc(0xF8F3E8).with(0.9)))
			}
			c.fill(rect(cx-rad*0.7, cy+rad*0.7, rad*1.4, rad*0.06), solid(p.metal))
		default:
			for k := 1; k <= 3; k++ {
				c.fill(ring(cx, cy, rad*0.22*float64(k), rad*0.03), solid(p.metal.with(1-float64(k)*0.2)))
			}
			c.fill(poly(pt{cx, cy - rad*0.12}, pt{cx + rad*0.09, cy}, pt{cx, cy + rad*0.12}, pt{cx - rad*0.09, cy}), solid(hexc(0xF8F3E8)))
		}
	case "D":
		c.fill(rect(cx-rad, cy+rad*0.2, 2*rad, rad), solid(p.metal.shade(0.15)))
		bx := cx + math.Cos(a)*rad*0.3
		switch v {
		case 0:
			c.fill(rect(cx-rad*0.6, cy-rad*0.55, rad*0.5, rad*0.75), solid(p.metal))
		case 1:
			for k := -2; k <= 2; k++ {
				c.fill(rect(cx+float64(k)*rad*0.3-rad*0.02, cy-rad, rad*0.04, rad*1.2), solid(p.metal))
			}
			c.fill(rect(cx-rad, cy-rad*0.25, 2*rad, rad*0.04), solid(p.metal))
		default:
			for k := 0; k < 5; k++ {
				hgt := rad * between(rng, 0.25, 0.7)
				c.fill(rect(cx-rad+float64(k)*rad*0.4, cy+rad*0.2-hgt, rad*0.32, hgt), solid(hexc(0x6F7F8C).shade(-0.2*float64(k%2))))
			}
		}
		c.fill(rect(bx-rad*0.005, cy-rad, rad*0.01+1, rad*0.8), solid(p.metal))
		c.soft(bx, cy-rad*0.1, rad*0.45, rad*0.45, p.light.with(0.9), true)
		c.fill(ellipse(bx, cy-rad*0.1, rad*0.09, rad*0.12), solid(hexc(0xFFE7B8)))
	case "E":
		sea := vgrad(cy+rad*0.3, cy+rad, hexc(0x2C6E9B), hexc(0x1D4F73))
		switch v {
		case 0:
			c.fill(rect(cx-rad, cy+rad*0.3, 2*rad, rad), sea)
			c.fill(ellipse(cx+math.Cos(a)*rad*0.35, cy-rad*0.25, rad*0.22, rad*0.22), solid(p.pot))
			for k := 0; k < 6; k++ {
				c.fill(leaf(cx-rad*0.55, cy+rad*0.25, -math.Pi/2+float64(k-2)*0.3, rad*0.5, rad*0.09), solid(mix(p.plant, p.plantLight, float64(k)/6)))
			}
		case 1:
			c.fill(arch(cx-rad*0.45, cy+rad*0.8, rad*0.9, rad*1.4), solid(p.pot))
			c.fill(arch(cx-rad*0.33, cy+rad*0.8, rad*0.66, rad*1.2), vgrad(cy-rad*0.4, cy+rad*0.8, hexc(0x9CCBEA), hexc(0xD5ECF7)))
			c.fill(rect(cx-rad*0.33, cy+rad*0.35, rad*0.66, rad*0.45), sea)
		default:
			c.fill(rect(cx-rad, cy+rad*0.45, 2*rad, rad), sea)
			c.fill(line(cx-rad*0.7, cy+rad*0.5, cx+rad*0.6, cy-rad*0.6, rad*0.025), solid(p.wood.shade(-0.3)))
			for k := 0; k < 14; k++ {
				t := float64(k) / 14
				x, y := cx-rad*0.7+t*rad*1.3, cy+rad*0.5-t*rad*1.1
				side := float64(k%2*2 - 1)
				c.fill(leaf(x, y, -0.7+side*0.9, rad*0.22, rad*0.05), solid(mix(hexc(0x6E7F57), hexc(0xB9C6A4), t)))
			}
		}
	default: // one accent, one line, a lot of space
		switch v {
		case 0:
			x := cx + math.Cos(a)*rad*0.3
			c.fill(ellipse(x, cy-rad*0.1, rad*0.28, rad*0.28), solid(p.accents[0]))
			c.fill(rect(cx-rad*0.5, cy+rad*0.35, rad, math.Max(1, rad*0.025)), solid(hexc(0x2A2A2A)))
		case 1:
			c.fill(halfRing(cx, cy+rad*0.2, rad*0.2, rad*0.4), solid(p.accents[0]))
			c.fill(rect(cx-rad*0.6, cy+rad*0.2, rad*1.2, math.Max(1, rad*0.025)), solid(hexc(0x2A2A2A)))
		default:
			c.fill(ring(cx, cy, rad*0.45, math.Max(1, rad*0.025)), solid(hexc(0x2A2A2A)))
			c.fill(ellipse(cx+math.Cos(a)*rad*0.45, cy+math.Sin(a)*rad*0.45, rad*0.1, rad*0.1), solid(p.accents[0]))
		}
	}
	c.soft(cx-rad*0.3, cy-rad*0.45, rad*0.6, rad*0.35, hexc(0xFFFFFF).with(0.06), true)
	c.clearClip()
	return c.image(uint64(seed), 0.02, 0.05)
}

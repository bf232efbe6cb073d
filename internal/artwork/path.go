package artwork

import "math"

// Path operations, in the order vector.Rasterizer takes them.
const (
	opMove = iota
	opLine
	opQuad
	opCube
	opClose
)

type pt struct{ x, y float64 }

type seg struct {
	op uint8
	p  [3]pt
}

// path is a list of outlines with its bounding box, kept so fill can rasterise only that box.
type path struct {
	segs                   []seg
	minX, minY, maxX, maxY float64
	isRect                 bool // an axis-aligned rectangle: fill takes a faster exact path
}

func newPath() *path {
	return &path{minX: math.Inf(1), minY: math.Inf(1), maxX: math.Inf(-1), maxY: math.Inf(-1)}
}

func (p *path) grow(q pt) {
	p.minX, p.maxX = math.Min(p.minX, q.x), math.Max(p.maxX, q.x)
	p.minY, p.maxY = math.Min(p.minY, q.y), math.Max(p.maxY, q.y)
}

func (p *path) add(op uint8, pts ...pt) *path {
	s := seg{op: op}
	copy(s.p[:], pts)
	for _, q := range pts {
		p.grow(q)
	}
	p.segs = append(p.segs, s)
	return p
}

func (p *path) moveTo(x, y float64) *path { return p.add(opMove, pt{x, y}) }
func (p *path) lineTo(x, y float64) *path { return p.add(opLine, pt{x, y}) }
func (p *path) quadTo(cx, cy, x, y float64) *path {
	return p.add(opQuad, pt{cx, cy}, pt{x, y})
}
func (p *path) cubeTo(c1x, c1y, c2x, c2y, x, y float64) *path {
	return p.add(opCube, pt{c1x, c1y}, pt{c2x, c2y}, pt{x, y})
}
func (p *path) close() *path { return p.add(opClose) }

// poly is a closed polygon through the given points.
func poly(pts ...pt) *path {
	p := newPath()
	if len(pts) == 0 {
		return p
	}
	p.moveTo(pts[0].x, pts[0].y)
	for _, q := range pts[1:] {
		p.lineTo(q.x, q.y)
	}
	return p.close()
}

// rect is an axis-aligned rectangle.
func rect(x, y, w, h float64) *path {
	if w < 0 {
		x, w = x+w, -w
	}
	if h < 0 {
		y, h = y+h, -h
	}
	p := poly(pt{x, y}, pt{x + w, y}, pt{x + w, y + h}, pt{x, y + h})
	p.isRect = true
	return p
}

// kappa places cubic control points so four curves make a circle.
const kappa = 0.5522847498

// roundRect is a rectangle with corner radius r (clamped to half the shorter side).
func roundRect(x, y, w, h, r float64) *path {
	r = math.Max(0, math.Min(r, math.Min(w, h)/2))
	k := r * (1 - kappa)
	p := newPath()
	p.moveTo(x+r, y).lineTo(x+w-r, y).cubeTo(x+w-k, y, x+w, y+k, x+w, y+r)
	p.lineTo(x+w, y+h-r).cubeTo(x+w, y+h-k, x+w-k, y+h, x+w-r, y+h)
	p.lineTo(x+r, y+h).cubeTo(x+k, y+h, x, y+h-k, x, y+h-r)
	p.lineTo(x, y+r).cubeTo(x, y+k, x+k, y, x+r, y)
	return p.close()
}

// ellipse is centred on (cx, cy) with radii rx, ry.
func ellipse(cx, cy, rx, ry float64) *path {
	kx, ky := rx*kappa, ry*kappa
	p := newPath()
	p.moveTo(cx+rx, cy)
	p.cubeTo(cx+rx, cy+ky, cx+kx, cy+ry, cx, cy+ry)
	p.cubeTo(cx-kx, cy+ry, cx-rx, cy+ky, cx-rx, cy)
	p.cubeTo(cx-rx, cy-ky, cx-kx, cy-ry, cx, cy-ry)
	p.cubeTo(cx+kx, cy-ry, cx+rx, cy-ky, cx+rx, cy)
	return p.close()
}

// arch is a rectangle of width w whose top is a half ellipse, standing on baseline y.
func arch(x, y, w, h float64) *path {
	r := w / 2
	top := y - h + r
	p := newPath()
	p.moveTo(x, y).lineTo(x, top)
	p.cubeTo(x, top-r*kappa, x+r-r*kappa, top-r, x+r, top-r)
	p.cubeTo(x+r+r*kappa, top-r, x+w, top-r*kappa, x+w, top)
	p.lineTo(x+w, y)
	return p.close()
}

// line is a segment drawn as a thin quadrilateral of the given width.
func line(x0, y0, x1, y1, width float64) *path {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return newPath()
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	return poly(pt{x0 + nx, y0 + ny}, pt{x1 + nx, y1 + ny}, pt{x1 - nx, y1 - ny}, pt{x0 - nx, y0 - ny})
}

// leaf is a pointed leaf from (x, y) along angle a (radians), length l and width wd.
func leaf(x, y, a, l, wd float64) *path {
	ca, sa := math.Cos(a), math.Sin(a)
	at := func(u, v float64) (float64, float64) { return x + u*ca - v*sa, y + u*sa + v*ca }
	tx, ty := at(l, 0)
	c1x, c1y := at(l*0.45, wd)
	c2x, c2y := at(l*0.45, -wd)
	p := newPath()
	p.moveTo(x, y).quadTo(c1x, c1y, tx, ty).quadTo(c2x, c2y, x, y)
	return p.close()
}

// ring is a circle outline of the given stroke width, built as two opposite windings.
func ring(cx, cy, r, width float64) *path {
	p := ellipse(cx, cy, r+width/2, r+width/2)
	ri := r - width/2
	if ri <= 0 {
		return p
	}
	k := ri * kappa
	p.moveTo(cx+ri, cy)
	p.cubeTo(cx+ri, cy-k, cx+k, cy-ri, cx, cy-ri)
	p.cubeTo(cx-k, cy-ri, cx-ri, cy-k, cx-ri, cy)
	p.cubeTo(cx-ri, cy+k, cx-k, cy+ri, cx, cy+ri)
	p.cubeTo(cx+k, cy+ri, cx+ri, cy+k, cx+ri, cy)
	return p.close()
}

// halfRing is the upper half of an annulus: the frame of an arch.
func halfRing(cx, cy, r, width float64) *path {
	ro, ri := r+width/2, math.Max(0, r-width/2)
	ko, ki := ro*kappa, ri*kappa
	p := newPath()
	p.moveTo(cx-ro, cy)
	p.cubeTo(cx-ro, cy-ko, cx-ko, cy-ro, cx, cy-ro)
	p.cubeTo(cx+ko, cy-ro, cx+ro, cy-ko, cx+ro, cy)
	p.lineTo(cx+ri, cy)
	p.cubeTo(cx+ri, cy-ki, cx+ki, cy-ri, cx, cy-ri)
	p.cubeTo(cx-ki, cy-ri, cx-ri, cy-ki, cx-ri, cy)
	return p.close()
}

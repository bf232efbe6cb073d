// Package artwork paints Interno's pictures procedurally: style images, questionnaire options,
// demo galleries and avatars. Nothing here comes from a photograph, so there is nothing to
// license and nothing to download; the same inputs always give the same bytes.
//
// Each style code has its own palette and vocabulary (palette.go): A Eclettico Creativo is
// saturated, patterned and full of objects; B Elegante Classico is cream, navy and gold with
// mouldings, symmetry and a chandelier; C Minimal Contemporaneo is white and grey with one accent
// and a lot of empty floor; D Industriale Urbano is brick, concrete and black steel under Edison
// bulbs and a factory window; E Naturale Mediterraneo is whitewash and terracotta with an arched
// window onto the sea, rattan, linen and olive.
//
// Decisions:
//   - Pictures are flat-illustration interiors in one-point perspective, sized in centimetres so
//     furniture keeps its proportions at any output size; a canvas under 8 px a side is grown to
//     8 and one over 8192 is clamped, so no input can panic or exhaust memory.
//   - Shapes are anti-aliased with golang.org/x/image/vector and blended in float RGB; a seeded
//     per-pixel grain and a light vignette finish every picture (they also hide banding).
//   - Randomness comes from a PCG generator seeded from the style, the kind of picture and the
//     seed: deterministic across runs and machines of the same architecture. An unknown style
//     code paints in the Minimal palette; an unknown Motif subject paints the mood picture.
//   - Single-threaded on purpose: a 1200×900 scene takes about 40-100 ms on one core, and
//     callers that want many pictures can run several at once.
package artwork

import (
	"image"
	"image/jpeg"
	"io"
)

// Canvas bounds that keep every call safe.
const (
	minSide = 8
	maxSide = 8192
)

// clampSide keeps a requested side within what the painter supports.
func clampSide(n int) int { return min(max(n, minSide), maxSide) }

// Scene paints one interior in the given style code ("A".."E"); seed varies layout and details
// deterministically, so demo galleries get many different rooms of one style.
func Scene(style string, seed int64, w, h int) image.Image {
	w, h = clampSide(w), clampSide(h)
	rng := newRand(style, "scene", seed)
	p := paletteFor(style, rng)
	c := newCanvas(w, h, p.wall)
	r := newRoom(c, p, rng)
	r.wall()
	r.floor()
	switch p.code {
	case "A":
		r.eclectic()
	case "B":
		r.classic()
	case "D":
		r.industrial()
	case "E":
		r.mediterranean()
	default:
		r.minimal()
	}
	return c.image(uint64(seed), 0.035, 0.22)
}

// side returns -1 or 1: which side of the room the window goes.
func (r *room) side() float64 { return float64(r.rng.IntN(2)*2 - 1) }

func (r *room) eclectic() {
	sd := r.side()
	win := r.styleWindow(sd * between(r.rng, 130, 160))
	r.window(win)
	r.sunlight(win, -sd*0.5)
	r.gallery(-sd * 40)
	r.shelves(-sd*190-45, 90, 3)
	r.rug(-sd*20, 260, 60, 250)
	r.plant(r.at(sd*100, 30), 170, r.rng.IntN(3))
	r.floorLamp(r.at(-sd*150, 70))
	r.sofa(r.at(-sd*40, 95), 200)
	r.table(r.at(-sd*30, 185), 90, 40, false)
	r.armchair(r.at(sd*115, 225), r.p.accents[r.rng.IntN(len(r.p.accents))])
	r.plant(r.at(-sd*175, 240), 90, 1)
	r.pendant(sd*10, 120)
}

func (r *room) classic() {
	off := between(r.rng, 165, 185)
	for _, x := range []float64{-off, off} {
		win := r.styleWindow(x)
		r.window(win)
		r.curtains(win, []rgba{r.p.sofa, hexc(0xE9DDC6)}[r.rng.IntN(2)])
		r.sunlight(win, x/off*0.25)
	}
	if r.rng.IntN(2) == 0 {
		r.frame(-50, 198, 100, 66)
	} else {
		r.mirror(0, 170, 80)
	}
	r.rug(0, 300, 50, 260)
	kind := 1 + r.rng.IntN(2) // the same plant both sides: symmetry is the point
	for _, x := range []float64{-112, 112} {
		r.plant(r.at(x, 45), 140, kind)
	}
	r.sofa(r.at(0, 95), 210)
	r.table(r.at(0, 180), 100, 42, false)
	for _, x := range []float64{-160, 160} {
		r.armchair(r.at(x, 215), r.p.accents[4].shade(-0.2))
	}
	r.pendant(0, 170)
}

func (r *room) minimal() {
	sd := r.side()
	win := r.styleWindow(sd * between(r.rng, 110, 140))
	r.window(win)
	r.sunlight(win, -sd*0.7)
	r.frame(-sd*60-45, 200, 90, 64)
	r.rug(-sd*50, 240, 70, 230)
	r.sofa(r.at(-sd*60, 100), 210)
	r.floorLamp(r.at(-sd*190, 85))
	if r.rng.IntN(2) == 0 {
		r.table(r.at(-sd*55, 190), 80, 34, false)
	} else {
		r.table(r.at(-sd*55, 190), 60, 45, true)
	}
	if r.rng.IntN(2) == 0 {
		r.plant(r.at(sd*200, 60), 150, 0)
	} else {
		r.pendant(-sd*55, 160)
	}
}

func (r *room) industrial() {
	sd := r.side()
	win := r.styleWindow(sd * between(r.rng, 100, 140))
	r.window(win)
	r.sunlight(win, -sd*0.45)
	r.frame(-sd*55-40, 215, 80, 100)
	r.shelves(-sd*210-45, 100, 4)
	r.rug(-sd*40, 260, 70, 250)
	r.plant(r.at(sd*100, 30), 160, 1)
	r.sofa(r.at(-sd*45, 100), 210)
	r.floorLamp(r.at(-sd*165, 110))
	r.table(r.at(-sd*40, 190), 100, 38, false)
	r.armchair(r.at(sd*115, 230), r.p.sofa.shade(-0.1))
	r.pendant(-sd*40, 175)
}

func (r *room) mediterranean() {
	sd := r.side()
	win := r.styleWindow(sd * between(r.rng, 125, 150))
	r.window(win)
	r.sunlight(win, -sd*0.55)
	r.mirror(-sd*60, 170, 70)
	r.rug(-sd*50, 250, 60, 250)
	r.plant(r.at(sd*62, 30), 185, 2)
	r.niche(-sd*205, 120, 60, 90)
	r.console(-sd*205, 90, 70)
	r.sofa(r.at(-sd*60, 95), 200)
	r.table(r.at(-sd*55, 185), 80, 38, false)
	r.armchair(r.at(sd*115, 215), r.p.sofa.shade(-0.05))
	r.pendant(-sd*55, 185)
}

// WriteJPEG encodes img at quality (clamped to 1..100), the format every consumer here takes.
func WriteJPEG(w io.Writer, img image.Image, quality int) error {
	return jpeg.Encode(w, img, &jpeg.Options{Quality: min(max(quality, 1), 100)})
}

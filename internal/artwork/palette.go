package artwork

import (
	"hash/fnv"
	"math/rand/v2"
)

// palette is one style's colour vocabulary; the drawing code only ever picks colours from here,
// which is what keeps the five styles recognisable at a glance.
type palette struct {
	code              string
	wall, wallLow     rgba // back wall, top and bottom of its gradient
	floor, floorNear  rgba // floor far and near
	trim              rgba // skirting, mouldings, window frames
	sofa              rgba
	wood, metal       rgba
	accents           []rgba // cushions, art, books, vases
	light             rgba   // colour of lamp light
	sky, skyLow       rgba
	plant, plantLight rgba
	rug, rugPattern   rgba
	pot               rgba
}

// palettes holds the five styles by code.
var palettes = map[string]palette{
	"A": { // Eclettico Creativo: saturated mixed colours, patterns, many objects
		code: "A",
		wall: hexc(0x1E6B66), wallLow: hexc(0x17524F),
		floor: hexc(0xB07A4F), floorNear: hexc(0x7E4F2F),
		trim: hexc(0xF3E9D2), sofa: hexc(0xE3A72F),
		wood: hexc(0x8A5A34), metal: hexc(0xC9A24B),
		accents: []rgba{hexc(0xE4572E), hexc(0xF49AC2), hexc(0x2E86AB), hexc(0xA23B72), hexc(0x3BB273), hexc(0xF2C14E), hexc(0x6A4C93)},
		light:   hexc(0xFFD79A),
		sky:     hexc(0x9BD3F0), skyLow: hexc(0xF9E0B8),
		plant: hexc(0x2F7D4A), plantLight: hexc(0x59A96A),
		rug: hexc(0xB23A48), rugPattern: hexc(0xF2C14E),
		pot: hexc(0xE4572E),
	},
	"B": { // Elegante Classico: cream, navy, gold, mouldings, symmetry, chandelier
		code: "B",
		wall: hexc(0xF1E8D6), wallLow: hexc(0xE2D5BD),
		floor: hexc(0x9E7450), floorNear: hexc(0x6E4C31),
		trim: hexc(0xFBF6EC), sofa: hexc(0x22335A),
		wood: hexc(0x5E3B24), metal: hexc(0xC9A54C),
		accents: []rgba{hexc(0xC9A54C), hexc(0x22335A), hexc(0xF8F3E8), hexc(0x7A2E3A), hexc(0x8A9BB5)},
		light:   hexc(0xFFE2A8),
		sky:     hexc(0xB9D4E6), skyLow: hexc(0xF2E6D2),
		plant: hexc(0x3F5F45), plantLight: hexc(0x6B8B63),
		rug: hexc(0xD9CBB0), rugPattern: hexc(0x22335A),
		pot: hexc(0xF8F3E8),
	},
	"C": { // Minimal Contemporaneo: white, greys, one accent, few clean shapes, space
		code: "C",
		wall: hexc(0xF3F2EF), wallLow: hexc(0xE7E5E1),
		floor: hexc(0xDCCDB6), floorNear: hexc(0xC4B092),
		trim: hexc(0xF7F7F5), sofa: hexc(0xB9B7B2),
		wood: hexc(0xC9AE8A), metal: hexc(0x262626),
		accents: []rgba{hexc(0xD2693C)}, // replaced per seed by one of minimalAccents
		light:   hexc(0xFFF1DC),
		sky:     hexc(0xCFE3EE), skyLow: hexc(0xF4F6F6),
		plant: hexc(0x4E6B4F), plantLight: hexc(0x7D957B),
		rug: hexc(0xE4E1DB), rugPattern: hexc(0xD3CFC7),
		pot: hexc(0xECEAE6),
	},
	"D": { // Industriale Urbano: brick, concrete, black metal, Edison bulbs, factory window
		code: "D",
		wall: hexc(0x96513A), wallLow: hexc(0x6F3A2A),
		floor: hexc(0x8D8B86), floorNear: hexc(0x5B5A56),
		trim: hexc(0x1E1E1E), sofa: hexc(0x8A4B25),
		wood: hexc(0x5A4030), metal: hexc(0x1C1C1C),
		accents: []rgba{hexc(0xC56A2D), hexc(0x6E7B70), hexc(0xB5A58A), hexc(0x3C4A57)},
		light:   hexc(0xFFB24D),
		sky:     hexc(0xAFC3CF), skyLow: hexc(0xE7D9C4),
		plant: hexc(0x3D5A3A), plantLight: hexc(0x65805C),
		rug: hexc(0x4A4744), rugPattern: hexc(0x7A736B),
		pot: hexc(0x7C7A74),
	},
	"E": { // Naturale Mediterraneo: terracotta, whitewash, olive and sage, arches, wood, sea
		code: "E",
		wall: hexc(0xF5EFE4), wallLow: hexc(0xEADFCD),
		floor: hexc(0xC46E48), floorNear: hexc(0x9C4F31),
		trim: hexc(0xEFE6D6), sofa: hexc(0xE5DBC8),
		wood: hexc(0x9A6B43), metal: hexc(0x4B3B2C),
		accents: []rgba{hexc(0x7A8450), hexc(0xA3B18A), hexc(0x2C6E9B), hexc(0xC46E48), hexc(0xD9B36C)},
		light:   hexc(0xFFE6B0),
		sky:     hexc(0x7FBDE6), skyLow: hexc(0xD5ECF7),
		plant: hexc(0x5F6B3A), plantLight: hexc(0x95A36A),
		rug: hexc(0xE9DFC9), rugPattern: hexc(0x2C6E9B),
		pot: hexc(0xC46E48),
	},
}

// minimalAccents are the single accents a Minimal picture may use, one per seed.
var minimalAccents = []rgba{hexc(0xD2693C), hexc(0x3E6D8E), hexc(0xC9A227), hexc(0x7B8F6A)}

// variant is a seeded alternative for a palette's big surfaces, so a demo designer's gallery
// shows several rooms of one style rather than one room several times.
type variant struct{ wall, wallLow, sofa rgba }

// variants lists, per style, the alternatives to the palette's own wall and sofa.
var variants = map[string][]variant{
	"A": {{hexc(0x5B2A4E), hexc(0x47203D), hexc(0x2FA58B)}, {hexc(0x22406E), hexc(0x1A3157), hexc(0xF08A5D)}, {hexc(0x1E6B66), hexc(0x17524F), hexc(0xE76F8F)}},
	"B": {{hexc(0xE3E6DC), hexc(0xD3D8CB), hexc(0x1E4D3B)}, {hexc(0xDDE5EA), hexc(0xC9D4DB), hexc(0x22335A)}, {hexc(0xF1E8D6), hexc(0xE2D5BD), hexc(0x6E2E3A)}},
	"C": {{hexc(0xF4F1EC), hexc(0xE9E4DC), hexc(0xD5CCBE)}, {hexc(0xEDEEEE), hexc(0xDFE1E1), hexc(0x5C5C5C)}},
	"D": {{hexc(0x7D4432), hexc(0x5A3024), hexc(0x2B2B2B)}, {hexc(0x96513A), hexc(0x6F3A2A), hexc(0x5E6651)}},
	"E": {{hexc(0xF2E7D5), hexc(0xE6D6BD), hexc(0xA3B18A)}, {hexc(0xF5EFE4), hexc(0xEADFCD), hexc(0x35709A)}},
}

// Styles lists the style codes in order, so callers can render one of each.
func Styles() []string { return []string{"A", "B", "C", "D", "E"} }

// paletteFor returns the palette of style, Minimal for an unknown code, and fixes the seeded
// choices a palette leaves open.
func paletteFor(style string, rng *rand.Rand) palette {
	p, ok := palettes[style]
	if !ok {
		p = palettes["C"]
	}
	if p.code == "C" {
		p.accents = []rgba{minimalAccents[rng.IntN(len(minimalAccents))]}
	}
	vs := variants[p.code]
	if i := rng.IntN(len(vs) + 1); i < len(vs) { // one in n+1 keeps the palette's own surfaces
		p.wall, p.wallLow, p.sofa = vs[i].wall, vs[i].wallLow, vs[i].sofa
	}
	return p
}

// newRand seeds a generator from the style, a purpose and the caller's seed, so Scene, Avatar
// and Motif with the same seed still differ, and each is reproducible.
func newRand(style, purpose string, seed int64) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(style))
	h.Write([]byte{0})
	h.Write([]byte(purpose))
	return rand.New(rand.NewPCG(h.Sum64(), uint64(seed)))
}

// pick returns one of cs.
func pick(rng *rand.Rand, cs []rgba) rgba { return cs[rng.IntN(len(cs))] }

// between returns a uniform value in [a, b).
func between(rng *rand.Rand, a, b float64) float64 { return a + rng.Float64()*(b-a) }

// Package style is Interno's shared vocabulary of taste: the five style codes
// (A–E), their labels, the specialties designers choose and which style each
// specialty leans to, work modes, and first-proposal lead times.
package style

import "slices"

// Code is one of the five styles, "A" to "E".
type Code string

// The five styles.
const (
	Eclectic      Code = "A"
	Elegant       Code = "B"
	Minimal       Code = "C"
	Industrial    Code = "D"
	Mediterranean Code = "E"
)

// Codes lists every style in order; rankings and percentages follow it.
var Codes = []Code{Eclectic, Elegant, Minimal, Industrial, Mediterranean}

// Valid reports whether c is one of the five codes.
func (c Code) Valid() bool { return slices.Contains(Codes, c) }

// Label is the customer-side name ("Minimal Contemporaneo").
func (c Code) Label() string { return labels[c].customer }

// DesignerLabel is the designer-side name ("Minimal e contemporaneo").
func (c Code) DesignerLabel() string { return labels[c].designer }

// Short is the one-word name used on cards ("Minimal").
func (c Code) Short() string { return labels[c].short }

var labels = map[Code]struct{ customer, designer, short string }{
	Eclectic:      {"Eclettico Creativo", "Eclettico e creativo", "Eclettico"},
	Elegant:       {"Elegante Classico", "Elegante e classico", "Elegante"},
	Minimal:       {"Minimal Contemporaneo", "Minimal e contemporaneo", "Minimal"},
	Industrial:    {"Industriale Urbano", "Industriale e urbano", "Industriale"},
	Mediterranean: {"Naturale Mediterraneo", "Naturale e mediterraneo", "Naturale"},
}

// Specialties are the style tags a designer may pick, in the spec's order.
var Specialties = []string{
	"Eclettico", "Massimalista", "Boho Chic", "Art Déco", "Wabi Sabi", "Country Chic", "Neoclassico",
	"Retro Chic", "Classico", "Minimal", "Japandi", "Scandinavo", "Contemporaneo", "Memphis", "Brutalista",
	"Industrial", "Urban", "Mediterraneo", "Rustico",
}

// affinity maps each specialty to the style it expresses (DESIGN.md section 3).
var affinity = map[string]Code{
	"Eclettico": Eclectic, "Massimalista": Eclectic, "Boho Chic": Eclectic, "Memphis": Eclectic,
	"Elegante": Elegant, "Art Déco": Elegant, "Neoclassico": Elegant, "Classico": Elegant, "Retro Chic": Elegant,
	"Minimal": Minimal, "Japandi": Minimal, "Scandinavo": Minimal, "Contemporaneo": Minimal, "Wabi Sabi": Minimal,
	"Industrial": Industrial, "Urban": Industrial, "Brutalista": Industrial,
	"Mediterraneo": Mediterranean, "Rustico": Mediterranean, "Country Chic": Mediterranean,
}

// AffinityOf returns the style a specialty leans to.
func AffinityOf(specialty string) (Code, bool) {
	c, ok := affinity[specialty]
	return c, ok
}

// ValidSpecialty reports whether s is one of the specialty choices.
func ValidSpecialty(s string) bool { return slices.Contains(Specialties, s) }

// WorkMode is how a designer works with clients.
type WorkMode string

// The three work modes and their Italian labels.
const (
	Online   WorkMode = "online"
	InPerson WorkMode = "in-person"
	Hybrid   WorkMode = "hybrid"
)

// WorkModes lists the modes in display order.
var WorkModes = []WorkMode{Online, InPerson, Hybrid}

// Valid reports whether m is a known mode.
func (m WorkMode) Valid() bool { return slices.Contains(WorkModes, m) }

// Label is the Italian label ("Di persona").
func (m WorkMode) Label() string {
	switch m {
	case Online:
		return "Online"
	case InPerson:
		return "Di persona"
	case Hybrid:
		return "Ibrido"
	}
	return string(m)
}

// FirstProposalTimes are the allowed prima_proposta values.
var FirstProposalTimes = []string{"5-7 giorni", "7-15 giorni", "15-20 giorni"}

// ValidFirstProposal reports whether s is one of FirstProposalTimes.
func ValidFirstProposal(s string) bool { return slices.Contains(FirstProposalTimes, s) }

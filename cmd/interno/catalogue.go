package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"interno/adapters/store"
	"interno/core/designers"
	"interno/core/identity"
	"interno/core/matching"
	"interno/core/style"
)

// The demo designer account listed in the README, and the password every
// other catalogue designer shares (they exist to be browsed, not to sign in,
// but a shared password lets a tester sign in as any of them).
const (
	demoDesignerEmail    = "designer@interno.demo"
	demoDesignerPassword = "InternoDesigner2026!"
)

// catalogueDesigner is one demo profile; pictures are generated style art
// painted on first view (adapters/artwork), so seeding writes rows only.
type catalogueDesigner struct {
	first, last, city string
	code              style.Code
	specialties       []string
}

var catalogueCities = []string{"Milano", "Roma", "Torino", "Firenze", "Bologna", "Napoli", "Venezia", "Genova", "Palermo",
	"Bari", "Verona", "Lecce", "Cagliari", "Trieste", "Perugia", "Padova", "Bergamo", "Parma", "Siena", "Catania", "Como", "Matera"}

var catalogueFirst = []string{"Sofia", "Marco", "Giulia", "Luca", "Chiara", "Matteo", "Francesca", "Alessandro", "Elena",
	"Davide", "Martina", "Andrea", "Sara", "Lorenzo", "Alice", "Tommaso", "Beatrice", "Federico", "Giorgia", "Riccardo",
	"Valentina", "Nicola", "Camilla", "Stefano", "Aurora", "Pietro", "Ilaria", "Simone", "Marta", "Filippo", "Noemi",
	"Gabriele", "Anna", "Edoardo", "Ludovica", "Michele", "Caterina", "Jacopo", "Irene", "Emanuele", "Greta", "Leonardo",
	"Viola", "Paolo"}

var catalogueLast = []string{"Conti", "Ferrari", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo",
	"Costa", "Fontana", "Caruso", "Mancini", "Rizzo", "Lombardi", "Moretti", "Barbieri", "Santoro", "Rinaldi", "Leone",
	"Longo", "Gentile", "Martinelli", "Vitale", "Serra", "Coppola", "De Luca", "Villa", "Farina", "Cattaneo", "Marchetti",
	"Pellegrini", "Ferri", "Bianco", "Orlando", "Sala", "Testa", "Galli", "Parisi", "Monti", "Benedetti", "Fabbri",
	"Valentini", "Grasso"}

// specialtiesBy lists each style's specialties (DESIGN.md section 3).
var specialtiesBy = map[style.Code][]string{
	style.Eclectic:      {"Eclettico", "Massimalista", "Boho Chic", "Memphis"},
	style.Elegant:       {"Art Déco", "Neoclassico", "Classico", "Retro Chic"},
	style.Minimal:       {"Minimal", "Japandi", "Scandinavo", "Contemporaneo", "Wabi Sabi"},
	style.Industrial:    {"Industrial", "Urban", "Brutalista"},
	style.Mediterranean: {"Mediterraneo", "Rustico", "Country Chic"},
}

var catalogueBio = map[style.Code][]string{
	style.Eclectic: {"Mescolo epoche, colori e oggetti trovati per case che raccontano chi le abita.",
		"Progetto interni vivaci e personali, dove ogni stanza ha una storia e nessuna regola è sacra."},
	style.Elegant: {"Disegno ambienti raffinati con materiali pregiati, simmetrie e dettagli su misura.",
		"Restauro e arredo case d'epoca con un'eleganza classica, calda e mai rigida."},
	style.Minimal: {"Sottraggo il superfluo: luce, proporzioni e pochi materiali sinceri.",
		"Creo spazi essenziali e calmi, pensati per vivere meglio con meno oggetti."},
	style.Industrial: {"Trasformo loft, ex laboratori e appartamenti urbani con ferro, mattone e cemento.",
		"Progetto spazi aperti dal carattere metropolitano, funzionali e pieni di personalità."},
	style.Mediterranean: {"Porto in casa la luce del Sud: calce, terracotta, legno e fibre naturali.",
		"Arredo case di campagna e al mare con materiali locali e un'atmosfera rilassata."},
}

var secondStyle = map[style.Code]style.Code{style.Eclectic: style.Mediterranean, style.Elegant: style.Minimal,
	style.Minimal: style.Mediterranean, style.Industrial: style.Minimal, style.Mediterranean: style.Eclectic}

// demoCatalogue returns the 44 demo designers: every style, every city,
// deterministic so seeding again finds the same people.
func demoCatalogue() []catalogueDesigner {
	out := make([]catalogueDesigner, 0, len(catalogueFirst))
	for i := range catalogueFirst {
		code := style.Codes[i%len(style.Codes)]
		own := specialtiesBy[code]
		sp := []string{own[i%len(own)], own[(i+1)%len(own)]}
		if i%3 == 0 {
			other := specialtiesBy[secondStyle[code]]
			sp = append(sp, other[i%len(other)])
		}
		out = append(out, catalogueDesigner{first: catalogueFirst[i], last: catalogueLast[i],
			city: catalogueCities[i%len(catalogueCities)], code: code, specialties: sp})
	}
	return out
}

func (c catalogueDesigner) email(i int) string {
	if i == 0 {
		return demoDesignerEmail
	}
	local := strings.NewReplacer(" ", "", "'", "").Replace(strings.ToLower(c.first + "." + c.last))
	return local + "@designer.interno.demo"
}

// pictures are the generated avatar and gallery of the i-th demo designer.
func (c catalogueDesigner) pictures(i int) (avatar string, gallery []string) {
	lc := strings.ToLower(string(c.code))
	gallery = make([]string, 0, 5)
	for g := 0; g < 4+i%2; g++ {
		gallery = append(gallery, fmt.Sprintf("styles/scene/%s-%d.jpeg", lc, 100+i*10+g))
	}
	return fmt.Sprintf("styles/avatar/%s-%d.jpeg", lc, i), gallery
}

// stylePictures lists every generated picture the app shows: the five
// styles', the questionnaire's options' and the demo catalogue's. Only these
// are ever painted (artwork.Library), so no request can make up new ones.
func stylePictures() []string {
	var names []string
	for _, c := range style.Codes {
		names = append(names, matching.StyleImage(c))
	}
	for _, q := range matching.Default.Questions {
		for _, o := range q.Options {
			names = append(names, o.Image)
		}
	}
	for i, c := range demoCatalogue() {
		avatar, gallery := c.pictures(i)
		names = append(append(names, avatar), gallery...)
	}
	return names
}

// seedCatalogue creates the demo designers that do not exist yet, in one
// transaction, with one password hash computed once (hashing is the slow part).
func (a *app) seedCatalogue(ctx context.Context, out io.Writer) error {
	start := time.Now()
	users := store.NewUserRepo(a.db)
	dsg := store.NewDesignerRepo(a.db)
	hash := identity.NewPasswordHasher(identity.DefaultArgon2, 1).Hash(demoDesignerPassword)
	created := 0
	modes := [][]style.WorkMode{{style.Online, style.Hybrid}, {style.InPerson}, {style.Online}, {style.Hybrid, style.InPerson}}
	err := a.db.InTx(ctx, func(ctx context.Context) error {
		for i, c := range demoCatalogue() {
			email := c.email(i)
			if _, err := users.ByEmail(ctx, email); err == nil {
				continue
			} else if !errors.Is(err, identity.ErrUserNotFound) {
				return err
			}
			name := c.first + " " + c.last
			u := identity.User{Email: email, Name: name, Role: identity.RoleDesigner, PasswordHash: hash}
			if err := users.Create(ctx, &u); err != nil {
				return fmt.Errorf("demo designer %s: %w", email, err)
			}
			avatar, gallery := c.pictures(i)
			bios := catalogueBio[c.code]
			d := designers.Designer{UserID: u.ID, Name: name, City: c.city,
				Bio:            fmt.Sprintf("%s Lavoro tra %s e dintorni, online e in cantiere.", bios[i%len(bios)], c.city),
				ProfilePicture: avatar, Gallery: gallery, DesignStyle: c.code,
				WorkPreferences: modes[i%len(modes)], Specialties: c.specialties, Experience: 3 + (i*7)%23,
				MinBudget: []int{800, 1500, 3000, 5000, 12000}[(i*3)%5], FirstProposal: style.FirstProposalTimes[i%3],
				Website:  fmt.Sprintf("https://www.%s.example", strings.ReplaceAll(strings.ToLower(c.last), " ", "")),
				Verified: i%4 != 3, LikeCount: (i * 37) % 60}
			if err := dsg.Create(ctx, &d); err != nil {
				return fmt.Errorf("demo designer %s: %w", email, err)
			}
			created++
		}
		return nil
	})
	if err != nil {
		return err
	}
	if a.matching != nil {
		a.matching.Invalidate()
	}
	fmt.Fprintf(out, "demo catalogue: %d designers created in %s\n", created, time.Since(start).Round(time.Millisecond))
	return nil
}

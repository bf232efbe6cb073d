package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
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
// painted on first view (internal/artwork), so seeding writes rows only.
type catalogueDesigner struct {
	first, last, city string
	code              style.Code
	specialties       []string
	experience        int
	budget            int
	modes             []style.WorkMode
	proposal          string
	verified          bool
	// fans are the demo customers (indexes into demoFans) who like this
	// designer: the seed creates their likes rows, and the count is theirs.
	fans []int
	// likes is len(fans), what the ranking's tie-break sees.
	likes int
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

// neighbours orders, for each style, the other styles from the closest in
// spirit to the farthest: a designer's second voice usually comes early.
var neighbours = map[style.Code][4]style.Code{
	style.Eclectic:      {style.Mediterranean, style.Elegant, style.Industrial, style.Minimal},
	style.Elegant:       {style.Minimal, style.Eclectic, style.Mediterranean, style.Industrial},
	style.Minimal:       {style.Mediterranean, style.Industrial, style.Elegant, style.Eclectic},
	style.Industrial:    {style.Minimal, style.Eclectic, style.Elegant, style.Mediterranean},
	style.Mediterranean: {style.Eclectic, style.Minimal, style.Elegant, style.Industrial},
}

// specialtyMixes are the nine ways the designers of one style combine
// specialties: {0, n} is the n-th specialty of their own style, {k, n} the
// n-th of their k-th neighbour. Pure, with a touch of a neighbour, half and
// half, or mostly another style's vocabulary: nine different style profiles
// per style, so a customer's matches differ in score, not only in name.
var specialtyMixes = [][][2]int{
	{{0, 0}, {0, 1}},
	{{0, 1}, {1, 0}},
	{{0, 2}, {2, 0}},
	{{0, 0}, {0, 2}, {1, 1}},
	{{1, 0}},
	{{0, 3}, {3, 0}},
	{{0, 0}, {2, 1}, {4, 0}},
	{{2, 0}, {3, 1}},
	{{0, 1}, {0, 2}, {0, 0}, {4, 1}},
}

// Budgets, experience and ways of working vary independently of style.
var (
	catalogueBudgets = []int{500, 800, 1000, 1200, 1500, 2000, 2500, 3000, 4000, 5000, 6500, 8000, 10000, 15000}
	catalogueModes   = [][]style.WorkMode{{style.Online}, {style.InPerson}, {style.Hybrid}, {style.Online, style.Hybrid},
		{style.InPerson, style.Hybrid}, {style.Online, style.InPerson, style.Hybrid}}
)

// demoCatalogue returns the 44 demo designers: every style (nine of four
// styles, eight of the fifth) with nine different mixes of specialties, every
// city, budgets from €500 to €15,000, 2 to 28 years of experience;
// deterministic, so seeding again finds the same people.
func demoCatalogue() []catalogueDesigner {
	out := make([]catalogueDesigner, 0, len(catalogueFirst))
	for i := range catalogueFirst {
		code := style.Codes[i%len(style.Codes)]
		k := i / len(style.Codes)
		var sp []string
		for _, pick := range specialtyMixes[k%len(specialtyMixes)] {
			from := code
			if pick[0] > 0 {
				from = neighbours[code][pick[0]-1]
			}
			list := specialtiesBy[from]
			name := list[(pick[1]+k)%len(list)]
			if !slices.Contains(sp, name) {
				sp = append(sp, name)
			}
		}
		fans := fansOf(i)
		out = append(out, catalogueDesigner{first: catalogueFirst[i], last: catalogueLast[i],
			city: catalogueCities[i%len(catalogueCities)], code: code, specialties: sp,
			experience: 2 + (i*11+i/3)%27, budget: catalogueBudgets[(i*5+i/7)%len(catalogueBudgets)],
			modes: catalogueModes[(i*5+k)%len(catalogueModes)], proposal: style.FirstProposalTimes[(i+k)%len(style.FirstProposalTimes)],
			verified: i%4 != 3, fans: fans, likes: len(fans)})
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
	gallery = make([]string, 0, 5)
	for g := 0; g < 4+i%2; g++ {
		gallery = append(gallery, style.ScenePicture(c.code, 100+i*10+g).Name())
	}
	return style.AvatarPicture(c.code, i).Name(), gallery
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

// seedCatalogue creates the demo designers that do not exist yet and the
// demo customers whose likes they get, in one transaction, with one password
// hash per kind of account computed once (hashing is the slow part). Like
// counts are never written: they are the likes rows.
func (a *app) seedCatalogue(ctx context.Context, out io.Writer) error {
	start := time.Now()
	users := store.NewUserRepo(a.db)
	dsg := store.NewDesignerRepo(a.db)
	hash := identity.NewPasswordHasher(identity.DefaultArgon2, 1).Hash(demoDesignerPassword)
	created, fans, likes := 0, 0, 0
	cat := demoCatalogue()
	err := a.db.InTx(ctx, func(ctx context.Context) error {
		ids := map[int]int64{}
		for i, c := range cat {
			email := c.email(i)
			if u, err := users.ByEmail(ctx, email); err == nil {
				if d, err := dsg.ByUserID(ctx, u.ID); err == nil {
					ids[i] = d.ID
				}
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
				WorkPreferences: c.modes, Specialties: c.specialties, Experience: c.experience,
				MinBudget: c.budget, FirstProposal: c.proposal,
				Website:  fmt.Sprintf("https://www.%s.example", strings.ReplaceAll(strings.ToLower(c.last), " ", "")),
				Verified: c.verified}
			if err := dsg.Create(ctx, &d); err != nil {
				return fmt.Errorf("demo designer %s: %w", email, err)
			}
			ids[i] = d.ID
			created++
		}
		var err error
		fans, likes, err = a.seedFans(ctx, cat, ids)
		return err
	})
	if err != nil {
		return err
	}
	if a.matching != nil {
		a.matching.Invalidate()
	}
	fmt.Fprintf(out, "demo catalogue: %d designers created, %d demo customers with %d likes, in %s\n",
		created, fans, likes, time.Since(start).Round(time.Millisecond))
	return nil
}

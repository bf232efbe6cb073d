// Package matching holds the style questionnaire, the scoring of its answers
// into a style analysis, the ranking of designers by style affinity, and
// leads (a questionnaire taken before registering).
package matching

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"interno/core/style"
)

// Option is one answer to a question: its Italian text, the style it
// expresses and the picture that illustrates it (a stored image path).
type Option struct {
	ID    string     `json:"id"`
	Text  string     `json:"text"`
	Style style.Code `json:"style"`
	Image string     `json:"image"`
}

// Question is one of the seven questions, with 4 or 5 options.
type Question struct {
	ID      int      `json:"id"`
	Text    string   `json:"text"`
	Hint    string   `json:"hint"`
	Options []Option `json:"options"`
}

// Questionnaire is the whole quiz; Version changes whenever its content does,
// so clients can cache it and revalidate with an ETag.
type Questionnaire struct {
	Version   string     `json:"version"`
	Questions []Question `json:"questions"`
}

// Length is the number of questions the spec fixes.
const Length = 7

// picture names the generated image of an option: a close-up motif of a style
// ("styles/motif/c-texture-2.jpeg") or a whole room ("styles/scene/c-7.jpeg").
func picture(code style.Code, subject string, seed int) string {
	if subject == "scene" {
		return style.ScenePicture(code, seed).Name()
	}
	return style.MotifPicture(code, subject, seed).Name()
}

type draft struct {
	text, hint, subject string
	seed                int
	options             []struct {
		code style.Code
		text string
	}
}

func opts(pairs ...any) []struct {
	code style.Code
	text string
} {
	out := make([]struct {
		code style.Code
		text string
	}, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, struct {
			code style.Code
			text string
		}{pairs[i].(style.Code), pairs[i+1].(string)})
	}
	return out
}

var drafts = []draft{
	{"Com'è la tua domenica mattina ideale a casa?", "Scegli la scena in cui ti riconosci di più.", "mood", 1, opts(
		style.Eclectic, "Musica, colori ovunque e amici che passano senza avvisare",
		style.Elegant, "Colazione servita con calma, tazze di porcellana e il giornale sul tavolo",
		style.Minimal, "Luce naturale, una stanza in ordine e niente di superfluo",
		style.Industrial, "Un caffè al bancone di un loft con i mattoni a vista",
		style.Mediterranean, "Finestre aperte sul verde, lenzuola di lino e profumo di pane",
	)},
	{"Quale materiale ti viene voglia di toccare?", "Pensa a quello che vorresti sentire sotto le dita ogni giorno.", "texture", 2, opts(
		style.Eclectic, "Velluto e tessuti stampati",
		style.Elegant, "Marmo venato e ottone lucido",
		style.Minimal, "Legno chiaro e superfici opache",
		style.Industrial, "Cemento, ferro e mattone",
		style.Mediterranean, "Terracotta, rattan e pietra",
	)},
	{"Che luce vorresti la sera in soggiorno?", "La luce cambia il carattere di una stanza più di ogni mobile.", "light", 3, opts(
		style.Eclectic, "Tante lampade diverse, una per ogni angolo",
		style.Elegant, "Un lampadario di cristallo sopra il tavolo",
		style.Minimal, "Una luce indiretta, calda e quasi invisibile",
		style.Industrial, "Lampadine a filamento appese a cavi neri",
		style.Mediterranean, "Lanterne intrecciate e qualche candela",
	)},
	{"Quale tavolozza sceglieresti per pareti e tessuti?", "Segui l'istinto: non esistono colori sbagliati.", "colour", 4, opts(
		style.Eclectic, "Toni saturi: smeraldo, senape e fucsia",
		style.Elegant, "Crema, blu notte e dettagli oro",
		style.Minimal, "Bianco, grigio perla e un solo accento",
		style.Industrial, "Grafite, ruggine e nero",
		style.Mediterranean, "Bianco calce, sabbia e azzurro mare",
	)},
	{"Cosa metteresti subito sulla tua consolle?", "Gli oggetti raccontano chi abita una casa.", "object", 5, opts(
		style.Eclectic, "Una collezione di ricordi di viaggio",
		style.Elegant, "Un orologio antico tra due candelabri",
		style.Minimal, "Un unico vaso in ceramica",
		style.Industrial, "Una vecchia insegna in metallo",
		style.Mediterranean, "Un cesto di limoni e una brocca in terracotta",
	)},
	{"Come vivi il tuo spazio durante la settimana?", "Pensa alle tue giornate, non a quelle delle riviste.", "mood", 6, opts(
		style.Eclectic, "Cambio spesso disposizione: la casa cresce con me",
		style.Elegant, "Amo ricevere ospiti e apparecchiare con cura",
		style.Minimal, "Ho bisogno di ordine per concentrarmi",
		style.Industrial, "Lavoro e vivo nello stesso open space",
	)},
	{"Quale stanza senti più tua?", "L'ultima domanda: scegli l'ambiente in cui entreresti subito.", "scene", 7, opts(
		style.Eclectic, "Un soggiorno pieno di colori, quadri e piante",
		style.Elegant, "Un salotto con boiserie, simmetrie e velluti",
		style.Minimal, "Un ambiente luminoso, essenziale e silenzioso",
		style.Industrial, "Un loft con travi in ferro e grandi vetrate",
		style.Mediterranean, "Una stanza bianca con archi, legno e vista sul mare",
	)},
}

// Default is the questionnaire the server serves.
var Default = build(drafts)

func build(ds []draft) Questionnaire {
	q := Questionnaire{}
	for i, d := range ds {
		qu := Question{ID: i + 1, Text: d.text, Hint: d.hint}
		for _, o := range d.options {
			qu.Options = append(qu.Options, Option{ID: fmt.Sprintf("q%d-%s", i+1, strings.ToLower(string(o.code))),
				Text: o.text, Style: o.code, Image: picture(o.code, d.subject, d.seed)})
		}
		q.Questions = append(q.Questions, qu)
	}
	body, _ := json.Marshal(q.Questions)
	sum := sha256.Sum256(body)
	q.Version = hex.EncodeToString(sum[:6])
	return q
}

// StyleImage is the generated picture of a style shown in the result and in
// the 'Il tuo Profilo Sensoriale' modal (served small, medium and large).
func StyleImage(c style.Code) string { return style.ReferencePicture(c).Name() }

// Descriptions are the short Italian texts of each style.
var Descriptions = map[style.Code]string{
	style.Eclectic:      "Ami mescolare epoche, colori e ricordi: la tua casa è un racconto personale, vivace e mai uguale a se stesso.",
	style.Elegant:       "Cerchi armonia, materiali pregiati e proporzioni classiche: ambienti raffinati che non passano mai di moda.",
	style.Minimal:       "Preferisci spazi luminosi ed essenziali, dove ogni oggetto ha un senso e la calma è il vero lusso.",
	style.Industrial:    "Ti piacciono i materiali autentici e gli spazi aperti: ferro, mattone e cemento con un carattere metropolitano.",
	style.Mediterranean: "Ti senti a casa tra luce naturale, fibre e terracotta: ambienti caldi, semplici e vicini alla natura.",
}

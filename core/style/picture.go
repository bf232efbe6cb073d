package style

import (
	"slices"
	"strconv"
	"strings"
)

// The generated pictures of the app (style rooms, the questionnaire's
// motifs, demo avatars) are named here and nowhere else: core builds the
// names (the questionnaire, the demo catalogue), and the painter
// (internal/artwork) reads them back with ParsePicture, which accepts exactly
// the names Name writes. The names are virtual paths under "styles/":
//
//	styles/{a..e}.jpeg                          the style's reference room
//	styles/scene/{a..e}-{seed}.jpeg             a room of that style
//	styles/motif/{a..e}-{subject}-{seed}.jpeg   a close-up motif
//	styles/avatar/{a..e}-{seed}.jpeg            an abstract avatar

// PictureKind is what a generated picture shows.
type PictureKind string

// The kinds of generated picture.
const (
	Reference PictureKind = "reference"
	Scene     PictureKind = "scene"
	Motif     PictureKind = "motif"
	Avatar    PictureKind = "avatar"
)

// MotifSubjects are the subjects a motif may show.
var MotifSubjects = []string{"texture", "light", "object", "colour", "mood"}

// MaxPictureSeed bounds a picture's seed (six digits).
const MaxPictureSeed = 999_999

// Picture is one generated picture.
type Picture struct {
	Kind  PictureKind
	Style Code
	// Subject is a motif's (one of MotifSubjects); empty otherwise.
	Subject string
	// Seed varies pictures of the same kind and style (0 for Reference).
	Seed int
}

// PicturesRoot is the virtual directory of generated pictures.
const PicturesRoot = "styles/"

// ReferencePicture is the style's reference room.
func ReferencePicture(c Code) Picture { return Picture{Kind: Reference, Style: c} }

// ScenePicture is a room of style c.
func ScenePicture(c Code, seed int) Picture { return Picture{Kind: Scene, Style: c, Seed: seed} }

// MotifPicture is a close-up of subject in style c.
func MotifPicture(c Code, subject string, seed int) Picture {
	return Picture{Kind: Motif, Style: c, Subject: subject, Seed: seed}
}

// AvatarPicture is an abstract avatar in style c.
func AvatarPicture(c Code, seed int) Picture { return Picture{Kind: Avatar, Style: c, Seed: seed} }

// Valid reports a picture Name can write and ParsePicture reads back.
func (p Picture) Valid() bool {
	if !p.Style.Valid() || p.Seed < 0 || p.Seed > MaxPictureSeed {
		return false
	}
	switch p.Kind {
	case Reference:
		return p.Seed == 0 && p.Subject == ""
	case Scene, Avatar:
		return p.Subject == ""
	case Motif:
		return slices.Contains(MotifSubjects, p.Subject)
	}
	return false
}

// Name is the picture's virtual path ("styles/scene/c-7.jpeg"); it is empty
// for an invalid picture.
func (p Picture) Name() string {
	if !p.Valid() {
		return ""
	}
	c := strings.ToLower(string(p.Style))
	seed := strconv.Itoa(p.Seed)
	switch p.Kind {
	case Reference:
		return PicturesRoot + c + ".jpeg"
	case Motif:
		return PicturesRoot + "motif/" + c + "-" + p.Subject + "-" + seed + ".jpeg"
	}
	return PicturesRoot + string(p.Kind) + "/" + c + "-" + seed + ".jpeg"
}

// ParsePicture reads a virtual path back into its picture. It accepts
// exactly the names Name writes (no leading zeros, no other spelling).
func ParsePicture(name string) (Picture, bool) {
	rest, ok := strings.CutPrefix(name, PicturesRoot)
	if !ok {
		return Picture{}, false
	}
	if rest, ok = strings.CutSuffix(rest, ".jpeg"); !ok {
		return Picture{}, false
	}
	var p Picture
	dir, base, nested := strings.Cut(rest, "/")
	if !nested {
		p = Picture{Kind: Reference, Style: Code(strings.ToUpper(dir))}
	} else {
		parts := strings.Split(base, "-")
		seed, err := strconv.Atoi(parts[len(parts)-1])
		if err != nil {
			return Picture{}, false
		}
		p = Picture{Kind: PictureKind(dir), Style: Code(strings.ToUpper(parts[0])), Seed: seed}
		switch {
		case p.Kind == Motif && len(parts) == 3:
			p.Subject = parts[1]
		case (p.Kind == Scene || p.Kind == Avatar) && len(parts) == 2:
		default:
			return Picture{}, false
		}
	}
	// Round trip: only Name's own spelling is accepted ("A", "+7", "07" are not).
	if p.Name() != name {
		return Picture{}, false
	}
	return p, true
}

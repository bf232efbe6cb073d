package style

import "testing"

func TestPicture_NamesRoundTrip(t *testing.T) {
	for _, c := range []struct {
		p    Picture
		name string
	}{
		{ReferencePicture(Elegant), "styles/b.jpeg"},
		{ScenePicture(Minimal, 7), "styles/scene/c-7.jpeg"},
		{MotifPicture(Minimal, "texture", 2), "styles/motif/c-texture-2.jpeg"},
		{AvatarPicture(Mediterranean, 0), "styles/avatar/e-0.jpeg"},
		{ScenePicture(Eclectic, MaxPictureSeed), "styles/scene/a-999999.jpeg"},
	} {
		if got := c.p.Name(); got != c.name {
			t.Errorf("%+v: %q, want %q", c.p, got, c.name)
		}
		if got, ok := ParsePicture(c.name); !ok || got != c.p {
			t.Errorf("%q: %+v %v", c.name, got, ok)
		}
	}
}

func TestPicture_RefusesEverythingElse(t *testing.T) {
	for _, name := range []string{
		"", "styles/", "styles/.jpeg", "styles/f.jpeg", "styles/B.jpeg", "styles/b.jpg", "uploads/b.jpeg",
		"styles/scene/c-07.jpeg", "styles/scene/c-+7.jpeg", "styles/scene/c--7.jpeg", "styles/scene/c-1000000.jpeg",
		"styles/scene/c.jpeg", "styles/scene/c-texture-2.jpeg", "styles/motif/c-2.jpeg", "styles/motif/c-sound-2.jpeg",
		"styles/avatar/x-1.jpeg", "styles/other/c-1.jpeg", "styles/scene/../c-1.jpeg", "styles/scene/c-1.jpeg/x",
		"styles/scene/c-1.jpeg\x00", "styles/scene/c-١.jpeg",
	} {
		if p, ok := ParsePicture(name); ok {
			t.Errorf("%q parsed as %+v", name, p)
		}
	}
	if (Picture{Kind: Motif, Style: Elegant, Subject: "sound"}).Name() != "" || ScenePicture("Z", 1).Name() != "" || ScenePicture(Elegant, -1).Name() != "" {
		t.Error("invalid pictures have names")
	}
}

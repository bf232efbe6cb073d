package designers

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"interno/core/fault"
	"interno/core/kernel"
	"interno/core/style"
)

type memRepo struct {
	mu   sync.Mutex
	next int64
	rows map[int64]Designer
}

func (m *memRepo) Create(_ context.Context, d *Designer) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.next++
	d.ID = m.next
	m.rows[d.ID] = *d
	return nil
}

func (m *memRepo) ByID(_ context.Context, id int64) (Designer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, ok := m.rows[id]
	if !ok {
		return Designer{}, ErrNotFound
	}
	return d, nil
}

func (m *memRepo) find(pred func(Designer) bool) (Designer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, d := range m.rows {
		if pred(d) {
			return d, nil
		}
	}
	return Designer{}, ErrNotFound
}

func (m *memRepo) ByUserID(_ context.Context, id int64) (Designer, error) {
	return m.find(func(d Designer) bool { return d.UserID == id })
}

func (m *memRepo) ByEmail(_ context.Context, e string) (Designer, error) {
	return m.find(func(d Designer) bool { return d.Email == e })
}

func (m *memRepo) ByIDs(ctx context.Context, ids []int64) ([]Designer, error) {
	var out []Designer
	for _, id := range ids {
		if d, err := m.ByID(ctx, id); err == nil {
			out = append(out, d)
		}
	}
	return out, nil
}

func (m *memRepo) List(context.Context, ListQuery) ([]Designer, int, error) { return nil, 0, nil }

func (m *memRepo) Update(_ context.Context, id int64, fn func(*Designer) error) (Designer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, ok := m.rows[id]
	if !ok {
		return Designer{}, ErrNotFound
	}
	if err := fn(&d); err != nil {
		return Designer{}, err
	}
	m.rows[id] = d
	return d, nil
}

type memAccounts struct {
	next    int64
	emails  map[string]int64
	deleted []int64
	repo    *memRepo
}

func (a *memAccounts) CreateDesigner(_ context.Context, email, _, _ string) (int64, error) {
	if _, ok := a.emails[email]; ok {
		return 0, ErrEmailTaken
	}
	a.next++
	a.emails[email] = a.next
	return a.next, nil
}

func (a *memAccounts) VerifyGoogle(_ context.Context, cred string) (string, error) {
	if cred == "bad" {
		return "", fault.New(fault.Unauthorized, "bad token")
	}
	return "google@example.com", nil
}

func (a *memAccounts) GoogleDesigner(ctx context.Context, _ string) (int64, error) {
	if id, ok := a.emails["google@example.com"]; ok {
		return id, nil
	}
	return a.CreateDesigner(ctx, "google@example.com", "", "")
}

func (a *memAccounts) DeleteAccount(_ context.Context, id int64) error {
	a.deleted = append(a.deleted, id)
	for k, d := range a.repo.rows {
		if d.UserID == id {
			delete(a.repo.rows, k)
		}
	}
	return nil
}

type memImages struct {
	n       int
	removed []string
}

func (m *memImages) StoreDataURL(_ context.Context, kind, u string) (string, error) {
	if strings.Contains(u, "bad") {
		return "", fault.New(fault.Unsupported, "not an image")
	}
	m.n++
	return fmt.Sprintf("uploads/%s/%d.jpg", kind, m.n), nil
}

// Pixels weighs a fake data URL: "huge" ones hold 30 megapixels, others 270,000.
func (m *memImages) Pixels(_ context.Context, u string) (int64, error) {
	switch {
	case strings.Contains(u, "bad"):
		return 0, fault.New(fault.Unsupported, "not an image")
	case strings.Contains(u, "huge"):
		return 30_000_000, nil
	}
	return 270_000, nil
}

func (m *memImages) Remove(_ context.Context, p string) error {
	m.removed = append(m.removed, p)
	return nil
}

type directTx struct{}

func (directTx) InTx(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }

func newSvc() (*Service, *memRepo, *memAccounts, *memImages) {
	repo := &memRepo{rows: map[int64]Designer{}}
	acc := &memAccounts{emails: map[string]int64{}, repo: repo}
	img := &memImages{}
	return NewService(repo, acc, img, directTx{}), repo, acc, img
}

func validRegistration(email string) Registration {
	return Registration{Profile: Profile{Name: " Luca ", Email: email, City: " Lecce ", Bio: "Bio",
		DesignStyle: "c", Specialties: []string{"Japandi", "Japandi"}, FirstProposal: "5-7 giorni",
		WorkPreferences: []style.WorkMode{"ONLINE"}, Experience: 20, MinBudget: 5},
		Password: "password1", PrivacyConsent: true, Gallery: []string{"data:image/jpeg;base64,a", "", "null"}}
}

func TestService_Register(t *testing.T) {
	ctx := context.Background()
	t.Run("OKNormalisesAndForcesRegistrationDefaults", func(t *testing.T) {
		s, _, _, _ := newSvc()
		d, err := s.Register(ctx, validRegistration("Luca@Example.com"))
		if err != nil {
			t.Fatal(err)
		}
		if d.Name != "Luca" || d.City != "Lecce" || d.Email != "luca@example.com" || d.DesignStyle != style.Minimal ||
			len(d.Specialties) != 1 || d.WorkPreferences[0] != style.Online || d.Experience != 0 || d.MinBudget != 300 || len(d.Gallery) != 1 {
			t.Fatalf("%+v", d)
		}
	})
	t.Run("ErrEmailTakenRemovesStoredImages", func(t *testing.T) {
		s, _, _, img := newSvc()
		if _, err := s.Register(ctx, validRegistration("a@example.com")); err != nil {
			t.Fatal(err)
		}
		_, err := s.Register(ctx, validRegistration("a@example.com"))
		if !errors.Is(err, ErrEmailTaken) || len(img.removed) != 1 {
			t.Fatalf("err=%v removed=%v", err, img.removed)
		}
	})
	t.Run("BadImageIsRefusedBeforeAnyIsStored", func(t *testing.T) {
		s, _, _, img := newSvc()
		r := validRegistration("b@example.com")
		r.Gallery = []string{"data:image/jpeg;base64,ok", "data:bad"}
		if _, err := s.Register(ctx, r); fault.CodeOf(err) != fault.Unsupported || img.n != 0 {
			t.Fatalf("err=%v stored=%d", err, img.n)
		}
	})
	t.Run("PixelBudgetIsCheckedBeforeAnyWork", func(t *testing.T) {
		s, _, _, img := newSvc()
		r := validRegistration("c@example.com")
		r.Gallery = []string{"data:image/png;base64,huge", "data:image/jpeg;base64,ok"}
		r.ProfilePicture = "data:image/png;base64,huge"
		if _, err := s.Register(ctx, r); !errors.Is(err, ErrPixelBudget) || img.n != 0 {
			t.Fatalf("err=%v stored=%d", err, img.n)
		}
		r.ProfilePicture = ""
		if _, err := s.Register(ctx, r); err != nil {
			t.Fatalf("one huge picture fits the budget: %v", err)
		}
	})
	t.Run("Validation", func(t *testing.T) {
		s, _, _, _ := newSvc()
		for name, mutate := range map[string]func(*Registration){
			"name": func(r *Registration) { r.Name = "" }, "bio": func(r *Registration) { r.Bio = "" },
			"style": func(r *Registration) { r.DesignStyle = "F" }, "specialty": func(r *Registration) { r.Specialties = []string{"Gotico"} },
			"proposal": func(r *Registration) { r.FirstProposal = "1 giorno" }, "mode": func(r *Registration) { r.WorkPreferences = []style.WorkMode{"telepatia"} },
			"consent": func(r *Registration) { r.PrivacyConsent = false }, "password": func(r *Registration) { r.Password = "1234567" },
			"gallery": func(r *Registration) { r.Gallery = make([]string, 13); fillData(r.Gallery) },
			"link":    func(r *Registration) { r.Website = "javascript:alert(1)" },
		} {
			r := validRegistration(name + "@example.com")
			mutate(&r)
			if _, err := s.Register(ctx, r); fault.CodeOf(err) != fault.Invalid {
				t.Errorf("%s: err = %v", name, err)
			}
		}
	})
	t.Run("GoogleUsesVerifiedEmail", func(t *testing.T) {
		s, _, _, _ := newSvc()
		r := validRegistration("form@example.com")
		d, err := s.RegisterWithGoogle(ctx, "good", r)
		if err != nil || d.Email != "google@example.com" {
			t.Fatalf("%+v %v", d, err)
		}
		if _, err := s.RegisterWithGoogle(ctx, "good", r); !errors.Is(err, ErrEmailTaken) {
			t.Fatalf("second google registration: %v", err)
		}
		if _, err := s.RegisterWithGoogle(ctx, "bad", r); fault.CodeOf(err) != fault.Unauthorized {
			t.Fatalf("bad token: %v", err)
		}
	})
}

func fillData(s []string) {
	for i := range s {
		s[i] = "data:image/jpeg;base64,x"
	}
}

func TestService_UpdateAndOwnership(t *testing.T) {
	ctx := context.Background()
	s, _, acc, img := newSvc()
	d, _ := s.Register(ctx, validRegistration("owner@example.com"))
	owner := kernel.Principal{UserID: d.UserID}
	stranger := kernel.Principal{UserID: d.UserID + 100}
	admin := kernel.Principal{UserID: 999, Role: kernel.RoleAdmin}
	set := func(f func(p *Profile)) Edit { return Edit{Apply: f} }
	t.Run("StrangerForbidden", func(t *testing.T) {
		if _, err := s.Update(ctx, stranger, d.ID, set(func(p *Profile) { p.Bio = "x" })); !errors.Is(err, ErrForbidden) {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, stranger, d.ID); !errors.Is(err, ErrForbidden) {
			t.Fatal(err)
		}
		if _, err := s.ToggleVerified(ctx, owner, d.ID); fault.CodeOf(err) != fault.Forbidden {
			t.Fatal("owner verified themself")
		}
	})
	t.Run("EditRules", func(t *testing.T) {
		if _, err := s.Update(ctx, owner, d.ID, set(func(p *Profile) { p.MinBudget = 299 })); fault.CodeOf(err) != fault.Invalid {
			t.Fatalf("budget: %v", err)
		}
		if _, err := s.Update(ctx, owner, d.ID, set(func(p *Profile) { p.Experience = -2 })); fault.CodeOf(err) != fault.Invalid {
			t.Fatalf("experience: %v", err)
		}
		got, err := s.Update(ctx, admin, d.ID, set(func(p *Profile) { p.MinBudget = 900; p.Experience = 4 }))
		if err != nil || got.MinBudget != 900 {
			t.Fatalf("%v", err)
		}
	})
	t.Run("Gallery", func(t *testing.T) {
		keep := d.Gallery[0]
		g := []string{" " + keep + " ", "data:image/png;base64,new"}
		got, err := s.Update(ctx, owner, d.ID, Edit{Gallery: &g})
		if err != nil || len(got.Gallery) != 2 || got.Gallery[0] != d.Gallery[0] {
			t.Fatalf("%+v %v", got.Gallery, err)
		}
		only := []string{got.Gallery[1]}
		got, err = s.Update(ctx, owner, d.ID, Edit{Gallery: &only})
		if err != nil || len(got.Gallery) != 1 || img.removed[len(img.removed)-1] != d.Gallery[0] {
			t.Fatalf("dropped image not removed: %v %v", img.removed, err)
		}
		stored := img.n
		kept := "/api/" + got.Gallery[0]
		heavy := []string{kept, "data:image/png;base64,huge", "data:image/png;base64,huge"}
		if _, err := s.Update(ctx, owner, d.ID, Edit{Gallery: &heavy}); !errors.Is(err, ErrPixelBudget) || img.n != stored {
			t.Fatalf("two huge new pictures: %v, %d stored", err, img.n-stored)
		}
		pic := "data:image/png;base64,huge"
		one := []string{kept, "data:image/png;base64,huge"}
		if _, err := s.Update(ctx, owner, d.ID, Edit{Gallery: &one, ProfilePicture: &pic}); !errors.Is(err, ErrPixelBudget) {
			t.Fatalf("gallery and picture share the budget: %v", err)
		}
		foreign := []string{"uploads/gallery/someone-else.jpg"}
		if _, err := s.Update(ctx, owner, d.ID, Edit{Gallery: &foreign}); !errors.Is(err, ErrForeignImage) {
			t.Fatalf("foreign: %v", err)
		}
		if _, err := s.Update(ctx, owner, d.ID, Edit{ProfilePicture: &foreign[0]}); !errors.Is(err, ErrForeignPicture) {
			t.Fatalf("foreign picture: %v", err)
		}
	})
	t.Run("DemoGallery", func(t *testing.T) {
		// The demo catalogue's pictures are generated art under styles/, not uploads: they are
		// this profile's pictures all the same, kept, reordered and dropped like uploads.
		demo, err := s.repo.Update(ctx, d.ID, func(x *Designer) error {
			x.Gallery = []string{"styles/scene/c-100.jpeg", "styles/scene/c-101.jpeg", "styles/scene/c-102.jpeg"}
			x.ProfilePicture = "styles/avatar/c-0.jpeg"
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		same := append([]string(nil), demo.Gallery...)
		picture := demo.ProfilePicture
		got, err := s.Update(ctx, owner, d.ID, Edit{Gallery: &same, ProfilePicture: &picture})
		if err != nil || !slices.Equal(got.Gallery, demo.Gallery) || got.ProfilePicture != picture {
			t.Fatalf("unchanged gallery: %+v %v", got.Gallery, err)
		}
		changed := []string{"styles/scene/c-102.jpeg", "data:image/png;base64,new", "styles/scene/c-101.jpeg"}
		got, err = s.Update(ctx, owner, d.ID, Edit{Gallery: &changed})
		if err != nil || len(got.Gallery) != 3 || got.Gallery[0] != "styles/scene/c-102.jpeg" || got.Gallery[2] != "styles/scene/c-101.jpeg" ||
			!strings.HasPrefix(got.Gallery[1], "uploads/gallery/") {
			t.Fatalf("changed gallery: %+v %v", got.Gallery, err)
		}
		if img.removed[len(img.removed)-1] != "styles/scene/c-100.jpeg" {
			t.Fatalf("the dropped picture was not handed to removal: %v", img.removed)
		}
	})
	t.Run("ToggleVerifiedAndDelete", func(t *testing.T) {
		got, err := s.ToggleVerified(ctx, admin, d.ID)
		if err != nil || !got.Verified {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, owner, d.ID); err != nil || len(acc.deleted) != 1 {
			t.Fatalf("%v %v", err, acc.deleted)
		}
		if _, err := s.Get(ctx, d.ID); !errors.Is(err, ErrNotFound) {
			t.Fatal("profile survived")
		}
	})
}

// Package designers holds interior designers' profiles: registration, the
// rules of profile edits, gallery rules, and who may see or change what.
package designers

import (
	"strings"
	"time"
	"unicode/utf8"

	"interno/core/fault"
	"interno/core/style"
)

// Designer is a designer's profile. Email and Phone are private: only the
// designer and admins see them.
type Designer struct {
	ID             int64
	UserID         int64
	Name           string
	Email          string
	Phone          string
	City           string
	Bio            string
	ProfilePicture string
	// Gallery holds stored image paths ("uploads/gallery/x.jpg"), at most MaxGallery.
	Gallery         []string
	DesignStyle     style.Code
	WorkPreferences []style.WorkMode
	Specialties     []string
	Experience      int
	MinBudget       int
	FirstProposal   string
	Website         string
	Portfolio       string
	Instagram       string
	Facebook        string
	YouTube         string
	TikTok          string
	SocialWebsite   string
	Verified        bool
	LikeCount       int
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// Limits of the spec and of good sense.
const (
	MaxGallery          = 12
	MinBudget           = 300
	RegistrationBudget  = 300
	MaxExperience       = 70
	MaxBudget           = 10_000_000
	MaxBioLength        = 4000
	MaxShortFieldLength = 200
	MaxURLLength        = 500
)

// Faults callers recognise.
var (
	ErrNotFound    = fault.New(fault.NotFound, "Designer not found").WithReason("designer_not_found")
	ErrEmailTaken  = fault.New(fault.Conflict, "This email address is already registered").WithReason("email_taken")
	ErrForbidden   = fault.New(fault.Forbidden, "Only the designer or an admin may do this").WithReason("not_owner")
	ErrGalleryFull = fault.InvalidField("gallery_images", "A gallery holds at most 12 images")
	// ErrForeignImage and ErrForeignPicture refuse a path that is not (or no
	// longer) this profile's: a stale screen, or someone else's picture.
	ErrForeignImage   = fault.InvalidField("gallery_images", "Gallery images must be new uploads or images already in this gallery").WithReason("gallery_image_unknown")
	ErrForeignPicture = fault.InvalidField("profile_picture", "Profile picture must be a new upload or the current picture").WithReason("profile_picture_unknown")
)

// Profile is the editable part of a designer, shared by registration and edits.
type Profile struct {
	Name            string
	Email           string
	Phone           string
	City            string
	Bio             string
	DesignStyle     style.Code
	WorkPreferences []style.WorkMode
	Specialties     []string
	Experience      int
	MinBudget       int
	FirstProposal   string
	Website         string
	Portfolio       string
	Instagram       string
	Facebook        string
	YouTube         string
	TikTok          string
	SocialWebsite   string
}

// normalize trims every text field and drops duplicate list entries.
func (p *Profile) normalize() {
	for _, f := range []*string{&p.Name, &p.Email, &p.Phone, &p.City, &p.Bio, &p.FirstProposal, &p.Website,
		&p.Portfolio, &p.Instagram, &p.Facebook, &p.YouTube, &p.TikTok, &p.SocialWebsite} {
		*f = strings.TrimSpace(*f)
	}
	p.Email = strings.ToLower(p.Email)
	p.DesignStyle = style.Code(strings.ToUpper(strings.TrimSpace(string(p.DesignStyle))))
	p.Specialties = dedupe(p.Specialties, func(s string) string { return strings.TrimSpace(s) })
	modes := dedupe(toStrings(p.WorkPreferences), func(s string) string { return strings.ToLower(strings.TrimSpace(s)) })
	p.WorkPreferences = p.WorkPreferences[:0]
	for _, m := range modes {
		p.WorkPreferences = append(p.WorkPreferences, style.WorkMode(m))
	}
}

// validate applies the registration rules; edits add experience and budget.
func (p Profile) validate(v *fault.Validation, edit bool) {
	v.Check(p.Name != "", "name", "Please enter your name")
	v.Check(utf8.RuneCountInString(p.Name) <= 120, "name", "Name is too long (max 120 characters)")
	if p.Email == "" {
		v.Add("email", "Please enter your email")
	} else {
		v.Check(validEmail(p.Email), "email", "Invalid email format")
	}
	v.Check(p.Bio != "", "bio", "Please write a short bio")
	v.Check(utf8.RuneCountInString(p.Bio) <= MaxBioLength, "bio", "Bio is too long (max 4000 characters)")
	if v.Check(len(p.Specialties) > 0, "specialties", "Please select at least one style") {
		for _, s := range p.Specialties {
			if !style.ValidSpecialty(s) {
				v.Add("specialties", "Unknown specialty: "+s)
				break
			}
		}
	}
	v.Check(p.DesignStyle.Valid(), "design_style", "Please choose a design style (A to E)")
	v.Check(style.ValidFirstProposal(p.FirstProposal), "prima_proposta", "Please select your proposal timeframe")
	if v.Check(len(p.WorkPreferences) > 0, "work_preferences", "Please select at least one way of working") {
		for _, m := range p.WorkPreferences {
			if !m.Valid() {
				v.Add("work_preferences", "Unknown work preference: "+string(m))
				break
			}
		}
	}
	v.Check(p.City != "", "city", "Please enter your city")
	v.Check(utf8.RuneCountInString(p.City) <= 120, "city", "City is too long (max 120 characters)")
	v.Check(len(p.Phone) <= 40, "phone", "Phone number is too long")
	for field, val := range map[string]string{"website": p.Website, "portfolio": p.Portfolio, "social_instagram": p.Instagram,
		"social_facebook": p.Facebook, "social_youtube": p.YouTube, "social_tiktok": p.TikTok, "social_website": p.SocialWebsite} {
		v.Check(len(val) <= MaxURLLength, field, "Link is too long (max 500 characters)")
		v.Check(!strings.ContainsAny(val, " <>\"'\n") || val == "", field, "Link contains characters that are not allowed")
		lower := strings.ToLower(val)
		v.Check(!strings.HasPrefix(lower, "javascript:") && !strings.HasPrefix(lower, "data:"), field, "Link must be a web address")
	}
	if edit {
		v.Check(p.Experience >= 0 && p.Experience <= MaxExperience, "experience", "Experience must be between 0 and 70 years")
		v.Check(p.MinBudget >= MinBudget, "min_budget", "Minimum budget must be at least €300")
		v.Check(p.MinBudget <= MaxBudget, "min_budget", "Minimum budget is too large")
	}
}

func validEmail(s string) bool {
	at := strings.LastIndexByte(s, '@')
	return at > 0 && at < len(s)-3 && strings.Contains(s[at+1:], ".") && !strings.ContainsAny(s, " <>,;\t") && len(s) <= 254
}

func toStrings(ms []style.WorkMode) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = string(m)
	}
	return out
}

func dedupe(in []string, clean func(string) string) []string {
	seen := map[string]bool{}
	out := make([]string, 0, len(in))
	for _, s := range in {
		s = clean(s)
		if s == "" || seen[s] {
			continue
		}
		seen[s] = true
		out = append(out, s)
	}
	return out
}

// apply copies an edited profile onto d.
func (d *Designer) apply(p Profile) {
	d.Name, d.Email, d.Phone, d.City, d.Bio = p.Name, p.Email, p.Phone, p.City, p.Bio
	d.DesignStyle, d.WorkPreferences, d.Specialties = p.DesignStyle, p.WorkPreferences, p.Specialties
	d.Experience, d.MinBudget, d.FirstProposal = p.Experience, p.MinBudget, p.FirstProposal
	d.Website, d.Portfolio, d.Instagram, d.Facebook = p.Website, p.Portfolio, p.Instagram, p.Facebook
	d.YouTube, d.TikTok, d.SocialWebsite = p.YouTube, p.TikTok, p.SocialWebsite
}

// ProfileOf returns the editable part of d.
func (d Designer) ProfileOf() Profile {
	return Profile{Name: d.Name, Email: d.Email, Phone: d.Phone, City: d.City, Bio: d.Bio, DesignStyle: d.DesignStyle,
		WorkPreferences: d.WorkPreferences, Specialties: d.Specialties, Experience: d.Experience, MinBudget: d.MinBudget,
		FirstProposal: d.FirstProposal, Website: d.Website, Portfolio: d.Portfolio, Instagram: d.Instagram,
		Facebook: d.Facebook, YouTube: d.YouTube, TikTok: d.TikTok, SocialWebsite: d.SocialWebsite}
}

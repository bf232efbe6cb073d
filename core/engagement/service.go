package engagement

import (
	"context"
	"strings"
	"time"

	"interno/core/email"
	"interno/core/kernel"
	"interno/core/unitofwork"
)

// Limits of the results e-mail.
const (
	// PerAddressPerDay bounds results e-mails to one address in 24 hours.
	PerAddressPerDay = 3
	// PerSenderPerHour bounds results e-mails one account or client sends in an hour.
	PerSenderPerHour = 10
	// MaxDesignersInMail is how many matched designers the e-mail lists.
	MaxDesignersInMail = 5
	// DefaultStatsDays is the e-mail statistics window the spec defaults to.
	DefaultStatsDays = 30
	// ResultsKind is the e-mail kind of the style results.
	ResultsKind = "style_results"
)

// Config holds the engagement settings.
type Config struct {
	// BaseURL is this site, for links in e-mails and the redirect check.
	BaseURL string
	Clock   func() time.Time
}

// Deps are the ports the service uses.
type Deps struct {
	Repo      Repository
	Designers Designers
	Accounts  Accounts
	Mail      email.Queue
	Tx        unitofwork.Transactor
	// Leads checks a visitor's questionnaire before the e-mail's links carry
	// it; nil carries none.
	Leads Leads
}

// Service runs the engagement use cases.
type Service struct {
	cfg Config
	d   Deps
}

// NewService fills in defaults and returns the service.
func NewService(cfg Config, d Deps) *Service {
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	return &Service{cfg: cfg, d: d}
}

// ToggleLike likes or unlikes a designer for a signed-in caller.
// A designer may not like their own profile (a like is a customer's signal to
// the designer and counts in their statistics); a like already there from
// before this rule can still be taken back.
func (s *Service) ToggleLike(ctx context.Context, c kernel.Principal, designerID int64) (Toggled, error) {
	d, err := s.d.Designers.Designer(ctx, designerID)
	if err != nil {
		return Toggled{}, err
	}
	if d.UserID != 0 && d.UserID == c.UserID {
		liked, err := s.d.Repo.Liked(ctx, c.UserID, designerID)
		if err != nil {
			return Toggled{}, err
		}
		if !liked {
			return Toggled{}, ErrOwnProfile
		}
	}
	return s.d.Repo.ToggleLike(ctx, c.UserID, designerID)
}

// IsLiked tells a signed-in caller whether they like the designer.
func (s *Service) IsLiked(ctx context.Context, c kernel.Principal, designerID int64) (bool, error) {
	if _, err := s.d.Designers.Designer(ctx, designerID); err != nil {
		return false, err
	}
	return s.d.Repo.Liked(ctx, c.UserID, designerID)
}

// LikeCount is public: anyone may see how many likes a designer has.
func (s *Service) LikeCount(ctx context.Context, designerID int64) (int, error) {
	if _, err := s.d.Designers.Designer(ctx, designerID); err != nil {
		return 0, err
	}
	return s.d.Repo.LikeCount(ctx, designerID)
}

// MyLikes lists the designers the caller likes, newest first.
func (s *Service) MyLikes(ctx context.Context, c kernel.Principal) ([]LikedDesigner, error) {
	return s.d.Repo.LikedBy(ctx, c.UserID)
}

// owner checks that the caller is the designer's own account or an admin.
func (s *Service) owner(ctx context.Context, c kernel.Principal, designerID int64) error {
	d, err := s.d.Designers.Designer(ctx, designerID)
	if err != nil {
		return err
	}
	if !c.IsAdmin() && (c.UserID == 0 || d.UserID != c.UserID) {
		return ErrStatsForbidden
	}
	return nil
}

// LikeStats shows who liked a designer and when: the designer and admins only.
func (s *Service) LikeStats(ctx context.Context, c kernel.Principal, designerID int64) (LikeStats, error) {
	if err := s.owner(ctx, c, designerID); err != nil {
		return LikeStats{}, err
	}
	likes, err := s.d.Repo.Likes(ctx, designerID)
	if err != nil {
		return LikeStats{}, err
	}
	return LikeStats{Total: len(likes), Likes: likes}, nil
}

// Share records that anyone (signed in or not) shared a designer; an empty
// platform means DefaultPlatform.
func (s *Service) Share(ctx context.Context, c kernel.Principal, designerID int64, platform string) (Share, error) {
	p := Platform(strings.ToLower(strings.TrimSpace(platform)))
	if p == "" {
		p = DefaultPlatform
	}
	if !p.Valid() {
		return Share{}, ErrPlatform
	}
	if _, err := s.d.Designers.Designer(ctx, designerID); err != nil {
		return Share{}, err
	}
	sh := Share{DesignerID: designerID, UserID: c.UserID, Platform: p, SharedAt: s.cfg.Clock().UTC()}
	if err := s.d.Repo.AddShare(ctx, sh); err != nil {
		return Share{}, err
	}
	return sh, nil
}

// ShareCount is public.
func (s *Service) ShareCount(ctx context.Context, designerID int64) (int, error) {
	if _, err := s.d.Designers.Designer(ctx, designerID); err != nil {
		return 0, err
	}
	return s.d.Repo.ShareCount(ctx, designerID)
}

// ShareStats shows shares per platform and who shared: the designer and admins only.
func (s *Service) ShareStats(ctx context.Context, c kernel.Principal, designerID int64) (ShareStats, error) {
	if err := s.owner(ctx, c, designerID); err != nil {
		return ShareStats{}, err
	}
	st, err := s.d.Repo.Shares(ctx, designerID)
	if err != nil {
		return ShareStats{}, err
	}
	for _, p := range Platforms {
		if _, ok := st.ByPlatform[p]; !ok {
			st.ByPlatform[p] = 0
		}
	}
	return st, nil
}

// AccountDeleted runs inside the account-deletion transaction: the account's
// likes go (and the counts they held), its shares and e-mails stay counted
// without a name.
func (s *Service) AccountDeleted(ctx context.Context, userID int64) error {
	return s.d.Repo.ForgetUser(ctx, userID)
}

package store

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"interno/core/designers"
	"interno/core/style"
)

type designerRow struct {
	ID              int64
	UserID          int64
	Name            string
	Phone           string
	City            string
	Bio             string
	ProfilePicture  string
	GalleryImages   string
	DesignStyle     string
	WorkPreferences string
	Specialties     string
	Experience      int
	MinBudget       int
	PrimaProposta   string
	Website         string
	Portfolio       string
	SocialInstagram string
	SocialFacebook  string
	SocialYoutube   string
	SocialTiktok    string
	SocialWebsite   string
	Verified        bool
	LikeCount       int
	CreatedAt       time.Time
	UpdatedAt       time.Time
	// Email comes from the joined users row; it is not a designers column.
	Email string `gorm:"->;-:migration"`
}

func (designerRow) TableName() string { return "designers" }

func jsonList[T any](s string) []T {
	var out []T
	_ = json.Unmarshal([]byte(s), &out)
	return out
}

func listJSON[T any](in []T) string {
	if len(in) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(in)
	return string(b)
}

func (r designerRow) toDesigner() designers.Designer {
	return designers.Designer{ID: r.ID, UserID: r.UserID, Name: r.Name, Email: r.Email, Phone: r.Phone, City: r.City,
		Bio: r.Bio, ProfilePicture: r.ProfilePicture, Gallery: jsonList[string](r.GalleryImages),
		DesignStyle: style.Code(r.DesignStyle), WorkPreferences: jsonList[style.WorkMode](r.WorkPreferences),
		Specialties: jsonList[string](r.Specialties), Experience: r.Experience, MinBudget: r.MinBudget,
		FirstProposal: r.PrimaProposta, Website: r.Website, Portfolio: r.Portfolio, Instagram: r.SocialInstagram,
		Facebook: r.SocialFacebook, YouTube: r.SocialYoutube, TikTok: r.SocialTiktok, SocialWebsite: r.SocialWebsite,
		Verified: r.Verified, LikeCount: r.LikeCount, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

func toDesignerRow(d designers.Designer) designerRow {
	return designerRow{ID: d.ID, UserID: d.UserID, Name: d.Name, Phone: d.Phone, City: d.City, Bio: d.Bio,
		ProfilePicture: d.ProfilePicture, GalleryImages: listJSON(d.Gallery), DesignStyle: string(d.DesignStyle),
		WorkPreferences: listJSON(d.WorkPreferences), Specialties: listJSON(d.Specialties), Experience: d.Experience,
		MinBudget: d.MinBudget, PrimaProposta: d.FirstProposal, Website: d.Website, Portfolio: d.Portfolio,
		SocialInstagram: d.Instagram, SocialFacebook: d.Facebook, SocialYoutube: d.YouTube, SocialTiktok: d.TikTok,
		SocialWebsite: d.SocialWebsite, Verified: d.Verified, LikeCount: d.LikeCount, CreatedAt: d.CreatedAt,
		UpdatedAt: d.UpdatedAt}
}

// DesignerRepo implements designers.Repository.
type DesignerRepo struct{ db *DB }

// NewDesignerRepo returns the repository.
func NewDesignerRepo(db *DB) *DesignerRepo { return &DesignerRepo{db: db} }

// designerColumns lists the designers columns a profile write sets
// (explicitly, so the joined e-mail never reaches an INSERT or UPDATE).
// like_count is not among them: it is the count of the designer's likes rows,
// set only by EngagementRepo in the transaction that changes those rows, so no
// profile write (a seed, an edit read before a like) can store another number.
var designerColumns = []string{"user_id", "name", "phone", "city", "bio", "profile_picture", "gallery_images",
	"design_style", "work_preferences", "specialties", "experience", "min_budget", "prima_proposta", "website",
	"portfolio", "social_instagram", "social_facebook", "social_youtube", "social_tiktok", "social_website",
	"verified", "updated_at"}

func (r *DesignerRepo) query(ctx context.Context) *gorm.DB {
	return r.db.Conn(ctx).Table("designers").Select("designers.*, users.email AS email").
		Joins("JOIN users ON users.id = designers.user_id")
}

func designerErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, gorm.ErrRecordNotFound):
		return designers.ErrNotFound
	case UniqueViolation(err, "email"), UniqueViolation(err, "user_id"):
		return designers.ErrEmailTaken.WithCause(err)
	}
	return translate(err)
}

// Create inserts the profile of an existing account.
func (r *DesignerRepo) Create(ctx context.Context, d *designers.Designer) error {
	row := toDesignerRow(*d)
	row.ID = 0
	now := r.db.Now()
	row.CreatedAt, row.UpdatedAt = now, now
	if err := r.db.Conn(ctx).Select(append(designerColumns, "created_at")).Create(&row).Error; err != nil {
		return designerErr(err)
	}
	d.ID, d.CreatedAt, d.UpdatedAt = row.ID, row.CreatedAt, row.UpdatedAt
	return nil
}

func (r *DesignerRepo) take(ctx context.Context, where string, arg any) (designers.Designer, error) {
	var row designerRow
	if err := r.query(ctx).Where(where, arg).Take(&row).Error; err != nil {
		return designers.Designer{}, designerErr(err)
	}
	return row.toDesigner(), nil
}

// ByID loads a profile.
func (r *DesignerRepo) ByID(ctx context.Context, id int64) (designers.Designer, error) {
	return r.take(ctx, "designers.id = ?", id)
}

// ByUserID loads the profile of an account.
func (r *DesignerRepo) ByUserID(ctx context.Context, userID int64) (designers.Designer, error) {
	return r.take(ctx, "designers.user_id = ?", userID)
}

// ByEmail loads the profile whose account has that e-mail.
func (r *DesignerRepo) ByEmail(ctx context.Context, email string) (designers.Designer, error) {
	return r.take(ctx, "users.email = ?", email)
}

// ByIDs loads several profiles in the order asked.
func (r *DesignerRepo) ByIDs(ctx context.Context, ids []int64) ([]designers.Designer, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	var rows []designerRow
	if err := r.query(ctx).Where("designers.id IN ?", ids).Find(&rows).Error; err != nil {
		return nil, designerErr(err)
	}
	byID := make(map[int64]designers.Designer, len(rows))
	for _, row := range rows {
		byID[row.ID] = row.toDesigner()
	}
	out := make([]designers.Designer, 0, len(ids))
	for _, id := range ids {
		if d, ok := byID[id]; ok {
			out = append(out, d)
		}
	}
	return out, nil
}

// List returns a page, newest first, and the total.
func (r *DesignerRepo) List(ctx context.Context, q designers.ListQuery) ([]designers.Designer, int, error) {
	base := r.query(ctx)
	if q.Email != "" {
		base = base.Where(`users.email LIKE ? ESCAPE '\'`, "%"+likeEscape(strings.ToLower(q.Email))+"%")
	}
	if q.Query != "" {
		like := "%" + likeEscape(strings.ToLower(q.Query)) + "%"
		base = base.Where(`(LOWER(designers.name) LIKE ? ESCAPE '\' OR LOWER(designers.city) LIKE ? ESCAPE '\' OR users.email LIKE ? ESCAPE '\' OR designers.phone LIKE ? ESCAPE '\')`, like, like, like, like)
	}
	var total int64
	if err := base.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, designerErr(err)
	}
	var rows []designerRow
	if err := base.Order("designers.created_at DESC, designers.id DESC").Offset(q.Offset).Limit(q.Limit).Find(&rows).Error; err != nil {
		return nil, 0, designerErr(err)
	}
	out := make([]designers.Designer, len(rows))
	for i, row := range rows {
		out[i] = row.toDesigner()
	}
	return out, int(total), nil
}

func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// Update changes a profile and, when the e-mail changed, the account's e-mail,
// in one transaction with the profile row locked on PostgreSQL.
func (r *DesignerRepo) Update(ctx context.Context, id int64, fn func(*designers.Designer) error) (designers.Designer, error) {
	var out designers.Designer
	err := r.db.InTx(ctx, func(ctx context.Context) error {
		q := r.query(ctx)
		if r.db.dialect == Postgres {
			q = q.Clauses(clause.Locking{Strength: "UPDATE", Table: clause.Table{Name: "designers"}})
		}
		var row designerRow
		if err := q.Where("designers.id = ?", id).Take(&row).Error; err != nil {
			return designerErr(err)
		}
		d := row.toDesigner()
		if err := fn(&d); err != nil {
			return err
		}
		d.ID, d.UserID, d.CreatedAt = row.ID, row.UserID, row.CreatedAt
		d.UpdatedAt = r.db.Now()
		next := toDesignerRow(d)
		if err := r.db.Conn(ctx).Table("designers").Where("id = ?", id).Select(designerColumns).Updates(&next).Error; err != nil {
			return designerErr(err)
		}
		if d.Email != row.Email {
			if err := r.db.Conn(ctx).Table("users").Where("id = ?", row.UserID).
				Updates(map[string]any{"email": d.Email, "updated_at": d.UpdatedAt}).Error; err != nil {
				return designerErr(err)
			}
		}
		if d.Name != row.Name {
			if err := r.db.Conn(ctx).Table("users").Where("id = ?", row.UserID).Update("name", d.Name).Error; err != nil {
				return designerErr(err)
			}
		}
		next.Email = d.Email
		out = next.toDesigner()
		return nil
	})
	return out, err
}

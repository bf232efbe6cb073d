package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"interno/core/admin"
)

// AdminRepo implements the admin panel's ports: the account and designer
// directory, the appointment counts and the audit trail.
type AdminRepo struct{ db *DB }

// NewAdminRepo returns the repository.
func NewAdminRepo(db *DB) *AdminRepo { return &AdminRepo{db: db} }

type adminUserRow struct {
	ID          int64
	Email       string
	Name        string
	Location    string
	Role        string
	GoogleSub   *string
	HasPassword bool
	CreatedAt   time.Time
}

func (r adminUserRow) toUser() admin.User {
	u := admin.User{ID: r.ID, Email: r.Email, Name: r.Name, Location: r.Location, Role: r.Role,
		HasPassword: r.HasPassword, CreatedAt: r.CreatedAt}
	if r.GoogleSub != nil {
		u.GoogleID = *r.GoogleSub
	}
	return u
}

// page applies offset and limit; limit 0 is the whole list.
func page(q *gorm.DB, aq admin.Query) *gorm.DB {
	if aq.Offset > 0 {
		q = q.Offset(aq.Offset)
	}
	if aq.Limit > 0 {
		q = q.Limit(aq.Limit)
	}
	return q
}

// Users lists customer and admin accounts, newest first. The password hash
// never leaves the database: only whether there is one.
func (r *AdminRepo) Users(ctx context.Context, q admin.Query) ([]admin.User, int, error) {
	base := r.db.Conn(ctx).Table("users").Where("role IN ?", []string{admin.RoleUser, admin.RoleAdmin})
	if q.Search != "" {
		like := "%" + likeEscape(q.Search) + "%"
		base = base.Where(`(LOWER(email) LIKE ? ESCAPE '\' OR LOWER(name) LIKE ? ESCAPE '\' OR LOWER(location) LIKE ? ESCAPE '\')`, like, like, like)
	}
	var total int64
	if err := base.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, translate(err)
	}
	var rows []adminUserRow
	err := page(base.Select("id, email, name, location, role, google_sub, (password_hash <> '') AS has_password, created_at").
		Order("created_at DESC, id DESC"), q).Find(&rows).Error
	if err != nil {
		return nil, 0, translate(err)
	}
	out := make([]admin.User, len(rows))
	for i, row := range rows {
		out[i] = row.toUser()
	}
	return out, int(total), nil
}

type adminDesignerRow struct {
	ID            int64
	UserID        int64
	Name          string
	Email         string
	Phone         string
	City          string
	DesignStyle   string
	PrimaProposta string
	Verified      bool
	CreatedAt     time.Time
}

// Designers lists designer profiles with their account e-mail, newest first.
func (r *AdminRepo) Designers(ctx context.Context, q admin.Query) ([]admin.Designer, int, error) {
	base := r.db.Conn(ctx).Table("designers").Joins("JOIN users ON users.id = designers.user_id")
	if q.Search != "" {
		like := "%" + likeEscape(q.Search) + "%"
		base = base.Where(`(LOWER(designers.name) LIKE ? ESCAPE '\' OR LOWER(users.email) LIKE ? ESCAPE '\' OR LOWER(designers.phone) LIKE ? ESCAPE '\' OR LOWER(designers.city) LIKE ? ESCAPE '\')`, like, like, like, like)
	}
	var total int64
	if err := base.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, translate(err)
	}
	var rows []adminDesignerRow
	err := page(base.Select("designers.id, designers.user_id, designers.name, users.email AS email, designers.phone, designers.city, "+
		"designers.design_style, designers.prima_proposta, designers.verified, designers.created_at").
		Order("designers.created_at DESC, designers.id DESC"), q).Find(&rows).Error
	if err != nil {
		return nil, 0, translate(err)
	}
	out := make([]admin.Designer, len(rows))
	for i, row := range rows {
		out[i] = admin.Designer(row)
	}
	return out, int(total), nil
}

// Counts returns the account and designer totals and what is new since since.
func (r *AdminRepo) Counts(ctx context.Context, since time.Time) (admin.Counts, error) {
	var c admin.Counts
	count := func(dst *int, table string, where string, args ...any) error {
		var n int64
		if err := r.db.Conn(ctx).Table(table).Where(where, args...).Count(&n).Error; err != nil {
			return translate(err)
		}
		*dst = int(n)
		return nil
	}
	for _, step := range []func() error{
		func() error { return count(&c.Customers, "users", "role = ?", admin.RoleUser) },
		func() error { return count(&c.Admins, "users", "role = ?", admin.RoleAdmin) },
		func() error { return count(&c.Designers, "designers", "1 = 1") },
		func() error { return count(&c.VerifiedDesigners, "designers", "verified = ?", true) },
		func() error {
			return count(&c.NewCustomers, "users", "role = ? AND created_at >= ?", admin.RoleUser, since)
		},
		func() error { return count(&c.NewDesigners, "designers", "created_at >= ?", since) },
	} {
		if err := step(); err != nil {
			return admin.Counts{}, err
		}
	}
	return c, nil
}

// CountByStatus reads the scheduling tables: appointments per status, every
// status present with zero when there are none.
func (r *AdminRepo) CountByStatus(ctx context.Context) (map[string]int, error) {
	var rows []struct {
		Status string
		N      int
	}
	if err := r.db.Conn(ctx).Table("appointments").Select("status, COUNT(*) AS n").Group("status").Find(&rows).Error; err != nil {
		return nil, translate(err)
	}
	out := map[string]int{"pending": 0, "confirmed": 0, "completed": 0, "cancelled": 0}
	for _, row := range rows {
		out[row.Status] = row.N
	}
	return out, nil
}

// Activity reads the messaging and engagement tables: messages sent since
// dayStart, likes and conversations in total.
func (r *AdminRepo) Activity(ctx context.Context, dayStart time.Time) (admin.Activity, error) {
	var a admin.Activity
	for _, step := range []struct {
		dst   *int
		table string
		where string
		args  []any
	}{
		{&a.MessagesToday, "messages", "created_at >= ?", []any{dayStart}},
		{&a.Likes, "likes", "1 = 1", nil},
		{&a.Conversations, "contacts", "1 = 1", nil},
	} {
		var n int64
		if err := r.db.Conn(ctx).Table(step.table).Where(step.where, step.args...).Count(&n).Error; err != nil {
			return admin.Activity{}, translate(err)
		}
		*step.dst = int(n)
	}
	return a, nil
}

type auditRow struct {
	ID          int64
	ActorID     int64
	ActorEmail  string
	Action      string
	TargetType  string
	TargetID    int64
	TargetLabel string
	Details     string
	CreatedAt   time.Time
}

func (auditRow) TableName() string { return "admin_audit" }

// Record stores an audit entry in the caller's transaction.
func (r *AdminRepo) Record(ctx context.Context, e *admin.Entry) error {
	row := auditRow(*e)
	row.ID = 0
	row.CreatedAt = r.db.Now()
	if err := r.db.Conn(ctx).Create(&row).Error; err != nil {
		return translate(err)
	}
	e.ID, e.CreatedAt = row.ID, row.CreatedAt
	return nil
}

// List returns audit entries newest first; the search matches the actor, the
// target or the action.
func (r *AdminRepo) List(ctx context.Context, q admin.Query) ([]admin.Entry, int, error) {
	base := r.db.Conn(ctx).Table("admin_audit")
	if q.Search != "" {
		like := "%" + likeEscape(q.Search) + "%"
		base = base.Where(`(LOWER(actor_email) LIKE ? ESCAPE '\' OR LOWER(target_label) LIKE ? ESCAPE '\' OR action LIKE ? ESCAPE '\')`, like, like, like)
	}
	var total int64
	if err := base.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, translate(err)
	}
	var rows []auditRow
	if err := page(base.Order("created_at DESC, id DESC"), q).Find(&rows).Error; err != nil {
		return nil, 0, translate(err)
	}
	out := make([]admin.Entry, len(rows))
	for i, row := range rows {
		out[i] = admin.Entry(row)
	}
	return out, int(total), nil
}

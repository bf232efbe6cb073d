package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"interno/core/engagement"
)

type likeRow struct {
	ID         int64
	UserID     int64
	DesignerID int64
	CreatedAt  time.Time
}

func (likeRow) TableName() string { return "likes" }

type shareRow struct {
	ID         int64
	DesignerID int64
	UserID     *int64
	Platform   string
	CreatedAt  time.Time
}

func (shareRow) TableName() string { return "shares" }

type emailSendRow struct {
	ID         int64
	TrackingID string
	Kind       string
	Recipient  string
	Sender     string
	UserID     *int64
	SentAt     time.Time
}

func (emailSendRow) TableName() string { return "email_sends" }

type emailClickRow struct {
	ID        int64
	SendID    int64
	URL       string `gorm:"column:url"`
	ClickedAt time.Time
}

func (emailClickRow) TableName() string { return "email_clicks" }

// EngagementRepo implements engagement.Repository.
type EngagementRepo struct{ db *DB }

// NewEngagementRepo returns the repository.
func NewEngagementRepo(db *DB) *EngagementRepo { return &EngagementRepo{db: db} }

// ToggleLike locks the designer row (PostgreSQL; SQLite's immediate
// transactions already run one at a time), flips the like and sets the
// designer's like_count from the rows, so the count never drifts.
func (r *EngagementRepo) ToggleLike(ctx context.Context, userID, designerID int64) (engagement.Toggled, error) {
	var out engagement.Toggled
	err := r.db.InTx(ctx, func(ctx context.Context) error {
		conn := r.db.Conn(ctx)
		lock := "SELECT id FROM designers WHERE id = ?"
		if r.db.dialect == Postgres {
			lock += " FOR UPDATE"
		}
		var ids []int64
		if err := conn.Raw(lock, designerID).Scan(&ids).Error; err != nil {
			return err
		}
		if len(ids) == 0 {
			return engagement.ErrDesignerNotFound
		}
		res := conn.Where("user_id = ? AND designer_id = ?", userID, designerID).Delete(&likeRow{})
		if res.Error != nil {
			return res.Error
		}
		out.Liked = res.RowsAffected == 0
		if out.Liked {
			if err := conn.Create(&likeRow{UserID: userID, DesignerID: designerID, CreatedAt: r.db.Now()}).Error; err != nil {
				return err
			}
		}
		n, err := r.syncCount(ctx, designerID)
		out.LikeCount = n
		return err
	})
	if ForeignKeyViolation(err) {
		return engagement.Toggled{}, engagement.ErrDesignerNotFound.WithCause(err)
	}
	if err != nil {
		return engagement.Toggled{}, translate(err)
	}
	return out, nil
}

// syncCount sets designers.like_count from the likes rows and returns it.
func (r *EngagementRepo) syncCount(ctx context.Context, designerID int64) (int, error) {
	conn := r.db.Conn(ctx)
	if err := conn.Exec("UPDATE designers SET like_count = (SELECT COUNT(*) FROM likes WHERE designer_id = ?) WHERE id = ?",
		designerID, designerID).Error; err != nil {
		return 0, err
	}
	var n int64
	err := conn.Raw("SELECT like_count FROM designers WHERE id = ?", designerID).Scan(&n).Error
	return int(n), err
}

// Liked reports whether the account likes the designer.
func (r *EngagementRepo) Liked(ctx context.Context, userID, designerID int64) (bool, error) {
	var n int64
	err := r.db.Conn(ctx).Model(&likeRow{}).Where("user_id = ? AND designer_id = ?", userID, designerID).Count(&n).Error
	return n > 0, translate(err)
}

// LikeCount counts the designer's like rows.
func (r *EngagementRepo) LikeCount(ctx context.Context, designerID int64) (int, error) {
	var n int64
	err := r.db.Conn(ctx).Model(&likeRow{}).Where("designer_id = ?", designerID).Count(&n).Error
	return int(n), translate(err)
}

// Likes lists who liked a designer, newest first.
func (r *EngagementRepo) Likes(ctx context.Context, designerID int64) ([]engagement.Like, error) {
	var rows []struct {
		UserID    int64
		UserName  string
		CreatedAt time.Time
	}
	err := r.db.Conn(ctx).Table("likes").Select("likes.user_id, users.name AS user_name, likes.created_at").
		Joins("JOIN users ON users.id = likes.user_id").Where("likes.designer_id = ?", designerID).
		Order("likes.created_at DESC, likes.id DESC").Scan(&rows).Error
	if err != nil {
		return nil, translate(err)
	}
	out := make([]engagement.Like, len(rows))
	for i, l := range rows {
		out[i] = engagement.Like{UserID: l.UserID, UserName: l.UserName, LikedAt: l.CreatedAt.UTC()}
	}
	return out, nil
}

// LikedBy lists the designers an account likes, newest first.
func (r *EngagementRepo) LikedBy(ctx context.Context, userID int64) ([]engagement.LikedDesigner, error) {
	var rows []likeRow
	if err := r.db.Conn(ctx).Where("user_id = ?", userID).Order("created_at DESC, id DESC").Find(&rows).Error; err != nil {
		return nil, translate(err)
	}
	out := make([]engagement.LikedDesigner, len(rows))
	for i, l := range rows {
		out[i] = engagement.LikedDesigner{DesignerID: l.DesignerID, LikedAt: l.CreatedAt.UTC()}
	}
	return out, nil
}

func nullableID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

// AddShare records a share.
func (r *EngagementRepo) AddShare(ctx context.Context, s engagement.Share) error {
	err := r.db.Conn(ctx).Create(&shareRow{DesignerID: s.DesignerID, UserID: nullableID(s.UserID), Platform: string(s.Platform),
		CreatedAt: s.SharedAt.UTC()}).Error
	if ForeignKeyViolation(err) {
		return engagement.ErrDesignerNotFound.WithCause(err)
	}
	return translate(err)
}

// ShareCount counts a designer's shares.
func (r *EngagementRepo) ShareCount(ctx context.Context, designerID int64) (int, error) {
	var n int64
	err := r.db.Conn(ctx).Model(&shareRow{}).Where("designer_id = ?", designerID).Count(&n).Error
	return int(n), translate(err)
}

// Shares returns per-platform totals and the signed-in sharers.
func (r *EngagementRepo) Shares(ctx context.Context, designerID int64) (engagement.ShareStats, error) {
	st := engagement.ShareStats{ByPlatform: map[engagement.Platform]int{}}
	var per []struct {
		Platform string
		N        int
	}
	conn := r.db.Conn(ctx)
	if err := conn.Model(&shareRow{}).Select("platform, COUNT(*) AS n").Where("designer_id = ?", designerID).
		Group("platform").Scan(&per).Error; err != nil {
		return st, translate(err)
	}
	for _, p := range per {
		st.ByPlatform[engagement.Platform(p.Platform)] = p.N
		st.Total += p.N
	}
	var rows []struct {
		UserID    int64
		UserName  string
		UserEmail string
		Platform  string
		CreatedAt time.Time
	}
	if err := conn.Table("shares").Select("shares.user_id, users.name AS user_name, users.email AS user_email, shares.platform, shares.created_at").
		Joins("JOIN users ON users.id = shares.user_id").Where("shares.designer_id = ?", designerID).
		Order("shares.created_at DESC, shares.id DESC").Limit(500).Scan(&rows).Error; err != nil {
		return st, translate(err)
	}
	for _, s := range rows {
		st.Sharers = append(st.Sharers, engagement.Share{DesignerID: designerID, UserID: s.UserID, UserName: s.UserName, UserEmail: s.UserEmail,
			Platform: engagement.Platform(s.Platform), SharedAt: s.CreatedAt.UTC()})
	}
	return st, nil
}

// ForgetUser drops the account's likes and fixes the counts they held, and
// detaches its shares and e-mails (forgetting the address).
func (r *EngagementRepo) ForgetUser(ctx context.Context, userID int64) error {
	return r.db.InTx(ctx, func(ctx context.Context) error {
		conn := r.db.Conn(ctx)
		var designers []int64
		if err := conn.Model(&likeRow{}).Where("user_id = ?", userID).Order("designer_id").Pluck("designer_id", &designers).Error; err != nil {
			return err
		}
		if err := conn.Where("user_id = ?", userID).Delete(&likeRow{}).Error; err != nil {
			return err
		}
		for _, d := range designers {
			if _, err := r.syncCount(ctx, d); err != nil {
				return err
			}
		}
		if err := conn.Model(&shareRow{}).Where("user_id = ?", userID).Update("user_id", nil).Error; err != nil {
			return err
		}
		return conn.Model(&emailSendRow{}).Where("user_id = ?", userID).
			Updates(map[string]any{"user_id": nil, "recipient": ""}).Error
	})
}

// AddSend records a tracked e-mail.
func (r *EngagementRepo) AddSend(ctx context.Context, s engagement.Send) error {
	err := r.db.Conn(ctx).Create(&emailSendRow{TrackingID: s.TrackingID, Kind: s.Kind, Recipient: s.Recipient, Sender: s.Sender,
		UserID: nullableID(s.UserID), SentAt: s.SentAt.UTC()}).Error
	return translate(err)
}

// CountSends counts e-mails by kind, recipient or sender since a time.
func (r *EngagementRepo) CountSends(ctx context.Context, kind, recipient, sender string, since time.Time) (int, error) {
	q := r.db.Conn(ctx).Model(&emailSendRow{}).Where("sent_at >= ?", since.UTC())
	if kind != "" {
		q = q.Where("kind = ?", kind)
	}
	if recipient != "" {
		q = q.Where("recipient = ?", recipient)
	}
	if sender != "" {
		q = q.Where("sender = ?", sender)
	}
	var n int64
	err := q.Count(&n).Error
	return int(n), translate(err)
}

// AddClick records a click of a tracked link.
func (r *EngagementRepo) AddClick(ctx context.Context, trackingID, url string, at time.Time) error {
	var send emailSendRow
	err := r.db.Conn(ctx).Where("tracking_id = ?", trackingID).Take(&send).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return engagement.ErrTrackingNotFound
	}
	if err != nil {
		return translate(err)
	}
	return translate(r.db.Conn(ctx).Create(&emailClickRow{SendID: send.ID, URL: url, ClickedAt: at.UTC()}).Error)
}

// SendStats counts sent and clicked e-mails per kind since a time.
func (r *EngagementRepo) SendStats(ctx context.Context, since time.Time, kind string) ([]engagement.KindStats, error) {
	q := r.db.Conn(ctx).Table("email_sends").
		Select("kind, COUNT(*) AS sent, SUM(CASE WHEN EXISTS (SELECT 1 FROM email_clicks c WHERE c.send_id = email_sends.id) THEN 1 ELSE 0 END) AS clicked").
		Where("sent_at >= ?", since.UTC())
	if kind != "" {
		q = q.Where("kind = ?", kind)
	}
	var rows []struct {
		Kind    string
		Sent    int
		Clicked int
	}
	if err := q.Group("kind").Order("kind").Scan(&rows).Error; err != nil {
		return nil, translate(err)
	}
	out := make([]engagement.KindStats, len(rows))
	for i, s := range rows {
		out[i] = engagement.KindStats{Kind: s.Kind, Sent: s.Sent, Clicked: s.Clicked}
	}
	return out, nil
}

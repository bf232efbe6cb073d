package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"interno/core/push"
	"interno/core/trace"
)

type pushSubscriptionRow struct {
	ID            int64
	UserID        int64
	Endpoint      string
	P256dh        string `gorm:"column:p256dh"`
	Auth          string
	Categories    string
	UserAgent     string
	ExpiresAt     *time.Time
	LastSuccessAt *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (pushSubscriptionRow) TableName() string { return "push_subscriptions" }

type pushPreferencesRow struct {
	UserID       int64 `gorm:"primaryKey;autoIncrement:false"`
	Messages     bool
	Appointments bool
	Reminders    bool
	UpdatedAt    time.Time
}

func (pushPreferencesRow) TableName() string { return "push_preferences" }

type pushJobRow struct {
	ID             int64
	ParentID       *int64
	SubscriptionID *int64
	UserID         int64
	Kind           string
	Category       string
	DedupeKey      *string
	Topic          string
	Payload        string
	Urgency        string
	SendAfter      time.Time
	ExpiresAt      time.Time
	LeaseUntil     *time.Time
	Attempts       int
	LastError      string
	RequestID      string
	SentAt         *time.Time
	Dead           bool
	CreatedAt      time.Time
}

func (pushJobRow) TableName() string { return "push_jobs" }

type pushShownRow struct {
	SubscriptionID int64 `gorm:"primaryKey;autoIncrement:false"`
	Tag            string
	ShownAt        time.Time
}

func (pushShownRow) TableName() string { return "push_shown" }

// PushRepo keeps devices, preferences and the durable push queue: it
// implements push.Repository and push.Queue.
type PushRepo struct{ db *DB }

// NewPushRepo returns the repository.
func NewPushRepo(db *DB) *PushRepo { return &PushRepo{db: db} }

func toSubscription(r pushSubscriptionRow) push.Subscription {
	s := push.Subscription{ID: r.ID, UserID: r.UserID, Endpoint: r.Endpoint, P256dh: r.P256dh, Auth: r.Auth, UserAgent: r.UserAgent,
		ExpiresAt: utcPtr(r.ExpiresAt), LastSuccessAt: utcPtr(r.LastSuccessAt), CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
	if r.Categories != "" {
		for _, c := range strings.Split(r.Categories, ",") {
			s.Categories = append(s.Categories, push.Category(c))
		}
	}
	return s
}

func joinCategories(cs []push.Category) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = string(c)
	}
	return strings.Join(parts, ",")
}

// SaveSubscription upserts by endpoint. A device that changes account loses
// what was queued or shown for the previous one: nothing of theirs reaches it.
func (r *PushRepo) SaveSubscription(ctx context.Context, s push.Subscription) (push.Subscription, bool, error) {
	var out push.Subscription
	var created bool
	save := func(ctx context.Context) error {
		conn := r.db.Conn(ctx)
		var row pushSubscriptionRow
		err := r.lock(conn).Where("endpoint = ?", s.Endpoint).Take(&row).Error
		switch {
		case errors.Is(err, gorm.ErrRecordNotFound):
			row = pushSubscriptionRow{UserID: s.UserID, Endpoint: s.Endpoint, CreatedAt: s.CreatedAt.UTC()}
			created = true
		case err != nil:
			return err
		case row.UserID != s.UserID:
			if err := conn.Where("subscription_id = ? AND sent_at IS NULL", row.ID).Delete(&pushJobRow{}).Error; err != nil {
				return err
			}
			if err := conn.Where("subscription_id = ?", row.ID).Delete(&pushShownRow{}).Error; err != nil {
				return err
			}
			row.LastSuccessAt = nil
		}
		row.UserID, row.P256dh, row.Auth, row.Categories, row.UserAgent = s.UserID, s.P256dh, s.Auth, joinCategories(s.Categories), s.UserAgent
		row.ExpiresAt, row.UpdatedAt = s.ExpiresAt, s.UpdatedAt.UTC()
		if err := conn.Save(&row).Error; err != nil {
			return err
		}
		out = toSubscription(row)
		return nil
	}
	err := r.db.InTx(ctx, save)
	if UniqueViolation(err, "endpoint") {
		// Two first registrations of one endpoint raced: the loser updates.
		created = false
		err = r.db.InTx(ctx, save)
	}
	return out, created, translate(err)
}

// lock adds FOR UPDATE on PostgreSQL (SQLite transactions take the write lock at BEGIN).
func (r *PushRepo) lock(conn *gorm.DB) *gorm.DB {
	if r.db.dialect == Postgres {
		return conn.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	return conn
}

// Subscriptions lists an account's devices, most recently registered first.
func (r *PushRepo) Subscriptions(ctx context.Context, userID int64) ([]push.Subscription, error) {
	var rows []pushSubscriptionRow
	if err := r.db.Conn(ctx).Where("user_id = ?", userID).Order("updated_at DESC, id DESC").Find(&rows).Error; err != nil {
		return nil, translate(err)
	}
	out := make([]push.Subscription, len(rows))
	for i, row := range rows {
		out[i] = toSubscription(row)
	}
	return out, nil
}

// HasSubscriptions reports whether the account has any device.
func (r *PushRepo) HasSubscriptions(ctx context.Context, userID int64) (bool, error) {
	var ids []int64
	err := r.db.Conn(ctx).Model(&pushSubscriptionRow{}).Where("user_id = ?", userID).Limit(1).Pluck("id", &ids).Error
	return len(ids) > 0, translate(err)
}

// DeleteSubscription removes one of the account's devices by endpoint or id.
func (r *PushRepo) DeleteSubscription(ctx context.Context, userID int64, endpoint string, id int64) error {
	q := r.db.Conn(ctx).Where("user_id = ?", userID)
	if endpoint != "" {
		q = q.Where("endpoint = ?", endpoint)
	} else {
		q = q.Where("id = ?", id)
	}
	res := q.Delete(&pushSubscriptionRow{})
	if res.Error != nil {
		return translate(res.Error)
	}
	if res.RowsAffected == 0 {
		return push.ErrNotFound
	}
	return nil
}

// DropSubscription removes a device the push service says is gone.
func (r *PushRepo) DropSubscription(ctx context.Context, id int64) error {
	res := r.db.Conn(ctx).Where("id = ?", id).Delete(&pushSubscriptionRow{})
	if res.Error != nil {
		return translate(res.Error)
	}
	if res.RowsAffected == 0 {
		return push.ErrNotFound
	}
	return nil
}

// TrimSubscriptions keeps the account's keep most recently updated devices.
func (r *PushRepo) TrimSubscriptions(ctx context.Context, userID int64, keep int) error {
	var ids []int64
	err := r.db.Conn(ctx).Model(&pushSubscriptionRow{}).Where("user_id = ?", userID).
		Order("updated_at DESC, id DESC").Offset(keep).Limit(1000).Pluck("id", &ids).Error
	if err != nil || len(ids) == 0 {
		return translate(err)
	}
	return translate(r.db.Conn(ctx).Where("id IN ?", ids).Delete(&pushSubscriptionRow{}).Error)
}

// Delivered records a device's last successful delivery.
func (r *PushRepo) Delivered(ctx context.Context, id int64, at time.Time) error {
	return translate(r.db.Conn(ctx).Model(&pushSubscriptionRow{}).Where("id = ?", id).Update("last_success_at", at.UTC()).Error)
}

// Preferences returns the account's switches, push.DefaultPreferences when unset.
func (r *PushRepo) Preferences(ctx context.Context, userID int64) (push.Preferences, error) {
	var row pushPreferencesRow
	err := r.db.Conn(ctx).Where("user_id = ?", userID).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return push.DefaultPreferences, nil
	}
	if err != nil {
		return push.Preferences{}, translate(err)
	}
	return push.Preferences{Messages: row.Messages, Appointments: row.Appointments, Reminders: row.Reminders}, nil
}

// SavePreferences upserts the account's switches.
func (r *PushRepo) SavePreferences(ctx context.Context, userID int64, p push.Preferences, at time.Time) error {
	row := pushPreferencesRow{UserID: userID, Messages: p.Messages, Appointments: p.Appointments, Reminders: p.Reminders, UpdatedAt: at.UTC()}
	return translate(r.db.Conn(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "user_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"messages", "appointments", "reminders", "updated_at"}),
	}).Create(&row).Error)
}

// MarkShown remembers that a device was sent a visible notification with tag.
func (r *PushRepo) MarkShown(ctx context.Context, subscriptionID int64, tag string, at time.Time) error {
	row := pushShownRow{SubscriptionID: subscriptionID, Tag: tag, ShownAt: at.UTC()}
	err := r.db.Conn(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "subscription_id"}, {Name: "tag"}},
		DoUpdates: clause.AssignmentColumns([]string{"shown_at"}),
	}).Create(&row).Error
	if ForeignKeyViolation(err) {
		return nil // the device was deleted meanwhile
	}
	return translate(err)
}

func (r *PushRepo) shownOf(ctx context.Context, userID int64, tag string) *gorm.DB {
	return r.db.Conn(ctx).Model(&pushShownRow{}).Where("tag = ? AND subscription_id IN (?)", tag,
		r.db.Conn(ctx).Model(&pushSubscriptionRow{}).Select("id").Where("user_id = ?", userID))
}

// HasShown reports whether a device of the account shows the tag's notification.
func (r *PushRepo) HasShown(ctx context.Context, userID int64, tag string) (bool, error) {
	var ids []int64
	err := r.shownOf(ctx, userID, tag).Limit(1).Pluck("subscription_id", &ids).Error
	return len(ids) > 0, translate(err)
}

// TakeShown forgets and returns the devices of the account that show tag.
func (r *PushRepo) TakeShown(ctx context.Context, userID int64, tag string) ([]int64, error) {
	var ids []int64
	if err := r.shownOf(ctx, userID, tag).Pluck("subscription_id", &ids).Error; err != nil || len(ids) == 0 {
		return ids, translate(err)
	}
	err := r.db.Conn(ctx).Where("tag = ? AND subscription_id IN ?", tag, ids).Delete(&pushShownRow{}).Error
	return ids, translate(err)
}

func fromJob(j push.Job) pushJobRow {
	row := pushJobRow{UserID: j.UserID, Kind: string(j.Kind), Category: string(j.Category), Topic: j.Topic, Payload: string(j.Payload),
		Urgency: string(j.Urgency), SendAfter: j.SendAfter.UTC(), ExpiresAt: j.ExpiresAt.UTC(), RequestID: j.RequestID}
	if j.DedupeKey != "" {
		k := j.DedupeKey
		row.DedupeKey = &k
	}
	if j.ParentID != 0 {
		p := j.ParentID
		row.ParentID = &p
	}
	if j.SubscriptionID != 0 {
		s := j.SubscriptionID
		row.SubscriptionID = &s
	}
	return row
}

func toJob(r pushJobRow) push.Job {
	j := push.Job{ID: r.ID, UserID: r.UserID, Kind: push.Kind(r.Kind), Category: push.Category(r.Category), Topic: r.Topic,
		Payload: []byte(r.Payload), Urgency: push.Urgency(r.Urgency), SendAfter: r.SendAfter.UTC(), ExpiresAt: r.ExpiresAt.UTC(), Attempts: r.Attempts, RequestID: r.RequestID}
	if r.DedupeKey != nil {
		j.DedupeKey = *r.DedupeKey
	}
	if r.ParentID != nil {
		j.ParentID = *r.ParentID
	}
	if r.SubscriptionID != nil {
		j.SubscriptionID = *r.SubscriptionID
	}
	return j
}

// Enqueue stores a parent job in the caller's transaction; a job whose
// dedupe key is already queued (or was sent) is dropped.
func (r *PushRepo) Enqueue(ctx context.Context, j push.Job) error {
	row := fromJob(j)
	row.CreatedAt = r.db.Now()
	if row.RequestID == "" {
		row.RequestID = trace.RequestID(ctx)
	}
	return translate(r.db.Conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error)
}

// Due claims up to limit due jobs, leasing them until leaseUntil (claimDue),
// with each child's subscription keys.
func (r *PushRepo) Due(ctx context.Context, now, leaseUntil time.Time, limit int) ([]push.Job, error) {
	var jobs []push.Job
	err := claimDue(ctx, r.db, now, leaseUntil, limit, func(row pushJobRow) int64 { return row.ID },
		func(ctx context.Context, rows []pushJobRow) error {
			var subIDs []int64
			for _, row := range rows {
				if row.SubscriptionID != nil {
					subIDs = append(subIDs, *row.SubscriptionID)
				}
			}
			subs := map[int64]pushSubscriptionRow{}
			if len(subIDs) > 0 {
				var srows []pushSubscriptionRow
				if err := r.db.Conn(ctx).Where("id IN ?", subIDs).Find(&srows).Error; err != nil {
					return err
				}
				for _, s := range srows {
					subs[s.ID] = s
				}
			}
			for _, row := range rows {
				j := toJob(row)
				if s, ok := subs[j.SubscriptionID]; ok {
					j.Endpoint, j.P256dh, j.Auth = s.Endpoint, s.P256dh, s.Auth
				}
				jobs = append(jobs, j)
			}
			return nil
		})
	return jobs, err
}

// Expand inserts a parent's children and closes the parent in one
// transaction; a parent already closed (expanded elsewhere, or cancelled) is
// left as it is.
func (r *PushRepo) Expand(ctx context.Context, parent push.Job, children []push.Job, at time.Time) error {
	return r.db.InTx(ctx, func(ctx context.Context) error {
		conn := r.db.Conn(ctx)
		var row pushJobRow
		err := r.lock(conn).Where("id = ?", parent.ID).Take(&row).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil
		}
		if err != nil || row.SentAt != nil || row.Dead {
			return err
		}
		if len(children) > 0 {
			rows := make([]pushJobRow, len(children))
			for i, c := range children {
				rows[i] = fromJob(c)
				rows[i].CreatedAt = at.UTC()
			}
			if err := conn.Clauses(clause.OnConflict{DoNothing: true}).Create(&rows).Error; err != nil {
				return err
			}
		}
		return conn.Model(&pushJobRow{}).Where("id = ?", parent.ID).
			Updates(map[string]any{"sent_at": at.UTC(), "lease_until": nil}).Error
	})
}

// MarkSent records a delivery; found is false when the job was dropped meanwhile.
func (r *PushRepo) MarkSent(ctx context.Context, id int64, at time.Time) (bool, error) {
	return markSent[pushJobRow](ctx, r.db, id, at)
}

// MarkFailed records a failed attempt; dead jobs are never retried.
func (r *PushRepo) MarkFailed(ctx context.Context, id int64, at time.Time, errText string, retryAt time.Time, dead bool) error {
	return markFailed[pushJobRow](ctx, r.db, id, at, errText, retryAt, dead)
}

// CancelKey drops the unsent parent with this key and its unsent children.
func (r *PushRepo) CancelKey(ctx context.Context, key string) error {
	conn := r.db.Conn(ctx)
	return translate(conn.Where("sent_at IS NULL AND (dedupe_key = ? OR parent_id IN (?))", key,
		conn.Model(&pushJobRow{}).Select("id").Where("dedupe_key = ?", key)).Delete(&pushJobRow{}).Error)
}

// CancelTopic drops an account's unsent jobs of one kind and topic.
func (r *PushRepo) CancelTopic(ctx context.Context, userID int64, kind push.Kind, topic string) error {
	return translate(r.db.Conn(ctx).Where("user_id = ? AND topic = ? AND kind = ? AND sent_at IS NULL", userID, topic, string(kind)).
		Delete(&pushJobRow{}).Error)
}

// PurgeJobs deletes finished jobs (sent or given up) created before cutoff,
// children before parents; it returns how many went.
func (r *PushRepo) PurgeJobs(ctx context.Context, cutoff time.Time) (int64, error) {
	res := r.db.Conn(ctx).Where("created_at < ? AND (sent_at IS NOT NULL OR dead = ?) AND parent_id IS NOT NULL", cutoff.UTC(), true).Delete(&pushJobRow{})
	if res.Error != nil {
		return 0, translate(res.Error)
	}
	res2 := r.db.Conn(ctx).Where("created_at < ? AND (sent_at IS NOT NULL OR dead = ?) AND parent_id IS NULL AND id NOT IN (?)", cutoff.UTC(), true,
		r.db.Conn(ctx).Model(&pushJobRow{}).Select("parent_id").Where("parent_id IS NOT NULL")).Delete(&pushJobRow{})
	return res.RowsAffected + res2.RowsAffected, translate(res2.Error)
}

// Backlog counts the push jobs not yet sent and returns the send time of the
// oldest one already due (see EmailQueue.Backlog).
func (r *PushRepo) Backlog(ctx context.Context, now time.Time) (int64, time.Time, error) {
	return backlog(ctx, r.db, "push_jobs", now)
}

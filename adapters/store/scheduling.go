package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"interno/core/scheduling"
)

type windowRow struct {
	ID          int64
	DesignerID  int64
	DayOfWeek   int
	StartMinute int
	EndMinute   int
	IsActive    bool
	CreatedAt   time.Time
}

func (windowRow) TableName() string { return "availability_windows" }

type appointmentRow struct {
	ID            int64
	DesignerID    int64
	CustomerID    int64
	StartsAt      time.Time
	EndsAt        time.Time
	Status        string
	Message       string
	CustomerPhone string
	DesignerNotes string
	Reason        string
	CancelledBy   string
	CallLink      string
	ConfirmedAt   *time.Time
	CancelledAt   *time.Time
	CompletedAt   *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
	// Read along from users and designers; never written.
	CustomerName    string `gorm:"->;-:migration"`
	CustomerEmail   string `gorm:"->;-:migration"`
	DesignerUserID  int64  `gorm:"->;-:migration"`
	DesignerName    string `gorm:"->;-:migration"`
	DesignerEmail   string `gorm:"->;-:migration"`
	DesignerPicture string `gorm:"->;-:migration"`
}

func (appointmentRow) TableName() string { return "appointments" }

func (r appointmentRow) toAppointment() scheduling.Appointment {
	return scheduling.Appointment{ID: r.ID, DesignerID: r.DesignerID, CustomerID: r.CustomerID,
		StartsAt: r.StartsAt.UTC(), EndsAt: r.EndsAt.UTC(), Status: scheduling.Status(r.Status), Message: r.Message,
		CustomerPhone: r.CustomerPhone, DesignerNotes: r.DesignerNotes, Reason: r.Reason,
		CancelledBy: scheduling.Party(r.CancelledBy), CallLink: r.CallLink, ConfirmedAt: utcPtr(r.ConfirmedAt),
		CancelledAt: utcPtr(r.CancelledAt), CompletedAt: utcPtr(r.CompletedAt), CreatedAt: r.CreatedAt.UTC(),
		UpdatedAt: r.UpdatedAt.UTC(), CustomerName: r.CustomerName, CustomerEmail: r.CustomerEmail,
		DesignerUserID: r.DesignerUserID, DesignerName: r.DesignerName, DesignerEmail: r.DesignerEmail,
		DesignerPicture: r.DesignerPicture}
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// liveStatuses are the statuses that hold a slot.
var liveStatuses = []string{string(scheduling.Pending), string(scheduling.Confirmed)}

// SchedulingRepo implements scheduling.Repository.
type SchedulingRepo struct{ db *DB }

// NewSchedulingRepo returns the repository.
func NewSchedulingRepo(db *DB) *SchedulingRepo { return &SchedulingRepo{db: db} }

// Week loads a designer's windows in day and start order.
func (r *SchedulingRepo) Week(ctx context.Context, designerID int64) ([]scheduling.Window, error) {
	var rows []windowRow
	if err := r.db.Conn(ctx).Where("designer_id = ?", designerID).
		Order("day_of_week, start_minute, end_minute, id").Find(&rows).Error; err != nil {
		return nil, translate(err)
	}
	out := make([]scheduling.Window, len(rows))
	for i, w := range rows {
		out[i] = scheduling.Window{ID: w.ID, DayOfWeek: w.DayOfWeek, Start: scheduling.WallTime(w.StartMinute),
			End: scheduling.WallTime(w.EndMinute), Active: w.IsActive}
	}
	return out, nil
}

// ReplaceWeek swaps the whole week in one transaction.
func (r *SchedulingRepo) ReplaceWeek(ctx context.Context, designerID int64, week []scheduling.Window) ([]scheduling.Window, error) {
	var out []scheduling.Window
	err := r.db.InTx(ctx, func(ctx context.Context) error {
		if err := r.db.Conn(ctx).Where("designer_id = ?", designerID).Delete(&windowRow{}).Error; err != nil {
			return err
		}
		if len(week) > 0 {
			now := r.db.Now()
			rows := make([]windowRow, len(week))
			for i, w := range week {
				rows[i] = windowRow{DesignerID: designerID, DayOfWeek: w.DayOfWeek, StartMinute: int(w.Start),
					EndMinute: int(w.End), IsActive: w.Active, CreatedAt: now}
			}
			if err := r.db.Conn(ctx).Create(&rows).Error; err != nil {
				return err
			}
		}
		var err error
		out, err = r.Week(ctx, designerID)
		return err
	})
	if ForeignKeyViolation(err) {
		return nil, scheduling.ErrDesignerNotFound.WithCause(err)
	}
	return out, translate(err)
}

// CountActive counts the active windows.
func (r *SchedulingRepo) CountActive(ctx context.Context, designerID int64) (int, error) {
	var n int64
	err := r.db.Conn(ctx).Model(&windowRow{}).Where("designer_id = ? AND is_active = ?", designerID, true).Count(&n).Error
	return int(n), translate(err)
}

// Busy returns the live appointments' intervals overlapping [from, to).
// Calls last at most scheduling.MaxCallLength, which bounds the index range
// from below, so the query never walks a designer's whole history.
func (r *SchedulingRepo) Busy(ctx context.Context, designerID int64, from, to time.Time) ([]scheduling.Interval, error) {
	var rows []struct{ StartsAt, EndsAt time.Time }
	err := r.db.Conn(ctx).Model(&appointmentRow{}).Select("starts_at, ends_at").
		Where("designer_id = ? AND starts_at > ? AND starts_at < ? AND ends_at > ? AND status IN ?",
			designerID, from.Add(-scheduling.MaxCallLength).UTC(), to.UTC(), from.UTC(), liveStatuses).
		Find(&rows).Error
	if err != nil {
		return nil, translate(err)
	}
	out := make([]scheduling.Interval, len(rows))
	for i, b := range rows {
		out[i] = scheduling.Interval{Start: b.StartsAt, End: b.EndsAt}
	}
	return out, nil
}

// bookingLockClass is the first key of the advisory locks by which bookings of
// one designer take turns on PostgreSQL (the second is the designer's id, wrapped
// to 32 bits: two designers sharing one only take turns). Two-key advisory locks
// never meet the one-key ones of idempotency and migrations.
const bookingLockClass int32 = 0x426b6e67 // "Bkng"

// Book inserts a pending appointment; see scheduling.Repository.
func (r *SchedulingRepo) Book(ctx context.Context, a *scheduling.Appointment, now time.Time, check func(live int) error) error {
	row := appointmentRow{DesignerID: a.DesignerID, CustomerID: a.CustomerID, StartsAt: a.StartsAt.UTC(), EndsAt: a.EndsAt.UTC(),
		Status: string(scheduling.Pending), Message: a.Message, CustomerPhone: a.CustomerPhone}
	err := r.db.InTx(ctx, func(ctx context.Context) error {
		conn := r.db.Conn(ctx)
		if r.db.dialect == Postgres {
			// Bookings by one customer take turns (the customer's row), so
			// the per-pair limit cannot be overrun by parallel requests; NO
			// KEY UPDATE leaves foreign-key checks (a like or a message
			// inserted meanwhile) unblocked. Bookings of one designer take
			// turns too (a transaction's advisory lock on the designer's id),
			// so each sees the slots taken before it and is refused by the
			// overlap check below: without that, simultaneous bookings of one
			// slot all inserted and each waited in the exclusion constraint's
			// check for the others, cycles PostgreSQL broke as deadlocks. An
			// advisory lock rather than the designer's row, which other
			// transactions lock after a user's (an account's deletion updates
			// the like counts of the designers it liked before deleting the
			// user): only bookings take it, always after the customer's row.
			// (SQLite's immediate transactions already run one at a time.)
			if err := conn.Exec("SELECT id FROM users WHERE id = ? FOR NO KEY UPDATE", a.CustomerID).Error; err != nil {
				return err
			}
			if err := conn.Exec("SELECT pg_advisory_xact_lock(?, ?)", bookingLockClass, int32(uint32(a.DesignerID))).Error; err != nil {
				return err
			}
		}
		var live int64
		if err := conn.Model(&appointmentRow{}).Where("customer_id = ? AND designer_id = ? AND status IN ? AND ends_at > ?",
			a.CustomerID, a.DesignerID, liveStatuses, now.UTC()).Count(&live).Error; err != nil {
			return err
		}
		if err := check(int(live)); err != nil {
			return err
		}
		// The overlap check is what SQLite relies on inside its write lock;
		// on PostgreSQL the exclusion constraint is the final word.
		var clash int64
		if err := conn.Model(&appointmentRow{}).Where("designer_id = ? AND status IN ? AND starts_at < ? AND ends_at > ?",
			a.DesignerID, liveStatuses, row.EndsAt, row.StartsAt).Count(&clash).Error; err != nil {
			return err
		}
		if clash > 0 {
			return scheduling.ErrSlotTaken
		}
		t := r.db.Now()
		row.CreatedAt, row.UpdatedAt = t, t
		return conn.Create(&row).Error
	})
	switch {
	case err == nil:
		a.ID, a.Status, a.CreatedAt, a.UpdatedAt = row.ID, scheduling.Pending, row.CreatedAt, row.UpdatedAt
		return nil
	case ExclusionViolation(err), UniqueViolation(err, "starts_at"):
		return scheduling.ErrSlotTaken.WithCause(err)
	case ForeignKeyViolation(err):
		return scheduling.ErrDesignerNotFound.WithCause(err)
	}
	return translate(err)
}

func (r *SchedulingRepo) query(ctx context.Context) *gorm.DB {
	return r.db.Conn(ctx).Table("appointments").
		Select("appointments.*, cu.name AS customer_name, cu.email AS customer_email, d.user_id AS designer_user_id, " +
			"d.name AS designer_name, du.email AS designer_email, d.profile_picture AS designer_picture").
		Joins("JOIN users cu ON cu.id = appointments.customer_id").
		Joins("JOIN designers d ON d.id = appointments.designer_id").
		Joins("JOIN users du ON du.id = d.user_id")
}

func appointmentErr(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return scheduling.ErrNotFound
	}
	return translate(err)
}

// UpcomingLive returns the designer's live appointments starting after now,
// soonest first (served by the (designer_id, starts_at, …) index).
func (r *SchedulingRepo) UpcomingLive(ctx context.Context, designerID int64, now time.Time) ([]scheduling.Appointment, error) {
	var rows []appointmentRow
	if err := r.query(ctx).Where("appointments.designer_id = ? AND appointments.starts_at > ? AND appointments.status IN ?",
		designerID, now.UTC(), liveStatuses).Order("appointments.starts_at, appointments.id").Find(&rows).Error; err != nil {
		return nil, translate(err)
	}
	out := make([]scheduling.Appointment, len(rows))
	for i, row := range rows {
		out[i] = row.toAppointment()
	}
	return out, nil
}

// Get loads one appointment with names and e-mails.
func (r *SchedulingRepo) Get(ctx context.Context, id int64) (scheduling.Appointment, error) {
	var row appointmentRow
	if err := r.query(ctx).Where("appointments.id = ?", id).Take(&row).Error; err != nil {
		return scheduling.Appointment{}, appointmentErr(err)
	}
	return row.toAppointment(), nil
}

// Update locks the row, applies fn and saves the lifecycle fields, but only
// while the status is still the one fn saw.
func (r *SchedulingRepo) Update(ctx context.Context, id int64, fn func(*scheduling.Appointment) error) (scheduling.Appointment, error) {
	var out scheduling.Appointment
	err := r.db.InTx(ctx, func(ctx context.Context) error {
		q := r.query(ctx)
		if r.db.dialect == Postgres {
			q = q.Clauses(clause.Locking{Strength: "UPDATE", Table: clause.Table{Name: "appointments"}})
		}
		var row appointmentRow
		if err := q.Where("appointments.id = ?", id).Take(&row).Error; err != nil {
			return appointmentErr(err)
		}
		a := row.toAppointment()
		if err := fn(&a); err != nil {
			return err
		}
		a.UpdatedAt = r.db.Now()
		res := r.db.Conn(ctx).Model(&appointmentRow{}).Where("id = ? AND status = ?", id, row.Status).Updates(map[string]any{
			"status": string(a.Status), "designer_notes": a.DesignerNotes, "reason": a.Reason,
			"cancelled_by": string(a.CancelledBy), "call_link": a.CallLink, "confirmed_at": a.ConfirmedAt,
			"cancelled_at": a.CancelledAt, "completed_at": a.CompletedAt, "updated_at": a.UpdatedAt,
		})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return scheduling.ErrTransition("change", scheduling.Status(row.Status))
		}
		out = a
		return nil
	})
	return out, err
}

// Delete removes an appointment that is still cancelled.
func (r *SchedulingRepo) Delete(ctx context.Context, id int64) error {
	res := r.db.Conn(ctx).Where("id = ? AND status = ?", id, string(scheduling.Cancelled)).Delete(&appointmentRow{})
	if res.Error != nil {
		return translate(res.Error)
	}
	if res.RowsAffected == 1 {
		return nil
	}
	a, err := r.Get(ctx, id)
	if err != nil {
		return err
	}
	return scheduling.ErrTransition(scheduling.ActDelete, a.Status)
}

// List returns a page of one customer's or one designer's appointments:
// those not yet over first (soonest first), then past ones (latest first).
func (r *SchedulingRepo) List(ctx context.Context, q scheduling.ListQuery) ([]scheduling.Appointment, int, error) {
	base := r.query(ctx)
	if q.CustomerID != 0 {
		base = base.Where("appointments.customer_id = ?", q.CustomerID)
	}
	if q.DesignerID != 0 {
		base = base.Where("appointments.designer_id = ?", q.DesignerID)
	}
	if q.Status != "" {
		base = base.Where("appointments.status = ?", string(q.Status))
	}
	var total int64
	if err := base.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, translate(err)
	}
	now := q.Now.UTC()
	var rows []appointmentRow
	err := base.Order(clause.OrderBy{Expression: clause.Expr{
		SQL: "CASE WHEN appointments.ends_at > ? THEN 0 ELSE 1 END, " +
			"CASE WHEN appointments.ends_at > ? THEN appointments.starts_at END ASC, appointments.starts_at DESC, appointments.id DESC",
		Vars: []any{now, now}, WithoutParentheses: true}}).
		Offset(q.Offset).Limit(q.Limit).Find(&rows).Error
	if err != nil {
		return nil, 0, translate(err)
	}
	out := make([]scheduling.Appointment, len(rows))
	for i, row := range rows {
		out[i] = row.toAppointment()
	}
	return out, int(total), nil
}

// CountByStatus counts a designer's appointments per status.
func (r *SchedulingRepo) CountByStatus(ctx context.Context, designerID int64) (map[scheduling.Status]int, error) {
	var rows []struct {
		Status string
		N      int
	}
	if err := r.db.Conn(ctx).Model(&appointmentRow{}).Select("status, COUNT(*) AS n").
		Where("designer_id = ?", designerID).Group("status").Find(&rows).Error; err != nil {
		return nil, translate(err)
	}
	out := map[scheduling.Status]int{}
	for _, row := range rows {
		out[scheduling.Status(row.Status)] = row.N
	}
	return out, nil
}

// LiveOf returns the live appointments an account takes part in, on either side.
func (r *SchedulingRepo) LiveOf(ctx context.Context, userID int64) ([]scheduling.Appointment, error) {
	var rows []appointmentRow
	if err := r.query(ctx).Where("appointments.status IN ? AND (appointments.customer_id = ? OR d.user_id = ?)",
		liveStatuses, userID, userID).Order("appointments.starts_at").Find(&rows).Error; err != nil {
		return nil, translate(err)
	}
	out := make([]scheduling.Appointment, len(rows))
	for i, row := range rows {
		out[i] = row.toAppointment()
	}
	return out, nil
}

package scheduling

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"interno/core/email"
	"interno/core/fault"
	"interno/core/kernel"
	"interno/core/live"
	"interno/core/unitofwork"
)

// Defaults of Config.
const (
	DefaultSlotLength   = 60 * time.Minute
	DefaultMinNotice    = 2 * time.Hour
	DefaultHorizon      = 365 * 24 * time.Hour
	DefaultMaxRangeDays = 62
	DefaultCallBaseURL  = "https://meet.jit.si"
	// Alternatives is how many free slots a refused booking suggests.
	Alternatives = 3
	// MaxCallLength bounds a call; repositories rely on it to look up busy
	// time without scanning a designer's whole history.
	MaxCallLength = 24 * time.Hour
)

// Config holds the scheduling settings.
type Config struct {
	// Location is the business time zone (INTERNO_TIMEZONE).
	Location *time.Location
	// SlotLength is the length of a call (INTERNO_SLOT_MINUTES).
	SlotLength time.Duration
	// MinNotice keeps slots starting sooner than this off the list (INTERNO_MIN_NOTICE).
	MinNotice time.Duration
	// Horizon is how far ahead slots are offered.
	Horizon time.Duration
	// MaxRangeDays bounds one available-slots query.
	MaxRangeDays int
	// CallBaseURL is where call rooms live (INTERNO_CALL_BASE_URL).
	CallBaseURL string
	// BaseURL is the site, for links in e-mails.
	BaseURL string
	Clock   func() time.Time
}

// Deps are the ports the service uses.
type Deps struct {
	Repo      Repository
	Designers kernel.Designers
	Mail      email.Queue
	Reminders Reminders
	Tx        unitofwork.Transactor
	// Events may be nil (no live screens to tell).
	Events live.Publisher
	// Pushes may be nil (no Web Push).
	Pushes Pushes
}

// Service runs the scheduling use cases.
type Service struct {
	cfg  Config
	d    Deps
	cal  Calendar
	mail mailer
}

// NewService fills in defaults and returns the service.
func NewService(cfg Config, d Deps) *Service {
	if cfg.Location == nil {
		cfg.Location = time.UTC
	}
	if cfg.SlotLength <= 0 || cfg.SlotLength > MaxCallLength {
		cfg.SlotLength = DefaultSlotLength
	}
	if cfg.MinNotice < 0 {
		cfg.MinNotice = 0
	}
	if cfg.Horizon <= 0 {
		cfg.Horizon = DefaultHorizon
	}
	if cfg.MaxRangeDays <= 0 {
		cfg.MaxRangeDays = DefaultMaxRangeDays
	}
	if cfg.CallBaseURL == "" {
		cfg.CallBaseURL = DefaultCallBaseURL
	}
	cfg.CallBaseURL = strings.TrimRight(cfg.CallBaseURL, "/")
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	return &Service{cfg: cfg, d: d,
		cal:  Calendar{Location: cfg.Location, Length: cfg.SlotLength, Notice: cfg.MinNotice, Horizon: cfg.Horizon},
		mail: mailer{queue: d.Mail, loc: cfg.Location, baseURL: cfg.BaseURL, now: cfg.Clock}}
}

// Location is the business time zone.
func (s *Service) Location() *time.Location { return s.cfg.Location }

// SlotLength is the configured call length.
func (s *Service) SlotLength() time.Duration { return s.cfg.SlotLength }

// MaxRangeDays is the longest available-slots query.
func (s *Service) MaxRangeDays() int { return s.cfg.MaxRangeDays }

// Week returns a designer's weekly availability; anyone may read it.
func (s *Service) Week(ctx context.Context, designerID int64) ([]Window, error) {
	if _, err := s.d.Designers.Designer(ctx, designerID); err != nil {
		return nil, err
	}
	return s.d.Repo.Week(ctx, designerID)
}

// MaxKeep bounds the list of acknowledged conflicts one request may carry.
const MaxKeep = 1000

// SetWeek replaces a designer's week; only the profile's own account may.
//
// Live appointments (pending or confirmed) starting after now whose time the
// new week would no longer offer are conflicts. An availability change never
// cancels them: the designer either acknowledges each one by listing its id
// in keep (the appointment stays, outside the new week), or the whole change
// is refused with ErrAvailabilityConflict carrying the conflicts (as
// []ConflictInfo under "conflicts"). Ids in keep that are not conflicts are
// ignored. The check and the replacement run in one transaction.
func (s *Service) SetWeek(ctx context.Context, c kernel.Principal, designerID int64, in []WindowInput, keep ...int64) ([]Window, error) {
	d, err := s.d.Designers.Designer(ctx, designerID)
	if err != nil {
		return nil, err
	}
	if d.UserID != c.UserID {
		return nil, ErrNotOwner
	}
	week, err := ValidateWeek(in)
	if err != nil {
		return nil, err
	}
	if len(keep) > MaxKeep {
		return nil, fault.InvalidField("keep", "keep may list at most "+strconv.Itoa(MaxKeep)+" appointments")
	}
	kept := make(map[int64]bool, len(keep))
	for _, id := range keep {
		kept[id] = true
	}
	var out []Window
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		conflicts, err := s.Conflicts(ctx, designerID, week)
		if err != nil {
			return err
		}
		var refused []ConflictInfo
		for _, a := range conflicts {
			if !kept[a.ID] {
				refused = append(refused, s.conflictInfo(a))
			}
		}
		if len(refused) > 0 {
			return ErrAvailabilityConflict.With("conflicts", refused)
		}
		out, err = s.d.Repo.ReplaceWeek(ctx, designerID, week)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Conflicts returns the designer's live appointments starting after now
// that week would no longer offer, soonest first.
func (s *Service) Conflicts(ctx context.Context, designerID int64, week []Window) ([]Appointment, error) {
	upcoming, err := s.d.Repo.UpcomingLive(ctx, designerID, s.cfg.Clock())
	if err != nil {
		return nil, err
	}
	var out []Appointment
	for _, a := range upcoming {
		if !s.cal.Offers(week, a.StartsAt) {
			out = append(out, a)
		}
	}
	return out, nil
}

// ConflictInfo is an appointment a new week would leave out, as clients see
// it in an availability_conflict answer.
type ConflictInfo struct {
	ID           int64  `json:"id"`
	Datetime     string `json:"datetime"`
	Date         string `json:"date"`
	Time         string `json:"time"`
	Status       Status `json:"status"`
	CustomerName string `json:"customer_name"`
}

func (s *Service) conflictInfo(a Appointment) ConflictInfo {
	start := a.StartsAt.In(s.cfg.Location)
	return ConflictInfo{ID: a.ID, Datetime: start.Format(time.RFC3339), Date: start.Format(time.DateOnly),
		Time: start.Format("15:04"), Status: a.Status, CustomerName: a.CustomerName}
}

// FreeSlots lists the bookable slots of a designer on the days from..to
// (inclusive, business zone). The range may not run backwards or span more
// than MaxRangeDays days; days already past yield nothing.
func (s *Service) FreeSlots(ctx context.Context, designerID int64, from, to Date) ([]Slot, error) {
	if to.Before(from) {
		return nil, fault.InvalidField("end_date", "end_date must not be before start_date")
	}
	if n := from.DaysUntil(to) + 1; n > s.cfg.MaxRangeDays {
		return nil, fault.InvalidField("end_date", "The date range may span at most "+strconv.Itoa(s.cfg.MaxRangeDays)+" days")
	}
	if _, err := s.d.Designers.Designer(ctx, designerID); err != nil {
		return nil, err
	}
	return s.slots(ctx, designerID, from, to)
}

func (s *Service) slots(ctx context.Context, designerID int64, from, to Date) ([]Slot, error) {
	now := s.cfg.Clock()
	if today := DateOf(now.In(s.cfg.Location)); from.Before(today) {
		from = today
	}
	if to.Before(from) {
		return []Slot{}, nil
	}
	week, err := s.d.Repo.Week(ctx, designerID)
	if err != nil || len(week) == 0 {
		return []Slot{}, err
	}
	busy, err := s.d.Repo.Busy(ctx, designerID, s.midnight(from), s.midnight(to.AddDays(1)))
	if err != nil {
		return nil, err
	}
	out := s.cal.Slots(week, from, to, now, busy)
	if out == nil {
		out = []Slot{}
	}
	return out, nil
}

func (s *Service) midnight(d Date) time.Time {
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, s.cfg.Location)
}

// BookRequest is what a customer sends to book.
type BookRequest struct {
	DesignerID int64
	Start      time.Time
	Message    string
	Phone      string
}

// Book creates a pending appointment on a free slot and e-mails the
// designer. A slot that is not offered, or no longer free, is refused with
// a conflict that carries up to Alternatives nearest free slots.
func (s *Service) Book(ctx context.Context, c kernel.Principal, r BookRequest) (Appointment, error) {
	r.Message = strings.TrimSpace(r.Message)
	r.Phone = strings.TrimSpace(r.Phone)
	var v fault.Validation
	v.Check(r.DesignerID > 0, "designer_id", "designer_id is required")
	v.Check(!r.Start.IsZero(), "appointment_date", "appointment_date is required (RFC 3339, for example 2026-03-10T09:00:00+01:00)")
	v.Check(utf8.RuneCountInString(r.Message) <= MaxMessageLength, "message", "Message is too long (max 2000 characters)")
	v.Check(r.Phone == "" || validPhone(r.Phone), "phone", "Phone must be 6 to 40 characters of digits, spaces and + ( ) - .")
	if err := v.Err(); err != nil {
		return Appointment{}, err
	}
	d, err := s.d.Designers.Designer(ctx, r.DesignerID)
	if err != nil {
		return Appointment{}, err
	}
	if d.UserID == c.UserID {
		return Appointment{}, ErrOwnProfile
	}
	start := r.Start.In(s.cfg.Location)
	now := s.cfg.Clock()
	week, err := s.d.Repo.Week(ctx, d.ID)
	if err != nil {
		return Appointment{}, err
	}
	if start.Before(now.Add(s.cfg.MinNotice)) || start.After(now.Add(s.cfg.Horizon)) || !s.cal.Offers(week, start) {
		return Appointment{}, s.refuse(ctx, ErrSlotUnavailable, d.ID, start)
	}
	a := Appointment{DesignerID: d.ID, CustomerID: c.UserID, StartsAt: start.UTC(), EndsAt: start.Add(s.cfg.SlotLength).UTC(),
		Status: Pending, Message: r.Message, CustomerPhone: r.Phone}
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		err := s.d.Repo.Book(ctx, &a, now, func(live int) error {
			if live >= MaxLivePerPair {
				return ErrBookingLimit
			}
			return nil
		})
		if err != nil {
			return err
		}
		if a, err = s.d.Repo.Get(ctx, a.ID); err != nil {
			return err
		}
		s.publish(ctx, a, false)
		if err := s.mail.booked(ctx, a); err != nil {
			return err
		}
		return s.pushed(ctx, a, ActBook)
	})
	if errors.Is(err, ErrSlotTaken) {
		return Appointment{}, s.refuse(ctx, ErrSlotTaken, d.ID, start)
	}
	return a, err
}

// publish tells both sides' open screens, once the transaction in ctx
// commits, that appointment a changed (a new request reaches the designer's
// dashboard within a moment).
func (s *Service) publish(ctx context.Context, a Appointment, deleted bool) {
	if s.d.Events == nil {
		return
	}
	e := live.Event{Kind: live.Appointment, To: []int64{a.CustomerID, a.DesignerUserID}, AppointmentID: a.ID, Status: string(a.Status)}
	if deleted {
		e.Status = live.StatusDeleted
	}
	unitofwork.AfterCommit(ctx, func() { s.d.Events.Publish(context.WithoutCancel(ctx), e) })
}

// pushed tells the Pushes port of a step, inside its transaction.
func (s *Service) pushed(ctx context.Context, a Appointment, action Action) error {
	if s.d.Pushes == nil {
		return nil
	}
	return s.d.Pushes.Changed(ctx, a, action)
}

// refuse attaches the nearest free slots to a booking conflict.
func (s *Service) refuse(ctx context.Context, f *fault.Error, designerID int64, want time.Time) error {
	alts, err := s.Nearest(ctx, designerID, want, Alternatives)
	if err != nil {
		return err
	}
	infos := make([]SlotInfo, len(alts))
	for i, a := range alts {
		infos[i] = a.Info()
	}
	return f.With("alternatives", infos)
}

// Nearest returns up to n free slots closest in time to want (looking from
// a week before to two weeks after), in chronological order; of two slots
// equally far away the earlier one wins.
func (s *Service) Nearest(ctx context.Context, designerID int64, want time.Time, n int) ([]Slot, error) {
	day := DateOf(want.In(s.cfg.Location))
	all, err := s.slots(ctx, designerID, day.AddDays(-7), day.AddDays(14))
	if err != nil {
		return nil, err
	}
	dist := func(t time.Time) time.Duration {
		if d := t.Sub(want); d >= 0 {
			return d
		}
		return want.Sub(t)
	}
	sort.SliceStable(all, func(i, j int) bool { return dist(all[i].Start) < dist(all[j].Start) })
	if len(all) > n {
		all = all[:n]
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Start.Before(all[j].Start) })
	return all, nil
}

// SlotInfo is a slot as clients see it: the instant with the business
// zone's offset, and its local date and time.
type SlotInfo struct {
	Datetime string `json:"datetime"`
	Date     string `json:"date"`
	Time     string `json:"time"`
}

// Info renders the slot for clients.
func (sl Slot) Info() SlotInfo {
	return SlotInfo{Datetime: sl.Start.Format(time.RFC3339), Date: sl.Start.Format(time.DateOnly), Time: sl.Start.Format("15:04")}
}

func validPhone(p string) bool {
	if len(p) < 6 || len(p) > MaxPhoneLength {
		return false
	}
	digits := 0
	for _, r := range p {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case strings.ContainsRune("+ ()-./", r):
		default:
			return false
		}
	}
	return digits >= 6
}

// newRoom returns an unguessable call room name.
func newRoom() (string, error) {
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "Interno-" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)), nil
}

package app

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"interno/adapters/mail"
	"interno/core/designers"
	"interno/core/email"
	"interno/core/identity"
	"interno/core/kernel"
	"interno/core/scheduling"
	"interno/core/style"
)

type capture struct {
	mu   sync.Mutex
	sent []email.Message
}

func (c *capture) Send(_ context.Context, m email.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sent = append(c.sent, m)
	return nil
}

func (c *capture) subjects() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, m := range c.sent {
		out = append(out, m.To+": "+m.Subject)
	}
	return out
}

// TestApp_RemindersSurviveRestart confirms a call, stops the app before the
// reminder is due, starts a new app on the same data, and lets two
// dispatchers (two instances) drain the queue when the reminder is due:
// each side gets exactly one reminder.
func TestApp_RemindersSurviveRestart(t *testing.T) {
	cfg := testConfig(t, nil)
	ctx := context.Background()
	a, err := newApp(ctx, cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	d, err := a.designers.Register(ctx, designers.Registration{Profile: designers.Profile{Name: "Sofia Marino", Email: "sofia@example.com",
		Bio: "Case luminose.", City: "Torino", DesignStyle: style.Minimal, Specialties: []string{"Japandi"},
		WorkPreferences: []style.WorkMode{style.Online}, FirstProposal: "5-7 giorni"}, Password: "designer123", PrivacyConsent: true})
	if err != nil {
		t.Fatal(err)
	}
	customer, err := a.identity.CreateAccount(ctx, "anna@example.com", "Anna Neri", "password123", identity.RoleUser)
	if err != nil {
		t.Fatal(err)
	}
	var week []scheduling.WindowInput
	for day := 0; day < 7; day++ {
		week = append(week, scheduling.WindowInput{DayOfWeek: day, StartTime: "08:00", EndTime: "20:00", Active: true})
	}
	if _, err := a.scheduling.SetWeek(ctx, kernel.Principal{UserID: d.UserID}, d.ID, week); err != nil {
		t.Fatal(err)
	}
	day := scheduling.DateOf(time.Now().In(cfg.location)).AddDays(3)
	start := time.Date(day.Year, day.Month, day.Day, 10, 0, 0, 0, cfg.location)
	ap, err := a.scheduling.Book(ctx, kernel.Principal{UserID: customer.ID}, scheduling.BookRequest{DesignerID: d.ID, Start: start})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.scheduling.Confirm(ctx, kernel.Principal{UserID: d.UserID}, ap.ID, ""); err != nil {
		t.Fatal(err)
	}
	a.close()

	b, err := newApp(ctx, cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer b.close()
	sent := &capture{}
	dueAt := start.Add(-scheduling.ReminderLead).Add(time.Minute)
	instance := func() *mail.Dispatcher {
		return mail.NewDispatcher(mailStore{b.mailQueue}, sent, mail.DispatcherOptions{Clock: func() time.Time { return dueAt }})
	}
	first, second := instance(), instance()
	for i := 0; i < 3; i++ {
		if _, err := first.DrainOnce(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := second.DrainOnce(ctx); err != nil {
			t.Fatal(err)
		}
	}
	reminders := 0
	for _, s := range sent.subjects() {
		if strings.Contains(s, "Promemoria") {
			reminders++
		}
	}
	if reminders != 2 {
		t.Fatalf("want one reminder per side, got %v", sent.subjects())
	}
}

func TestApp_SeedGivesDesignersADemoWeek(t *testing.T) {
	cfg := testConfig(t, nil)
	ctx := context.Background()
	a, err := newApp(ctx, cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer a.close()
	d, err := a.designers.Register(ctx, designers.Registration{Profile: designers.Profile{Name: "Bea Verdi", Email: "bea@example.com",
		Bio: "Case calde.", City: "Roma", DesignStyle: style.Mediterranean, Specialties: []string{"Rustico"},
		WorkPreferences: []style.WorkMode{style.Online}, FirstProposal: "5-7 giorni"}, Password: "designer123", PrivacyConsent: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if err := a.seedDemo(ctx, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
	week, err := a.scheduling.Week(ctx, d.ID)
	if err != nil || len(week) != len(demoWeek) {
		t.Fatalf("%d windows, %v", len(week), err)
	}
}

func TestLoadConfig_Scheduling(t *testing.T) {
	cfg := testConfig(t, nil)
	if cfg.SlotMinutes != 60 || cfg.MinNotice != 2*time.Hour || cfg.location.String() != "Europe/Rome" {
		t.Fatalf("defaults: %d %s %s", cfg.SlotMinutes, cfg.MinNotice, cfg.location)
	}
	cfg = testConfig(t, map[string]string{"INTERNO_SLOT_MINUTES": "45", "INTERNO_MIN_NOTICE": "0s", "INTERNO_TIMEZONE": "America/New_York"})
	if cfg.SlotMinutes != 45 || cfg.MinNotice != 0 || cfg.location.String() != "America/New_York" {
		t.Fatalf("%+v", cfg)
	}
	for k, v := range map[string]string{"INTERNO_SLOT_MINUTES": "50", "INTERNO_MIN_NOTICE": "-1h", "INTERNO_TIMEZONE": "Mars/Olympus"} {
		if _, err := loadConfig(map[string]string{"INTERNO_DATA_DIR": t.TempDir(), k: v}); err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("%s=%s: %v", k, v, err)
		}
	}
	for _, v := range []string{"10", "300", "sessanta"} {
		if _, err := loadConfig(map[string]string{"INTERNO_DATA_DIR": t.TempDir(), "INTERNO_SLOT_MINUTES": v}); err == nil {
			t.Errorf("INTERNO_SLOT_MINUTES=%s accepted", v)
		}
	}
}

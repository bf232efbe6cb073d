package store_test

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/push"
)

func device(t *testing.T, r *store.PushRepo, userID int64, endpoint string, at time.Time, cats ...push.Category) push.Subscription {
	t.Helper()
	s, _, err := r.SaveSubscription(context.Background(), push.Subscription{UserID: userID, Endpoint: endpoint, P256dh: "key-" + endpoint,
		Auth: "auth", Categories: cats, UserAgent: "Firefox", CreatedAt: at, UpdatedAt: at})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPushRepo_Subscriptions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := store.NewPushRepo(db)
		anna, bruno := newUser(t, db, "anna@example.com"), newUser(t, db, "bruno@example.com")
		now := time.Now().UTC().Truncate(time.Microsecond)

		first, created, err := r.SaveSubscription(ctx, push.Subscription{UserID: anna.ID, Endpoint: "https://push.example/1", P256dh: "k", Auth: "a",
			Categories: []push.Category{push.Messages, push.Reminders}, CreatedAt: now, UpdatedAt: now})
		if err != nil || !created || first.ID == 0 || len(first.Categories) != 2 || first.Categories[1] != push.Reminders {
			t.Fatalf("%+v %v %v", first, created, err)
		}
		again, created, err := r.SaveSubscription(ctx, push.Subscription{UserID: anna.ID, Endpoint: "https://push.example/1", P256dh: "k2", Auth: "a",
			CreatedAt: now.Add(time.Hour), UpdatedAt: now.Add(time.Hour)})
		if err != nil || created || again.ID != first.ID || again.P256dh != "k2" || len(again.Categories) != 0 || !again.CreatedAt.Equal(now) {
			t.Fatalf("update: %+v %v %v", again, created, err)
		}

		// Something queued and shown for anna on this device never reaches bruno once he takes it over.
		if err := r.Enqueue(ctx, push.Job{UserID: anna.ID, Kind: push.KindMessage, Category: push.Messages, Topic: "contact-1", Payload: []byte("{}"),
			SendAfter: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		parents, _ := r.Due(ctx, now, now.Add(time.Minute), 10)
		if err := r.Expand(ctx, parents[0], []push.Job{{ParentID: parents[0].ID, SubscriptionID: first.ID, UserID: anna.ID, Kind: push.KindMessage,
			Topic: "contact-1", Payload: []byte("{}"), SendAfter: now, ExpiresAt: now.Add(time.Hour)}}, now); err != nil {
			t.Fatal(err)
		}
		if err := r.MarkShown(ctx, first.ID, "contact-1", now); err != nil {
			t.Fatal(err)
		}
		moved, _, err := r.SaveSubscription(ctx, push.Subscription{UserID: bruno.ID, Endpoint: "https://push.example/1", P256dh: "k3", Auth: "a", CreatedAt: now, UpdatedAt: now})
		if err != nil || moved.ID != first.ID || moved.UserID != bruno.ID {
			t.Fatalf("%+v %v", moved, err)
		}
		if due, _ := r.Due(ctx, now.Add(time.Minute), now.Add(2*time.Minute), 10); len(due) != 0 {
			t.Fatalf("anna's push is still queued for the device bruno took: %+v", due)
		}
		if shown, _ := r.HasShown(ctx, bruno.ID, "contact-1"); shown {
			t.Fatal("anna's shown notification moved to bruno")
		}
		if l, _ := r.Subscriptions(ctx, anna.ID); len(l) != 0 {
			t.Fatalf("%+v", l)
		}

		// Only the owner deletes, by endpoint or id.
		if err := r.DeleteSubscription(ctx, anna.ID, "https://push.example/1", 0); !errors.Is(err, push.ErrNotFound) {
			t.Fatalf("%v", err)
		}
		if err := r.DeleteSubscription(ctx, anna.ID, "", first.ID); !errors.Is(err, push.ErrNotFound) {
			t.Fatalf("%v", err)
		}
		if err := r.DeleteSubscription(ctx, bruno.ID, "", first.ID); err != nil {
			t.Fatal(err)
		}

		// Trimming keeps the newest.
		for i := 0; i < 5; i++ {
			device(t, r, anna.ID, fmt.Sprintf("https://push.example/t%d", i), now.Add(time.Duration(i)*time.Minute))
		}
		if err := r.TrimSubscriptions(ctx, anna.ID, 3); err != nil {
			t.Fatal(err)
		}
		l, _ := r.Subscriptions(ctx, anna.ID)
		if len(l) != 3 || l[0].Endpoint != "https://push.example/t4" || l[2].Endpoint != "https://push.example/t2" {
			t.Fatalf("%+v", l)
		}
		if has, _ := r.HasSubscriptions(ctx, anna.ID); !has {
			t.Fatal("HasSubscriptions")
		}

		// Preferences: defaults, then stored.
		if p, err := r.Preferences(ctx, anna.ID); err != nil || p != push.DefaultPreferences {
			t.Fatalf("%+v %v", p, err)
		}
		for _, p := range []push.Preferences{{Messages: false, Appointments: true, Reminders: false}, {Messages: true}} {
			if err := r.SavePreferences(ctx, anna.ID, p, now); err != nil {
				t.Fatal(err)
			}
			if got, _ := r.Preferences(ctx, anna.ID); got != p {
				t.Fatalf("%+v, want %+v", got, p)
			}
		}

		// The account's deletion takes its devices, preferences and jobs with it.
		_ = r.Enqueue(ctx, push.Job{UserID: anna.ID, Kind: push.KindMessage, Payload: []byte("{}"), SendAfter: now, ExpiresAt: now.Add(time.Hour)})
		if err := store.NewUserRepo(db).Delete(ctx, anna.ID); err != nil {
			t.Fatal(err)
		}
		for _, table := range []string{"push_subscriptions", "push_preferences", "push_jobs"} {
			var n int
			if err := db.SQL().QueryRow(fmt.Sprintf("SELECT count(*) FROM %s WHERE user_id = %d", table, anna.ID)).Scan(&n); err != nil || n != 0 {
				t.Fatalf("%s: %d rows left (%v)", table, n, err)
			}
		}
	})
}

func TestPushRepo_Queue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := store.NewPushRepo(db)
		anna := newUser(t, db, "anna@example.com")
		now := time.Now().UTC().Truncate(time.Microsecond)
		phone := device(t, r, anna.ID, "https://push.example/phone", now)
		laptop := device(t, r, anna.ID, "https://push.example/laptop", now)

		job := push.Job{UserID: anna.ID, Kind: push.KindReminder, Category: push.Reminders, DedupeKey: "push:reminder:1:customer", Topic: "appointment-1",
			Payload: []byte(`{"v":1}`), Urgency: push.High, SendAfter: now.Add(time.Hour), ExpiresAt: now.Add(2 * time.Hour)}
		for i := 0; i < 2; i++ {
			if err := r.Enqueue(ctx, job); err != nil {
				t.Fatal(err)
			}
		}
		if due, _ := r.Due(ctx, now, now.Add(time.Minute), 10); len(due) != 0 {
			t.Fatal("a job due in an hour was claimed now")
		}
		later := now.Add(time.Hour)
		due, err := r.Due(ctx, later, later.Add(time.Minute), 10)
		if err != nil || len(due) != 1 || string(due[0].Payload) != `{"v":1}` || due[0].Urgency != push.High || !due[0].ExpiresAt.Equal(job.ExpiresAt) {
			t.Fatalf("dedupe key queued twice, or fields lost: %+v %v", due, err)
		}
		if again, _ := r.Due(ctx, later, later.Add(time.Minute), 10); len(again) != 0 {
			t.Fatal("a leased job was claimed again")
		}
		children := []push.Job{}
		for _, s := range []push.Subscription{phone, laptop} {
			c := due[0]
			c.ID, c.ParentID, c.SubscriptionID, c.DedupeKey = 0, due[0].ID, s.ID, ""
			children = append(children, c)
		}
		for i := 0; i < 2; i++ { // a second instance expanding the same parent adds nothing
			if err := r.Expand(ctx, due[0], children, later); err != nil {
				t.Fatal(err)
			}
		}
		kids, _ := r.Due(ctx, later, later.Add(time.Minute), 10)
		if len(kids) != 2 || kids[0].Endpoint == "" || kids[0].P256dh == "" || kids[0].ParentID != due[0].ID {
			t.Fatalf("%+v", kids)
		}
		if err := r.MarkFailed(ctx, kids[0].ID, later, "503", later.Add(10*time.Second), false); err != nil {
			t.Fatal(err)
		}
		if found, err := r.MarkSent(ctx, kids[1].ID, later); err != nil || !found {
			t.Fatal(found, err)
		}
		if found, err := r.MarkSent(ctx, 1<<40, later); err != nil || found {
			t.Fatal("a missing job was found", err)
		}
		retry, _ := r.Due(ctx, later.Add(10*time.Second), later.Add(time.Minute), 10)
		if len(retry) != 1 || retry[0].ID != kids[0].ID || retry[0].Attempts != 1 {
			t.Fatalf("%+v", retry)
		}

		// Cancelling the reminder's key drops its unsent children too; the sent one stays.
		if err := r.CancelKey(ctx, "push:reminder:1:customer"); err != nil {
			t.Fatal(err)
		}
		var left []int64
		db.Conn(ctx).Table("push_jobs").Order("id").Pluck("id", &left)
		if len(left) != 2 || left[1] != kids[1].ID {
			t.Fatalf("left %v", left)
		}

		// CancelTopic drops one conversation's unsent message pushes of one account.
		for _, topic := range []string{"contact-1", "contact-2"} {
			_ = r.Enqueue(ctx, push.Job{UserID: anna.ID, Kind: push.KindMessage, Topic: topic, Payload: []byte("{}"), SendAfter: now, ExpiresAt: now.Add(time.Hour)})
		}
		if err := r.CancelTopic(ctx, anna.ID, push.KindMessage, "contact-1"); err != nil {
			t.Fatal(err)
		}
		msgs, _ := r.Due(ctx, later.Add(time.Hour), later.Add(2*time.Hour), 10)
		if len(msgs) != 1 || msgs[0].Topic != "contact-2" {
			t.Fatalf("%+v", msgs)
		}

		// Shown notifications: taken once.
		_ = r.MarkShown(ctx, phone.ID, "contact-2", now)
		_ = r.MarkShown(ctx, laptop.ID, "contact-2", now)
		_ = r.MarkShown(ctx, laptop.ID, "contact-2", now.Add(time.Second))
		if ok, _ := r.HasShown(ctx, anna.ID, "contact-2"); !ok {
			t.Fatal("HasShown")
		}
		ids, err := r.TakeShown(ctx, anna.ID, "contact-2")
		sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
		if err != nil || len(ids) != 2 || ids[0] != phone.ID {
			t.Fatalf("%v %v", ids, err)
		}
		if ids, _ := r.TakeShown(ctx, anna.ID, "contact-2"); len(ids) != 0 {
			t.Fatalf("taken twice: %v", ids)
		}

		// Finished jobs older than the cutoff go; a parent goes only with its children.
		n, err := r.PurgeJobs(ctx, now.Add(10*24*time.Hour))
		if err != nil || n < 2 {
			t.Fatalf("purged %d, %v", n, err)
		}
		var unsent int64
		db.Conn(ctx).Table("push_jobs").Where("sent_at IS NULL").Count(&unsent)
		if unsent != 1 {
			t.Fatalf("purge touched unsent jobs: %d left", unsent)
		}
	})
}

// TestPushRepo_ConcurrentClaims has eight workers (on PostgreSQL, eight
// sessions) drain one queue at once: every job is claimed exactly once.
func TestPushRepo_ConcurrentClaims(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := store.NewPushRepo(db)
		anna := newUser(t, db, "anna@example.com")
		now := time.Now().UTC()
		const jobs = 60
		for i := 0; i < jobs; i++ {
			if err := r.Enqueue(ctx, push.Job{UserID: anna.ID, Kind: push.KindMessage, Payload: []byte("{}"), SendAfter: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}
		var mu sync.Mutex
		claimed := map[int64]int{}
		var wg sync.WaitGroup
		for w := 0; w < 8; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					got, err := r.Due(ctx, now, now.Add(time.Minute), 3)
					if err != nil {
						t.Error(err)
						return
					}
					if len(got) == 0 {
						return
					}
					mu.Lock()
					for _, j := range got {
						claimed[j.ID]++
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(claimed) != jobs {
			t.Fatalf("%d of %d jobs claimed", len(claimed), jobs)
		}
		for id, n := range claimed {
			if n != 1 {
				t.Fatalf("job %d claimed %d times", id, n)
			}
		}
	})
}

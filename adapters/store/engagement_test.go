package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/engagement"
)

func TestEngagementRepo_Likes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewEngagementRepo(db)
		d := newDesigner(t, db, "sofia@example.com", "Sofia", "Torino")
		anna := newCustomer(t, db, "anna@example.com")
		bruno := newCustomer(t, db, "bruno@example.com")

		t.Run("ToggleKeepsTheCountInStep", func(t *testing.T) {
			got, err := repo.ToggleLike(ctx, anna, d.ID)
			if err != nil || !got.Liked || got.LikeCount != 1 {
				t.Fatalf("%+v %v", got, err)
			}
			got, _ = repo.ToggleLike(ctx, bruno, d.ID)
			if !got.Liked || got.LikeCount != 2 {
				t.Fatalf("%+v", got)
			}
			stored, _ := store.NewDesignerRepo(db).ByID(ctx, d.ID)
			if stored.LikeCount != 2 {
				t.Fatalf("designers.like_count = %d", stored.LikeCount)
			}
			likes, err := repo.Likes(ctx, d.ID)
			if err != nil || len(likes) != 2 || likes[0].UserName == "" {
				t.Fatalf("%+v %v", likes, err)
			}
			if mine, _ := repo.LikedBy(ctx, anna); len(mine) != 1 || mine[0].DesignerID != d.ID {
				t.Fatalf("mine = %+v", mine)
			}
			got, _ = repo.ToggleLike(ctx, anna, d.ID)
			if got.Liked || got.LikeCount != 1 {
				t.Fatalf("unlike: %+v", got)
			}
			if ok, _ := repo.Liked(ctx, anna, d.ID); ok {
				t.Fatal("still liked")
			}
		})
		t.Run("UnknownDesigner", func(t *testing.T) {
			if _, err := repo.ToggleLike(ctx, anna, 9999); !errors.Is(err, engagement.ErrDesignerNotFound) {
				t.Fatalf("%v", err)
			}
		})
		t.Run("DatabaseRefusesASecondLikeRow", func(t *testing.T) {
			now := time.Now().UTC()
			_, err := db.SQL().ExecContext(ctx, rebind(db, "INSERT INTO likes (user_id, designer_id, created_at) VALUES (?, ?, ?)"), bruno, d.ID, now)
			if !store.UniqueViolation(err, "user_id") {
				t.Fatalf("duplicate like row accepted: %v", err)
			}
		})
		t.Run("ForgetUserFixesCounts", func(t *testing.T) {
			if err := repo.AddShare(ctx, engagement.Share{DesignerID: d.ID, UserID: bruno, Platform: "email", SharedAt: time.Now()}); err != nil {
				t.Fatal(err)
			}
			if err := repo.ForgetUser(ctx, bruno); err != nil {
				t.Fatal(err)
			}
			stored, _ := store.NewDesignerRepo(db).ByID(ctx, d.ID)
			if n, _ := repo.LikeCount(ctx, d.ID); n != 0 || stored.LikeCount != 0 {
				t.Fatalf("likes %d, column %d", n, stored.LikeCount)
			}
			st, _ := repo.Shares(ctx, d.ID)
			if st.Total != 1 || len(st.Sharers) != 0 {
				t.Fatalf("%+v", st)
			}
		})
	})
}

func TestEngagementRepo_ConcurrentLikes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewEngagementRepo(db)
		d := newDesigner(t, db, "popular@example.com", "Popolare", "Roma")
		users := make([]int64, 100)
		for i := range users {
			users[i] = newCustomer(t, db, fmt.Sprintf("c%d@example.com", i))
		}
		var wg sync.WaitGroup
		errs := make(chan error, len(users)+4)
		for _, u := range users {
			wg.Add(1)
			go func(u int64) {
				defer wg.Done()
				if _, err := repo.ToggleLike(ctx, u, d.ID); err != nil {
					errs <- err
				}
			}(u)
		}
		// One customer double-taps: an even number of toggles ends unliked.
		for i := 0; i < 4; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := repo.ToggleLike(ctx, users[0], d.ID+0); err != nil {
					errs <- err
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		n, _ := repo.LikeCount(ctx, d.ID)
		stored, _ := store.NewDesignerRepo(db).ByID(ctx, d.ID)
		if n != 100 || stored.LikeCount != 100 {
			t.Fatalf("rows %d, like_count %d, want 100", n, stored.LikeCount)
		}
	})
}

func TestEngagementRepo_SharesAndMail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewEngagementRepo(db)
		d := newDesigner(t, db, "sofia@example.com", "Sofia", "Torino")
		anna := newCustomer(t, db, "anna@example.com")
		now := time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)
		for _, s := range []engagement.Share{{UserID: anna, Platform: "facebook"}, {Platform: "link"}, {Platform: "facebook"}} {
			s.DesignerID, s.SharedAt = d.ID, now
			if err := repo.AddShare(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		if err := repo.AddShare(ctx, engagement.Share{DesignerID: 9999, Platform: "copy", SharedAt: now}); !errors.Is(err, engagement.ErrDesignerNotFound) {
			t.Fatalf("unknown designer: %v", err)
		}
		st, err := repo.Shares(ctx, d.ID)
		if err != nil || st.Total != 3 || st.ByPlatform["facebook"] != 2 || len(st.Sharers) != 1 || st.Sharers[0].UserID != anna {
			t.Fatalf("%+v %v", st, err)
		}
		if n, _ := repo.ShareCount(ctx, d.ID); n != 3 {
			t.Fatalf("count %d", n)
		}

		sends := []engagement.Send{
			{TrackingID: "t1", Kind: "style_results", Recipient: "a@example.com", Sender: "ip:1.1.1.1", SentAt: now},
			{TrackingID: "t2", Kind: "style_results", Recipient: "a@example.com", Sender: "user:5", UserID: anna, SentAt: now.Add(time.Minute)},
			{TrackingID: "t3", Kind: "other", Recipient: "b@example.com", Sender: "ip:1.1.1.1", SentAt: now.Add(-40 * 24 * time.Hour)},
		}
		for _, s := range sends {
			if err := repo.AddSend(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		if n, _ := repo.CountSends(ctx, "style_results", "a@example.com", "", now.Add(-time.Hour)); n != 2 {
			t.Fatalf("to address: %d", n)
		}
		if n, _ := repo.CountSends(ctx, "style_results", "", "ip:1.1.1.1", now.Add(-time.Hour)); n != 1 {
			t.Fatalf("by sender: %d", n)
		}
		for i := 0; i < 2; i++ {
			if err := repo.AddClick(ctx, "t1", "/profile/1", now); err != nil {
				t.Fatal(err)
			}
		}
		if err := repo.AddClick(ctx, "nope", "/", now); !errors.Is(err, engagement.ErrTrackingNotFound) {
			t.Fatalf("%v", err)
		}
		stats, err := repo.SendStats(ctx, now.Add(-30*24*time.Hour), "")
		if err != nil || len(stats) != 1 || stats[0].Sent != 2 || stats[0].Clicked != 1 {
			t.Fatalf("%+v %v", stats, err)
		}
		if stats, _ := repo.SendStats(ctx, now.Add(-60*24*time.Hour), "other"); len(stats) != 1 || stats[0].Clicked != 0 {
			t.Fatalf("%+v", stats)
		}
		if err := repo.ForgetUser(ctx, anna); err != nil {
			t.Fatal(err)
		}
		if n, _ := repo.CountSends(ctx, "style_results", "a@example.com", "", now.Add(-time.Hour)); n != 1 {
			t.Fatalf("deleted account's address kept: %d", n)
		}
	})
}

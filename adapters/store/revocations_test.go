package store_test

import (
	"context"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
)

func TestRevocationRepo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewRevocationRepo(db)
		u := newUser(t, db, "anna@example.com")
		soon := time.Now().Add(time.Hour)
		if ok, err := repo.IsRevoked(ctx, "jti-1"); err != nil || ok {
			t.Fatalf("before revoking: %v %v", ok, err)
		}
		for i := 0; i < 2; i++ {
			if err := repo.Revoke(ctx, "jti-1", u.ID, soon); err != nil {
				t.Fatalf("revoke #%d: %v", i+1, err)
			}
		}
		if err := repo.Revoke(ctx, "jti-old", u.ID, time.Now().Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
		if ok, err := repo.IsRevoked(ctx, "jti-1"); err != nil || !ok {
			t.Fatalf("after revoking: %v %v", ok, err)
		}
		if n, err := repo.Purge(ctx, time.Now()); err != nil || n != 1 {
			t.Fatalf("purge: %d %v", n, err)
		}
		if ok, _ := repo.IsRevoked(ctx, "jti-1"); !ok {
			t.Fatal("purge dropped a live revocation")
		}
	})
}

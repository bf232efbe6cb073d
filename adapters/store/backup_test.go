package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/identity"
)

func TestSnapshotTo_UnderWriteLoad(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, store.SQLite, storetest.Options{})
	for i := range 20 {
		newUser(t, db, fmt.Sprintf("seed%d@example.com", i))
	}
	var (
		written atomic.Int64
		stop    = make(chan struct{})
		wg      sync.WaitGroup
		errs    = make(chan error, 1)
		ready   = make(chan struct{})
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		repo := store.NewUserRepo(db)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			u := identity.User{Email: fmt.Sprintf("load%d@example.com", i), Name: "Carico", Role: identity.RoleUser, PasswordHash: "h"}
			if err := repo.Create(ctx, &u); err != nil {
				errs <- err
				return
			}
			if written.Add(1) == 5 {
				close(ready)
			}
		}
	}()
	// Snapshot only once the writer is committing, so the copy is taken mid-load.
	select {
	case <-ready:
	case err := <-errs:
		t.Fatal(err)
	}
	before := written.Load()
	dest := filepath.Join(t.TempDir(), "copy.db")
	err := db.SnapshotTo(ctx, dest)
	after := written.Load()
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-errs:
		t.Fatalf("writer failed during the snapshot: %v", err)
	default:
	}
	rep, err := store.InspectSQLiteFile(ctx, dest)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Integrity != "ok" {
		t.Fatalf("integrity: %s", rep.Integrity)
	}
	if got := rep.Tables["users"]; got < 20+before || got > 20+after {
		t.Errorf("copy holds %d users, want between %d and %d", got, 20+before, 20+after)
	}
	known, _ := store.KnownMigrations(store.SQLite)
	if !slices.Equal(rep.Migrations, known) || rep.SchemaVersion() != known[len(known)-1] {
		t.Errorf("migrations %v, binary knows %v", rep.Migrations, known)
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(dest + suffix); err == nil {
			t.Errorf("the copy is not one self-contained file: %s exists", dest+suffix)
		}
	}
	if err := db.SnapshotTo(ctx, dest); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("overwrote an existing file: %v", err)
	}
}

func TestInspectSQLiteFile_Refusals(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, store.SQLite, storetest.Options{})
	for i := range 300 {
		newUser(t, db, fmt.Sprintf("u%03d@example.com", i))
	}
	good := filepath.Join(t.TempDir(), "good.db")
	if err := db.SnapshotTo(ctx, good); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("DamagedPages", func(t *testing.T) {
		bad := slices.Clone(raw)
		// Overwrite the middle of the file (table and index pages of users), keep the header.
		for i := len(bad) / 3; i < len(bad)*2/3; i += 7 {
			bad[i] ^= 0x5a
		}
		path := filepath.Join(t.TempDir(), "bad.db")
		_ = os.WriteFile(path, bad, 0o600)
		rep, err := store.InspectSQLiteFile(ctx, path)
		if err == nil && rep.Integrity == "ok" {
			t.Fatal("a damaged file passed the check")
		}
	})
	t.Run("NotADatabase", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "text.db")
		_ = os.WriteFile(path, []byte(strings.Repeat("not sqlite\n", 500)), 0o600)
		if rep, err := store.InspectSQLiteFile(ctx, path); err == nil && rep.Integrity == "ok" {
			t.Fatal("a text file passed the check")
		}
	})
	t.Run("NotInterno", func(t *testing.T) {
		other := storetest.Open(t, store.SQLite, storetest.Options{})
		if _, err := other.SQL().ExecContext(ctx, "DROP TABLE goose_db_version"); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "other.db")
		if err := other.SnapshotTo(ctx, path); err != nil {
			t.Fatal(err)
		}
		if _, err := store.InspectSQLiteFile(ctx, path); err == nil || !strings.Contains(err.Error(), "not an Interno database") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("Missing", func(t *testing.T) {
		if _, err := store.InspectSQLiteFile(ctx, filepath.Join(t.TempDir(), "none.db")); err == nil {
			t.Fatal("no error for a missing file")
		}
	})
}

func TestReport(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		newUser(t, db, "anna@example.com")
		newUser(t, db, "bruno@example.com")
		rep, err := db.Report(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		known, _ := store.KnownMigrations(db.Dialect())
		if rep.Tables["users"] != 2 || rep.Tables["designers"] != 0 || !slices.Equal(rep.Migrations, known) {
			t.Fatalf("report = %+v, known %v", rep, known)
		}
		if db.Dialect() == store.Postgres {
			if err := db.SnapshotTo(context.Background(), filepath.Join(t.TempDir(), "x.db")); err == nil || !strings.Contains(err.Error(), "pg_dump") {
				t.Fatalf("snapshot on PostgreSQL: %v", err)
			}
		}
	})
}

func TestKnownMigrations_SameOnBothEngines(t *testing.T) {
	lite, err := store.KnownMigrations(store.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := store.KnownMigrations(store.Postgres)
	if err != nil {
		t.Fatal(err)
	}
	if len(lite) == 0 || !slices.Equal(lite, pg) || !slices.IsSorted(lite) {
		t.Fatalf("sqlite %v, postgres %v", lite, pg)
	}
}

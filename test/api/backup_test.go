package api_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"interno/adapters/backup"
	"interno/adapters/store"
	"interno/adapters/store/storetest"
)

// runCLI runs the binary with the given environment (on top of the test process's).
func runCLI(t *testing.T, env []string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// fileHashes maps every visible file under dir to its SHA-256.
func fileHashes(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(raw)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:])
		return nil
	})
	return out
}

// archiveManifest reads the manifest out of a backup archive.
func archiveManifest(t *testing.T, path string) backup.Manifest {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err != nil {
			t.Fatalf("no manifest in %s: %v", path, err)
		}
		if h.Name == backup.ManifestName {
			var m backup.Manifest
			if err := json.NewDecoder(tr).Decode(&m); err != nil {
				t.Fatal(err)
			}
			return m
		}
	}
}

// writer posts chat messages through the API until stopped, recording each acknowledged one.
type writer struct {
	mu    sync.Mutex
	acked []string
	err   error
	tick  chan struct{}
	stop  chan struct{}
	done  chan struct{}
}

func startWriter(s *server, token string, designerID int64) *writer {
	w := &writer{tick: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	client := &http.Client{Timeout: 20 * time.Second}
	go func() {
		defer close(w.done)
		// Bounded in count and time: the test stops it long before either bound.
		deadline := time.Now().Add(2 * time.Minute)
		for i := 0; i < 20000 && time.Now().Before(deadline); i++ {
			select {
			case <-w.stop:
				return
			default:
			}
			text := fmt.Sprintf("Messaggio %05d", i)
			body, _ := json.Marshal(map[string]any{"designer_id": designerID, "message": text, "client_id": fmt.Sprintf("load-%d", i)})
			req, _ := http.NewRequest("POST", s.URL+"/api/contacts/", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+token)
			res, err := client.Do(req)
			if err == nil {
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != 200 && res.StatusCode != 201 {
					err = fmt.Errorf("POST /api/contacts/: %d", res.StatusCode)
				}
			}
			w.mu.Lock()
			if err != nil {
				w.err = err
				w.mu.Unlock()
				return
			}
			w.acked = append(w.acked, text)
			w.mu.Unlock()
			select {
			case w.tick <- struct{}{}:
			default:
			}
		}
	}()
	return w
}

// count returns how many writes were acknowledged so far.
func (w *writer) count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.acked)
}

// waitBeyond waits until more than n writes are acknowledged.
func (w *writer) waitBeyond(t *testing.T, n int) {
	t.Helper()
	for w.count() <= n {
		select {
		case <-w.tick:
		case <-w.done:
			t.Fatalf("the writer stopped: %v", w.err)
		}
	}
}

func (w *writer) halt(t *testing.T) []string {
	t.Helper()
	close(w.stop)
	<-w.done
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		t.Fatalf("writer: %v", w.err)
	}
	return slices.Clone(w.acked)
}

func TestBackup_SQLiteUnderWriteLoadRestoresExactly(t *testing.T) {
	if photoCache == "" {
		photoCache = photo(t)
	}
	s := start(t, "sqlite")
	d := s.must(201, "POST", "/api/designers", "", designerPayload("chiara@example.com")).JSON()
	designerID := int64(d["id"].(float64))
	gallery := d["gallery_images"].([]any)[0].(string)
	original := s.must(200, "GET", gallery, "", nil).Raw
	customer, _ := s.register("anna@example.com")

	w := startWriter(s, customer, designerID)
	w.waitBeyond(t, 20)
	ackedBefore := w.count()
	archive := filepath.Join(t.TempDir(), "interno-backup.tar.gz")
	out, err := s.cli("backup", archive)
	if err != nil {
		t.Fatalf("backup under load: %v\n%s", err, out)
	}
	ackedAfter := w.count()
	// The writer was still committing after the backup ended: the copy was taken under load.
	w.waitBeyond(t, ackedAfter)
	acked := w.halt(t)
	if !strings.Contains(out, "backup written to "+archive) {
		t.Errorf("backup output: %s", out)
	}
	if info, err := os.Stat(archive); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("archive: %v %v", info, err)
	}
	m := archiveManifest(t, archive)
	known, _ := store.KnownMigrations(store.SQLite)
	if m.Database.Engine != "sqlite" || m.Database.SchemaVersion != known[len(known)-1] || m.Database.Tables["users"] != 2 {
		t.Fatalf("manifest database: %+v", m.Database)
	}
	// One write is in flight at a time: it may be in the copy yet acknowledged after the backup ended.
	if got := m.Database.Tables["messages"]; got < int64(ackedBefore) || got > int64(ackedAfter)+1 {
		t.Errorf("the copy holds %d messages; %d were acknowledged before the backup began and %d when it ended", got, ackedBefore, ackedAfter)
	}
	t.Logf("backup under load: %d messages acknowledged before, %d in the copy, %d after; %d in total", ackedBefore, m.Database.Tables["messages"], ackedAfter, len(acked))

	restored := t.TempDir()
	env := []string{"INTERNO_DATA_DIR=" + restored, "INTERNO_DATABASE_URL="}
	out, err = runCLI(t, env, "restore", archive)
	if err != nil {
		t.Fatalf("restore: %v\n%s", err, out)
	}
	rep, err := store.InspectSQLiteFile(context.Background(), filepath.Join(restored, "interno.db"))
	if err != nil || rep.Integrity != "ok" {
		t.Fatalf("restored database: %+v %v", rep, err)
	}
	if !maps.Equal(rep.Tables, m.Database.Tables) {
		t.Errorf("restored row counts %v, manifest %v", rep.Tables, m.Database.Tables)
	}
	if src, dst := fileHashes(t, filepath.Join(s.DataDir, "uploads")), fileHashes(t, filepath.Join(restored, "uploads")); !maps.Equal(src, dst) || len(src) == 0 {
		t.Errorf("restored uploads differ:\n got %v\nwant %v", dst, src)
	}

	// The restored instance serves what was acknowledged before the backup began.
	r := start(t, "sqlite", "INTERNO_DATA_DIR="+restored)
	if got := r.must(200, "GET", gallery, "", nil).Raw; !bytes.Equal(got, original) {
		t.Error("the restored instance serves another picture")
	}
	token := r.login("anna@example.com", "password123")
	contacts := r.must(200, "GET", "/api/contacts/my-contacts", token, nil).JSON()["contacts"].([]any)
	if len(contacts) != 1 {
		t.Fatalf("contacts after restore: %v", contacts)
	}
	conv := fmt.Sprintf("/api/contacts/%d?mark_read=false", int64(contacts[0].(map[string]any)["id"].(float64)))
	got := r.must(200, "GET", conv, token, nil).JSON()
	if n := int(got["message_count"].(float64)); n < ackedBefore || int64(n) != m.Database.Tables["messages"] {
		t.Errorf("restored conversation has %d messages, want %d (at least %d)", n, m.Database.Tables["messages"], ackedBefore)
	}
}

func TestBackup_Refusals(t *testing.T) {
	s := start(t, "sqlite")
	customer, _ := s.register("anna@example.com")
	archive := filepath.Join(t.TempDir(), "b.tar.gz")
	if out, err := s.cli("backup", archive); err != nil {
		t.Fatalf("%v: %s", err, out)
	}

	t.Run("ExistingArchiveNeedsForce", func(t *testing.T) {
		out, err := s.cli("backup", archive)
		if err == nil || !strings.Contains(out, "--force") {
			t.Fatalf("err %v: %s", err, out)
		}
		if out, err := s.cli("backup", "--force", archive); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
	})
	t.Run("NoDatabaseToBackUp", func(t *testing.T) {
		out, err := runCLI(t, []string{"INTERNO_DATA_DIR=" + t.TempDir(), "INTERNO_DATABASE_URL="}, "backup", filepath.Join(t.TempDir(), "x.tar.gz"))
		if err == nil || !strings.Contains(out, "nothing to back up") {
			t.Fatalf("err %v: %s", err, out)
		}
	})
	t.Run("UsageErrors", func(t *testing.T) {
		for _, args := range [][]string{{"backup"}, {"backup", "a", "b"}, {"restore"}, {"backup", "--frobnicate", "x"}} {
			out, err := s.cli(args...)
			if err == nil || !strings.Contains(out, "usage: interno") {
				t.Errorf("%q: err %v: %s", args, err, out)
			}
		}
	})
	t.Run("RunningInstanceIsRefused", func(t *testing.T) {
		out, err := s.cli("restore", "--force", archive)
		if err == nil || !strings.Contains(out, "stop it first") {
			t.Fatalf("err %v: %s", err, out)
		}
		s.must(200, "GET", "/api/users/me", customer, nil)
		if left, _ := filepath.Glob(filepath.Join(s.DataDir, "*restore*")); len(left) > 0 {
			t.Errorf("a refused restore left %q", left)
		}
		if out, err := s.cli("restore", "--check", archive); err != nil || !strings.Contains(out, "is sound") {
			t.Fatalf("a check is allowed while serving: %v: %s", err, out)
		}
	})
	t.Run("TamperedArchiveChangesNothing", func(t *testing.T) {
		raw, _ := os.ReadFile(archive)
		bad := filepath.Join(t.TempDir(), "bad.tar.gz")
		_ = os.WriteFile(bad, raw[:len(raw)/2], 0o600)
		dir := t.TempDir()
		out, err := runCLI(t, []string{"INTERNO_DATA_DIR=" + dir, "INTERNO_DATABASE_URL="}, "restore", bad)
		if err == nil || !strings.Contains(out, "not a sound backup") {
			t.Fatalf("err %v: %s", err, out)
		}
		if _, err := os.Stat(filepath.Join(dir, "interno.db")); err == nil {
			t.Fatal("a database appeared")
		}
	})
	t.Run("ExistingDatabaseNeedsForceAndIsKept", func(t *testing.T) {
		s.stop()
		before := fileHashes(t, s.DataDir)
		out, err := s.cli("restore", archive)
		if err == nil || !strings.Contains(out, "pass --force") {
			t.Fatalf("err %v: %s", err, out)
		}
		if after := fileHashes(t, s.DataDir); !maps.Equal(before, after) {
			t.Fatal("a refused restore changed the data directory")
		}
		out, err = s.cli("restore", "--force", archive)
		if err != nil || !strings.Contains(out, "the previous data is kept in") {
			t.Fatalf("err %v: %s", err, out)
		}
		kept := regexp.MustCompile(`kept in (\S+);`).FindStringSubmatch(out)
		if kept == nil {
			t.Fatalf("no folder named: %s", out)
		}
		if _, err := os.Stat(filepath.Join(kept[1], "interno.db")); err != nil {
			t.Fatalf("previous database not kept: %v", err)
		}
	})
}

func TestHealthcheck(t *testing.T) {
	s := start(t, "sqlite")
	out, err := s.cli("healthcheck")
	if err != nil || strings.Count(strings.TrimSpace(out), "\n") != 0 || !strings.Contains(out, "ready: "+s.URL+"/api/ready answered 200") {
		t.Fatalf("running: %v: %q", err, out)
	}
	u, _ := url.Parse(s.URL)
	// The wildcard form of the same port is dialled on loopback.
	if out, err := runCLI(t, []string{"INTERNO_ADDR=:" + u.Port()}, "healthcheck"); err != nil {
		t.Fatalf(":port: %v: %s", err, out)
	}
	s.stop()
	out, err = s.cli("healthcheck", "--timeout", "2s")
	if err == nil || strings.Count(strings.TrimSpace(out), "\n") != 0 || !strings.Contains(out, "not ready") || !strings.Contains(out, "connection refused") {
		t.Fatalf("stopped: %v: %q", err, out)
	}
	if out, err := s.cli("healthcheck", "extra"); err == nil || !strings.Contains(out, "usage") {
		t.Fatalf("usage: %v: %s", err, out)
	}
}

// TestBackup_PostgresPrintsWorkingCommands checks that on PostgreSQL the archive holds the
// uploads only, that the printed commands never show the password, and that they work:
// the dump is taken, later writes are made, and the printed restore brings the database back.
func TestBackup_PostgresPrintsWorkingCommands(t *testing.T) {
	if photoCache == "" {
		photoCache = photo(t)
	}
	u, err := url.Parse(storetest.NewPostgresSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	// The local server trusts loopback, so this password is never checked; it must never be printed.
	u.User = url.UserPassword(u.User.Username(), "Sup3r-Secret-pw")
	dbURL := "INTERNO_DATABASE_URL=" + u.String()
	s := start(t, "sqlite", dbURL) // the last INTERNO_DATABASE_URL wins: PostgreSQL with a password in the URL
	s.must(201, "POST", "/api/designers", "", designerPayload("chiara@example.com"))
	s.register("anna@example.com")

	dir := t.TempDir()
	archive := filepath.Join(dir, "pg-backup.tar.gz")
	out, err := s.cli("backup", archive)
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if strings.Contains(out, "Sup3r-Secret-pw") {
		t.Fatalf("the password was printed: %s", out)
	}
	for _, want := range []string{"holds the uploads only", "PGPASSWORD", "pg_dump --format=custom", "pg_restore ", "interno restore " + archive} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	m := archiveManifest(t, archive)
	if m.Database.Engine != "postgres" || m.Database.Included || len(m.Files) != 1 || !strings.HasPrefix(m.Files[0].Path, "uploads/gallery/") {
		t.Fatalf("manifest: %+v", m)
	}
	if raw, _ := os.ReadFile(archive); bytes.Contains(raw, []byte("Sup3r")) {
		t.Fatal("the archive holds the password")
	}

	line := func(prefix string) string {
		for _, l := range strings.Split(out, "\n") {
			if l = strings.TrimSpace(l); strings.HasPrefix(l, prefix) {
				return l
			}
		}
		t.Fatalf("no %q line in:\n%s", prefix, out)
		return ""
	}
	if got, err := exec.Command("sh", "-c", line("pg_dump ")).CombinedOutput(); err != nil {
		t.Fatalf("the printed pg_dump failed: %v\n%s", err, got)
	}
	s.register("after-the-dump@example.com")
	s.stop()
	if got, err := exec.Command("sh", "-c", line("pg_restore ")).CombinedOutput(); err != nil {
		t.Fatalf("the printed pg_restore failed: %v\n%s", err, got)
	}
	out, err = s.cli("restore", "--force", archive)
	if err != nil || !strings.Contains(out, "1 uploaded file (") || !strings.Contains(out, "pg_restore") || strings.Contains(out, "Sup3r") {
		t.Fatalf("restore of the uploads: %v: %s", err, out)
	}
	again := start(t, "sqlite", dbURL, "INTERNO_DATA_DIR="+s.DataDir)
	again.login("anna@example.com", "password123")
	if r := again.call("POST", "/api/auth/login", "", map[string]any{"email": "after-the-dump@example.com", "password": "password123"}); r.Status != 401 {
		t.Fatalf("a user made after the dump survived its restore: %d", r.Status)
	}
}

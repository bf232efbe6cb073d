package backup

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fakeDB stands in for the SQLite side: the "database" is a JSON file holding the report
// an inspection returns, so the archive logic is tested without a database engine.
type fakeDB struct {
	report DBReport
}

func (f *fakeDB) snapshot(_ context.Context, dest string) error {
	raw, _ := json.Marshal(f.report)
	return os.WriteFile(dest, raw, 0o600)
}

func inspectFake(_ context.Context, path string) (DBReport, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return DBReport{}, err
	}
	var r DBReport
	if err := json.Unmarshal(raw, &r); err != nil {
		return DBReport{}, errors.New("file is not a database")
	}
	return r, nil
}

var known = []int64{1, 2, 3, 4, 5, 6, 7, 8}

func goodDB() *fakeDB {
	return &fakeDB{report: DBReport{Integrity: "ok", Migrations: []int64{1, 2, 3, 4, 5, 6, 7, 8}, Tables: map[string]int64{"users": 3, "messages": 7}}}
}

// dataDir makes a data directory with a database and a few uploads.
func dataDir(t *testing.T, db *fakeDB) string {
	t.Helper()
	dir := t.TempDir()
	if db != nil {
		if err := db.snapshot(context.Background(), filepath.Join(dir, DatabaseName)); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(dir, "uploads/gallery/a1.jpg"), "first picture")
	write(t, filepath.Join(dir, "uploads/gallery/b2.webp"), strings.Repeat("x", 70000))
	write(t, filepath.Join(dir, "uploads/profile_pictures/c3.png"), "avatar")
	return dir
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func createOpts(dir, out string, db *fakeDB) CreateOptions {
	return CreateOptions{DataDir: dir, Out: out, Engine: EngineSQLite, Snapshot: db.snapshot, Inspect: inspectFake, Version: "test-1",
		Now: func() time.Time { return time.Date(2026, 11, 20, 10, 30, 0, 0, time.UTC) }}
}

func restoreOpts(dir string) RestoreOptions {
	return RestoreOptions{DataDir: dir, Engine: EngineSQLite, Inspect: inspectFake, KnownMigrations: known,
		Now: func() time.Time { return time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC) }}
}

// tree maps every regular file under dir (relative, slash-separated) to its content.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		raw, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(raw)
		return nil
	})
	return out
}

func TestCreateAndRestore_RoundTrip(t *testing.T) {
	ctx := context.Background()
	db := goodDB()
	src := dataDir(t, db)
	write(t, filepath.Join(src, "uploads/gallery/.tmp-123"), "half a picture")
	if err := os.Symlink("/etc/passwd", filepath.Join(src, "uploads/gallery/evil.jpg")); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "b.tar.gz")
	var warnings []string
	opts := createOpts(src, out, db)
	opts.Warn = func(m string) { warnings = append(warnings, m) }
	m, err := Create(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "evil.jpg") {
		t.Errorf("warnings = %q, want one about the symlink", warnings)
	}
	if m.Database.SchemaVersion != 8 || m.Database.Tables["messages"] != 7 || m.InternoVersion != "test-1" {
		t.Errorf("manifest database = %+v", m.Database)
	}
	var paths []string
	for _, f := range m.Files {
		paths = append(paths, f.Path)
	}
	want := []string{"interno.db", "uploads/gallery/a1.jpg", "uploads/gallery/b2.webp", "uploads/profile_pictures/c3.png"}
	if !slices.Equal(paths, want) {
		t.Errorf("files = %q, want %q", paths, want)
	}
	if info, err := os.Stat(out); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("archive mode: %v %v", info, err)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".interno-backup-*")); len(left) > 0 {
		t.Errorf("work files left behind: %q", left)
	}

	dst := filepath.Join(t.TempDir(), "restored")
	write(t, filepath.Join(dst, ".restore-123/uploads/gallery/x.jpg"), "left by a killed restore")
	res, err := Restore(ctx, out, restoreOpts(dst))
	if err != nil {
		t.Fatal(err)
	}
	if res.KeptIn != "" {
		t.Errorf("nothing to keep, got %s", res.KeptIn)
	}
	got := tree(t, dst)
	delete(got, LockName)
	srcTree := tree(t, src)
	delete(srcTree, "uploads/gallery/.tmp-123")
	delete(srcTree, "uploads/gallery/evil.jpg")
	if !maps.Equal(got, srcTree) {
		t.Errorf("restored tree differs:\n got %v\nwant %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(srcTree)))
	}
	if left, _ := filepath.Glob(filepath.Join(dst, ".restore-*")); len(left) > 0 {
		t.Errorf("staging left behind: %q", left)
	}
}

func TestCreate_Refusals(t *testing.T) {
	ctx := context.Background()
	db := goodDB()
	src := dataDir(t, db)
	t.Run("ExistingFileNeedsForce", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "b.tar.gz")
		write(t, out, "older backup")
		if _, err := Create(ctx, createOpts(src, out, db)); err == nil || !strings.Contains(err.Error(), "--force") {
			t.Fatalf("err = %v", err)
		}
		if raw, _ := os.ReadFile(out); string(raw) != "older backup" {
			t.Fatal("the existing file was touched")
		}
		opts := createOpts(src, out, db)
		opts.Force = true
		if _, err := Create(ctx, opts); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("InsideUploads", func(t *testing.T) {
		if _, err := Create(ctx, createOpts(src, filepath.Join(src, "uploads", "b.tar.gz"), db)); err == nil || !strings.Contains(err.Error(), "uploads") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("FailedSnapshotLeavesNothing", func(t *testing.T) {
		dir := t.TempDir()
		opts := createOpts(src, filepath.Join(dir, "b.tar.gz"), db)
		opts.Snapshot = func(context.Context, string) error { return errors.New("disk full") }
		if _, err := Create(ctx, opts); err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Fatalf("err = %v", err)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Fatalf("left %v", entries)
		}
	})
	t.Run("UnsoundSnapshot", func(t *testing.T) {
		bad := &fakeDB{report: DBReport{Integrity: "*** in database main *** Page 3 is never used"}}
		opts := createOpts(src, filepath.Join(t.TempDir(), "b.tar.gz"), bad)
		if _, err := Create(ctx, opts); err == nil || !strings.Contains(err.Error(), "integrity") {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestRestore_ExistingDataNeedsForce(t *testing.T) {
	ctx := context.Background()
	db := goodDB()
	out := filepath.Join(t.TempDir(), "b.tar.gz")
	if _, err := Create(ctx, createOpts(dataDir(t, db), out, db)); err != nil {
		t.Fatal(err)
	}
	older := &fakeDB{report: DBReport{Integrity: "ok", Migrations: []int64{1, 2}, Tables: map[string]int64{"users": 1}}}
	dst := t.TempDir()
	_ = older.snapshot(ctx, filepath.Join(dst, DatabaseName))
	write(t, filepath.Join(dst, DatabaseName+"-wal"), "old wal")
	write(t, filepath.Join(dst, DatabaseName+"-shm"), "old shm")
	write(t, filepath.Join(dst, "uploads/gallery/old.jpg"), "old picture")
	write(t, filepath.Join(dst, "cache/images/ab/cd/w320.webp"), "stale variant")
	write(t, filepath.Join(dst, "jwt-secret"), "kept secret")
	before := tree(t, dst)

	_, err := Restore(ctx, out, restoreOpts(dst))
	if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "a database") || !strings.Contains(err.Error(), "uploaded pictures") {
		t.Fatalf("err = %v", err)
	}
	after := tree(t, dst)
	delete(after, LockName)
	if !maps.Equal(before, after) {
		t.Fatal("a refused restore changed the data directory")
	}

	opts := restoreOpts(dst)
	opts.Force = true
	res, err := Restore(ctx, out, opts)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(res.KeptIn) != "pre-restore-20261121T080000Z" {
		t.Errorf("kept in %s", res.KeptIn)
	}
	kept := tree(t, res.KeptIn)
	for _, name := range []string{DatabaseName, DatabaseName + "-wal", DatabaseName + "-shm", "uploads/gallery/old.jpg"} {
		if kept[name] != before[name] {
			t.Errorf("previous %s not kept: %q", name, kept[name])
		}
	}
	now := tree(t, dst)
	if _, ok := now[DatabaseName+"-wal"]; ok {
		t.Error("the old WAL stayed beside the restored database")
	}
	if _, ok := now["cache/images/ab/cd/w320.webp"]; ok {
		t.Error("the image cache was not dropped")
	}
	if now["jwt-secret"] != "kept secret" || now["uploads/gallery/a1.jpg"] != "first picture" {
		t.Errorf("restored tree: %v", slices.Sorted(maps.Keys(now)))
	}
	if r, _ := inspectFake(ctx, filepath.Join(dst, DatabaseName)); r.Tables["messages"] != 7 {
		t.Errorf("database not replaced: %+v", r)
	}
}

func TestRestore_RefusesADirectoryInUse(t *testing.T) {
	ctx := context.Background()
	db := goodDB()
	out := filepath.Join(t.TempDir(), "b.tar.gz")
	if _, err := Create(ctx, createOpts(dataDir(t, db), out, db)); err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	held, err := ShareDataDir(dst)
	if err != nil {
		t.Fatal(err)
	}
	opts := restoreOpts(dst)
	opts.Force = true
	if _, err := Restore(ctx, out, opts); !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), "stop it first") {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(dst, DatabaseName)); err == nil {
		t.Fatal("restored into a directory in use")
	}
	check := restoreOpts(dst)
	check.CheckOnly = true
	if _, err := Restore(ctx, out, check); err != nil {
		t.Fatalf("a check needs no lock: %v", err)
	}
	if err := held.Release(); err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(ctx, out, opts); err != nil {
		t.Fatalf("after release: %v", err)
	}
}

func TestLock(t *testing.T) {
	dir := t.TempDir()
	a, err := ShareDataDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ShareDataDir(dir)
	if err != nil {
		t.Fatalf("two users share the directory: %v", err)
	}
	if _, err := OwnDataDir(dir); !errors.Is(err, ErrInUse) {
		t.Fatalf("exclusive while shared: %v", err)
	}
	_ = a.Release()
	_ = b.Release()
	own, err := OwnDataDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ShareDataDir(dir); !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), "restore") {
		t.Fatalf("start during a restore: %v", err)
	}
	_ = own.Release()
	_ = own.Release() // twice is harmless
}

// entry is one member of a hand-made archive.
type entry struct {
	name     string
	body     string
	typeflag byte
	link     string
}

// readArchive returns the members of an archive, manifest included.
func readArchive(t *testing.T, path string) []entry {
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
	var out []entry
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(tr)
		out = append(out, entry{name: h.Name, body: string(raw), typeflag: h.Typeflag, link: h.Linkname})
	}
}

func writeArchive(t *testing.T, path string, entries []entry) {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, e := range entries {
		tf := e.typeflag
		if tf == 0 {
			tf = tar.TypeReg
		}
		h := &tar.Header{Name: e.name, Mode: 0o644, Typeflag: tf, Linkname: e.link}
		if tf == tar.TypeReg {
			h.Size = int64(len(e.body))
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if tf == tar.TypeReg {
			_, _ = tw.Write([]byte(e.body))
		}
	}
	_ = tw.Close()
	_ = gz.Close()
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
}

// editManifest rewrites the manifest entry through fn.
func editManifest(t *testing.T, entries []entry, fn func(m *Manifest)) []entry {
	t.Helper()
	out := slices.Clone(entries)
	for i, e := range out {
		if e.name == ManifestName {
			var m Manifest
			if err := json.Unmarshal([]byte(e.body), &m); err != nil {
				t.Fatal(err)
			}
			fn(&m)
			raw, _ := json.Marshal(m)
			out[i].body = string(raw)
		}
	}
	return out
}

func TestRestore_RefusesUnsoundArchives(t *testing.T) {
	ctx := context.Background()
	db := goodDB()
	dir := t.TempDir()
	good := filepath.Join(dir, "good.tar.gz")
	if _, err := Create(ctx, createOpts(dataDir(t, db), good, db)); err != nil {
		t.Fatal(err)
	}
	entries := readArchive(t, good)
	replace := func(name, body string) []entry {
		out := slices.Clone(entries)
		for i := range out {
			if out[i].name == name {
				out[i].body = body
			}
		}
		return out
	}
	dbWith := func(r DBReport) string { raw, _ := json.Marshal(r); return string(raw) }
	cases := []struct {
		name    string
		entries []entry
		raw     []byte
		known   []int64
		want    string
	}{
		{name: "PictureChanged", entries: replace("uploads/gallery/a1.jpg", "first pictura"), want: "does not match its checksum"},
		{name: "ExtraEntry", entries: append(slices.Clone(entries), entry{name: "uploads/gallery/zz.jpg", body: "x"}), want: "not in the manifest"},
		{name: "MissingEntry", entries: slices.DeleteFunc(slices.Clone(entries), func(e entry) bool { return e.name == "uploads/profile_pictures/c3.png" }), want: "missing from the archive"},
		{name: "NoManifest", entries: slices.DeleteFunc(slices.Clone(entries), func(e entry) bool { return e.name == ManifestName }), want: "no manifest.json"},
		{name: "PathTraversal", entries: append([]entry{{name: "uploads/../../evil", body: "x"}}, entries...), want: "unexpected entry"},
		{name: "AbsolutePath", entries: append([]entry{{name: "/etc/cron.d/evil", body: "x"}}, entries...), want: "unexpected entry"},
		{name: "HiddenName", entries: append([]entry{{name: "uploads/gallery/.tmp-1", body: "x"}}, entries...), want: "unexpected entry"},
		{name: "Symlink", entries: append([]entry{{name: "uploads/gallery/l.jpg", typeflag: tar.TypeSymlink, link: "/etc/passwd"}}, entries...), want: "not a regular file"},
		{name: "OtherFormat", entries: editManifest(t, entries, func(m *Manifest) { m.FormatVersion = 2 }), want: "format version 2"},
		{name: "NotGzip", raw: []byte("PK\x03\x04 a zip file"), want: "not a gzip file"},
		{name: "CutShort", raw: func() []byte { raw, _ := os.ReadFile(good); return raw[:len(raw)*2/3] }(), want: "damaged archive"},
		{name: "NewerSchema", entries: fixChecksums(t, editManifest(t, replace(DatabaseName, dbWith(DBReport{Integrity: "ok", Migrations: []int64{1, 2, 9}, Tables: db.report.Tables})), func(m *Manifest) {
			m.Database.Migrations = []int64{1, 2, 9}
			m.Database.SchemaVersion = 9
		})), want: "schema version 9 is newer than this binary's (8)"},
		{name: "UnknownMigration", entries: entries, known: []int64{1, 2, 3, 4, 6, 7, 8}, want: "it has migration 5, which this binary does not know"},
		{name: "IntegrityFails", entries: fixChecksums(t, replace(DatabaseName, dbWith(DBReport{Integrity: "row 3 missing from index ux_users_email", Migrations: db.report.Migrations, Tables: db.report.Tables}))), want: "integrity check: row 3"},
		{name: "NotADatabase", entries: fixChecksums(t, replace(DatabaseName, "garbage")), want: "cannot be read"},
		{name: "RowCountsDiffer", entries: fixChecksums(t, replace(DatabaseName, dbWith(DBReport{Integrity: "ok", Migrations: db.report.Migrations, Tables: map[string]int64{"users": 3, "messages": 6}}))), want: "table messages holds 6 rows, the manifest says 7"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "b.tar.gz")
			if tc.raw != nil {
				_ = os.WriteFile(path, tc.raw, 0o600)
			} else {
				writeArchive(t, path, tc.entries)
			}
			dst := t.TempDir()
			write(t, filepath.Join(dst, "uploads/gallery/mine.jpg"), "current picture")
			opts := restoreOpts(dst)
			opts.Force = true
			if tc.known != nil {
				opts.KnownMigrations = tc.known
			}
			_, err := Restore(ctx, path, opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to mention %q", err, tc.want)
			}
			now := tree(t, dst)
			delete(now, LockName)
			if len(now) != 1 || now["uploads/gallery/mine.jpg"] != "current picture" {
				t.Fatalf("a refused restore changed the data directory: %v", now)
			}
			if left, _ := filepath.Glob(filepath.Join(dst, "*restore*")); len(left) > 0 {
				t.Fatalf("left %q", left)
			}
		})
	}
}

// fixChecksums recomputes the manifest's file list so only the deeper checks can object.
func fixChecksums(t *testing.T, entries []entry) []entry {
	t.Helper()
	return editManifest(t, entries, func(m *Manifest) {
		m.Files = nil
		for _, e := range entries {
			if e.name != ManifestName {
				m.Files = append(m.Files, File{Path: e.name, Size: int64(len(e.body)), SHA256: sha256Hex(e.body)})
			}
		}
	})
}

func TestRestore_EngineMustMatch(t *testing.T) {
	ctx := context.Background()
	db := goodDB()
	out := filepath.Join(t.TempDir(), "b.tar.gz")
	if _, err := Create(ctx, createOpts(dataDir(t, db), out, db)); err != nil {
		t.Fatal(err)
	}
	opts := restoreOpts(t.TempDir())
	opts.Engine = EnginePostgres
	if _, err := Restore(ctx, out, opts); err == nil || !strings.Contains(err.Error(), "holds a sqlite backup but this instance is configured for postgres") {
		t.Fatalf("err = %v", err)
	}
}

func TestPostgres_UploadsOnly(t *testing.T) {
	ctx := context.Background()
	src := dataDir(t, nil)
	out := filepath.Join(t.TempDir(), "b.tar.gz")
	m, err := Create(ctx, CreateOptions{DataDir: src, Out: out, Engine: EnginePostgres, Note: "pg_dump ...",
		Live: func(context.Context) (DBReport, error) { return DBReport{Migrations: []int64{1, 2, 8}}, nil }})
	if err != nil {
		t.Fatal(err)
	}
	if m.Database.Included || m.Database.SchemaVersion != 8 || len(m.Files) != 3 || m.Database.Note != "pg_dump ..." {
		t.Fatalf("manifest = %+v", m)
	}
	dst := t.TempDir()
	opts := restoreOpts(dst)
	opts.Engine = EnginePostgres
	opts.Inspect = func(context.Context, string) (DBReport, error) {
		t.Fatal("no database to inspect")
		return DBReport{}, nil
	}
	if _, err := Restore(ctx, out, opts); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, dst); got["uploads/gallery/a1.jpg"] != "first picture" || len(got) != 4 {
		t.Fatalf("restored %v", got)
	}
	if _, err := Restore(ctx, out, opts); !errors.Is(err, ErrExists) || strings.Contains(err.Error(), "database") {
		t.Fatalf("second restore: %v", err)
	}
}

func TestPgCommands(t *testing.T) {
	c, err := PgCommands("postgres://interno:s3cr%27et@db.internal:5433/interno?sslmode=require&search_path=shop,public&pool_max_conns=10&sslpassword=hush", "/backups/2026-11-20.tar.gz")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{c.Dump, c.Restore, c.String()} {
		if strings.Contains(s, "s3cr") || strings.Contains(s, "hush") || strings.Contains(s, "pool_max_conns") {
			t.Errorf("leaks or keeps a pgx-only parameter: %s", s)
		}
	}
	wantDump := "pg_dump --format=custom --no-owner --no-privileges --schema=shop --file=/backups/2026-11-20.dump --dbname='postgres://interno@db.internal:5433/interno?sslmode=require'"
	if c.Dump != wantDump {
		t.Errorf("dump:\n got %s\nwant %s", c.Dump, wantDump)
	}
	wantRestore := "pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction --exit-on-error --dbname='postgres://interno@db.internal:5433/interno?sslmode=require' /backups/2026-11-20.dump"
	if c.Restore != wantRestore {
		t.Errorf("restore:\n got %s\nwant %s", c.Restore, wantRestore)
	}
	if !c.HasPassword || !strings.Contains(c.String(), "PGPASSWORD") {
		t.Errorf("no password hint: %s", c.String())
	}
	if _, err := PgCommands("mysql://x", "b.tar.gz"); err == nil {
		t.Error("accepted a non-postgres URL")
	}
	plain, _ := PgCommands("postgres://postgres@127.0.0.1/test?search_path=public", "my backup.tgz")
	if strings.Contains(plain.Dump, "--schema") || !strings.Contains(plain.Dump, "--file='my backup.dump'") || plain.HasPassword {
		t.Errorf("plain: %+v", plain)
	}
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

func TestRestore_FilesTakeTheDataDirectorysOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("changing owners needs root (the case this covers: sudo interno restore)")
	}
	ctx := context.Background()
	db := goodDB()
	out := filepath.Join(t.TempDir(), "b.tar.gz")
	if _, err := Create(ctx, createOpts(dataDir(t, db), out, db)); err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	if err := os.Chown(dst, 10001, 10001); err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(ctx, out, restoreOpts(dst)); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{DatabaseName, "uploads", "uploads/gallery", "uploads/gallery/a1.jpg"} {
		info, err := os.Stat(filepath.Join(dst, p))
		if err != nil {
			t.Fatal(err)
		}
		if st := info.Sys().(*syscall.Stat_t); st.Uid != 10001 || st.Gid != 10001 {
			t.Errorf("%s owned by %d:%d, want the data directory's 10001:10001", p, st.Uid, st.Gid)
		}
	}
}

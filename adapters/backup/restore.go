package backup

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// ErrExists says the data directory already holds data and --force was not given.
var ErrExists = errors.New("data directory not empty")

// RestoreOptions say where to restore and how to check the copy.
type RestoreOptions struct {
	// DataDir is INTERNO_DATA_DIR.
	DataDir string
	// Engine is the configured engine: a SQLite archive restores only onto SQLite, and a
	// PostgreSQL archive (uploads only) only onto PostgreSQL.
	Engine string
	// Force allows replacing existing data; the previous data is moved aside, not deleted.
	Force bool
	// CheckOnly verifies the archive and changes nothing.
	CheckOnly bool
	// Inspect checks the SQLite copy (integrity, migrations, row counts).
	Inspect func(ctx context.Context, path string) (DBReport, error)
	// KnownMigrations are the migrations this binary carries; a copy with any other is refused.
	KnownMigrations []int64
	// Now is the clock, used to name the folder the previous data is kept in.
	Now func() time.Time
}

// RestoreResult tells what a restore did.
type RestoreResult struct {
	Manifest Manifest
	// KeptIn is the folder holding the data that was replaced ("" when there was none).
	KeptIn string
}

// Restore verifies the archive completely, then replaces the data directory's database and
// uploads with it. Nothing is replaced unless every check passes: the manifest is well formed,
// every file's size and SHA-256 match, no entry is missing or extra, the database passes
// PRAGMA integrity_check and a foreign-key check, its row counts match the manifest, and
// its migrations are all known to this binary. The archive is unpacked beside the data
// (in the same file system), and swapped in by rename while the data directory is locked.
func Restore(ctx context.Context, archive string, opts RestoreOptions) (RestoreResult, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	// A check changes nothing, so it needs no lock and unpacks into the system's temp folder.
	stagingParent := ""
	if !opts.CheckOnly {
		lock, err := OwnDataDir(opts.DataDir)
		if err != nil {
			return RestoreResult{}, err
		}
		defer lock.Release()
		// With the lock held no other restore runs: any unpacked folder is from one that was killed.
		stale, _ := filepath.Glob(filepath.Join(opts.DataDir, ".restore-*"))
		for _, dir := range stale {
			_ = os.RemoveAll(dir)
		}
		if !opts.Force {
			if what := existingData(opts.DataDir, opts.Engine); what != "" {
				return RestoreResult{}, fmt.Errorf("%w: %s already holds %s; pass --force to replace it (the current data is then kept in a pre-restore folder)", ErrExists, opts.DataDir, what)
			}
		}
		stagingParent = opts.DataDir
	}
	staging, err := os.MkdirTemp(stagingParent, ".restore-")
	if err != nil {
		return RestoreResult{}, fmt.Errorf("cannot unpack into %s: %w", opts.DataDir, err)
	}
	defer os.RemoveAll(staging)
	m, err := unpack(ctx, archive, staging)
	if err != nil {
		return RestoreResult{}, fmt.Errorf("%s is not a sound backup: %w", archive, err)
	}
	res := RestoreResult{Manifest: m}
	if m.Database.Engine != opts.Engine {
		return res, fmt.Errorf("%s holds a %s backup but this instance is configured for %s (INTERNO_DATABASE_URL); moving data between engines is not supported", archive, m.Database.Engine, opts.Engine)
	}
	if err := checkMigrations(m.Database.Migrations, opts.KnownMigrations); err != nil {
		return res, fmt.Errorf("%s was made by Interno %s and %w: restore it with that version or a newer one", archive, m.InternoVersion, err)
	}
	if m.Database.Included {
		if err := checkDatabase(ctx, filepath.Join(staging, DatabaseName), m, opts); err != nil {
			return res, fmt.Errorf("%s is not a sound backup: %w", archive, err)
		}
	}
	if opts.CheckOnly {
		return res, nil
	}
	if err := os.MkdirAll(filepath.Join(staging, UploadsDir), 0o755); err != nil {
		return res, err
	}
	if err := matchOwner(staging, opts.DataDir); err != nil {
		return res, err
	}
	res.KeptIn, err = swapIn(opts.DataDir, staging, m.Database.Included, opts.Now())
	return res, err
}

// existingData names what a restore would overwrite, or "".
func existingData(dataDir, engine string) string {
	var found []string
	if engine == EngineSQLite {
		if _, err := os.Stat(filepath.Join(dataDir, DatabaseName)); err == nil {
			found = append(found, "a database ("+DatabaseName+")")
		}
	}
	if entries, err := os.ReadDir(filepath.Join(dataDir, UploadsDir)); err == nil && hasFiles(filepath.Join(dataDir, UploadsDir), entries) {
		found = append(found, "uploaded pictures")
	}
	return strings.Join(found, " and ")
}

// hasFiles reports whether a folder tree holds any regular file.
func hasFiles(dir string, entries []os.DirEntry) bool {
	for _, e := range entries {
		if !e.IsDir() {
			return true
		}
		sub, err := os.ReadDir(filepath.Join(dir, e.Name()))
		if err == nil && hasFiles(filepath.Join(dir, e.Name()), sub) {
			return true
		}
	}
	return false
}

// unpack reads the archive into staging and checks it against its manifest.
func unpack(ctx context.Context, archive, staging string) (Manifest, error) {
	f, err := os.Open(archive)
	if err != nil {
		return Manifest{}, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(bufio.NewReaderSize(f, 1<<20))
	if err != nil {
		return Manifest{}, fmt.Errorf("not a gzip file: %w", err)
	}
	root, err := os.OpenRoot(staging)
	if err != nil {
		return Manifest{}, err
	}
	defer root.Close()
	tr := tar.NewReader(gz)
	got := map[string]File{}
	var rawManifest []byte
	for {
		if err := ctx.Err(); err != nil {
			return Manifest{}, err
		}
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Manifest{}, fmt.Errorf("damaged archive: %w", err)
		}
		if hdr.Typeflag == tar.TypeDir {
			continue
		}
		if hdr.Typeflag != tar.TypeReg {
			return Manifest{}, fmt.Errorf("entry %q is not a regular file", hdr.Name)
		}
		if hdr.Name == ManifestName {
			if rawManifest != nil {
				return Manifest{}, errors.New("two manifests")
			}
			if rawManifest, err = io.ReadAll(io.LimitReader(tr, maxManifestBytes+1)); err != nil {
				return Manifest{}, fmt.Errorf("damaged archive: %w", err)
			}
			if len(rawManifest) > maxManifestBytes {
				return Manifest{}, errors.New("manifest too large")
			}
			continue
		}
		if err := checkEntryName(hdr.Name); err != nil {
			return Manifest{}, err
		}
		if _, dup := got[hdr.Name]; dup {
			return Manifest{}, fmt.Errorf("entry %q appears twice", hdr.Name)
		}
		file, err := extract(root, hdr.Name, tr)
		if err != nil {
			return Manifest{}, err
		}
		got[hdr.Name] = file
	}
	if rawManifest == nil {
		return Manifest{}, errors.New("no " + ManifestName + " (not an Interno backup, or cut short)")
	}
	// Reading to the end of the gzip stream verifies its CRC and length.
	if _, err := io.Copy(io.Discard, gz); err != nil {
		return Manifest{}, fmt.Errorf("damaged archive: %w", err)
	}
	m, err := decodeManifest(rawManifest)
	if err != nil {
		return m, err
	}
	for _, want := range m.Files {
		have, ok := got[want.Path]
		if !ok {
			return m, fmt.Errorf("%s is listed in the manifest but missing from the archive", want.Path)
		}
		if have.Size != want.Size || have.SHA256 != want.SHA256 {
			return m, fmt.Errorf("%s does not match its checksum in the manifest (size %d, want %d)", want.Path, have.Size, want.Size)
		}
		delete(got, want.Path)
	}
	if len(got) > 0 {
		return m, fmt.Errorf("%s is in the archive but not in the manifest", slices.Sorted(maps.Keys(got))[0])
	}
	return m, nil
}

// extract writes one entry under root, hashing it.
func extract(root *os.Root, name string, r io.Reader) (File, error) {
	rel := filepath.FromSlash(name)
	if dir := filepath.Dir(rel); dir != "." {
		if err := root.MkdirAll(dir, 0o755); err != nil {
			return File{}, err
		}
	}
	out, err := root.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return File{}, fmt.Errorf("unpack %s: %w", name, err)
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(out, h), r)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return File{}, fmt.Errorf("unpack %s: %w", name, err)
	}
	return File{Path: name, Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

// checkMigrations refuses a copy whose schema this binary does not know.
func checkMigrations(applied, known []int64) error {
	if len(applied) == 0 {
		return nil
	}
	newest := applied[len(applied)-1]
	if len(known) == 0 || newest > known[len(known)-1] {
		latest := int64(0)
		if len(known) > 0 {
			latest = known[len(known)-1]
		}
		return fmt.Errorf("its schema version %d is newer than this binary's (%d)", newest, latest)
	}
	for _, v := range applied {
		if !slices.Contains(known, v) {
			return fmt.Errorf("it has migration %d, which this binary does not know", v)
		}
	}
	return nil
}

// checkDatabase inspects the unpacked SQLite copy.
func checkDatabase(ctx context.Context, path string, m Manifest, opts RestoreOptions) error {
	rep, err := opts.Inspect(ctx, path)
	if err != nil {
		return fmt.Errorf("the database cannot be read: %w", err)
	}
	if rep.Integrity != "ok" {
		return fmt.Errorf("the database fails its integrity check: %s", rep.Integrity)
	}
	if !slices.Equal(rep.Migrations, m.Database.Migrations) {
		return fmt.Errorf("the database's migrations %v differ from the manifest's %v", rep.Migrations, m.Database.Migrations)
	}
	if !maps.Equal(rep.Tables, m.Database.Tables) {
		for _, t := range slices.Sorted(maps.Keys(m.Database.Tables)) {
			if n, ok := rep.Tables[t]; !ok || n != m.Database.Tables[t] {
				return fmt.Errorf("table %s holds %d rows, the manifest says %d", t, n, m.Database.Tables[t])
			}
		}
		return errors.New("the database has tables the manifest does not list")
	}
	return nil
}

// matchOwner gives the unpacked files the owner of the data directory when the restore runs
// as root (sudo interno restore for a server running as its own user), so the server can
// write to its restored database.
func matchOwner(staging, dataDir string) error {
	if os.Geteuid() != 0 {
		return nil
	}
	info, err := os.Stat(dataDir)
	if err != nil {
		return err
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok || st.Uid == 0 && st.Gid == 0 {
		return nil
	}
	return filepath.WalkDir(staging, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, int(st.Uid), int(st.Gid))
	})
}

// swapIn moves the current database (with its WAL and shared-memory files, which must never
// meet another database file) and uploads into a pre-restore folder, then renames the staged
// copies into place. On a failure it puts the previous data back. The image cache is dropped:
// its variants are regenerated from the restored pictures on demand.
func swapIn(dataDir, staging string, withDB bool, now time.Time) (keptIn string, err error) {
	var names []string
	if withDB {
		names = []string{DatabaseName, DatabaseName + "-wal", DatabaseName + "-shm", DatabaseName + "-journal"}
	}
	names = append(names, UploadsDir)
	var present []string
	for _, n := range names {
		if _, err := os.Lstat(filepath.Join(dataDir, n)); err == nil {
			present = append(present, n)
		}
	}
	if len(present) > 0 {
		keptIn = filepath.Join(dataDir, "pre-restore-"+now.UTC().Format("20060102T150405Z"))
		if err := os.Mkdir(keptIn, 0o750); err != nil {
			return "", fmt.Errorf("cannot keep the current data aside: %w", err)
		}
	}
	var moved, placed []string
	rollback := func(cause error) (string, error) {
		for _, n := range placed {
			_ = os.Rename(filepath.Join(dataDir, n), filepath.Join(staging, n))
		}
		for _, n := range moved {
			_ = os.Rename(filepath.Join(keptIn, n), filepath.Join(dataDir, n))
		}
		if keptIn != "" {
			_ = os.Remove(keptIn)
		}
		return "", fmt.Errorf("restore failed and the previous data was put back: %w", cause)
	}
	for _, n := range present {
		if err := os.Rename(filepath.Join(dataDir, n), filepath.Join(keptIn, n)); err != nil {
			return rollback(err)
		}
		moved = append(moved, n)
	}
	incoming := []string{UploadsDir}
	if withDB {
		incoming = append([]string{DatabaseName}, incoming...)
	}
	for _, n := range incoming {
		if err := os.Rename(filepath.Join(staging, n), filepath.Join(dataDir, n)); err != nil {
			return rollback(err)
		}
		placed = append(placed, n)
	}
	if err := syncDir(dataDir); err != nil {
		return keptIn, err
	}
	if err := os.RemoveAll(filepath.Join(dataDir, "cache", "images")); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return keptIn, fmt.Errorf("restored, but the image cache could not be cleared (delete %s): %w", filepath.Join(dataDir, "cache", "images"), err)
	}
	return keptIn, nil
}

package backup

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// DBReport is what the database side reports about a copy of the database (or, on
// PostgreSQL, about the live one): integrity, applied migrations and row counts.
type DBReport struct {
	Integrity  string
	Migrations []int64
	Tables     map[string]int64
}

// schemaVersion is the highest applied migration.
func (r DBReport) schemaVersion() int64 {
	if len(r.Migrations) == 0 {
		return 0
	}
	return r.Migrations[len(r.Migrations)-1]
}

// CreateOptions say what to back up and how.
type CreateOptions struct {
	// DataDir is INTERNO_DATA_DIR: its uploads/ folder goes into the archive.
	DataDir string
	// Out is the archive to write; it appears only when complete (written beside, then renamed).
	Out string
	// Force allows replacing an existing Out.
	Force bool
	// Engine is EngineSQLite or EnginePostgres.
	Engine string
	// Snapshot writes a consistent copy of the live SQLite database to a new file (SQLite only).
	Snapshot func(ctx context.Context, dest string) error
	// Inspect checks a SQLite copy (SQLite only).
	Inspect func(ctx context.Context, path string) (DBReport, error)
	// Live reports on the live PostgreSQL database (PostgreSQL only).
	Live func(ctx context.Context) (DBReport, error)
	// Note goes into the manifest when the database is not included (the pg_dump command).
	Note string
	// Version is the binary's version, recorded in the manifest.
	Version string
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// UploadsElsewhere, when set, says where the uploads live instead of the data directory
	// (an object-storage bucket) and how to back them up: the archive then carries no
	// uploads, and the manifest records this note rather than pretending an empty folder
	// is all there is.
	UploadsElsewhere string
	// Warn receives one line per skipped entry (a symlink in uploads, a file deleted meanwhile).
	Warn func(msg string)
}

// Create writes a backup archive: on SQLite a snapshot of the live database taken while it
// serves, then the uploads, then the manifest; on PostgreSQL the uploads and a manifest that
// points at pg_dump. The uploads are read after the snapshot, so every picture the copied
// rows reference is there unless it was deleted during those seconds (then its row simply
// shows no picture after a restore); pictures uploaded meanwhile are carried as unreferenced files.
func Create(ctx context.Context, opts CreateOptions) (Manifest, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Warn == nil {
		opts.Warn = func(string) {}
	}
	out, err := filepath.Abs(opts.Out)
	if err != nil {
		return Manifest{}, err
	}
	uploads, err := filepath.Abs(filepath.Join(opts.DataDir, UploadsDir))
	if err != nil {
		return Manifest{}, err
	}
	if within(out, uploads) {
		return Manifest{}, fmt.Errorf("%s is inside the uploads folder, which the archive copies: write it elsewhere", opts.Out)
	}
	if _, err := os.Stat(out); err == nil && !opts.Force {
		return Manifest{}, fmt.Errorf("%s already exists: choose another name or pass --force to replace it", opts.Out)
	}
	work, err := os.MkdirTemp(filepath.Dir(out), ".interno-backup-")
	if err != nil {
		return Manifest{}, fmt.Errorf("cannot write beside %s: %w", opts.Out, err)
	}
	defer os.RemoveAll(work)

	m := Manifest{Format: Format, FormatVersion: FormatVersion, InternoVersion: opts.Version, CreatedAt: opts.Now().UTC().Truncate(time.Second)}
	var snapshot string
	switch opts.Engine {
	case EngineSQLite:
		snapshot = filepath.Join(work, DatabaseName)
		if err := opts.Snapshot(ctx, snapshot); err != nil {
			return Manifest{}, err
		}
		rep, err := opts.Inspect(ctx, snapshot)
		if err != nil {
			return Manifest{}, fmt.Errorf("checking the snapshot: %w", err)
		}
		if rep.Integrity != "ok" {
			return Manifest{}, fmt.Errorf("the snapshot failed its integrity check: %s", rep.Integrity)
		}
		m.Database = Database{Engine: EngineSQLite, Included: true, File: DatabaseName, SchemaVersion: rep.schemaVersion(), Migrations: rep.Migrations, Tables: rep.Tables}
	case EnginePostgres:
		rep, err := opts.Live(ctx)
		if err != nil {
			return Manifest{}, fmt.Errorf("reading the database: %w", err)
		}
		m.Database = Database{Engine: EnginePostgres, SchemaVersion: rep.schemaVersion(), Migrations: rep.Migrations, Note: opts.Note}
	default:
		return Manifest{}, fmt.Errorf("unknown engine %q", opts.Engine)
	}
	if m.Database.Migrations == nil {
		m.Database.Migrations = []int64{}
	}

	partial := filepath.Join(work, "archive.tar.gz")
	f, err := os.OpenFile(partial, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return Manifest{}, err
	}
	defer f.Close()
	bw := bufio.NewWriterSize(f, 1<<20)
	gz := gzip.NewWriter(bw)
	tw := tar.NewWriter(gz)
	w := &archiveWriter{tw: tw}
	if snapshot != "" {
		if err := w.addFile(ctx, snapshot, DatabaseName); err != nil {
			return Manifest{}, err
		}
	}
	if opts.UploadsElsewhere != "" {
		m.UploadsNote = opts.UploadsElsewhere
	} else if err := w.addUploads(ctx, uploads, opts.Warn); err != nil {
		return Manifest{}, err
	}
	m.Files = w.files
	raw, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return Manifest{}, err
	}
	if err := tw.WriteHeader(&tar.Header{Name: ManifestName, Mode: 0o600, Size: int64(len(raw)), ModTime: m.CreatedAt, Typeflag: tar.TypeReg}); err != nil {
		return Manifest{}, err
	}
	if _, err := tw.Write(raw); err != nil {
		return Manifest{}, err
	}
	for _, c := range []func() error{tw.Close, gz.Close, bw.Flush, f.Sync, f.Close} {
		if err := c(); err != nil {
			return Manifest{}, fmt.Errorf("writing %s: %w", opts.Out, err)
		}
	}
	if err := os.Rename(partial, out); err != nil {
		return Manifest{}, fmt.Errorf("writing %s: %w", opts.Out, err)
	}
	return m, syncDir(filepath.Dir(out))
}

// archiveWriter adds files to a tar stream and records them for the manifest.
type archiveWriter struct {
	tw    *tar.Writer
	files []File
}

// addFile copies one file into the archive under name, hashing it on the way. The size
// is taken from the open file, so a picture replaced meanwhile is copied whole or not at all.
func (w *archiveWriter) addFile(ctx context.Context, src, name string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", src)
	}
	hdr := &tar.Header{Name: name, Mode: 0o600, Size: info.Size(), ModTime: info.ModTime().UTC().Truncate(time.Second), Typeflag: tar.TypeReg, Format: tar.FormatPAX}
	if err := w.tw.WriteHeader(hdr); err != nil {
		return err
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(w.tw, h), io.LimitReader(f, info.Size()))
	if err != nil {
		return fmt.Errorf("copy %s: %w", src, err)
	}
	if n != info.Size() {
		return fmt.Errorf("copy %s: the file shrank while it was copied", src)
	}
	w.files = append(w.files, File{Path: name, Size: n, SHA256: hex.EncodeToString(h.Sum(nil))})
	return nil
}

// addUploads adds every visible regular file under dir in a stable order. Hidden names are
// the image service's temporary files; symlinks are never written by Interno and not followed.
func (w *archiveWriter) addUploads(ctx context.Context, dir string, warn func(string)) error {
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if p == dir {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		name := UploadsDir + "/" + filepath.ToSlash(rel)
		if !d.Type().IsRegular() {
			warn(fmt.Sprintf("skipped %s: not a regular file", name))
			return nil
		}
		if checkEntryName(name) != nil {
			warn(fmt.Sprintf("skipped %s: not a name Interno writes", name))
			return nil
		}
		names = append(names, name)
		return nil
	})
	if err != nil {
		return fmt.Errorf("reading uploads: %w", err)
	}
	sort.Strings(names)
	for _, name := range names {
		err := w.addFile(ctx, filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(name, UploadsDir+"/"))), name)
		if errors.Is(err, fs.ErrNotExist) {
			warn(fmt.Sprintf("skipped %s: deleted while the backup ran", name))
			continue
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// within reports whether p is dir or lies inside it.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && (rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))))
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	return errors.Join(d.Sync(), d.Close())
}

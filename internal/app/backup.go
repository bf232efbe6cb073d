package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"interno/adapters/backup"
	"interno/adapters/store"
)

// backupCommand is `interno backup [--force] FILE`: on SQLite one archive with a consistent
// snapshot of the live database and the uploads; on PostgreSQL the uploads, and the pg_dump
// command for the database.
func backupCommand(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	force := fs.Bool("force", false, "replace FILE when it exists")
	file, err := oneFileArg(fs, args, "usage: interno backup [--force] FILE")
	if err != nil {
		return err
	}
	engine := engineOf(cfg)
	if engine == backup.EngineSQLite {
		if _, err := os.Stat(filepath.Join(cfg.DataDir, store.SQLiteFile)); err != nil {
			return fmt.Errorf("backup: no database at %s (INTERNO_DATA_DIR): nothing to back up", filepath.Join(cfg.DataDir, store.SQLiteFile))
		}
	}
	lock, err := backup.ShareDataDir(cfg.DataDir)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer lock.Release()
	db, err := store.Open(store.Options{URL: cfg.DatabaseURL, DataDir: cfg.DataDir})
	if err != nil {
		return fmt.Errorf("INTERNO_DATABASE_URL: %w", err)
	}
	defer db.Close()

	opts := backup.CreateOptions{
		DataDir: cfg.DataDir, Out: file, Force: *force, Engine: engine, Version: version,
		Snapshot: db.SnapshotTo, Inspect: inspectSQLite,
		Live: func(ctx context.Context) (backup.DBReport, error) {
			r, err := db.Report(ctx)
			return backup.DBReport(r), err
		},
		Warn: func(msg string) { fmt.Fprintln(stderr, "backup: warning:", msg) },
	}
	if cfg.storage != nil {
		opts.UploadsElsewhere = uploadsInBucketNote(*cfg.storage)
	}
	var pg backup.PostgresCommands
	if engine == backup.EnginePostgres {
		if pg, err = backup.PgCommands(cfg.DatabaseURL, file); err != nil {
			return err
		}
		opts.Note = "The database is not in this archive. Dump it with: " + pg.Dump
	}
	m, err := backup.Create(ctx, opts)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	uploads, bytes := uploadStats(m)
	if m.UploadsNote != "" {
		fmt.Fprintln(stdout, m.UploadsNote)
	}
	if engine == backup.EnginePostgres && m.UploadsNote != "" {
		fmt.Fprintf(stdout, "PostgreSQL is backed up with its own tools: %s holds only the manifest, schema version %d.\n", file, m.Database.SchemaVersion)
		fmt.Fprint(stdout, pg.String())
		return nil
	}
	if engine == backup.EnginePostgres {
		fmt.Fprintf(stdout, "PostgreSQL is backed up with its own tools: %s holds the uploads only (%s, %s), schema version %d.\n", file, plural(uploads, "file"), humanBytes(bytes), m.Database.SchemaVersion)
		fmt.Fprint(stdout, pg.String())
		fmt.Fprintf(stdout, "    interno restore %s   (the uploads, on the same data volume)\n", file)
		return nil
	}
	if m.UploadsNote != "" {
		fmt.Fprintf(stdout, "backup written to %s: database at schema version %d with %d rows in %d tables; no uploads (they are in the bucket)\n",
			file, m.Database.SchemaVersion, totalRows(m), len(m.Database.Tables))
		return nil
	}
	fmt.Fprintf(stdout, "backup written to %s: database at schema version %d with %d rows in %d tables, %s (%s)\n",
		file, m.Database.SchemaVersion, totalRows(m), len(m.Database.Tables), plural(uploads, "uploaded file"), humanBytes(bytes))
	return nil
}

// restoreCommand is `interno restore [--force] [--check] FILE`.
func restoreCommand(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	force := fs.Bool("force", false, "replace the existing database and uploads (they are kept in a pre-restore folder)")
	check := fs.Bool("check", false, "only verify FILE; change nothing")
	file, err := oneFileArg(fs, args, "usage: interno restore [--force] [--check] FILE")
	if err != nil {
		return err
	}
	engine := engineOf(cfg)
	known, err := store.KnownMigrations(store.Dialect(engine))
	if err != nil {
		return err
	}
	res, err := backup.Restore(ctx, file, backup.RestoreOptions{
		DataDir: cfg.DataDir, Engine: engine, Force: *force, CheckOnly: *check,
		Inspect: inspectSQLite, KnownMigrations: known,
	})
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	m := res.Manifest
	uploads, bytes := uploadStats(m)
	what := fmt.Sprintf("%s (%s)", plural(uploads, "uploaded file"), humanBytes(bytes))
	if m.Database.Included {
		what = fmt.Sprintf("a database at schema version %d with %d rows and %s", m.Database.SchemaVersion, totalRows(m), what)
	}
	made := fmt.Sprintf("made by Interno %s on %s", m.InternoVersion, m.CreatedAt.Format("2006-01-02 15:04:05 UTC"))
	if *check {
		fmt.Fprintf(stdout, "%s is sound: %s, %s; nothing was changed\n", file, what, made)
		return nil
	}
	fmt.Fprintf(stdout, "restored %s into %s: %s, %s\n", file, cfg.DataDir, what, made)
	if res.KeptIn != "" {
		fmt.Fprintf(stdout, "the previous data is kept in %s; delete it once the restored instance looks right\n", res.KeptIn)
	}
	if engine == backup.EnginePostgres {
		pg, err := backup.PgCommands(cfg.DatabaseURL, file)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "the database is restored with PostgreSQL's tools, with every instance stopped:\n    %s\n", pg.Restore)
	}
	return nil
}

func engineOf(cfg Config) string {
	if cfg.DatabaseURL != "" {
		return backup.EnginePostgres
	}
	return backup.EngineSQLite
}

func inspectSQLite(ctx context.Context, path string) (backup.DBReport, error) {
	r, err := store.InspectSQLiteFile(ctx, path)
	return backup.DBReport(r), err
}

// oneFileArg parses flags given before or after the one positional FILE argument.
func oneFileArg(fs *flag.FlagSet, args []string, usage string) (string, error) {
	var flags, rest []string
	for _, a := range args {
		if strings.HasPrefix(a, "-") && a != "-" {
			flags = append(flags, a)
		} else {
			rest = append(rest, a)
		}
	}
	if err := fs.Parse(flags); err != nil {
		return "", errors.New(usage)
	}
	if len(rest) != 1 || rest[0] == "" {
		return "", errors.New(usage)
	}
	return rest[0], nil
}

func uploadStats(m backup.Manifest) (files int, bytes int64) {
	for _, f := range m.Files {
		if f.Path != m.Database.File {
			files++
			bytes += f.Size
		}
	}
	return files, bytes
}

func totalRows(m backup.Manifest) int64 {
	var n int64
	for _, c := range m.Database.Tables {
		n += c
	}
	return n
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Package backup writes and restores Interno's backup archives: one tar.gz holding a
// consistent copy of the SQLite database, the uploaded pictures and a manifest with the
// version, schema version, row counts and a SHA-256 of every file. A restore verifies all
// of it before it replaces anything, and swaps the data in by rename.
//
// The package knows files, not databases: the database side (snapshot, inspection,
// known migrations) is handed in as functions by internal/app, which wires the store.
package backup

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"time"
)

// Names inside an archive and inside the data directory.
const (
	// ManifestName is the archive entry describing everything else; it is written last.
	ManifestName = "manifest.json"
	// DatabaseName is the SQLite file, in the archive and in the data directory.
	DatabaseName = "interno.db"
	// UploadsDir is the folder of uploaded pictures, in the archive and in the data directory.
	UploadsDir = "uploads"
	// Format identifies Interno backup manifests.
	Format = "interno-backup"
	// FormatVersion is the manifest layout this binary writes and reads.
	FormatVersion = 1
	// maxManifestBytes bounds the manifest read into memory.
	maxManifestBytes = 64 << 20
)

// Engines a manifest can name.
const (
	EngineSQLite   = "sqlite"
	EnginePostgres = "postgres"
)

// Manifest describes an archive. It is JSON so an operator can read it with tar and jq.
type Manifest struct {
	Format         string    `json:"format"`
	FormatVersion  int       `json:"format_version"`
	InternoVersion string    `json:"interno_version"`
	CreatedAt      time.Time `json:"created_at"`
	Database       Database  `json:"database"`
	Files          []File    `json:"files"`
	// UploadsNote is set when the uploads live in object storage and are not in the
	// archive: where they are and how to back them up.
	UploadsNote string `json:"uploads_note,omitempty"`
}

// Database says what the archive holds of the database.
type Database struct {
	// Engine is "sqlite" or "postgres".
	Engine string `json:"engine"`
	// Included is true when the archive carries the database (SQLite); a PostgreSQL
	// database is dumped with pg_dump beside the archive.
	Included bool `json:"included"`
	// File is the archive entry of the database when included.
	File string `json:"file,omitempty"`
	// SchemaVersion is the highest applied migration.
	SchemaVersion int64 `json:"schema_version"`
	// Migrations are all applied migrations (numbers are reserved per feature, so gaps happen).
	Migrations []int64 `json:"migrations"`
	// Tables maps each table to its row count in the copy.
	Tables map[string]int64 `json:"tables,omitempty"`
	// Note tells a reader what to do when the database is not included.
	Note string `json:"note,omitempty"`
}

// File is one archive entry other than the manifest.
type File struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// decodeManifest parses and sanity-checks a manifest.
func decodeManifest(raw []byte) (Manifest, error) {
	var m Manifest
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("manifest is not valid JSON: %w", err)
	}
	if m.Format != Format {
		return m, fmt.Errorf("manifest format is %q, not %q", m.Format, Format)
	}
	if m.FormatVersion != FormatVersion {
		return m, fmt.Errorf("manifest format version %d is not supported by this binary (it reads version %d)", m.FormatVersion, FormatVersion)
	}
	switch m.Database.Engine {
	case EngineSQLite:
		if !m.Database.Included || m.Database.File != DatabaseName {
			return m, errors.New("manifest: a SQLite archive must include " + DatabaseName)
		}
	case EnginePostgres:
		if m.Database.Included {
			return m, errors.New("manifest: a PostgreSQL database is never inside the archive")
		}
	default:
		return m, fmt.Errorf("manifest: unknown database engine %q", m.Database.Engine)
	}
	seen := map[string]bool{}
	for _, f := range m.Files {
		if err := checkEntryName(f.Path); err != nil {
			return m, fmt.Errorf("manifest: %w", err)
		}
		if seen[f.Path] {
			return m, fmt.Errorf("manifest lists %s twice", f.Path)
		}
		seen[f.Path] = true
		if f.Size < 0 || len(f.SHA256) != 64 {
			return m, fmt.Errorf("manifest: %s has no valid size and SHA-256", f.Path)
		}
	}
	if m.Database.Included && !seen[m.Database.File] {
		return m, fmt.Errorf("manifest does not list the database file %s", m.Database.File)
	}
	if !slices.IsSorted(m.Database.Migrations) {
		return m, errors.New("manifest: migrations are not in ascending order")
	}
	return m, nil
}

// checkEntryName accepts only the names a backup writes: the database file and regular
// files under uploads/ with plain, visible segments. Anything else (absolute paths, "..",
// hidden names, backslashes) is refused before it touches the disk.
func checkEntryName(name string) error {
	if name == DatabaseName {
		return nil
	}
	if name != path.Clean(name) || strings.ContainsAny(name, "\\\x00") || !strings.HasPrefix(name, UploadsDir+"/") {
		return fmt.Errorf("unexpected entry %q", name)
	}
	for _, seg := range strings.Split(name, "/") {
		if seg == "" || strings.HasPrefix(seg, ".") {
			return fmt.Errorf("unexpected entry %q", name)
		}
	}
	return nil
}

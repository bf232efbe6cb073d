// Package files is the port for stored files (uploaded pictures and their
// resized variants): a flat namespace of slash-separated keys, written whole
// and read back with seeking. Two adapters implement it (adapters/objects):
// a folder on disk, the default, and an S3-compatible bucket, so several
// instances can share the uploads without sharing a volume.
package files

import (
	"context"
	"errors"
	"io"
	"time"
)

// ErrNotExist is returned (wrapped) by Stat and Open for a missing key.
var ErrNotExist = errors.New("file does not exist")

// Info describes a stored file.
type Info struct {
	Key     string
	Size    int64
	ModTime time.Time
}

// Store keeps files by key. Keys are relative, slash-separated, without
// empty, "." or ".." segments; callers validate them before they get here.
// Put replaces a file atomically: a reader sees the old bytes or the new
// ones, never half of them. Delete of a missing key is not an error.
// List returns every file whose key starts with prefix (all depths).
type Store interface {
	Put(ctx context.Context, key string, data []byte, contentType string) error
	Open(ctx context.Context, key string) (io.ReadSeekCloser, Info, error)
	Stat(ctx context.Context, key string) (Info, error)
	Delete(ctx context.Context, key string) error
	List(ctx context.Context, prefix string) ([]Info, error)
	// Describe names where the files live, for logs and backups
	// ("folder /data/uploads", "bucket interno at 127.0.0.1:8333").
	Describe() string
}

// Package objects implements the files.Store port twice: Folder keeps files
// in a directory of the data folder (the default, one instance or a shared
// volume), S3 keeps them in a bucket of any S3-compatible object store
// through minio-go, so several instances share the uploads.
package objects

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"interno/core/files"
)

// Folder is a files.Store in one directory, opened as an os.Root so that
// neither ".." nor a symlink can lead outside it. Writes go to a hidden
// temporary file, are fsynced, then renamed; List skips hidden names.
type Folder struct {
	dir  string // absolute, symlinks resolved
	root *os.Root
}

// NewFolder creates dir if needed and opens it.
func NewFolder(dir string) (*Folder, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("resolve %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("resolve %s: %w", dir, err)
	}
	r, err := os.OpenRoot(real)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", real, err)
	}
	return &Folder{dir: real, root: r}, nil
}

// Dir is the folder's absolute path.
func (f *Folder) Dir() string { return f.dir }

// Close releases the directory handle.
func (f *Folder) Close() error { return f.root.Close() }

// Describe names the folder.
func (f *Folder) Describe() string { return "folder " + f.dir }

func native(key string) string { return filepath.FromSlash(key) }

// notExist reports every failure to reach a key as ErrNotExist (a missing
// file, a symlink leading out of the folder, a file where a folder should be),
// except permission errors, which are the operator's to fix.
func notExist(err error) error {
	if errors.Is(err, fs.ErrPermission) {
		return err
	}
	return fmt.Errorf("%w: %w", files.ErrNotExist, err)
}

// Put writes data to key atomically (temporary file, fsync, rename, fsync of the folder).
func (f *Folder) Put(ctx context.Context, key string, data []byte, _ string) (err error) {
	if err := ctx.Err(); err != nil {
		return err
	}
	dir := path.Dir(key)
	if err := f.root.MkdirAll(native(dir), 0o755); err != nil {
		return err
	}
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return err
	}
	tmp := path.Join(dir, ".tmp-"+hex.EncodeToString(b[:]))
	fh, err := f.root.OpenFile(native(tmp), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	renamed := false
	defer func() {
		if err != nil && !renamed {
			err = errors.Join(err, f.root.Remove(native(tmp)))
		}
	}()
	if _, err := fh.Write(data); err != nil {
		fh.Close()
		return err
	}
	if err := fh.Sync(); err != nil {
		fh.Close()
		return err
	}
	if err := fh.Close(); err != nil {
		return err
	}
	if err := f.root.Rename(native(tmp), native(key)); err != nil {
		return err
	}
	renamed = true
	d, err := f.root.Open(native(dir))
	if err != nil {
		return err
	}
	return errors.Join(d.Sync(), d.Close())
}

// Open opens key for reading; anything but a regular file is ErrNotExist.
func (f *Folder) Open(ctx context.Context, key string) (io.ReadSeekCloser, files.Info, error) {
	if err := ctx.Err(); err != nil {
		return nil, files.Info{}, err
	}
	fh, err := f.root.Open(native(key))
	if err != nil {
		return nil, files.Info{}, notExist(err)
	}
	info, err := fh.Stat()
	if err != nil {
		fh.Close()
		return nil, files.Info{}, notExist(err)
	}
	if !info.Mode().IsRegular() {
		fh.Close()
		return nil, files.Info{}, fmt.Errorf("%w: %s is not a regular file", files.ErrNotExist, key)
	}
	return fh, files.Info{Key: key, Size: info.Size(), ModTime: info.ModTime()}, nil
}

// Stat describes key without opening it.
func (f *Folder) Stat(ctx context.Context, key string) (files.Info, error) {
	if err := ctx.Err(); err != nil {
		return files.Info{}, err
	}
	info, err := f.root.Stat(native(key))
	if err != nil {
		return files.Info{}, notExist(err)
	}
	if !info.Mode().IsRegular() {
		return files.Info{}, fmt.Errorf("%w: %s is not a regular file", files.ErrNotExist, key)
	}
	return files.Info{Key: key, Size: info.Size(), ModTime: info.ModTime()}, nil
}

// Delete removes key; a missing key is fine. Folders left empty are removed
// too, up to the store's top level.
func (f *Folder) Delete(ctx context.Context, key string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := f.root.Remove(native(key)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for dir := path.Dir(key); dir != "." && strings.Contains(dir, "/"); dir = path.Dir(dir) {
		if f.root.Remove(native(dir)) != nil { // not empty (or gone): stop
			break
		}
	}
	return nil
}

// List walks the folder below prefix's directory and returns the visible
// regular files whose key starts with prefix, sorted by key.
func (f *Folder) List(ctx context.Context, prefix string) ([]files.Info, error) {
	start := "."
	if i := strings.LastIndex(prefix, "/"); i >= 0 {
		start = prefix[:i]
	}
	var out []files.Info
	err := fs.WalkDir(f.root.FS(), start, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		if p != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasPrefix(p, prefix) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil // removed meanwhile
		}
		out = append(out, files.Info{Key: p, Size: info.Size(), ModTime: info.ModTime()})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, err
}

// LocalPath is key's path on disk (the image pipeline reports it to tests and logs).
func (f *Folder) LocalPath(key string) string { return filepath.Join(f.dir, native(key)) }

// Package web holds the built single-page app (web/dist) so the Go binary can
// serve it without any files next to it. `make build` runs the Vite build first.
//
// A fresh clone has no web/dist yet. So that `go build ./...` and `go vet
// ./...` still work there, the embed pattern also matches the committed
// placeholder web/dist.missing, which lies outside web/dist (the Vite build
// empties that directory and never touches the placeholder). A binary built
// that way embeds only the placeholder: Built reports false and the server
// refuses to start (internal/app), so it is never served as an empty app.
package web

import (
	"embed"
	"io"
	"io/fs"
	"time"
)

//go:embed all:dist*
var files embed.FS

// Built reports whether the real app was embedded (web/dist/index.html), not
// only the placeholder.
func Built() bool {
	_, err := fs.Stat(files, "dist/index.html")
	return err == nil
}

// ErrNotBuilt is the message for a binary embedding only the placeholder.
const ErrNotBuilt = "the web app is not built into this binary (only the placeholder web/dist.missing is embedded): run `make build`, which builds web/dist before the Go binary"

// Dist returns the built app with dist/ as its root; when Built is false it
// is an empty directory (the placeholder is never served).
func Dist() fs.FS {
	if _, err := fs.Stat(files, "dist"); err != nil {
		return empty{}
	}
	sub, err := fs.Sub(files, "dist")
	if err != nil {
		panic(err) // impossible: "dist" is a valid path
	}
	return sub
}

// empty is a file system holding only an empty root directory.
type empty struct{}

func (empty) Open(name string) (fs.File, error) {
	if name == "." {
		return emptyDir{}, nil
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

type emptyDir struct{}

func (emptyDir) Stat() (fs.FileInfo, error) { return emptyDir{}, nil }
func (emptyDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: ".", Err: fs.ErrInvalid}
}
func (emptyDir) Close() error { return nil }
func (emptyDir) ReadDir(n int) ([]fs.DirEntry, error) {
	if n > 0 {
		return nil, io.EOF
	}
	return nil, nil
}
func (emptyDir) Name() string       { return "." }
func (emptyDir) Size() int64        { return 0 }
func (emptyDir) Mode() fs.FileMode  { return fs.ModeDir | 0o555 }
func (emptyDir) ModTime() time.Time { return time.Time{} }
func (emptyDir) IsDir() bool        { return true }
func (emptyDir) Sys() any           { return nil }

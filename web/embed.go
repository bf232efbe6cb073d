// Package web holds the built single-page app (web/dist) so the Go binary can
// serve it without any files next to it. `make build` runs the Vite build first.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built app with dist/ as its root.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // impossible: "dist" is a literal embedded directory
	}
	return sub
}

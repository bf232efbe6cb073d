// Package architecture_test enforces the shape of DESIGN.md section 1: the
// domain under core/ must never depend on a framework, a database driver, an
// image library or HTTP.
package architecture_test

import (
	"os/exec"
	"strings"
	"testing"
)

var forbidden = []string{
	"github.com/gin-gonic/", "gorm.io/", "github.com/glebarez/", "github.com/jackc/", "github.com/h2non/bimg",
	"net/http", "database/sql", "github.com/wneessen/", "github.com/emersion/", "modernc.org/",
}

func TestCoreImportsNoFramework(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "interno/core/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, bad := range forbidden {
			if dep == bad || strings.HasPrefix(dep, bad) && strings.HasSuffix(bad, "/") || dep == strings.TrimSuffix(bad, "/") {
				t.Errorf("core depends on %s", dep)
			}
		}
	}
}

func TestAdaptersDoNotImportEachOther(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "interno/adapters/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		self := adapterOf(fields[0])
		for _, imp := range fields[1:] {
			other := adapterOf(imp)
			if other != "" && other != self && !strings.HasSuffix(imp, "test") {
				t.Errorf("%s imports %s: adapters talk only through core ports, wired in internal/app", fields[0], imp)
			}
		}
	}
}

// adapterHelpers are packages under adapters/ that wrap no outside system and
// that adapters may share: queueloop is the run loop (poll, wake, drain) of the
// e-mail and push dispatchers. Only pure helpers belong here, never an adapter.
var adapterHelpers = map[string]bool{"queueloop": true}

// adapterOf returns the adapter an import path belongs to, or "" (not an
// adapter, or a shared helper).
func adapterOf(path string) string {
	rest, ok := strings.CutPrefix(path, "interno/adapters/")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, "/")
	if adapterHelpers[name] {
		return ""
	}
	return name
}

// sharedCore are the core packages every capability may import: the shared
// kernel (who asks, designer references), the live-update port and the
// cross-cutting vocabularies. A capability never imports another capability.
var sharedCore = map[string]bool{
	"interno/core/fault": true, "interno/core/kernel": true, "interno/core/live": true, "interno/core/email": true,
	"interno/core/unitofwork": true, "interno/core/style": true, "interno/core/throttle": true,
}

func TestCoreCapabilitiesShareOnlyTheKernel(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "interno/core/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		for _, imp := range fields[1:] {
			if strings.HasPrefix(imp, "interno/") && !sharedCore[imp] {
				t.Errorf("%s imports %s: capabilities meet through ports and core/kernel, wired in internal/app", fields[0], imp)
			}
		}
	}
}

// The program's adapters never reach into internal/ (the composition root and
// its glue import them, not the other way round); tests may use
// internal/wiring, so they run against the binary's wiring.
func TestAdaptersDoNotImportInternal(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "interno/adapters/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		for _, imp := range fields[1:] {
			if strings.HasPrefix(imp, "interno/internal/") {
				t.Errorf("%s imports %s", fields[0], imp)
			}
		}
	}
}

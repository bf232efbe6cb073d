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

// adapterOf returns the adapter an import path belongs to, or "".
func adapterOf(path string) string {
	rest, ok := strings.CutPrefix(path, "interno/adapters/")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, "/")
	return name
}

// Package deploy_test checks the container files statically, because no container engine
// runs where `make test` runs: the Dockerfile is parsed with BuildKit's own parser, the
// .dockerignore with the matcher BuildKit uses, docker-compose.yml with the Compose
// specification's loader (interpolation, profiles, merges), and the proxy configuration
// with an nginx parser. The tests assert the properties an operator relies on.
package deploy_test

import (
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
	"github.com/moby/patternmatcher"
	"github.com/moby/patternmatcher/ignorefile"
)

const root = "../.."

// nodeLTS lists Node.js LTS lines with their end of life; a line missing here, or past
// its date, fails the check (add a new LTS line with its date when moving to it).
var nodeLTS = map[string]string{"20": "2026-04-30", "22": "2027-04-30", "24": "2028-04-30", "26": "2029-04-30"}

// debianReleases lists Debian releases with the end of their regular security support.
var debianReleases = map[string]string{"bookworm": "2026-06-10", "trixie": "2028-08-09"}

func dockerStages(t *testing.T) ([]instructions.Stage, string) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(root, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := parser.Parse(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatalf("Dockerfile does not parse: %v", err)
	}
	for _, w := range res.Warnings {
		t.Errorf("Dockerfile parser warning: %s", w.Short)
	}
	stages, _, err := instructions.Parse(res.AST, nil)
	if err != nil {
		t.Fatalf("Dockerfile instructions: %v", err)
	}
	return stages, string(raw)
}

func stageNamed(t *testing.T, stages []instructions.Stage, name string) instructions.Stage {
	t.Helper()
	for _, s := range stages {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no stage %q", name)
	return instructions.Stage{}
}

func commandsOf[T any](s instructions.Stage) []T {
	var out []T
	for _, c := range s.Commands {
		if v, ok := c.(T); ok {
			out = append(out, v)
		}
	}
	return out
}

// installed lists the words after "apt-get install" in a stage's RUN lines.
func installed(s instructions.Stage) []string {
	var out []string
	for _, r := range commandsOf[*instructions.RunCommand](s) {
		line := strings.Join(r.CmdLine, " ")
		for _, part := range strings.Split(line, "&&") {
			fields := strings.Fields(part)
			if i := slices.Index(fields, "install"); i > 0 && fields[i-1] == "apt-get" {
				for _, f := range fields[i+1:] {
					if !strings.HasPrefix(f, "-") && f != "\\" {
						out = append(out, f)
					}
				}
			}
		}
	}
	return out
}

func notPast(t *testing.T, what, date string) {
	t.Helper()
	end, err := time.Parse("2006-01-02", date)
	if err != nil {
		t.Fatal(err)
	}
	if time.Now().After(end) {
		t.Errorf("%s reached its end of life on %s: move to a supported line", what, date)
	}
}

func envOf(s instructions.Stage) map[string]string {
	out := map[string]string{}
	for _, e := range commandsOf[*instructions.EnvCommand](s) {
		for _, kv := range e.Env {
			out[kv.Key] = kv.Value
		}
	}
	return out
}

func TestDockerfile(t *testing.T) {
	stages, raw := dockerStages(t)
	final := stages[len(stages)-1]

	t.Run("SupportedNodeAndDebian", func(t *testing.T) {
		m := regexp.MustCompile(`^node:(\d+)-([a-z]+)-slim$`).FindStringSubmatch(stageNamed(t, stages, "web").BaseName)
		if m == nil {
			t.Fatalf("web stage FROM %q: want node:<LTS major>-<debian>-slim", stageNamed(t, stages, "web").BaseName)
		}
		eol, ok := nodeLTS[m[1]]
		if !ok {
			t.Fatalf("Node %s is not a known LTS line", m[1])
		}
		notPast(t, "Node "+m[1], eol)
		codename := m[2]
		eolDebian, ok := debianReleases[codename]
		if !ok {
			t.Fatalf("Debian %q is not a supported release", codename)
		}
		notPast(t, "Debian "+codename, eolDebian)
		for _, s := range stages {
			if !strings.Contains(s.BaseName, "-"+codename) && !strings.HasPrefix(s.BaseName, "debian:"+codename) {
				t.Errorf("stage %q FROM %s is not on Debian %s like the others (libvips must match)", s.Name, s.BaseName, codename)
			}
		}
		if final.BaseName != "debian:"+codename+"-slim" {
			t.Errorf("runtime FROM %s, want debian:%s-slim", final.BaseName, codename)
		}
	})
	t.Run("LibvipsAtBuildAndRuntime", func(t *testing.T) {
		if !slices.Contains(installed(stageNamed(t, stages, "go")), "libvips-dev") {
			t.Error("the Go stage does not install libvips-dev")
		}
		pkgs := installed(final)
		if !slices.ContainsFunc(pkgs, regexp.MustCompile(`^libvips42(t64)?$`).MatchString) {
			t.Errorf("the runtime stage installs %v: no libvips runtime", pkgs)
		}
		if slices.ContainsFunc(pkgs, func(p string) bool { return strings.HasSuffix(p, "-dev") }) {
			t.Errorf("the runtime stage installs development packages: %v", pkgs)
		}
		if envOf(final)["VIPS_BLOCK_UNTRUSTED"] != "1" {
			t.Error("VIPS_BLOCK_UNTRUSTED is not set in the runtime stage")
		}
	})
	t.Run("NonRootUserAndDataVolume", func(t *testing.T) {
		users := commandsOf[*instructions.UserCommand](final)
		if len(users) == 0 {
			t.Fatal("the runtime stage runs as root (no USER)")
		}
		user, _, _ := strings.Cut(users[len(users)-1].User, ":")
		if user == "" || user == "root" || user == "0" {
			t.Errorf("USER %q is root", users[len(users)-1].User)
		}
		env := envOf(final)
		var volumes []string
		for _, v := range commandsOf[*instructions.VolumeCommand](final) {
			volumes = append(volumes, v.Volumes...)
		}
		if env["INTERNO_DATA_DIR"] == "" || !slices.Contains(volumes, env["INTERNO_DATA_DIR"]) {
			t.Errorf("INTERNO_DATA_DIR %q is not a VOLUME (%v)", env["INTERNO_DATA_DIR"], volumes)
		}
		_, port, _ := strings.Cut(env["INTERNO_ADDR"], ":")
		var exposed []string
		for _, e := range commandsOf[*instructions.ExposeCommand](final) {
			exposed = append(exposed, e.Ports...)
		}
		if port == "" || !slices.Contains(exposed, port) {
			t.Errorf("INTERNO_ADDR %q is not EXPOSEd (%v)", env["INTERNO_ADDR"], exposed)
		}
	})
	t.Run("HealthcheckUsesTheBinary", func(t *testing.T) {
		hcs := commandsOf[*instructions.HealthCheckCommand](final)
		if len(hcs) != 1 {
			t.Fatalf("%d HEALTHCHECKs in the runtime stage", len(hcs))
		}
		h := hcs[0].Health
		if !slices.Equal(h.Test, []string{"CMD", "interno", "healthcheck"}) {
			t.Errorf("HEALTHCHECK test %q, want exec form of `interno healthcheck`", h.Test)
		}
		if h.Interval <= 0 || h.Timeout <= 0 || h.StartPeriod <= 0 || h.Timeout <= 3*time.Second {
			t.Errorf("HEALTHCHECK timings interval %s timeout %s start %s (the command itself waits up to 3s)", h.Interval, h.Timeout, h.StartPeriod)
		}
		if strings.Contains(raw, "/dev/tcp") {
			t.Error("the Dockerfile relies on /dev/tcp, which the image's /bin/sh (dash) does not have")
		}
		eps := commandsOf[*instructions.EntrypointCommand](final)
		if len(eps) == 0 || eps[len(eps)-1].PrependShell || !slices.Equal(eps[len(eps)-1].CmdLine, []string{"interno"}) {
			t.Error(`ENTRYPOINT is not ["interno"] in exec form (signals must reach the binary)`)
		}
	})
	t.Run("ContextHoldsWhatIsCopied", func(t *testing.T) {
		pm := dockerignore(t)
		tracked := gitFiles(t)
		for _, s := range stages {
			for _, c := range commandsOf[*instructions.CopyCommand](s) {
				if c.From != "" {
					continue
				}
				for _, src := range c.SourcePaths {
					matched := 0
					for _, f := range tracked {
						if ok, _ := path.Match(src, f); ok || strings.HasPrefix(f, strings.TrimSuffix(src, "/")+"/") {
							matched++
							if excluded(t, pm, f) {
								t.Errorf("COPY %s needs %s, which .dockerignore leaves out", src, f)
							}
						}
					}
					if matched == 0 {
						t.Errorf("COPY %s matches no tracked file", src)
					}
				}
			}
		}
	})
}

func dockerignore(t *testing.T) *patternmatcher.PatternMatcher {
	t.Helper()
	f, err := os.Open(filepath.Join(root, ".dockerignore"))
	if err != nil {
		t.Fatalf("no .dockerignore: %v", err)
	}
	defer f.Close()
	patterns, err := ignorefile.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	pm, err := patternmatcher.New(patterns)
	if err != nil {
		t.Fatal(err)
	}
	return pm
}

func excluded(t *testing.T, pm *patternmatcher.PatternMatcher, p string) bool {
	t.Helper()
	ok, err := pm.MatchesOrParentMatches(p)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

func gitFiles(t *testing.T) []string {
	t.Helper()
	cmd := exec.Command("git", "ls-files")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	return strings.Fields(string(out))
}

func TestDockerignore_KeepsSecretsAndClutterOut(t *testing.T) {
	pm := dockerignore(t)
	for _, p := range []string{
		"node_modules/react/index.js", "web/node_modules/x/y.js", "bin/interno", "interno",
		"data/interno.db", "data/interno.db-wal", "data/jwt-secret", "data/uploads/gallery/a.jpg",
		"web/dist/index.html", "test/artifacts/failure.png", "test/e2e/chat.e2e.ts", "bench/out/results.txt",
		".git/HEAD", ".git", ".env", ".env.production", "configs/interno.env.example", "backup.tar.gz",
		"adapters/store/interno.db", "cmd/interno/jwt-secret", "core/.env", "web/src/.env.local", "adapters/x.pem",
		".ci/run", "docker-compose.yml", "Dockerfile",
	} {
		if !excluded(t, pm, p) {
			t.Errorf(".dockerignore lets %s into the build context", p)
		}
	}
	for _, p := range []string{"go.mod", "go.sum", "core/fault/fault.go", "cmd/interno/main.go", "web/embed.go", "web/src/main.tsx", "package-lock.json", ".npmrc", "tsconfig.app.json", "vite.config.ts"} {
		if excluded(t, pm, p) {
			t.Errorf(".dockerignore leaves out %s, which the build needs", p)
		}
	}
}

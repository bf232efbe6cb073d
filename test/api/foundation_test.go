package api_test

import (
	"os/exec"
	"strings"
	"testing"
)

func TestFoundation(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		t.Run("HealthAndReady", func(t *testing.T) {
			s.must(200, "GET", "/api/health", "", nil)
			s.must(200, "GET", "/api/ready", "", nil)
		})
		t.Run("UnknownAPIPathIsJSON404", func(t *testing.T) {
			r := s.must(404, "GET", "/api/nope", "", nil)
			if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") || r.JSON()["detail"] == nil {
				t.Fatalf("%v %s", r.Header, r.Raw)
			}
		})
		t.Run("DeepLinksServeTheApp", func(t *testing.T) {
			for _, p := range []string{"/", "/designer/1", "/profile/7?shared=true", "/user-profile"} {
				r := s.must(200, "GET", p, "", nil)
				if !strings.Contains(string(r.Raw), "<div id=\"root\">") || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
					t.Fatalf("%s: not the app shell: %.200s", p, r.Raw)
				}
			}
		})
		t.Run("ServiceWorkerAndManifestUncached", func(t *testing.T) {
			for _, p := range []string{"/sw.js", "/manifest.webmanifest"} {
				r := s.must(200, "GET", p, "", nil)
				if r.Header.Get("Cache-Control") != "no-cache" {
					t.Errorf("%s Cache-Control %q", p, r.Header.Get("Cache-Control"))
				}
			}
		})
	})
}

func TestConfigErrorsNameTheVariable(t *testing.T) {
	bin := binary(t)
	for v, val := range map[string]string{
		"INTERNO_ADDR":         "not-an-address",
		"INTERNO_TIMEZONE":     "Mars/Olympus",
		"INTERNO_DATABASE_URL": "mysql://x",
		"INTERNO_JWT_SECRET":   "short",
		"INTERNO_DEMO":         "maybe",
		"INTERNO_SMTP_URL":     "ftp://mail.example.com",
		"INTERNO_BASE_URL":     "localhost",
		"INTERNO_RATE_LIMITS":  "lots",
	} {
		cmd := exec.Command(bin, "serve")
		cmd.Env = []string{"INTERNO_DATA_DIR=" + t.TempDir(), v + "=" + val}
		out, err := cmd.CombinedOutput()
		if err == nil {
			t.Errorf("%s=%s: started anyway", v, val)
			continue
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines) != 1 || !strings.Contains(lines[0], v) {
			t.Errorf("%s=%s: want one line naming the variable, got:\n%s", v, val, out)
		}
	}
}

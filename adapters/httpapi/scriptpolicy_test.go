package httpapi

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
)

func sourceHash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

func TestInlineScriptHashes_OnlyClassicInlineScripts(t *testing.T) {
	early := "\n  (function () { fetch('/api/users/me'); })();\n"
	page := "<!doctype html><html><head>" +
		"<script>" + early + "</script>" +
		"<script type=\"module\" src=\"/assets/index-1.js\"></script>" +
		"<script src=\"/legacy.js\"></script>" +
		"<script type=\"application/json\" id=\"first-answer\">{\"id\":1}</script>" +
		"<SCRIPT TYPE=\"text/javascript\">a &amp;&amp; b</SCRIPT>" +
		"<script>x\r\ny</script>" +
		"</head><body><p>&lt;script&gt;no&lt;/script&gt;</p></body></html>"
	got := inlineScriptHashes([]byte(page))
	// A script's text is raw (no entity decoding) and its line breaks are
	// normalised, as the browser hashes it.
	want := []string{sourceHash(early), sourceHash("a &amp;&amp; b"), sourceHash("x\ny")}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("hashes %v, want %v", got, want)
	}
	if inlineScriptHashes([]byte("<html><head></head></html>")) != nil {
		t.Fatal("a page without inline scripts has no hashes")
	}
}

func TestDocumentPolicy_AllowsTheDocumentsOwnScriptOnly(t *testing.T) {
	if documentPolicy([]byte("<html></html>")) != contentSecurityPolicy {
		t.Fatal("without inline scripts the policy is the page policy")
	}
	policy := documentPolicy([]byte("<html><head><script>go()</script></head></html>"))
	if !strings.Contains(policy, "script-src 'self' "+sourceHash("go()")+" https://accounts.google.com/gsi/client") ||
		strings.Contains(policy, "unsafe-inline' https://accounts.google.com/gsi/client") {
		t.Fatalf("policy %q", policy)
	}
	if strings.Replace(policy, sourceHash("go()")+" ", "", 1) != contentSecurityPolicy {
		t.Fatalf("nothing else changes: %q", policy)
	}
}

// The documents the server sends (every page address, index.html itself, a
// profile's document with its first answer) carry the policy with the hash
// of their inline script; other files keep the page policy, API answers the
// API's.
func TestDocumentsCarryTheirInlineScriptsHash(t *testing.T) {
	script := "(function () { window.early = true; })();"
	web := fstest.MapFS{}
	for name, file := range testWeb {
		web[name] = file
	}
	web["index.html"] = &fstest.MapFile{Data: []byte(`<!doctype html><html lang="it"><head><title>Interno</title><script>` + script + `</script></head><body><div id="root"></div></body></html>`)}
	env := newEnv(t, storetest.Open(t, store.SQLite, storetest.Options{}), func(_ *Config, d *Deps) { d.Web = web })
	hash := sourceHash(script)
	for _, path := range []string{"/", "/user-profile", "/index.html", "/profile/1"} {
		r := env.do(req{method: http.MethodGet, path: path})
		if r.Code != http.StatusOK || !strings.Contains(r.Header.Get("Content-Security-Policy"), "script-src 'self' "+hash+" ") {
			t.Fatalf("%s: %d, policy %q", path, r.Code, r.Header.Get("Content-Security-Policy"))
		}
	}
	if got := env.do(req{method: http.MethodGet, path: "/assets/app-abc123.js"}).Header.Get("Content-Security-Policy"); got != contentSecurityPolicy {
		t.Fatalf("a script file's policy %q", got)
	}
	if got := env.do(req{method: http.MethodGet, path: "/api/health"}).Header.Get("Content-Security-Policy"); got != apiContentSecurityPolicy {
		t.Fatalf("an API answer's policy %q", got)
	}
}

// The built index.html's inline script (web/index.html) is the one the
// policy allows; a build whose page gained a second inline script would need
// it allowed the same way (the browser tests see a refused script).
func TestBuiltIndexHasOneInlineScript(t *testing.T) {
	source, err := os.ReadFile(filepath.Join("..", "..", "web", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(inlineScriptHashes(source)); n != 1 {
		t.Fatalf("web/index.html has %d inline scripts, want 1 (the early request)", n)
	}
}

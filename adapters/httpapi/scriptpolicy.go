package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"strings"

	"golang.org/x/net/html"
)

// documentPolicy is the Content-Security-Policy of the app's documents: the
// page policy, with script-src also allowing, by their hashes, the inline
// scripts the document itself carries (web/index.html's early request of the
// signed-in profile's answer, earlyAnswer.ts). Those scripts and no other
// inline script run: the hashes come from the built file the server sends.
func documentPolicy(document []byte) string {
	hashes := inlineScriptHashes(document)
	if len(hashes) == 0 {
		return contentSecurityPolicy
	}
	return strings.Replace(contentSecurityPolicy, "script-src 'self'", "script-src 'self' "+strings.Join(hashes, " "), 1)
}

// inlineScriptHashes are the CSP sources ('sha256-…') of the classic inline
// scripts of an HTML document, in order: a script element without src whose
// type is absent or JavaScript's. Data blocks (type="application/json") and
// modules loaded from files are not executed inline and have no hash.
func inlineScriptHashes(document []byte) []string {
	var hashes []string
	z := html.NewTokenizer(bytes.NewReader(document))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return hashes
		case html.StartTagToken:
			name, hasAttr := z.TagName()
			if string(name) != "script" {
				continue
			}
			classic := true
			for hasAttr {
				var key, value []byte
				key, value, hasAttr = z.TagAttr()
				switch string(key) {
				case "src":
					classic = false
				case "type":
					t := strings.ToLower(strings.TrimSpace(string(value)))
					classic = classic && (t == "" || t == "text/javascript" || t == "application/javascript")
				}
			}
			if !classic {
				continue
			}
			// The script's text as the browser hashes it: up to its end tag,
			// line breaks normalised, never unescaped (a script's text is raw).
			var text []byte
			if z.Next() == html.TextToken {
				text = z.Text()
			}
			sum := sha256.Sum256(text)
			hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
		}
	}
}

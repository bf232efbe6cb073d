package app

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"interno/adapters/httpapi"
	"interno/adapters/httpapi/openapitest"
)

// TestAuthorisationMatrix calls every route of the table (routes_test.go) as
// the six callers of a who-may-call-it test, on SQLite and PostgreSQL:
// anonymous callers of a protected route get 401, signed-in callers outside
// the route's allow list get its refusal (403, or 404 where the object's
// existence is private), and callers on the list are never refused (their
// request may still be invalid: the bodies are templates with empty values).
func TestAuthorisationMatrix(t *testing.T) {
	callers := []role{asAnon, asCustomer, asCustomer2, asDesigner, asDesigner2, asAdministrator}
	for _, dialect := range []string{"sqlite", "postgres"} {
		t.Run(dialect, func(t *testing.T) {
			w := newWorld(t, dialect)
			for _, r := range routes {
				if r.skipAuthz != "" {
					continue
				}
				t.Run(r.key(), func(t *testing.T) {
					if r.endsSessions {
						defer w.signInAgain()
					}
					for _, who := range callers {
						sample := r.sample
						if sample == "" {
							sample = "1"
						}
						req := w.request(r, who, "", "", "", sample)
						if r.endsSessions && who != asAnon {
							w.signInAgain() // each caller ends a session of its own, not the next caller's
							req.Header.Set("Authorization", "Bearer "+w.tokens[who])
						}
						rec := w.do(req)
						code := rec.Code
						checkContract(t, req, rec)
						allowed := slices.Contains(r.who.allow, who)
						switch {
						case slices.Contains(r.answers, code):
						case code >= 500:
							t.Errorf("%s: %d", roleNames[who], code)
						case allowed && (code == 401 || code == 403 || r.who.deny == 404 && code == 404):
							t.Errorf("%s may call it, got %d", roleNames[who], code)
						case !allowed && who == asAnon && code != 401:
							t.Errorf("%s: %d, want 401", roleNames[who], code)
						case !allowed && who != asAnon && code != r.who.deny:
							t.Errorf("%s: %d, want %d", roleNames[who], code, r.who.deny)
						}
					}
				})
			}
		})
	}
}

// contract checks answers against the served OpenAPI document.
var contract = sync.OnceValues(func() (*openapitest.Checker, error) {
	doc, err := httpapi.DocumentJSON()
	if err != nil {
		return nil, err
	}
	return openapitest.New(doc)
})

// checkContract fails when an answer of the matrix is not what the OpenAPI
// document describes for its route and status.
func checkContract(t *testing.T, req *http.Request, rec *httptest.ResponseRecorder) {
	t.Helper()
	c, err := contract()
	if err != nil {
		t.Fatal(err)
	}
	body := rec.Body.Bytes()
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "text/event-stream") {
		body = nil
	}
	if err := c.Check(req, rec.Code, rec.Header(), body); err != nil {
		t.Errorf("answer does not match the OpenAPI document: %v", err)
	}
}

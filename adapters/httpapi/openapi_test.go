package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"interno/adapters/httpapi/openapitest"
	"interno/adapters/store"
	"interno/adapters/store/storetest"
)

// contract is the checker of the served document, built once per test binary.
var contract = sync.OnceValues(func() (*openapitest.Checker, error) {
	doc, err := documentJSON()
	if err != nil {
		return nil, err
	}
	return openapitest.New(doc)
})

// checkContract validates every answer the HTTP tests receive through the
// real router against the OpenAPI document: the document must describe
// what is really sent, status and body.
func checkContract(t *testing.T, r *http.Request, w *httptest.ResponseRecorder) {
	t.Helper()
	c, err := contract()
	if err != nil {
		t.Fatalf("OpenAPI document: %v", err)
	}
	body := w.Body.Bytes()
	if w.Header().Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return
		}
		if body, err = io.ReadAll(zr); err != nil {
			return
		}
	} else if w.Header().Get("Content-Encoding") != "" {
		return // other encodings (br, zstd) are the compressor's own tests
	}
	if strings.HasPrefix(w.Header().Get("Content-Type"), "text/event-stream") {
		body = nil
	}
	if err := c.Check(r, w.Code, w.Header(), body); err != nil {
		t.Errorf("answer does not match the OpenAPI document: %v", err)
	}
}

func TestOpenAPI_DocumentIsValid31(t *testing.T) {
	doc, err := documentJSON()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := openapitest.New(doc); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(doc, []byte(`"openapi": "3.1.0"`)) {
		t.Fatal("not a 3.1 document")
	}
}

func TestOpenAPI_EveryOperationDescribesCallersAndErrors(t *testing.T) {
	doc := Document()
	for _, r := range routeTable {
		if r.testOnly {
			continue
		}
		item := doc.Paths[openapiPath(r.path)]
		if item == nil {
			t.Fatalf("%s: not in the document", r.key())
		}
		op := map[string]*huma.Operation{"GET": item.Get, "POST": item.Post, "PUT": item.Put, "DELETE": item.Delete}[r.method]
		if op == nil {
			t.Fatalf("%s: not in the document", r.key())
		}
		if len(op.Security) == 0 {
			t.Errorf("%s: no security requirement", r.key())
		}
		if r.who != anyone && op.Responses["401"] == nil {
			t.Errorf("%s: a protected route must describe its 401", r.key())
		}
		if (r.who == forAdmins || r.who == forDesigners) && op.Responses["403"] == nil {
			t.Errorf("%s: a role route must describe its 403", r.key())
		}
		if len(r.answers) == 0 || r.summary == "" || r.tag == "" {
			t.Errorf("%s: every route has answers, a summary and a tag", r.key())
		}
	}
}

func TestOpenAPI_Served(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := newEnv(t, db)
		r := env.expect(req{method: "GET", path: "/api/openapi.json"}, http.StatusOK)
		want, _ := documentJSON()
		if !bytes.Equal(r.Body, want) || r.Header.Get("ETag") == "" {
			t.Fatalf("served document differs or has no ETag")
		}
		env.expect(req{method: "GET", path: "/api/openapi.json", header: map[string]string{"If-None-Match": r.Header.Get("ETag")}}, http.StatusNotModified)
		page := env.expect(req{method: "GET", path: "/api/docs"}, http.StatusOK)
		if !bytes.Contains(page.Body, []byte("/api/designers/{id}")) || bytes.Contains(page.Body, []byte("<script")) {
			t.Fatalf("docs page: %.300s", page.Body)
		}
		if csp := page.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "style-src 'sha256-") || !strings.Contains(csp, "default-src 'none'") {
			t.Fatal("docs page without the app's CSP")
		}
	})
}

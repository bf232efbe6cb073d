// Package openapitest checks real HTTP answers against the API's OpenAPI
// document, so tests that go through the real router also prove the
// document describes what is sent (status, content type, JSON body).
package openapitest

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strings"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	v3 "github.com/pb33f/libopenapi/datamodel/high/v3"
)

// Checker validates answers against one document.
type Checker struct {
	v     validator.Validator
	model *v3.Document
	paths []pathPattern
}

// pathPattern matches request paths to one of the document's paths; a
// trailing {path} stands for the rest of the URL (Gin's *path).
type pathPattern struct {
	re     *regexp.Regexp
	path   string
	params int
}

var templateParam = regexp.MustCompile(`\{[^}]+\}`)

// New loads and validates doc (an OpenAPI 3.1 document in JSON).
func New(doc []byte) (*Checker, error) {
	d, err := libopenapi.NewDocument(doc)
	if err != nil {
		return nil, err
	}
	v, errs := validator.NewValidator(d)
	if len(errs) > 0 {
		return nil, fmt.Errorf("openapi: %v", errs)
	}
	if ok, verrs := v.ValidateDocument(); !ok {
		var msgs []string
		for _, e := range verrs {
			msgs = append(msgs, e.Error())
		}
		return nil, fmt.Errorf("the document is not valid OpenAPI 3.1: %s", strings.Join(msgs, "; "))
	}
	m, err := d.BuildV3Model()
	if err != nil {
		return nil, err
	}
	c := &Checker{v: v, model: &m.Model}
	for p := range m.Model.Paths.PathItems.KeysFromOldest() {
		expr := regexp.QuoteMeta(p)
		expr = strings.Replace(expr, `/\{path\}`, `/.+`, 1)
		expr = templateParam.ReplaceAllString(strings.ReplaceAll(strings.ReplaceAll(expr, `\{`, "{"), `\}`, "}"), `[^/]+`)
		c.paths = append(c.paths, pathPattern{re: regexp.MustCompile("^" + expr + "$"), path: p, params: strings.Count(p, "{")})
	}
	sort.Slice(c.paths, func(i, j int) bool { return c.paths[i].params < c.paths[j].params })
	return c, nil
}

// statusClientClosedRequest is recorded when the client went away: no one reads it.
const statusClientClosedRequest = 499

// Check validates one answer to req: its status must be one the operation
// declares, and a JSON body must match that status's schema (other bodies,
// pictures and streams, are checked by status only). Paths outside the
// document (the web app's pages) are not checked.
func (c *Checker) Check(req *http.Request, status int, header http.Header, body []byte) error {
	if !strings.HasPrefix(req.URL.Path, "/api/") && req.URL.Path != "/metrics" || status == statusClientClosedRequest {
		return nil
	}
	if (status == http.StatusNotFound || status == http.StatusMethodNotAllowed) && routerMiss.Match(body) {
		return nil // no route: the router's own answer, not an operation's
	}
	var found *pathPattern
	for i := range c.paths {
		if c.paths[i].re.MatchString(req.URL.Path) {
			found = &c.paths[i]
			break
		}
	}
	if found == nil || req.Method == http.MethodOptions {
		// Test-only routes and CORS preflights are not operations; that every
		// real route is in the document is TestRouteTable_MatchesRouter's job.
		return nil
	}
	item := c.model.Paths.PathItems.GetOrZero(found.path)
	if err := c.declared(item, req.Method, status); err != nil {
		return fmt.Errorf("%s %s: %w", req.Method, req.URL.Path, err)
	}
	ctype := header.Get("Content-Type")
	if len(body) == 0 || !strings.Contains(ctype, "json") {
		return nil
	}
	resp := &http.Response{StatusCode: status, Header: header.Clone(), Body: io.NopCloser(bytes.NewReader(body)), Request: req}
	if _, verrs := c.v.GetResponseBodyValidator().ValidateResponseBodyWithPathItem(req, resp, item, found.path); len(verrs) > 0 {
		var errs []string
		for _, e := range verrs {
			errs = append(errs, e.Error()+details(e.SchemaValidationErrors))
		}
		return fmt.Errorf("%s %s → %d: %s (body %.300s)", req.Method, req.URL.Path, status, strings.Join(errs, "; "), body)
	}
	return nil
}

// declared checks the operation lists the status.
func (c *Checker) declared(item *v3.PathItem, method string, status int) error {
	if item == nil {
		return fmt.Errorf("no path item")
	}
	op := item.GetOperations().GetOrZero(strings.ToLower(method))
	if op == nil {
		return fmt.Errorf("%s is not an operation of the document", method)
	}
	if op.Responses.Codes.GetOrZero(fmt.Sprint(status)) == nil && op.Responses.Default == nil {
		return fmt.Errorf("%s answered %d, which the document does not declare", op.OperationId, status)
	}
	return nil
}

var routerMiss = regexp.MustCompile(`"reason":"(no_route|method_not_allowed)"`)

func details[T interface{ Error() string }](fails []T) string {
	var out []string
	for _, f := range fails {
		out = append(out, f.Error())
	}
	if len(out) == 0 {
		return ""
	}
	return " [" + strings.Join(out, "; ") + "]"
}

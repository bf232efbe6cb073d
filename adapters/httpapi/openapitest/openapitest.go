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
	"strings"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	v3 "github.com/pb33f/libopenapi/datamodel/high/v3"
)

// Checker validates answers against one document.
type Checker struct {
	v     validator.Validator
	model *v3.Document
	// wildcards are the document's paths ending in a {path} that stands for
	// the rest of the URL (Gin's *path), which OpenAPI cannot match itself.
	wildcards map[string]string
}

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
	c := &Checker{v: v, model: &m.Model, wildcards: map[string]string{}}
	for p := range m.Model.Paths.PathItems.KeysFromOldest() {
		if prefix, ok := strings.CutSuffix(p, "/{path}"); ok {
			c.wildcards[prefix+"/"] = p
		}
	}
	return c, nil
}

// statusClientClosedRequest is recorded when the client went away: no one reads it.
const statusClientClosedRequest = 499

// Check validates one answer to req: its status must be one the operation
// declares, and its body must match that status's schema. Paths outside the
// document (the web app's pages) are not checked.
func (c *Checker) Check(req *http.Request, status int, header http.Header, body []byte) error {
	if !strings.HasPrefix(req.URL.Path, "/api/") && req.URL.Path != "/metrics" || status == statusClientClosedRequest {
		return nil
	}
	if status == http.StatusNotFound || status == http.StatusMethodNotAllowed {
		if isRouterMiss(body) {
			return nil // no route: the router's own answer, not an operation's
		}
	}
	resp := &http.Response{StatusCode: status, Header: header.Clone(), Body: io.NopCloser(bytes.NewReader(body)), Request: req}
	if resp.Header == nil {
		resp.Header = http.Header{}
	}
	if len(body) == 0 {
		resp.Header.Del("Content-Type")
	}
	var errs []string
	for prefix, p := range c.wildcards {
		if strings.HasPrefix(req.URL.Path, prefix) {
			item := c.model.Paths.PathItems.GetOrZero(p)
			if err := c.declared(item, req.Method, status); err != nil {
				return err
			}
			if _, verrs := c.v.GetResponseBodyValidator().ValidateResponseBodyWithPathItem(req, resp, item, p); len(verrs) > 0 {
				for _, e := range verrs {
					errs = append(errs, e.Error()+details(e.SchemaValidationErrors))
				}
				return fmt.Errorf("%s %s → %d: %s", req.Method, req.URL.Path, status, strings.Join(errs, "; "))
			}
			return nil
		}
	}
	if ok, verrs := c.v.ValidateHttpResponse(req, resp); !ok {
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

func isRouterMiss(body []byte) bool { return routerMiss.Match(body) }

func details[T fmt.Stringer](fails []T) string {
	var out []string
	for _, f := range fails {
		out = append(out, f.String())
	}
	if len(out) == 0 {
		return ""
	}
	return " [" + strings.Join(out, "; ") + "]"
}

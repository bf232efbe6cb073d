package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"sort"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// The API's contract. Handlers stay plain Gin handlers; the route table
// (openapi_routes.go) says, for each route, who may call it, what it reads and
// what it answers, naming the Go types the handler really decodes and
// encodes. The document's schemas are reflected from those types by huma's
// schema registry, so a renamed field changes the document (and the web's
// generated types, and the drift check of make test). Tests check that the
// table and the router list the same routes, and validate the answers of the
// HTTP tests against the document (openapitest).

// audience is who may call a route, as its middleware and use case decide.
type audience int

const (
	anyone       audience = iota // anonymous callers too; a bearer token is optional
	signedIn                     // any signed-in account; ownership is checked by the use case
	forDesigners                 // designer accounts only (403 for others)
	forAdmins                    // administrators only (403 for others)
)

var audienceNames = map[audience]string{anyone: "anyone (bearer optional)", signedIn: "any signed-in account",
	forDesigners: "designer accounts", forAdmins: "administrators"}

// media is an answer or body that is not JSON: its content type and schema.
type media struct {
	ctype  string
	schema *huma.Schema
}

var (
	binaryImage = media{"image/*", &huma.Schema{Type: "string", Format: "binary"}}
	eventStream = media{"text/event-stream", &huma.Schema{Type: "string", Description: "Server-sent events (docs/messaging.md)"}}
	plainText   = media{"text/plain", &huma.Schema{Type: "string"}}
)

// noBody marks an answer without a body (204, 302, 304).
type noBody struct{ description string }

// query is one query parameter.
type query struct {
	name, typ, doc string // typ: string, integer, boolean
}

// route is one entry of the route table.
type route struct {
	method, path     string // the Gin pattern, e.g. /api/designers/:id
	id, summary, tag string
	who              audience
	// body is a zero value of the request type (nil: no body); a media value
	// names a non-JSON body. optionalBody marks bodies that may be left out.
	body         any
	optionalBody bool
	query        []query
	// answers maps each success status to a zero value of the answer type,
	// a media value, or noBody.
	answers map[int]any
	// errors are the route's error statuses beyond those implied by the
	// caller (401, 403), path parameters (404, 422) and bodies (413, 422).
	errors []int
	// stringID marks a route whose :id is not a number (tracking ids).
	stringID bool
	// testOnly routes exist only with Config.FaultInjection and are not documented.
	testOnly bool
}

func (r route) key() string { return r.method + " " + r.path }

// TableRoutes lists the route table's routes as "METHOD /path", with the
// test-only ones (fault injection) apart, so the app's tests can check the
// table and the router list the same routes.
func TableRoutes() (documented, testOnly []string) {
	for _, r := range routeTable {
		if r.testOnly {
			testOnly = append(testOnly, r.key())
		} else {
			documented = append(documented, r.key())
		}
	}
	sort.Strings(documented)
	sort.Strings(testOnly)
	return documented, testOnly
}

var ginParam = regexp.MustCompile(`[:*]([A-Za-z]+)`)

// openapiPath turns a Gin pattern into an OpenAPI path template.
func openapiPath(p string) string { return ginParam.ReplaceAllString(p, "{$1}") }

// errorDescriptions are the shared texts of error answers.
var errorDescriptions = map[int]string{
	400: "Bad request", 401: "Not signed in, or the token is no longer valid", 403: "The caller may not do this",
	404: "Not found (or not visible to the caller)", 409: "Conflicts with the current state", 413: "Body too large",
	415: "Unsupported media type", 422: "Invalid input: a message, or the list of invalid fields",
	429: "Too many requests (Retry-After says when to retry)", 500: "Internal error", 503: "Temporarily unavailable",
}

// Document builds the OpenAPI 3.1 document of the API from the route table.
func Document() *huma.OpenAPI {
	// Lists are always sent as arrays (views build them non-nil; the
	// contract tests catch a null), so they are not nullable.
	huma.DefaultArrayNullable = false
	reg := huma.NewMapRegistry("#/components/schemas/", huma.DefaultSchemaNamer)
	doc := &huma.OpenAPI{
		OpenAPI: "3.1.0",
		Info: &huma.Info{Title: "Interno API", Version: "1.0.0", Description: "The HTTP API of Interno, the interior-design " +
			"marketplace. Every error answers {detail, reason}; validation errors (422) may carry detail as a list of " +
			"{loc, msg, type}. Times are RFC 3339. Generated from the Go types (adapters/httpapi/openapi.go)."},
		Paths: map[string]*huma.PathItem{},
		Components: &huma.Components{Schemas: reg, SecuritySchemes: map[string]*huma.SecurityScheme{
			"bearer": {Type: "http", Scheme: "bearer", Description: "The access_token of a sign-in answer"}}},
	}
	errSchema, validationSchema := errorSchemas(reg)
	seen := map[string]bool{}
	var requests []reflect.Type
	for _, r := range routeTable {
		if r.testOnly {
			continue
		}
		if seen[r.id] {
			panic("duplicate operation id " + r.id)
		}
		seen[r.id] = true
		op := &huma.Operation{OperationID: r.id, Summary: r.summary, Tags: []string{r.tag},
			Description: "Who may call it: " + audienceNames[r.who] + ".", Responses: map[string]*huma.Response{}}
		if r.who == anyone {
			op.Security = []map[string][]string{{}, {"bearer": {}}}
		} else {
			op.Security = []map[string][]string{{"bearer": {}}}
		}
		// 400 and 404 can come from any body or query (a designer id that does not exist).
		errs := map[int]bool{400: true, 404: true, 429: true, 500: true}
		switch r.who {
		case signedIn:
			errs[401] = true
		case forDesigners, forAdmins:
			errs[401], errs[403] = true, true
		}
		for _, m := range ginParam.FindAllStringSubmatch(r.path, -1) {
			s := &huma.Schema{Type: "string"}
			desc := ""
			switch {
			case strings.HasPrefix(m[0], "*"):
				desc = "The rest of the path (may contain slashes), starting with /"
			case m[1] == "email":
			case r.stringID:
			default:
				s = &huma.Schema{Type: "integer", Format: "int64", Minimum: ptr(1.0)}
				errs[422] = true
			}
			errs[404] = true
			op.Parameters = append(op.Parameters, &huma.Param{Name: m[1], In: "path", Required: true, Schema: s, Description: desc})
		}
		for _, q := range r.query {
			op.Parameters = append(op.Parameters, &huma.Param{Name: q.name, In: "query", Description: q.doc,
				Schema: &huma.Schema{Type: q.typ}})
			errs[422] = true
		}
		if r.body != nil {
			content := map[string]*huma.MediaType{}
			bodies, ok := r.body.(alternatives)
			if !ok {
				bodies = alternatives{r.body}
			}
			var json []*huma.Schema
			for _, b := range bodies {
				if m, ok := b.(media); ok {
					content[m.ctype] = &huma.MediaType{Schema: m.schema}
				} else {
					json = append(json, schemaOf(reg, b))
					requests = append(requests, reflect.TypeOf(b))
				}
			}
			if len(json) == 1 {
				content["application/json"] = &huma.MediaType{Schema: json[0]}
			} else if len(json) > 1 {
				content["application/json"] = &huma.MediaType{Schema: &huma.Schema{AnyOf: json}}
			}
			op.RequestBody = &huma.RequestBody{Required: !r.optionalBody, Content: content}
			errs[413], errs[422] = true, true
		}
		for _, e := range r.errors {
			errs[e] = true
		}
		for status, v := range r.answers {
			op.Responses[fmt.Sprint(status)] = answer(reg, status, v)
		}
		for status := range errs {
			s := errSchema
			if status == 422 {
				s = &huma.Schema{AnyOf: []*huma.Schema{validationSchema, errSchema}}
			}
			op.Responses[fmt.Sprint(status)] = &huma.Response{Description: errorDescriptions[status],
				Content: map[string]*huma.MediaType{"application/json": {Schema: s}}}
		}
		p := openapiPath(r.path)
		item := doc.Paths[p]
		if item == nil {
			item = &huma.PathItem{}
			doc.Paths[p] = item
		}
		switch r.method {
		case http.MethodGet:
			item.Get = op
		case http.MethodPost:
			item.Post = op
		case http.MethodPut:
			item.Put = op
		case http.MethodDelete:
			item.Delete = op
		default:
			panic("route table: method " + r.method)
		}
	}
	nullablePointers(reg)
	lenient(reg, requests)
	return doc
}

// lenient relaxes the request bodies' schemas to what the handlers accept:
// every field may be left out, and unknown fields are ignored.
func lenient(reg huma.Registry, types []reflect.Type) {
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		if t.Name() == "" {
			return // anonymous structs are registered under their parent's hint
		}
		if s := reg.SchemaFromRef(reg.Schema(t, true, "").Ref); s != nil {
			s.Required, s.AdditionalProperties = nil, nil
		}
		for i := 0; i < t.NumField(); i++ {
			walk(t.Field(i).Type)
		}
	}
	for _, t := range types {
		walk(t)
	}
}

func ptr[T any](v T) *T { return &v }

// answer describes one success answer.
func answer(reg huma.Registry, status int, v any) *huma.Response {
	switch a := v.(type) {
	case noBody:
		return &huma.Response{Description: a.description}
	case media:
		return &huma.Response{Description: http.StatusText(status), Content: map[string]*huma.MediaType{a.ctype: {Schema: a.schema}}}
	case alternatives:
		any := &huma.Schema{}
		for _, v := range a {
			any.AnyOf = append(any.AnyOf, schemaOf(reg, v))
		}
		return &huma.Response{Description: http.StatusText(status) + " (one of the shapes, by the caller's side)",
			Content: map[string]*huma.MediaType{"application/json": {Schema: any}}}
	}
	return &huma.Response{Description: http.StatusText(status),
		Content: map[string]*huma.MediaType{"application/json": {Schema: schemaOf(reg, v)}}}
}

// schemaOf reflects v's type into the registry.
func schemaOf(reg huma.Registry, v any) *huma.Schema {
	return reg.Schema(reflect.TypeOf(v), true, "")
}

// errorSchemas registers the shared error bodies: {detail, reason} and the
// validation list.
func errorSchemas(reg huma.Registry) (errRef, validationRef *huma.Schema) {
	m := reg.Map()
	m["Error"] = &huma.Schema{Type: "object", Description: "Every error answer. Some carry more fields a client can act on.",
		Required: []string{"detail"}, Properties: map[string]*huma.Schema{
			"detail": {Type: "string", Description: "What went wrong, in English"},
			"reason": {Type: "string", Description: "A stable machine code the web app maps to Italian (e.g. slot_taken)"},
		}}
	m["FieldError"] = &huma.Schema{Type: "object", Required: []string{"loc", "msg", "type"}, AdditionalProperties: false,
		Properties: map[string]*huma.Schema{
			"loc":  {Type: "array", Items: &huma.Schema{Type: "string"}, Description: "Where: [\"body\", \"email\"], [\"query\", \"since\"]"},
			"msg":  {Type: "string"},
			"type": {Type: "string", Description: "value_error, missing…"},
		}}
	m["ValidationError"] = &huma.Schema{Type: "object", Description: "A 422 naming the invalid fields.",
		Required: []string{"detail"}, Properties: map[string]*huma.Schema{
			"detail": {Type: "array", Items: &huma.Schema{Ref: "#/components/schemas/FieldError"}},
			"reason": {Type: "string"},
		}}
	return &huma.Schema{Ref: "#/components/schemas/Error"}, &huma.Schema{Ref: "#/components/schemas/ValidationError"}
}

// nullablePointers marks the registry's struct fields that are pointers
// without omitempty as nullable (huma cannot for references), so a nil
// pointer's null is part of the contract.
func nullablePointers(reg huma.Registry) {
	for name, s := range reg.Map() {
		t := reg.TypeFromRef("#/components/schemas/" + name)
		if t == nil || s.Properties == nil {
			continue
		}
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			continue
		}
		markNullable(t, s)
	}
}

func markNullable(t reflect.Type, s *huma.Schema) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && tag == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				markNullable(ft, s)
			}
			continue
		}
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		p := s.Properties[name]
		if p == nil || strings.Contains(opts, "omitempty") {
			continue
		}
		switch f.Type.Kind() {
		case reflect.Pointer, reflect.Map:
			if p.Ref != "" {
				s.Properties[name] = &huma.Schema{AnyOf: []*huma.Schema{{Ref: p.Ref}, {Type: "null"}}, Description: p.Description}
			} else if p.Type != "" && p.Type != "null" {
				p.Nullable = true
			}
		}
	}
}

// documentJSON is the document as served and committed (indented, stable).
func documentJSON() ([]byte, error) {
	raw, err := json.Marshal(Document())
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// DocumentJSON is the document as GET /api/openapi.json serves it and
// docs/openapi.json commits it (go run ./cmd/openapi writes that file).
func DocumentJSON() ([]byte, error) { return documentJSON() }

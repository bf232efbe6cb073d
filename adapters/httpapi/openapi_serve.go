package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"net/http"
	"sort"
	"strings"
	"sync"

	"github.com/danielgtaylor/huma/v2"
	"github.com/gin-gonic/gin"
)

// Schemas of the non-JSON bodies the table names.
var (
	openAPIObject = huma.Schema{Type: "object", Description: "An OpenAPI 3.1 document"}
	htmlPage      = huma.Schema{Type: "string"}
	tokenForm     = huma.Schema{Type: "object", Required: []string{"username", "password"}, Properties: map[string]*huma.Schema{
		"username": {Type: "string", Description: "The e-mail address"}, "password": {Type: "string"}}}
	profileForm = huma.Schema{Type: "object", Properties: map[string]*huma.Schema{
		"name": {Type: "string"}, "email": {Type: "string"}, "location": {Type: "string"},
		"profile_picture": {Type: "string", Format: "binary", Description: "A JPEG, PNG or WebP picture up to 5 MB"}}}
)

// apiDoc is the document and its docs page, built once (the table is static).
var apiDoc = sync.OnceValues(func() (*servedDoc, error) {
	body, err := documentJSON()
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	d := &servedDoc{json: body, etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`}
	var page bytes.Buffer
	if err := docsPage.Execute(&page, struct {
		Style template.CSS
		Tags  []docTag
	}{template.CSS(docsStyle), docsModel(Document())}); err != nil {
		return nil, err
	}
	d.html = page.Bytes()
	return d, nil
})

type servedDoc struct {
	json, html []byte
	etag       string
}

// registerDocs serves the document and its page (anonymous, cached).
func (s *Server) registerDocs(api *gin.RouterGroup) {
	api.GET("/openapi.json", func(c *gin.Context) {
		d, err := apiDoc()
		if err != nil {
			_ = c.Error(err)
			return
		}
		c.Header("ETag", d.etag)
		c.Header("Cache-Control", "public, max-age=300, must-revalidate")
		for _, t := range strings.Split(c.GetHeader("If-None-Match"), ",") {
			if t = strings.TrimPrefix(strings.TrimSpace(t), "W/"); t == d.etag || t == "*" {
				c.Status(http.StatusNotModified)
				return
			}
		}
		c.Data(http.StatusOK, "application/json; charset=utf-8", d.json)
	})
	api.GET("/docs", func(c *gin.Context) {
		d, err := apiDoc()
		if err != nil {
			_ = c.Error(err)
			return
		}
		c.Header("Cache-Control", "public, max-age=300")
		c.Header("Content-Security-Policy", docsCSP)
		c.Data(http.StatusOK, "text/html; charset=utf-8", d.html)
	})
}

// docOp is one operation as the docs page lists it.
type docOp struct {
	Method, Path, ID, Summary, Who string
	Params                         []string
	Body                           []string
	Answers                        []string
}

type docTag struct {
	Name string
	Ops  []docOp
}

// docsModel flattens the document for the page, by tag then path.
func docsModel(doc *huma.OpenAPI) []docTag {
	byTag := map[string][]docOp{}
	for path, item := range doc.Paths {
		for method, op := range map[string]*huma.Operation{"GET": item.Get, "POST": item.Post, "PUT": item.Put, "DELETE": item.Delete} {
			if op == nil {
				continue
			}
			o := docOp{Method: method, Path: path, ID: op.OperationID, Summary: op.Summary, Who: op.Description}
			for _, p := range op.Parameters {
				o.Params = append(o.Params, p.In+" "+p.Name+": "+schemaName(p.Schema))
			}
			if op.RequestBody != nil {
				for ct, mt := range op.RequestBody.Content {
					o.Body = append(o.Body, ct+": "+schemaName(mt.Schema))
				}
				sort.Strings(o.Body)
			}
			for status, r := range op.Responses {
				line := status + " " + r.Description
				for ct, mt := range r.Content {
					line += " — " + ct + ": " + schemaName(mt.Schema)
				}
				o.Answers = append(o.Answers, line)
			}
			sort.Strings(o.Answers)
			byTag[op.Tags[0]] = append(byTag[op.Tags[0]], o)
		}
	}
	var out []docTag
	for tag, ops := range byTag {
		sort.Slice(ops, func(i, j int) bool {
			if ops[i].Path != ops[j].Path {
				return ops[i].Path < ops[j].Path
			}
			return ops[i].Method < ops[j].Method
		})
		out = append(out, docTag{Name: tag, Ops: ops})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// schemaName names a schema for the page: its component, or its type.
func schemaName(s *huma.Schema) string {
	switch {
	case s == nil:
		return "—"
	case s.Ref != "":
		return strings.TrimPrefix(s.Ref, "#/components/schemas/")
	case len(s.AnyOf) > 0:
		var names []string
		for _, a := range s.AnyOf {
			names = append(names, schemaName(a))
		}
		return strings.Join(names, " | ")
	case s.Type == "array" && s.Items != nil:
		return schemaName(s.Items) + "[]"
	case s.Type != "":
		return s.Type
	}
	return "any"
}

// docsStyle is the page's only style; the page's CSP allows exactly it by hash.
const docsStyle = `body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem 1.25rem;color:#222}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:1px solid #ddd;text-transform:capitalize}
section{border:1px solid #e3e3e3;border-radius:6px;padding:.6rem .8rem;margin:.6rem 0}
.m{display:inline-block;min-width:4.2rem;font-weight:700}.p{font-family:ui-monospace,monospace}
.GET{color:#0b6e4f}.POST{color:#1f5fbf}.PUT{color:#9a5b00}.DELETE{color:#b3261e}
small{color:#555}ul{margin:.3rem 0 .2rem 1.2rem;padding:0}code{font-family:ui-monospace,monospace}
`

// docsCSP is the API's policy plus the style's hash: no script, no other source.
var docsCSP = func() string {
	sum := sha256.Sum256([]byte(docsStyle))
	return "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; frame-ancestors 'none'"
}()

// docsPage is server-rendered, with inline styles only (the CSP allows no
// external scripts, and this page has none).
var docsPage = template.Must(template.New("docs").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Interno API</title>
<style>{{.Style}}</style></head><body>
<h1>Interno API</h1>
<p>The machine-readable contract is <a href="/api/openapi.json"><code>/api/openapi.json</code></a> (OpenAPI 3.1).
Send <code>Authorization: Bearer &lt;access_token&gt;</code> from a sign-in answer. Errors answer
<code>{"detail": "…", "reason": "…"}</code>; a 422 may carry <code>detail</code> as a list of <code>{loc, msg, type}</code>.
Schemas are under <code>components.schemas</code> in the document.</p>
{{range .Tags}}<h2 id="{{.Name}}">{{.Name}}</h2>
{{range .Ops}}<section id="{{.ID}}"><div><span class="m {{.Method}}">{{.Method}}</span> <span class="p">{{.Path}}</span></div>
<div>{{.Summary}} <small>({{.ID}}) — {{.Who}}</small></div>
{{if .Params}}<small>Parameters</small><ul>{{range .Params}}<li><code>{{.}}</code></li>{{end}}</ul>{{end}}
{{if .Body}}<small>Body</small><ul>{{range .Body}}<li><code>{{.}}</code></li>{{end}}</ul>{{end}}
<small>Answers</small><ul>{{range .Answers}}<li><code>{{.}}</code></li>{{end}}</ul></section>
{{end}}{{end}}</body></html>
`))

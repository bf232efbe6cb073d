package email

import (
	"bytes"
	"html/template"
	"strings"
)

// Content is the structured body of a transactional e-mail. Every feature
// writes its messages through Render so all mail looks alike and always has a
// plain-text part.
type Content struct {
	// Preheader is the one-line preview shown by mail clients.
	Preheader string
	Heading   string
	// Paragraphs are plain text; they are escaped in the HTML part.
	Paragraphs []string
	// Rows render as a two-column summary table (label, value).
	Rows [][2]string
	// Button is the main call to action; empty Label means none.
	Button Link
	// Links are secondary links listed after the button.
	Links []Link
	// Footer is a short closing line.
	Footer string
}

// Link is a labelled URL.
type Link struct {
	Label string
	URL   string
}

var layout = template.Must(template.New("mail").Parse(`<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{.Heading}}</title></head>
<body style="margin:0;padding:0;background:#f5f1ea;font-family:Helvetica,Arial,sans-serif;color:#2b2a28">
<span style="display:none;max-height:0;overflow:hidden">{{.Preheader}}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f1ea;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="padding:28px 32px 8px;font-family:Georgia,'Times New Roman',serif;font-size:22px;letter-spacing:2px;color:#9a5b3c">INTERNO</td></tr>
<tr><td style="padding:8px 32px 0;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25">{{.Heading}}</td></tr>
{{range .Paragraphs}}<tr><td style="padding:14px 32px 0;font-size:16px;line-height:1.6">{{.}}</td></tr>{{end}}
{{if .Rows}}<tr><td style="padding:18px 32px 0"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e8e1d6">
{{range .Rows}}<tr><td style="padding:8px 0;border-bottom:1px solid #e8e1d6;color:#6b665f;font-size:14px">{{index . 0}}</td><td align="right" style="padding:8px 0;border-bottom:1px solid #e8e1d6;font-size:15px">{{index . 1}}</td></tr>{{end}}
</table></td></tr>{{end}}
{{if .Button.Label}}<tr><td style="padding:26px 32px 4px"><a href="{{.Button.URL}}" style="display:inline-block;background:#9a5b3c;color:#ffffff;text-decoration:none;padding:14px 26px;border-radius:999px;font-size:16px">{{.Button.Label}}</a></td></tr>{{end}}
{{range .Links}}<tr><td style="padding:10px 32px 0;font-size:15px"><a href="{{.URL}}" style="color:#9a5b3c">{{.Label}}</a></td></tr>{{end}}
<tr><td style="padding:28px 32px 28px;font-size:13px;line-height:1.5;color:#6b665f">{{.Footer}}</td></tr>
</table></td></tr></table></body></html>`))

// Render builds the plain-text and HTML bodies of c.
func Render(c Content) (text, html string) {
	var t strings.Builder
	t.WriteString(c.Heading + "\n\n")
	for _, p := range c.Paragraphs {
		t.WriteString(p + "\n\n")
	}
	for _, r := range c.Rows {
		t.WriteString(r[0] + ": " + r[1] + "\n")
	}
	if len(c.Rows) > 0 {
		t.WriteString("\n")
	}
	if c.Button.Label != "" {
		t.WriteString(c.Button.Label + ": " + c.Button.URL + "\n\n")
	}
	for _, l := range c.Links {
		t.WriteString(l.Label + ": " + l.URL + "\n")
	}
	if len(c.Links) > 0 {
		t.WriteString("\n")
	}
	if c.Footer != "" {
		t.WriteString("-- \n" + c.Footer + "\n")
	}
	var h bytes.Buffer
	if err := layout.Execute(&h, c); err != nil {
		// The template is fixed and its inputs are strings; failure is a bug.
		panic(err)
	}
	return t.String(), h.String()
}

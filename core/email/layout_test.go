package email

import (
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	text, html := Render(Content{
		Heading:    "Reimposta la password",
		Paragraphs: []string{"Ciao <Anna>, è tutto pronto."},
		Rows:       [][2]string{{"Quando", "lunedì 3 marzo"}},
		Button:     Link{Label: "Scegli una nuova password", URL: "https://interno.example/reset-password?token=a&b=c"},
		Footer:     "Il team di Interno",
	})
	for _, want := range []string{"Reimposta la password", "Ciao <Anna>, è tutto pronto.", "Quando: lunedì 3 marzo",
		"Scegli una nuova password: https://interno.example/reset-password?token=a&b=c", "Il team di Interno"} {
		if !strings.Contains(text, want) {
			t.Errorf("text part lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(html, "<Anna>") || !strings.Contains(html, "&lt;Anna&gt;") {
		t.Error("HTML part does not escape paragraph text")
	}
	if !strings.Contains(html, `href="https://interno.example/reset-password?token=a&amp;b=c"`) {
		t.Errorf("HTML part lacks the button link:\n%s", html)
	}
}

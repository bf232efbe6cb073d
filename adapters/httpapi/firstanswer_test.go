package httpapi

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// answerInPage returns the JSON data block of a page and the rest of it, or
// fails when there is none.
func answerInPage(t *testing.T, page []byte) (url string, data map[string]any) {
	t.Helper()
	const open = `<script type="application/json" id="first-answer" data-url="`
	at := bytes.Index(page, []byte(open))
	if at < 0 {
		t.Fatalf("no answer in the page: %s", page)
	}
	rest := page[at+len(open):]
	quote := bytes.IndexByte(rest, '"')
	url = string(rest[:quote])
	body := rest[quote+2:]
	end := bytes.Index(body, []byte("</script>"))
	if end < 0 {
		t.Fatalf("the answer's block is not closed: %s", page)
	}
	if err := json.Unmarshal(body[:end], &data); err != nil {
		t.Fatalf("the answer in the page is not JSON: %v: %s", err, body[:end])
	}
	return url, data
}

func TestProfileDocument_CarriesTheVisitorsAnswerAndThePicture(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		designerToken, id := env.newDesignerAccount("sofia@example.com")
		adminToken, _ := env.withRole("admin@example.com", "admin")
		path := "/profile/" + strconv.FormatInt(id, 10)
		api := env.expect(req{method: "GET", path: "/api/designers/" + strconv.FormatInt(id, 10)}, 200).JSON(t)

		page := env.expect(req{method: "GET", path: path}, 200)
		if ct := page.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Fatalf("Content-Type %q", ct)
		}
		if page.Header.Get("Cache-Control") != "no-cache" || page.Header.Get("ETag") != "" {
			t.Fatalf("a page with an answer is never cached as the shell: %v", page.Header)
		}
		url, data := answerInPage(t, page.Body)
		if url != "/designers/"+strconv.FormatInt(id, 10) || !reflect.DeepEqual(data, api) {
			t.Fatalf("the page's answer differs from a visitor's GET:\n%s %v\n%v", url, data, api)
		}
		if !bytes.Contains(page.Body, []byte(`<div id="root"></div>`)) || bytes.Index(page.Body, []byte("first-answer")) > bytes.Index(page.Body, []byte("</head>")) {
			t.Fatalf("the answer goes in the head of the app's page: %s", page.Body)
		}
		// The avatar shows the first gallery picture (no profile picture): the preload asks for it
		// with the srcset of the app's 112 px avatar (imagePath.test.ts pins the same list).
		gallery := api["gallery_images"].([]any)[0].(string)
		stored := strings.TrimPrefix(gallery, "/api/")
		want := `<link rel="preload" as="image" fetchpriority="high" imagesrcset="` +
			"/api/images/resize/" + stored + "?size=160 160w, /api/images/resize/" + stored + "?size=240 240w, /api/images/resize/" +
			stored + "?size=320 320w, /api/images/resize/" + stored + `?size=480 480w" imagesizes="112px">`
		if !bytes.Contains(page.Body, []byte(want)) {
			t.Fatalf("no preload of the avatar %s in %s", want, page.Body)
		}

		// Whoever asks, the page carries the public view: the owner's and an admin's private fields
		// (e-mail, phone) come only from the API.
		for _, token := range []string{designerToken, adminToken} {
			_, data := answerInPage(t, env.expect(req{method: "GET", path: path, token: token}, 200).Body)
			if _, private := data["email"]; private || !reflect.DeepEqual(data, api) {
				t.Fatalf("private fields in the page: %v", data)
			}
		}

		// Compressed for clients that accept it; HEAD says the same without a body.
		zipped := env.expect(req{method: "GET", path: path, header: map[string]string{"Accept-Encoding": "gzip, br"}}, 200)
		if zipped.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(zipped.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("headers %v", zipped.Header)
		}
		zr, err := gzip.NewReader(bytes.NewReader(zipped.Body))
		if err != nil {
			t.Fatal(err)
		}
		plain, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(plain, page.Body) {
			t.Fatalf("gzipped page differs (%v)", err)
		}
		if zipped.Header.Get("Content-Length") != strconv.Itoa(len(zipped.Body)) {
			t.Fatalf("Content-Length %s for %d bytes", zipped.Header.Get("Content-Length"), len(zipped.Body))
		}
		head := env.expect(req{method: "HEAD", path: path}, 200)
		if len(head.Body) != 0 || head.Header.Get("Content-Length") != strconv.Itoa(len(page.Body)) {
			t.Fatalf("HEAD: %d bytes, Content-Length %s", len(head.Body), head.Header.Get("Content-Length"))
		}
	})
}

func TestProfileDocument_ScriptInTheDesignersTextStaysData(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		token, id := env.newDesignerAccount("sofia@example.com")
		bio := "Case </script><script>alert(1)</script> & <!-- luce -->\u2028fine"
		env.expect(req{method: "PUT", path: "/api/designers/" + strconv.FormatInt(id, 10), token: token,
			body: map[string]any{"bio": bio}}, 200)
		page := env.expect(req{method: "GET", path: "/profile/" + strconv.FormatInt(id, 10)}, 200)
		if bytes.Contains(page.Body, []byte("<script>alert(1)")) || bytes.Contains(page.Body, []byte("<!-- luce")) {
			t.Fatalf("the designer's text became markup: %s", page.Body)
		}
		if _, data := answerInPage(t, page.Body); data["bio"] != bio {
			t.Fatalf("bio %q, want %q", data["bio"], bio)
		}
	})
}

func TestProfileDocument_WithoutAnAnswerIsTheAppsPage(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		token, id := env.newDesignerAccount("sofia@example.com")
		shell := env.expect(req{method: "GET", path: "/"}, 200)
		for _, path := range []string{"/profile/999999", "/profile/0", "/profile/-1", "/profile/abc", "/profile/1234567890123",
			"/profile/%00", "/profile/1%0A", "/profile/" + strconv.FormatInt(id, 10) + "/altro", "/profile/" + strings.Repeat("9", 5000)} {
			r := env.do(req{method: "GET", path: path})
			if r.Code != http.StatusOK || !bytes.Equal(r.Body, shell.Body) || r.Header.Get("ETag") != shell.Header.Get("ETag") {
				t.Fatalf("%s: %d %s", path, r.Code, r.Body)
			}
		}
		// A deleted designer's page is the app's page too (which then says the profile is gone).
		env.expect(req{method: "DELETE", path: "/api/designers/" + strconv.FormatInt(id, 10), token: token}, http.StatusOK)
		if r := env.expect(req{method: "GET", path: "/profile/" + strconv.FormatInt(id, 10)}, 200); bytes.Contains(r.Body, []byte("first-answer")) {
			t.Fatalf("a deleted designer's answer in the page: %s", r.Body)
		}
	})
}

func TestAvatarPreload_FollowsTheAppsAvatarRule(t *testing.T) {
	cases := []struct {
		name    string
		view    designerView
		want    string
		missing bool
	}{
		{name: "profile picture first", view: designerView{ProfilePicture: "/api/uploads/profile/a b.jpg", GalleryImages: []string{"/api/uploads/gallery/g.jpg"}},
			want: "/api/images/resize/uploads/profile/a%20b.jpg?size=160 160w"},
		{name: "else the first gallery picture", view: designerView{ProfilePicture: "", GalleryImages: []string{"x", "/api/styles/scene/d-1.jpeg"}},
			want: "/api/images/resize/styles/scene/d-1.jpeg?size=480 480w"},
		{name: "a web address is shown as it is", view: designerView{ProfilePicture: "https://example.com/a.jpg", GalleryImages: []string{"/api/uploads/gallery/g.jpg"}}, missing: true},
		{name: "a data URL is shown as it is", view: designerView{ProfilePicture: "data:image/png;base64,AAAA", GalleryImages: []string{"/api/uploads/gallery/g.jpg"}}, missing: true},
		{name: "a gallery web address is shown as it is", view: designerView{GalleryImages: []string{"null", "http://example.com/g.jpg", "/api/uploads/gallery/g.jpg"}}, missing: true},
		{name: "two letters are a broken entry, in UTF-16 units", view: designerView{ProfilePicture: "éé", GalleryImages: []string{"/api/uploads/gallery/g.jpg"}},
			want: "/api/images/resize/uploads/gallery/g.jpg?size=160 160w"},
		{name: "initials", view: designerView{}, missing: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := avatarPreload(c.view, testImageWidths)
			if c.missing != (got == "") || !strings.Contains(got, c.want) {
				t.Fatalf("%q", got)
			}
		})
	}
	if got := avatarPreload(cases[0].view, nil); got != "" {
		t.Fatalf("a preload without the accepted widths: %q", got)
	}
	if got := encodeURIComponent("a b/é(1)!*~'+&"); got != "a%20b%2F%C3%A9(1)!*~'%2B%26" {
		t.Fatalf("encodeURIComponent: %s", got)
	}
}

// metaContent returns the unescaped content of the page's meta tag with
// attr="key", and whether there is one.
func metaContent(page []byte, attr, key string) (string, bool) {
	open := []byte(`<meta ` + attr + `="` + key + `" content="`)
	at := bytes.Index(page, open)
	if at < 0 {
		return "", false
	}
	rest := page[at+len(open):]
	return html.UnescapeString(string(rest[:bytes.IndexByte(rest, '"')])), true
}

func TestProfileDocument_CarriesALinkPreview(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		token, id := env.newDesignerAccount("sofia@example.com")
		idText := strconv.FormatInt(id, 10)
		bio := "Case luminose,\nmateriali \"naturali\" & colori\ttenui."
		env.expect(req{method: "PUT", path: "/api/designers/" + idText, token: token, body: map[string]any{"bio": bio}}, 200)
		api := env.expect(req{method: "GET", path: "/api/designers/" + idText}, 200).JSON(t)
		page := env.expect(req{method: "GET", path: "/profile/" + idText}, 200).Body
		if head := bytes.Index(page, []byte("</head>")); bytes.Index(page, []byte(`property="og:title"`)) > head {
			t.Fatalf("the preview goes in the head: %s", page)
		}
		stored := strings.TrimPrefix(api["gallery_images"].([]any)[0].(string), "/api/")
		want := map[string]string{
			"og:type":        "profile",
			"og:site_name":   "Interno",
			"og:locale":      "it_IT",
			"og:title":       api["name"].(string) + " · Interior designer a " + api["city"].(string),
			"og:description": "Case luminose, materiali \"naturali\" & colori tenui.",
			"og:url":         "http://interno.test/profile/" + idText,
			"og:image":       "http://interno.test/api/images/resize/" + stored + "?size=1200",
		}
		for key, value := range want {
			if got, ok := metaContent(page, "property", key); !ok || got != value {
				t.Fatalf("%s: %q (present %v), want %q", key, got, ok, value)
			}
		}
		if got, _ := metaContent(page, "name", "twitter:card"); got != "summary_large_image" {
			t.Fatalf("twitter:card %q", got)
		}
		if !bytes.Contains(page, []byte(`<link rel="canonical" href="http://interno.test/profile/`+idText+`">`)) {
			t.Fatalf("no canonical address: %s", page)
		}
		// The app's own page (the home, any other route) carries none: only a profile is shared.
		if home := env.expect(req{method: "GET", path: "/"}, 200).Body; bytes.Contains(home, []byte("og:title")) {
			t.Fatalf("a preview on the home: %s", home)
		}
	})
}

func TestLinkPreview_TextAndPicture(t *testing.T) {
	long := strings.Repeat("Luce naturale e legno chiaro. ", 20)
	cases := []struct {
		name        string
		view        designerView
		title       string
		description string
		image       string // "" when there is none
		alt         string
	}{
		{name: "a portfolio picture before the profile picture", view: designerView{ID: 4, Name: " Sofia Conti ", City: "Milano", Bio: "Case luminose.",
			ProfilePicture: "/api/uploads/profile/p.jpg", GalleryImages: []string{"null", "/api/uploads/gallery/a b.jpg"}},
			title: "Sofia Conti · Interior designer a Milano", description: "Case luminose.", image: "https://interno.example/api/images/resize/uploads/gallery/a%20b.jpg?size=1200", alt: "Un progetto di Sofia Conti"},
		{name: "no city, no bio, the profile picture", view: designerView{ID: 5, Name: "Ugo", ProfilePicture: "/api/uploads/profile/p.jpg"},
			title: "Ugo · Interior designer", description: "Scopri il portfolio di Ugo su Interno e prenota una videochiamata.",
			image: "https://interno.example/api/images/resize/uploads/profile/p.jpg?size=1200", alt: "Ugo"},
		{name: "a web address as it is, a data URL skipped", view: designerView{ID: 6, Name: "Eva", GalleryImages: []string{"data:image/png;base64,AAAA", "https://cdn.example/e.jpg"}},
			title: "Eva · Interior designer", description: "Scopri il portfolio di Eva su Interno e prenota una videochiamata.", image: "https://cdn.example/e.jpg", alt: "Un progetto di Eva"},
		{name: "a web address whatever its scheme's case", view: designerView{ID: 8, Name: "Ada", ProfilePicture: "HTTPS://cdn.example/a.jpg"},
			title: "Ada · Interior designer", description: "Scopri il portfolio di Ada su Interno e prenota una videochiamata.", image: "HTTPS://cdn.example/a.jpg", alt: "Ada"},
		{name: "control characters and a long text", view: designerView{ID: 7, Name: "Leo", Bio: "\x00Primo\x1b  " + long},
			title: "Leo · Interior designer", description: previewText("Primo "+long, previewDescriptionRunes)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			page := []byte(linkPreview(c.view, "https://interno.example/", testImageWidths))
			title, _ := metaContent(page, "property", "og:title")
			description, _ := metaContent(page, "property", "og:description")
			image, hasImage := metaContent(page, "property", "og:image")
			alt, _ := metaContent(page, "property", "og:image:alt")
			card, _ := metaContent(page, "name", "twitter:card")
			if title != c.title || description != c.description || image != c.image || hasImage != (c.image != "") || alt != c.alt {
				t.Fatalf("title %q, description %q, image %q, alt %q", title, description, image, alt)
			}
			if (card == "summary_large_image") != hasImage {
				t.Fatalf("twitter:card %q with image %v", card, hasImage)
			}
			if url, _ := metaContent(page, "property", "og:url"); url != "https://interno.example/profile/"+strconv.FormatInt(c.view.ID, 10) {
				t.Fatalf("og:url %q", url)
			}
		})
	}
	cut := previewText(long, previewDescriptionRunes)
	if n := len([]rune(cut)); n > previewDescriptionRunes || !strings.HasSuffix(cut, "…") || strings.HasSuffix(cut, " …") || !strings.HasPrefix(long, strings.TrimSuffix(cut, "…")) {
		t.Fatalf("cut at a word, at most %d runes with an ellipsis: %q (%d)", previewDescriptionRunes, cut, n)
	}
	if got := previewText("Camera\x00 da\u2028letto", 200); got != "Camera da letto" {
		t.Fatalf("white space and controls: %q", got)
	}
}

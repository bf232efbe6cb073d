package httpapi

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gin-gonic/gin"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
)

func gzipped(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func gunzipped(t *testing.T, data []byte) []byte {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// builtWeb is a build as web/scripts/precompress.mjs leaves it: text files
// with .br and .gz copies, small files and images without.
func builtWeb(t *testing.T) (fstest.MapFS, map[string][]byte) {
	t.Helper()
	index := []byte("<!doctype html><title>Interno</title>" + strings.Repeat("<!-- shell -->", 80))
	js := []byte(strings.Repeat("export const interno = 'stile';\n", 100))
	files := map[string][]byte{
		"index.html": index, "assets/app-abc123.js": js,
		// The .br bytes are opaque to the server: it sends them as they are.
		"index.html.br": []byte("brotli index"), "assets/app-abc123.js.br": []byte("brotli js"),
		"index.html.gz": gzipped(t, index), "assets/app-abc123.js.gz": gzipped(t, js),
		"robots.txt":          []byte("User-agent: *\nAllow: /\n"),
		"icons/icon-192.png":  []byte("\x89PNG\r\n\x1a\n"),
		".vite/manifest.json": []byte(`{"index.html":{}}`),
		".vite/preload.json": []byte(`[{"path":"/","links":[{"href":"/assets/f-latin.woff2","rel":"preload","as":"font","type":"font/woff2"},
			{"href":"/assets/Home.css","rel":"preload","as":"style"},{"href":"/assets/Home.js","rel":"modulepreload"}]},
			{"path":"/profile/{id}","links":[{"href":"/assets/Profile.js","rel":"modulepreload"},{"href":"https://evil.example/x.js","rel":"modulepreload"}]}]`),
	}
	fsys := fstest.MapFS{}
	for name, data := range files {
		fsys[name] = &fstest.MapFile{Data: data}
	}
	return fsys, files
}

func TestSPA_PrecompressedAssets(t *testing.T) {
	fsys, files := builtWeb(t)
	env := newEnv(t, storetest.Open(t, store.SQLite, storetest.Options{}), func(_ *Config, d *Deps) { d.Web = fsys })
	get := func(path string, header map[string]string) resp {
		return env.do(req{method: "GET", path: path, header: header})
	}

	t.Run("BrotliWhenAccepted", func(t *testing.T) {
		r := get("/assets/app-abc123.js", map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"})
		if r.Code != 200 || r.Header.Get("Content-Encoding") != "br" || !bytes.Equal(r.Body, files["assets/app-abc123.js.br"]) {
			t.Fatalf("%d %q %q", r.Code, r.Header.Get("Content-Encoding"), r.Body)
		}
		for h, want := range map[string]string{
			"Content-Type": "text/javascript; charset=utf-8", "Vary": "Accept-Encoding",
			"Cache-Control": "public, max-age=31536000, immutable", "Content-Length": "9",
			"X-Content-Type-Options": "nosniff",
		} {
			if got := r.Header.Get(h); got != want {
				t.Errorf("%s = %q, want %q", h, got, want)
			}
		}
		if !strings.HasSuffix(r.Header.Get("ETag"), `-br"`) {
			t.Errorf("ETag %q is not the brotli copy's", r.Header.Get("ETag"))
		}
	})

	t.Run("GzipForGzipOnlyClients", func(t *testing.T) {
		r := get("/assets/app-abc123.js", map[string]string{"Accept-Encoding": "gzip"})
		if r.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(gunzipped(t, r.Body), files["assets/app-abc123.js"]) {
			t.Fatalf("%q", r.Header.Get("Content-Encoding"))
		}
		if !strings.HasSuffix(r.Header.Get("ETag"), `-gz"`) || r.Header.Get("Content-Type") != "text/javascript; charset=utf-8" {
			t.Errorf("ETag %q, type %q", r.Header.Get("ETag"), r.Header.Get("Content-Type"))
		}
	})

	t.Run("IdentityWithoutAcceptEncoding", func(t *testing.T) {
		r := get("/assets/app-abc123.js", nil)
		if r.Header.Get("Content-Encoding") != "" || !bytes.Equal(r.Body, files["assets/app-abc123.js"]) {
			t.Fatalf("%q", r.Header.Get("Content-Encoding"))
		}
		if r.Header.Get("Vary") != "Accept-Encoding" || strings.Contains(r.Header.Get("ETag"), "-") {
			t.Errorf("Vary %q ETag %q", r.Header.Get("Vary"), r.Header.Get("ETag"))
		}
	})

	t.Run("ThreeDistinctETags", func(t *testing.T) {
		tags := map[string]bool{}
		for _, ae := range []string{"", "gzip", "br"} {
			tags[get("/assets/app-abc123.js", map[string]string{"Accept-Encoding": ae}).Header.Get("ETag")] = true
		}
		if len(tags) != 3 {
			t.Fatalf("ETags %v", tags)
		}
	})

	t.Run("ConditionalRequestsPerEncoding", func(t *testing.T) {
		br := get("/assets/app-abc123.js", map[string]string{"Accept-Encoding": "br"}).Header.Get("ETag")
		r := get("/assets/app-abc123.js", map[string]string{"Accept-Encoding": "br", "If-None-Match": br})
		if r.Code != http.StatusNotModified || len(r.Body) != 0 || r.Header.Get("Content-Encoding") != "" {
			t.Fatalf("same encoding: %d %q", r.Code, r.Header.Get("Content-Encoding"))
		}
		// The brotli tag does not validate the gzip copy a gzip-only client gets.
		r = get("/assets/app-abc123.js", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": br})
		if r.Code != 200 || r.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("other encoding: %d %q", r.Code, r.Header.Get("Content-Encoding"))
		}
	})

	t.Run("DeepLinksGetTheCompressedShell", func(t *testing.T) {
		for _, p := range []string{"/", "/profile/3?shared=true", "/index.html"} {
			r := get(p, map[string]string{"Accept-Encoding": "gzip"})
			if r.Code != 200 || r.Header.Get("Cache-Control") != "no-cache" || r.Header.Get("Content-Type") != "text/html; charset=utf-8" ||
				!bytes.Equal(gunzipped(t, r.Body), files["index.html"]) {
				t.Fatalf("%s: %d %v", p, r.Code, r.Header)
			}
		}
	})

	t.Run("HeadSendsHeadersOnly", func(t *testing.T) {
		r := env.do(req{method: "HEAD", path: "/assets/app-abc123.js", header: map[string]string{"Accept-Encoding": "br"}})
		if r.Code != 200 || len(r.Body) != 0 || r.Header.Get("Content-Encoding") != "br" || r.Header.Get("Content-Length") != "9" {
			t.Fatalf("%d %v", r.Code, r.Header)
		}
	})

	t.Run("FilesWithoutCopiesAreSentAsTheyAre", func(t *testing.T) {
		for path, ctype := range map[string]string{"/icons/icon-192.png": "image/png", "/robots.txt": "text/plain; charset=utf-8"} {
			r := get(path, map[string]string{"Accept-Encoding": "gzip, br"})
			if r.Code != 200 || r.Header.Get("Content-Encoding") != "" || r.Header.Get("Vary") != "" || r.Header.Get("Content-Type") != ctype {
				t.Fatalf("%s: %d %v", path, r.Code, r.Header)
			}
		}
	})

	t.Run("PreloadLinksForFirstRoutes", func(t *testing.T) {
		home := get("/", nil).Header.Get("Link")
		want := `</assets/f-latin.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin, ` +
			`</assets/Home.css>; rel=preload; as=style; crossorigin, </assets/Home.js>; rel=modulepreload`
		if home != want {
			t.Errorf("/: Link %q", home)
		}
		if got := get("/profile/12?shared=true", nil).Header.Get("Link"); got != "</assets/Profile.js>; rel=modulepreload" {
			t.Errorf("/profile/12: Link %q (only our own paths)", got)
		}
		for _, p := range []string{"/profile", "/profile/12/more", "/login", "/assets/app-abc123.js", "/api/health"} {
			if got := get(p, nil).Header.Get("Link"); got != "" {
				t.Errorf("%s: Link %q", p, got)
			}
		}
	})

	t.Run("CopiesAndBuildMetadataAreNotFiles", func(t *testing.T) {
		for _, p := range []string{"/assets/app-abc123.js.br", "/index.html.gz", "/.vite/manifest.json", "/.vite/preload.json"} {
			if r := get(p, nil); r.Code != http.StatusNotFound {
				t.Errorf("%s: %d", p, r.Code)
			}
		}
	})
}

func TestAcceptedEncoding(t *testing.T) {
	for _, tc := range []struct {
		header       string
		haveBr, hasG bool
		want         string
	}{
		{"", true, true, ""},
		{"gzip, deflate, br", true, true, "br"},
		{"gzip, deflate, br", false, true, "gzip"},
		{"gzip, deflate", true, true, "gzip"},
		{"br;q=0, gzip", true, true, "gzip"},
		{"gzip;q=1.0, br;q=0.5", true, true, "gzip"},
		{"GZIP", true, true, "gzip"},
		{"x-gzip", false, true, "gzip"},
		{"*", true, true, "br"},
		{"*;q=0", true, true, ""},
		{"br;q=0, *", true, true, "gzip"},
		{"identity", true, true, ""},
		{"br;q=abc, gzip;q=0.2", true, true, "gzip"},
		{"br;q=2, gzip", true, true, "gzip"},
		{" br ; q=0.9 ,gzip;q=0.8", true, true, "br"},
		{"zstd", true, true, ""},
		{"br", false, false, ""},
	} {
		if got := acceptedEncoding([]string{tc.header}, tc.haveBr, tc.hasG); got != tc.want {
			t.Errorf("%q (br %v gzip %v) = %q, want %q", tc.header, tc.haveBr, tc.hasG, got, tc.want)
		}
	}
	if got := acceptedEncoding([]string{"gzip;q=0.5", "br;q=0.4"}, true, true); got != "gzip" {
		t.Errorf("several header lines: %q", got)
	}
}

func TestServer_JSONCompression(t *testing.T) {
	env := newEnv(t, storetest.Open(t, store.SQLite, storetest.Options{}))
	items := make([]map[string]any, 60)
	for i := range items {
		items[i] = map[string]any{"id": i, "name": "Designer di prova", "city": "Roma"}
	}
	env.srv.engine.GET("/api/test/big", func(c *gin.Context) { jsonWithETag(c, gin.H{"items": items}) })
	env.srv.engine.GET("/api/test/stream", func(c *gin.Context) {
		c.Header("Content-Type", "text/event-stream")
		c.String(200, strings.Repeat("data: x\n\n", 400))
	})
	env.srv.engine.GET("/api/test/encoded", func(c *gin.Context) {
		c.Header("Content-Encoding", "gzip")
		c.Data(200, "application/json", gzipped(t, []byte(strings.Repeat(`{"a":1}`, 400))))
	})
	gz := map[string]string{"Accept-Encoding": "gzip, deflate, br"}

	t.Run("LargeJSONIsGzippedWithAWeakETag", func(t *testing.T) {
		r := env.expect(req{method: "GET", path: "/api/test/big", header: gz}, 200)
		if r.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("not compressed: %v", r.Header)
		}
		var body map[string][]any
		if err := json.Unmarshal(gunzipped(t, r.Body), &body); err != nil || len(body["items"]) != 60 {
			t.Fatalf("body: %v", err)
		}
		vary := strings.Join(r.Header.Values("Vary"), ",")
		if !strings.Contains(vary, "Accept-Encoding") || !strings.Contains(vary, "Authorization") {
			t.Errorf("Vary %q", vary)
		}
		tag := r.Header.Get("ETag")
		if !strings.HasPrefix(tag, `W/"`) {
			t.Errorf("ETag %q of a gzipped answer is not weak", tag)
		}
		for _, h := range []string{"X-Request-ID", "Content-Security-Policy", "X-Content-Type-Options"} {
			if r.Header.Get(h) == "" {
				t.Errorf("missing %s", h)
			}
		}
		// A client that kept the weak tag still gets 304s.
		nm := env.expect(req{method: "GET", path: "/api/test/big", header: map[string]string{"Accept-Encoding": "gzip", "If-None-Match": tag}}, 304)
		if len(nm.Body) != 0 {
			t.Errorf("304 with a body")
		}
	})

	t.Run("PlainForClientsWithoutGzip", func(t *testing.T) {
		r := env.expect(req{method: "GET", path: "/api/test/big"}, 200)
		if r.Header.Get("Content-Encoding") != "" || !strings.HasPrefix(r.Header.Get("ETag"), `"`) || !json.Valid(r.Body) {
			t.Fatalf("%v", r.Header)
		}
	})

	t.Run("SmallAnswersStayPlain", func(t *testing.T) {
		r := env.expect(req{method: "GET", path: "/api/health", header: gz}, 200)
		if r.Header.Get("Content-Encoding") != "" || string(r.Body) != `{"status":"ok"}` {
			t.Fatalf("%v %s", r.Header, r.Body)
		}
	})

	t.Run("NeverStreamsOrEncodedAnswers", func(t *testing.T) {
		r := env.expect(req{method: "GET", path: "/api/test/stream", header: gz}, 200)
		if r.Header.Get("Content-Encoding") != "" || !strings.HasPrefix(string(r.Body), "data: x") {
			t.Fatalf("event stream compressed: %v", r.Header)
		}
		r = env.expect(req{method: "GET", path: "/api/test/encoded", header: gz}, 200)
		if r.Header.Get("Content-Encoding") != "gzip" || !strings.HasPrefix(string(gunzipped(t, r.Body)), `{"a":1}`) {
			t.Fatalf("compressed twice: %v", r.Header)
		}
	})

	t.Run("PathsNeverCompressed", func(t *testing.T) {
		for p, want := range map[string]bool{
			"/api/designers": true, "/api/contacts/my-contacts": true, "/api/events": false, "/api/events/": false,
			"/api/images/resize/x.jpg": false, "/api/uploads/a.png": false, "/api/styles/a.png": false,
			"/api/auth/login": false, "/assets/app.js": false, "/": false,
		} {
			if got := compressiblePath(p); got != want {
				t.Errorf("%s: %v, want %v", p, got, want)
			}
		}
	})

	t.Run("GzipOverARealConnection", func(t *testing.T) {
		ts := httptest.NewServer(env.srv.Handler())
		defer ts.Close()
		hreq, _ := http.NewRequest("GET", ts.URL+"/api/test/big", nil)
		hreq.Header.Set("Accept-Encoding", "gzip")
		res, err := http.DefaultTransport.RoundTrip(hreq)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		if res.Header.Get("Content-Encoding") != "gzip" || !json.Valid(gunzipped(t, body)) {
			t.Fatalf("over a real connection: %v", res.Header)
		}
	})
}

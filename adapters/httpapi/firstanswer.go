package httpapi

import (
	"bytes"
	"encoding/json"
	"html"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"

	"github.com/gin-gonic/gin"
	"github.com/klauspost/compress/gzip"
)

// A designer's public profile, /profile/{id}, is the page people open from a
// shared link, on a phone, for the first time. Its document carries the
// answer the page would otherwise ask for after its scripts
// (GET /api/designers/{id} as a visitor sees it, in a JSON data block the app
// reads once: web/src/shared/api/documentAnswer.ts) and a preload of the
// designer's picture, the page's largest paint, with the srcset the app gives
// it (ResponsiveImage at 112 px). The first render then draws the whole
// profile: no round trip for the data after the scripts, none for the picture
// after the render (docs/performance.md).
//
// The answer is the public view (publicDesigner) whoever asks: the document
// carries no credentials, and the app uses it only for a visitor; signed-in
// people ask the API as before. An unknown designer, a malformed id or a
// failed read leave the document as it is (the app then asks and shows the
// right state).

// profileAvatarPixels is the CSS size of the profile's avatar
// (DesignerPublicProfile: DesignerAvatar size={112}).
const profileAvatarPixels = 112

// firstAnswerElement is the id of the data block (documentAnswer.ts reads it).
const firstAnswerElement = "first-answer"

// profileRoute is the app's route of a designer's public profile.
var profileRoute = splitPath("/profile/{id}")

// documentHead returns what goes into the head of the page at name, or nil.
func (s *Server) documentHead(c *gin.Context, name string) []byte {
	params, ok := matchSegments(profileRoute, splitPath(name))
	if !ok || s.d.Designers == nil {
		return nil
	}
	id, ok := designerIDOf(params[0])
	if !ok {
		return nil
	}
	d, err := s.d.Designers.Get(c.Request.Context(), id)
	if err != nil {
		return nil
	}
	view := publicDesigner(d)
	data, err := json.Marshal(view) // escapes <, > and & : safe inside <script>
	if err != nil {
		return nil
	}
	var b bytes.Buffer
	b.WriteString(`<script type="application/json" id="` + firstAnswerElement + `" data-url="/designers/`)
	b.WriteString(strconv.FormatInt(id, 10))
	b.WriteString(`">`)
	b.Write(data)
	b.WriteString("</script>")
	if link := avatarPreload(view, s.cfg.ImageWidths); link != "" {
		b.WriteString(link)
	}
	b.WriteString(linkPreview(view, s.cfg.BaseURL, s.cfg.ImageWidths))
	return b.Bytes()
}

// previewImagePixels is the width asked of the resize endpoint for a link
// preview's picture (the largest accepted width not above it): Open Graph's
// large cards are drawn about 1,200 px wide.
const previewImagePixels = 1200

// previewDescriptionRunes bounds a link preview's description (apps show two
// or three lines of it).
const previewDescriptionRunes = 200

// linkPreview is what a messaging app, a social network or a search engine
// reads of a shared profile without running the app: Open Graph and Twitter
// card tags (title, description, picture, address) and the canonical
// address. The picture is the first picture of the portfolio, else the
// profile picture; the addresses are absolute (INTERNO_BASE_URL).
func linkPreview(v designerView, baseURL string, widths []int) string {
	base := strings.TrimRight(baseURL, "/")
	page := base + "/profile/" + strconv.FormatInt(v.ID, 10)
	title := strings.TrimSpace(v.Name) + " · Interior designer"
	if city := strings.TrimSpace(v.City); city != "" {
		title += " a " + city
	}
	description := previewText(v.Bio, previewDescriptionRunes)
	if description == "" {
		description = "Scopri il portfolio di " + strings.TrimSpace(v.Name) + " su Interno e prenota una videochiamata."
	}
	var b strings.Builder
	meta := func(attr, key, value string) {
		b.WriteString(`<meta ` + attr + `="` + key + `" content="` + html.EscapeString(value) + `">`)
	}
	b.WriteString(`<link rel="canonical" href="` + html.EscapeString(page) + `">`)
	meta("property", "og:type", "profile")
	meta("property", "og:site_name", "Interno")
	meta("property", "og:locale", "it_IT")
	meta("property", "og:title", title)
	meta("property", "og:description", description)
	meta("property", "og:url", page)
	card := "summary"
	if picture, portfolio := previewPicture(v, widths); picture != "" {
		if !webAddress(picture) {
			picture = base + picture
		}
		alt := strings.TrimSpace(v.Name)
		if portfolio {
			alt = "Un progetto di " + alt
		}
		meta("property", "og:image", picture)
		meta("property", "og:image:alt", alt)
		card = "summary_large_image"
	}
	meta("name", "twitter:card", card)
	return b.String()
}

// previewPicture is the address of a profile's preview picture, and whether
// it is a portfolio picture: the first portfolio entry that points to a
// picture, else the profile picture, resized to previewImagePixels; a web
// address as it is; "" when there is none (a data or blob URL is not an
// address another site can fetch).
func previewPicture(v designerView, widths []int) (string, bool) {
	candidates := append(append([]string{}, v.GalleryImages...), v.ProfilePicture)
	for i, raw := range candidates {
		portfolio := i < len(v.GalleryImages)
		stored, direct, ok := imageRef(raw)
		if !ok {
			continue
		}
		if direct {
			if webAddress(stored) {
				return stored, portfolio
			}
			continue
		}
		if len(widths) == 0 {
			return "", false
		}
		width := widths[0]
		for _, w := range widths {
			if w <= previewImagePixels {
				width = w
			}
		}
		return resizeURL(stored, width), portfolio
	}
	return "", false
}

// previewText is text with its runs of white space and control characters
// made one space, cut at a word boundary to at most limit runes with "…".
func previewText(text string, limit int) string {
	words := strings.FieldsFunc(text, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) })
	joined := strings.Join(words, " ")
	runes := []rune(joined)
	if len(runes) <= limit {
		return joined
	}
	cut := string(runes[:limit-1])
	if at := strings.LastIndexByte(cut, ' '); at > limit/2 {
		cut = cut[:at]
	}
	return strings.TrimRight(cut, " ,.;:") + "…"
}

// designerIDOf reads an id as the app's route does (parseDesignerId): 1 to
// 12 digits, positive.
func designerIDOf(raw string) (int64, bool) {
	if raw == "" || len(raw) > 12 {
		return 0, false
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] < '0' || raw[i] > '9' {
			return 0, false
		}
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	return id, err == nil && id > 0
}

// avatarPreload is the preload of the picture the profile's avatar shows
// (avatarPicture: the profile picture, else the first gallery entry that
// points to a picture), with the srcset and sizes of the <img> (imageSources
// for a 112 px box), so the browser picks the same candidate and uses the
// preloaded copy. Empty when the avatar shows initials, or a picture the app
// shows as it is (a web address, a data or blob URL: not resized).
func avatarPreload(v designerView, widths []int) string {
	stored, direct, ok := imageRef(v.ProfilePicture)
	for i := 0; !ok && i < len(v.GalleryImages); i++ {
		stored, direct, ok = imageRef(v.GalleryImages[i])
	}
	if !ok || direct || len(widths) == 0 {
		return ""
	}
	var srcset []string
	for _, w := range srcsetWidths(profileAvatarPixels, widths) {
		srcset = append(srcset, resizeURL(stored, w)+" "+strconv.Itoa(w)+"w")
	}
	return `<link rel="preload" as="image" fetchpriority="high" imagesrcset="` + html.EscapeString(strings.Join(srcset, ", ")) +
		`" imagesizes="` + strconv.Itoa(profileAvatarPixels) + `px">`
}

// imageRef is the app's imagePath (web/src/shared/lib/imagePath.ts): whether
// an image field points to a picture (ok), whether the browser shows it as it
// is (direct: a data:image, blob or web address), and otherwise its stored
// path for the resize endpoint, without a leading "/", "api/" or
// "images/resize/" and without its query.
func imageRef(raw string) (stored string, direct, ok bool) {
	v := strings.TrimSpace(raw)
	if v == "" || v == "null" || v == "undefined" {
		return "", false, false
	}
	lower := strings.ToLower(v)
	if strings.HasPrefix(lower, "data:image/") || strings.HasPrefix(lower, "blob:") || webAddress(v) {
		return v, true, true
	}
	if len(utf16.Encode([]rune(v))) <= 2 && !strings.Contains(v, ".") {
		return "", false, false // a broken gallery entry (JavaScript counts UTF-16 units)
	}
	v = strings.TrimLeft(v, "/")
	v = strings.TrimPrefix(v, "api/")
	v = strings.TrimPrefix(v, "images/resize/")
	if i := strings.IndexAny(v, "?#"); i >= 0 {
		v = v[:i]
	}
	return v, false, v != ""
}

// webAddress tells an http(s) address, whatever the scheme's case, from a
// stored picture's name or a data or blob URL.
func webAddress(v string) bool {
	lower := strings.ToLower(v[:min(len(v), len("https://"))])
	return strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://")
}

// srcsetWidths are imageSources' candidates for a fixed box: the accepted
// widths (all, smallest first) covering 1x, 2x and 3x, and every accepted
// width between them.
func srcsetWidths(pixels int, all []int) []int {
	pick := func(p int) int {
		for _, w := range all {
			if w >= p {
				return w
			}
		}
		return all[len(all)-1]
	}
	lo, hi := pick(pixels), pick(3*pixels)
	var out []int
	for _, w := range all {
		if w >= lo && w <= hi {
			out = append(out, w)
		}
	}
	return out
}

// resizeURL is the app's resizedUrl: each segment escaped as
// encodeURIComponent does, the width as the size parameter.
func resizeURL(stored string, width int) string {
	segments := strings.Split(stored, "/")
	for i, s := range segments {
		segments[i] = encodeURIComponent(s)
	}
	return "/api/images/resize/" + strings.Join(segments, "/") + "?size=" + strconv.Itoa(width)
}

// encodeURIComponent escapes like JavaScript's function of that name: every
// UTF-8 byte but A-Z a-z 0-9 and - _ . ! ~ * ' ( ) as %XX.
func encodeURIComponent(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if 'a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z' || '0' <= ch && ch <= '9' || strings.IndexByte("-_.!~*'()", ch) >= 0 {
			b.WriteByte(ch)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[ch>>4])
		b.WriteByte(hex[ch&15])
	}
	return b.String()
}

// gzipWriters keeps the compressors of documents written per request.
var gzipWriters = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression); return w }}

// writeDocument sends index.html with head inserted before </head>: a page
// of its own (no ETag, never cached), gzipped when the client accepts it.
func (a *asset) writeDocument(w http.ResponseWriter, r *http.Request, head []byte) {
	at := a.headEnd
	if at < 0 {
		a.write(w, r)
		return
	}
	body := make([]byte, 0, len(a.plain.data)+len(head))
	body = append(append(append(body, a.plain.data[:at]...), head...), a.plain.data[at:]...)
	h := w.Header()
	h.Set("Content-Type", a.contentType)
	h.Set("Cache-Control", "no-cache")
	h.Add("Vary", "Accept-Encoding")
	if acceptedEncoding(r.Header.Values("Accept-Encoding"), false, true) == encGzip {
		var buf bytes.Buffer
		gz := gzipWriters.Get().(*gzip.Writer)
		gz.Reset(&buf)
		_, _ = gz.Write(body)
		_ = gz.Close()
		gzipWriters.Put(gz)
		body = buf.Bytes()
		h.Set("Content-Encoding", encGzip)
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

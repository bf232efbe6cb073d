package httpapi

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"interno/core/fault"
)

// multiLineFields are the text fields that hold several lines (a biography, a
// chat message, notes): there, and only there, line breaks and tabs are text.
// Everywhere else (names, e-mails, cities, search terms, paths) they are refused.
var multiLineFields = map[string]bool{
	"bio": true, "message": true, "notes": true, "designer_notes": true, "reason": true, "description": true,
}

// textGuard validates every text a request carries, once, before any handler
// runs: the path, the query, form fields and every string and key of a JSON
// body. NUL and the other control characters (C0, DEL, C1) are refused with a
// 422 naming the field, as is text that is not UTF-8; newline, carriage
// return and tab pass only in multiLineFields. Both databases then see the
// same text: PostgreSQL refuses NUL (SQLSTATE 22021) where SQLite would store it.
//
// A JSON body is read once into memory (it is already bounded by bodyLimit)
// and scanned byte by byte without being parsed; the handler then decodes the
// same bytes. Forms are parsed here once and the parse is kept on the request,
// so handlers do not parse them again.
func textGuard(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		r := c.Request
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			c.Next()
			return
		}
		if bad := checkText(r.URL.Path, false); bad != "" {
			refuseText(c, log, "path", "path", bad)
			return
		}
		// Without a query there is nothing to parse (URL.Query would
		// allocate an empty map on every request).
		if r.URL.RawQuery != "" {
			for name, values := range r.URL.Query() {
				if bad := checkText(name, false); bad != "" {
					refuseText(c, log, "query", name, bad)
					return
				}
				for _, v := range values {
					if bad := checkText(v, false); bad != "" {
						refuseText(c, log, "query", name, bad)
						return
					}
				}
			}
		}
		if r.Body != nil && r.Body != http.NoBody {
			if !guardBody(c, log) {
				return
			}
		}
		c.Next()
	}
}

// guardBody checks the body by its content type; false means it answered.
func guardBody(c *gin.Context, log *slog.Logger) bool {
	r := c.Request
	mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch mediaType {
	case "multipart/form-data", "application/x-www-form-urlencoded":
		var err error
		if mediaType == "multipart/form-data" {
			err = r.ParseMultipartForm(32 << 20)
		} else {
			err = r.ParseForm()
		}
		if err != nil {
			// The handler reports the failure exactly as it would have.
			r.Form, r.PostForm, r.MultipartForm = nil, nil, nil
			r.Body = io.NopCloser(failingReader{err})
			return true
		}
		for name, values := range r.PostForm {
			for _, v := range values {
				if bad := checkText(v, multiLineFields[name]); bad != "" {
					refuseText(c, log, "body", name, bad)
					return false
				}
			}
		}
		return true
	}
	data, err := io.ReadAll(r.Body)
	if err != nil {
		r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(data), failingReader{err}))
		return true
	}
	r.Body = io.NopCloser(bytes.NewReader(data))
	if field, bad := scanJSON(data); bad != "" {
		refuseText(c, log, "body", field, bad)
		return false
	}
	return true
}

// failingReader replays a read error to the handler.
type failingReader struct{ err error }

func (f failingReader) Read([]byte) (int, error) { return 0, f.err }

// refuseText answers 422 with the field and what is wrong with it.
func refuseText(c *gin.Context, log *slog.Logger, where, field, msg string) {
	if field == "" {
		field = where
	}
	writeError(c, log, &fault.Error{Code: fault.Invalid, Message: msg, Reason: "control_character",
		Fields: []fault.FieldError{{Loc: []string{where, field}, Msg: msg, Type: "value_error.control_character"}}})
}

const (
	msgOneLine   = "This text must be a single line: line breaks and tabs are not allowed here"
	msgNotUTF8   = "Text must be valid UTF-8"
	lineBreakSet = "\n\r\t"
)

// controlMsg names the refused character, e.g. "found U+0000".
func controlMsg(r rune) string {
	return fmt.Sprintf("Text may not contain control characters (found U+%04X)", r)
}

// isControl reports C0 controls, DEL and C1 controls.
func isControl(r rune) bool { return r < 0x20 || r >= 0x7f && r <= 0x9f }

// checkText returns why s is refused, or "".
func checkText(s string, multiLine bool) string {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size <= 1 {
				return msgNotUTF8
			}
		}
		if isControl(r) {
			if strings.ContainsRune(lineBreakSet, r) {
				if !multiLine {
					return msgOneLine
				}
				continue
			}
			return controlMsg(r)
		}
	}
	return ""
}

// scanJSON looks at every string of a JSON document, keys included, without
// parsing it: it follows the nesting only to know which field a string
// belongs to. It returns the field and the reason of the first refused
// string. Malformed JSON is left to the decoder, which refuses it.
func scanJSON(data []byte) (field, bad string) {
	type frame struct {
		object    bool
		expectKey bool
		key       string
	}
	stack := make([]frame, 0, 8)
	// owner is the member name a string belongs to: the innermost key.
	owner := func() string {
		for i := len(stack) - 1; i >= 0; i-- {
			if stack[i].key != "" {
				return stack[i].key
			}
		}
		return ""
	}
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '{':
			stack = append(stack, frame{object: true, expectKey: true})
		case '[':
			stack = append(stack, frame{})
		case '}', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case ':':
			if n := len(stack); n > 0 {
				stack[n-1].expectKey = false
			}
		case ',':
			if n := len(stack); n > 0 && stack[n-1].object {
				stack[n-1].expectKey = true
			}
		case '"':
			isKey := len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].expectKey
			name := owner()
			end, why := scanString(data, i+1, !isKey && multiLineFields[name])
			if isKey {
				key := string(data[i+1 : min(end, len(data))])
				if why != "" {
					if name == "" {
						name = strings.ToValidUTF8(key, "?")
					}
					return name, why
				}
				stack[len(stack)-1].key = key
			} else if why != "" {
				return name, why
			}
			i = end
		}
	}
	return "", ""
}

// scanString checks the JSON string whose content starts at data[from] and
// returns the index of its closing quote (or len(data)) and why it is refused.
func scanString(data []byte, from int, multiLine bool) (end int, why string) {
	for i := from; i < len(data); i++ {
		b := data[i]
		switch {
		case b == '"':
			return i, ""
		case b == '\\' && i+1 < len(data):
			i++
			switch data[i] {
			case 'b':
				return skipString(data, i), controlMsg(0x08)
			case 'f':
				return skipString(data, i), controlMsg(0x0c)
			case 'n', 'r', 't':
				if !multiLine {
					return skipString(data, i), msgOneLine
				}
			case 'u':
				if i+4 < len(data) {
					if v, err := strconv.ParseUint(string(data[i+1:i+5]), 16, 32); err == nil {
						r := rune(v)
						if isControl(r) && !(multiLine && strings.ContainsRune(lineBreakSet, r)) {
							if strings.ContainsRune(lineBreakSet, r) {
								return skipString(data, i), msgOneLine
							}
							return skipString(data, i), controlMsg(r)
						}
					}
					i += 4
				}
			}
		case b < 0x20 || b == 0x7f:
			if !(multiLine && strings.IndexByte(lineBreakSet, b) >= 0) {
				return skipString(data, i), controlMsg(rune(b))
			}
		case b == 0xc2 && i+1 < len(data) && data[i+1] >= 0x80 && data[i+1] <= 0x9f:
			return skipString(data, i), controlMsg(rune(data[i+1]))
		}
	}
	return len(data), ""
}

// skipString returns the index of the closing quote of the string data[i] is in.
func skipString(data []byte, i int) int {
	for ; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return len(data)
}

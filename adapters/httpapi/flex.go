package httpapi

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// flexStrings accepts a JSON list of strings or a string holding such a list
// (clients may send either, per the spec). Nulls become empty entries.
type flexStrings []string

// UnmarshalJSON implements json.Unmarshaler.
func (f *flexStrings) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*f = nil
		return nil
	}
	var s string
	if json.Unmarshal(b, &s) == nil {
		s = strings.TrimSpace(s)
		if s == "" {
			*f = flexStrings{}
			return nil
		}
		if !strings.HasPrefix(s, "[") {
			// A single plain value ("Japandi") or a comma list ("online,hybrid").
			parts := strings.Split(s, ",")
			out := make(flexStrings, 0, len(parts))
			for _, p := range parts {
				out = append(out, strings.TrimSpace(p))
			}
			*f = out
			return nil
		}
		b = []byte(s)
	}
	var items []*string
	if err := json.Unmarshal(b, &items); err != nil {
		return &json.UnmarshalTypeError{Value: "value", Type: typeOfStrings}
	}
	out := make(flexStrings, len(items))
	for i, it := range items {
		if it != nil {
			out[i] = *it
		}
	}
	*f = out
	return nil
}

// flexInt accepts a JSON number or a numeric string.
type flexInt int

// UnmarshalJSON implements json.Unmarshaler.
func (f *flexInt) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	var s string
	if json.Unmarshal(b, &s) == nil {
		b = []byte(strings.TrimSpace(s))
	}
	if len(b) == 0 {
		*f = 0
		return nil
	}
	fl, err := strconv.ParseFloat(string(b), 64)
	if err != nil || fl != float64(int64(fl)) {
		return &json.UnmarshalTypeError{Value: string(b), Type: typeOfInt}
	}
	*f = flexInt(fl)
	return nil
}

var (
	typeOfStrings = reflect.TypeOf([]string(nil))
	typeOfInt     = reflect.TypeOf(0)
)

// Schema implements huma.SchemaProvider: a number or a numeric string.
func (flexInt) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{AnyOf: []*huma.Schema{{Type: "integer"}, {Type: "string", Description: "a numeric string"}}}
}

// Schema implements huma.SchemaProvider: a list of strings, or a string
// holding a JSON list or a comma-separated list.
func (flexStrings) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{AnyOf: []*huma.Schema{{Type: "array", Items: &huma.Schema{Type: "string", Nullable: true}}, {Type: "string"}, {Type: "null"}}}
}

// Schema implements huma.SchemaProvider: a string or a number.
func (flexText) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{AnyOf: []*huma.Schema{{Type: "string"}, {Type: "number"}, {Type: "null"}}}
}

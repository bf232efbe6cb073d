package app

import (
	"io"
	"strings"
	"testing"
)

// FuzzAPI sends fuzzed requests to every route of the real app (the route
// table of routes_test.go), in process, on SQLite and on PostgreSQL, and
// fails on any answer of 500 or more. An input is a route, a path parameter,
// a raw query, a raw JSON (or form) body and a value: the route's query and
// body templates are used unless the raw ones are set, and value replaces
// their FUZZ markers, escaped, so the fuzzer explores both well-formed
// requests with hostile values and malformed requests.
//
// `go test` replays the seeds below and the corpus in testdata/fuzz/FuzzAPI;
// `make test` also fuzzes for a bounded time (FUZZTIME, default 90s):
//
//	go test ./internal/app -run '^$' -fuzz '^FuzzAPI$' -fuzztime 90s
//
// New inputs the fuzzer finds interesting stay in Go's cache; copy them into
// testdata/fuzz/FuzzAPI to keep them (make fuzz does, through scripts/fuzz-corpus.sh).
func FuzzAPI(f *testing.F) {
	// A few seeds per route keep the fuzzer's first pass (which replays them
	// all) short; the values the fuzzer mutates from cover text, numbers and
	// JSON, and the committed corpus keeps what earlier sessions found.
	hostile := []string{"Roma", "\x00", "riga\nriga\tdue\u0085", "9223372036854775808", "@lead"}
	for i := range routes {
		for _, v := range hostile {
			f.Add(uint8(i), "", "", "", v)
		}
		f.Add(uint8(i), "\x00\xff", "page=%00&limit=%ff&q=a%0Ab", `{"name":"\u0000","email":{"x":["\u0085"]},"designer_id":1e999}`, "")
	}
	worlds := []*world{newWorld(f, "sqlite"), newWorld(f, "postgres")}
	f.Fuzz(func(t *testing.T, route uint8, param, query, body, value string) {
		r := routes[int(route)%len(routes)]
		for _, w := range worlds {
			w.t = t
			req := w.request(r, r.as, param, query, body, value)
			sent := ""
			if req.Body != nil {
				b, _ := io.ReadAll(req.Body)
				sent = string(b)
				req.Body = io.NopCloser(strings.NewReader(sent))
			}
			rec := w.do(req)
			if rec.Code >= 500 {
				t.Fatalf("%s: %s %s with body %q answered %d: %s", w.name, req.Method, req.URL.String(), sent, rec.Code, rec.Body.Bytes())
			}
		}
	})
}

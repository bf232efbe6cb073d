package main

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
// `make test` also fuzzes for a bounded time (FUZZTIME, default 60s):
//
//	go test ./cmd/interno -run '^$' -fuzz '^FuzzAPI$' -fuzztime 60s
//
// New inputs the fuzzer finds interesting stay in Go's cache; copy them into
// testdata/fuzz/FuzzAPI to keep them (scripts/fuzz-corpus.sh).
func FuzzAPI(f *testing.F) {
	hostile := []string{"Roma", "", "\x00", "riga\nriga\tdue", "\u0085", "\xff\xfe", "9223372036854775808", "1e309", "{}", "@lead"}
	for i := range routes {
		for _, v := range hostile {
			f.Add(uint8(i), "", "", "", v)
		}
		f.Add(uint8(i), "\x00", "", "", "")
		f.Add(uint8(i), "", "page=%00&limit=%ff&q=a%0Ab", "", "")
		f.Add(uint8(i), "", "", `{"name":"\u0000","email":{"x":["\u0085"]},"designer_id":1e999}`, "")
		f.Add(uint8(i), "", "", `[[[[[[[[[[[[[[[[[[[[`, "")
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

// Command openapi writes the API's OpenAPI 3.1 document, generated from the
// Go types of adapters/httpapi, to docs/openapi.json (or the file named by
// -o; "-" for standard output). `npm run api:types` then generates the web's
// types from it; `make test` fails when either differs from a fresh run.
package main

import (
	"flag"
	"fmt"
	"os"

	"interno/adapters/httpapi"
)

func main() {
	out := flag.String("o", "docs/openapi.json", "where to write the document (- for standard output)")
	flag.Parse()
	doc, err := httpapi.DocumentJSON()
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapi:", err)
		os.Exit(1)
	}
	if *out == "-" {
		_, err = os.Stdout.Write(doc)
	} else {
		err = os.WriteFile(*out, doc, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapi:", err)
		os.Exit(1)
	}
}

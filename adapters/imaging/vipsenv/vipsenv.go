// Package vipsenv sets libvips' environment before libvips starts, and nothing else.
//
// bimg calls vips_init from its package init, and vips_init reads VIPS_BLOCK_UNTRUSTED only
// then. Go initialises a package as soon as everything it imports is initialised, taking
// ready packages in import-path order; this package imports only "os", whereas bimg waits
// for regexp and friends, so in practice this init runs first (checked with
// GODEBUG=inittrace=1 and an SVG that libvips then refuses). That ordering is an
// implementation detail, so adapters/imaging also blocks untrusted loaders through the
// libvips API after start-up; this package is the belt to that brace, and it makes the
// setting visible to anything else the process starts.
package vipsenv

import "os"

func init() {
	if os.Getenv("VIPS_BLOCK_UNTRUSTED") == "" {
		if err := os.Setenv("VIPS_BLOCK_UNTRUSTED", "1"); err != nil {
			panic(err) // only an invalid variable name fails, and this one is a constant
		}
	}
}

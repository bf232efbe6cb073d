package imaging

/*
#cgo pkg-config: vips
#include <stdlib.h>
#include <vips/vips.h>

// interno_vips_lockdown leaves libvips able to load only JPEG, PNG, GIF and WebP, whatever
// VIPS_BLOCK_UNTRUSTED said when libvips started. Debian's libvips links ImageMagick, poppler,
// rsvg, OpenEXR, FITS and more; none of them may ever see user bytes.
static void interno_vips_lockdown(void) {
	vips_block_untrusted_set(TRUE);
	vips_operation_block_set("VipsForeignLoad", TRUE);
	vips_operation_block_set("VipsForeignLoadJpeg", FALSE);
	vips_operation_block_set("VipsForeignLoadPng", FALSE);
	vips_operation_block_set("VipsForeignLoadNsgif", FALSE);
	vips_operation_block_set("VipsForeignLoadWebp", FALSE);
}
*/
import "C"

import (
	"sync"

	"github.com/h2non/bimg"

	// Imported for its init, which sets VIPS_BLOCK_UNTRUSTED before bimg starts libvips.
	_ "interno/adapters/imaging/vipsenv"
)

var lockdownOnce sync.Once

// lockdown restricts libvips' loaders and turns off its operation cache. bimg has already called
// vips_init from its package init by the time this package's code runs. The operation cache
// keys on buffer pointers we never reuse, so it only costs memory; our disk cache does the
// caching. libvips' own thread pool stays at the one thread per job bimg sets, so Workers
// bounds the CPU libvips uses.
func lockdown() {
	lockdownOnce.Do(func() {
		C.interno_vips_lockdown()
		bimg.VipsCacheSetMax(0)
		bimg.VipsCacheSetMaxMem(0)
	})
}

// @ts-check
// Writes brotli (.br) and gzip (.gz) copies of the built text assets next to them in web/dist,
// after `vite build` (and the service worker's precache injection) has finished. The Go binary
// embeds web/dist and serves the copy the browser accepts (adapters/httpapi/assets.go), so
// nothing is compressed per request. Compression is Node's zlib (the reference zlib and brotli
// libraries) at their highest levels; the output is deterministic (gzip's header carries no
// time), so two builds of the same sources give the same bytes.
//
// Run by `npm run build`; `node web/scripts/precompress.mjs [dir]` compresses another folder.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats worth compressing; images and fonts (PNG, WebP, WOFF2) are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this many bytes a compressed copy saves less than its headers and a lookup cost. */
export const MIN_BYTES = 512;
/** A copy is kept only when it is at most this share of the original. */
export const MAX_RATIO = 0.9;

/**
 * The compressed copies of one file's contents, each kept only when it is worth it.
 * @param {Buffer} data
 * @returns {{ br?: Buffer, gz?: Buffer }}
 */
export function compress(data) {
  if (data.length < MIN_BYTES) return {};
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: constants.Z_BEST_COMPRESSION, memLevel: 9 });
  /** @type {{ br?: Buffer, gz?: Buffer }} */
  const out = {};
  if (br.length <= data.length * MAX_RATIO) out.br = br;
  if (gz.length <= data.length * MAX_RATIO) out.gz = gz;
  return out;
}

/**
 * Every file under dir, as paths relative to it. Vite's own folder (.vite, the manifest) is
 * left out: it is build metadata, not something the browser loads.
 * @param {string} dir
 * @param {string} [sub]
 * @returns {Promise<string[]>}
 */
async function files(dir, sub = '') {
  const out = [];
  for (const entry of await readdir(join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) out.push(...(await files(dir, rel)));
    else out.push(rel);
  }
  return out;
}

/**
 * Compresses every compressible file of dir in place and returns what it wrote.
 * @param {string} dir
 */
export async function precompressDir(dir) {
  const written = [];
  let raw = 0;
  let br = 0;
  let gz = 0;
  for (const rel of (await files(dir)).sort()) {
    if (rel.endsWith('.br') || rel.endsWith('.gz')) {
      // A copy left by an earlier run (the build normally empties dist first).
      await rm(join(dir, rel));
      continue;
    }
    if (!COMPRESSIBLE.test(rel)) continue;
    const data = await readFile(join(dir, rel));
    const copies = compress(data);
    if (copies.br) await writeFile(join(dir, `${rel}.br`), copies.br);
    if (copies.gz) await writeFile(join(dir, `${rel}.gz`), copies.gz);
    if (copies.br || copies.gz) {
      written.push(rel);
      raw += data.length;
      br += copies.br?.length ?? data.length;
      gz += copies.gz?.length ?? data.length;
    }
  }
  return { written, raw, br, gz };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
  const { written, raw, br, gz } = await precompressDir(dir);
  const kb = (/** @type {number} */ n) => `${(n / 1000).toFixed(1)} kB`;
  console.log(
    `precompress: ${written.length} files in ${relative(process.cwd(), dir) || dir}: ${kb(raw)} → brotli ${kb(br)}, gzip ${kb(gz)}`,
  );
}

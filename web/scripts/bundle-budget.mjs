// @ts-check
// The JavaScript budget of the first visit, per route, computed from the build (not timed):
// the entry chunk of index.html and everything it imports statically, plus the lazy chunk of the
// route's screen and everything that imports statically — the code the browser must fetch before
// the route can render. Dynamic imports (code loaded when first used) are not counted. Sizes are
// the gzip bytes the server sends (web/scripts/precompress.mjs writes the same copies).
//
//   node web/scripts/bundle-budget.mjs            report: print the tables, exit 0
//   node web/scripts/bundle-budget.mjs --enforce  exit 1 when a route is over its budget
//   --dist DIR                                    another build folder (default web/dist)
//
// A route whose screen module is missing from the manifest is a configuration error (exit 2)
// in both modes: the table below must name the module the route table in
// web/src/app/routes.tsx loads for it (the table is in first-routes.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileHintErrors } from './compile-hints.mjs';
import { AFTER_FIRST_PAINT, KB, ROUTES } from './first-routes.mjs';
import { compress } from './precompress.mjs';

export { AFTER_FIRST_PAINT, KB, ROUTES };

/**
 * @typedef {import('./first-routes.mjs').Route} Route
 * @typedef {{ file: string, imports?: string[], dynamicImports?: string[], css?: string[], assets?: string[], isEntry?: boolean }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 * @typedef {{ file: string, raw: number, gzip: number, from: 'entry' | 'route' }} ChunkSize
 * @typedef {{ route: Route, chunks: ChunkSize[], raw: number, gzip: number, early: string[], over: boolean }} RouteReport
 */

/** The manifest key of the HTML entry. */
export const ENTRY = 'index.html';

/**
 * The manifest keys a route needs before it renders: the entry, the route's modules, and the
 * static imports of each, transitively, in a stable order (entry side first).
 * @param {Manifest} manifest
 * @param {string[]} modules
 * @returns {{ key: string, from: 'entry' | 'route' }[]}
 */
export function staticClosure(manifest, modules) {
  /** @type {Map<string, 'entry' | 'route'>} */
  const seen = new Map();
  /**
   * @param {string} start
   * @param {'entry' | 'route'} from
   */
  const walk = (start, from) => {
    const stack = [start];
    while (stack.length > 0) {
      const key = /** @type {string} */ (stack.pop());
      if (seen.has(key)) continue;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`manifest has no chunk "${key}"`);
      seen.set(key, from);
      for (const dep of [...(chunk.imports ?? [])].reverse()) stack.push(dep);
    }
  };
  walk(ENTRY, 'entry');
  for (const m of modules) walk(m, 'route');
  return [...seen].map(([key, from]) => ({ key, from }));
}

/**
 * Checks that every route's modules are in the manifest; returns the problems found.
 * @param {Manifest} manifest
 * @param {Route[]} routes
 */
export function configurationErrors(manifest, routes) {
  const errors = [];
  if (!manifest[ENTRY]) errors.push(`the manifest has no entry "${ENTRY}"`);
  for (const r of routes) {
    for (const m of r.modules) {
      if (!manifest[m]) errors.push(`route ${r.path}: module "${m}" is not in the manifest (renamed or no longer lazy?)`);
    }
  }
  return errors;
}

/**
 * The bytes a chunk costs on the wire: its gzip copy, or itself when it is too small to be
 * compressed (precompress.mjs keeps no copy then, and the server sends it as it is).
 * @param {Buffer} data
 */
export function wireSize(data) {
  return compress(data).gz?.length ?? data.length;
}

/**
 * Measures every route against its budget; a route that loads a chunk meant for after first paint
 * (`late`, AFTER_FIRST_PAINT by default) is over whatever its bytes.
 * @param {Manifest} manifest
 * @param {(file: string) => Buffer} read reads a built file by its manifest path
 * @param {Route[]} [routes]
 * @param {RegExp[]} [late]
 * @returns {RouteReport[]}
 */
export function measure(manifest, read, routes = ROUTES, late = AFTER_FIRST_PAINT) {
  /** @type {Map<string, { raw: number, gzip: number }>} */
  const sizes = new Map();
  const sizeOf = (/** @type {string} */ file) => {
    let s = sizes.get(file);
    if (!s) {
      const data = read(file);
      s = { raw: data.length, gzip: wireSize(data) };
      sizes.set(file, s);
    }
    return s;
  };
  return routes.map((route) => {
    /** @type {Map<string, ChunkSize>} */
    const byFile = new Map();
    for (const { key, from } of staticClosure(manifest, route.modules)) {
      const file = /** @type {ManifestChunk} */ (manifest[key]).file;
      if (!file.endsWith('.js') || byFile.has(file)) continue;
      byFile.set(file, { file, from, ...sizeOf(file) });
    }
    const chunks = [...byFile.values()].sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));
    const raw = chunks.reduce((n, c) => n + c.raw, 0);
    const gzip = chunks.reduce((n, c) => n + c.gzip, 0);
    const early = chunks.map((c) => c.file).filter((file) => late.some((pattern) => pattern.test(file)));
    return { route, chunks, raw, gzip, early, over: gzip > route.budget || early.length > 0 };
  });
}

const kb = (/** @type {number} */ n) => `${(n / KB).toFixed(1)} kB`;

/**
 * The printed tables, one per route, then a summary line per route.
 * @param {RouteReport[]} reports
 * @param {boolean} enforce
 */
export function format(reports, enforce) {
  const lines = [];
  for (const r of reports) {
    lines.push(`${r.route.path} (${r.route.label}): budget ${kb(r.route.budget)} gzip JS`);
    lines.push(`  ${'chunk'.padEnd(52)} ${'from'.padEnd(5)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`);
    for (const c of r.chunks) {
      lines.push(`  ${c.file.padEnd(52)} ${c.from.padEnd(5)} ${kb(c.raw).padStart(10)} ${kb(c.gzip).padStart(10)}`);
    }
    lines.push(`  ${'total'.padEnd(52)} ${''.padEnd(5)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)}`);
    lines.push('');
  }
  lines.push(`Summary (${enforce ? 'enforced' : 'report only: over-budget routes do not fail'}):`);
  for (const r of reports) {
    const verdict =
      r.early.length > 0
        ? `LOADS ${r.early.join(', ')} before first paint (it must load after: first-routes.mjs)`
        : r.over
          ? `OVER by ${kb(r.gzip - r.route.budget)}`
          : `ok (${kb(r.route.budget - r.gzip)} to spare)`;
    lines.push(`  ${r.route.path.padEnd(18)} ${kb(r.gzip).padStart(9)} of ${kb(r.route.budget).padStart(8)}  ${verdict}`);
  }
  return lines.join('\n');
}

/**
 * The command line: prints the report and returns the exit code.
 * @param {string[]} args
 * @param {(line: string) => void} [print]
 */
export function main(args, print = console.log) {
  const enforce = args.includes('--enforce');
  const distArg = args.indexOf('--dist');
  const dist = (distArg >= 0 ? args[distArg + 1] : undefined) ?? fileURLToPath(new URL('../dist', import.meta.url));
  /** @type {Manifest} */
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  } catch (err) {
    print(`bundle budget: cannot read ${join(dist, '.vite', 'manifest.json')} (run the build first): ${String(err)}`);
    return 2;
  }
  const errors = configurationErrors(manifest, ROUTES);
  if (errors.length > 0) {
    print(`bundle budget: the route table in web/scripts/first-routes.mjs is out of date:\n  ${errors.join('\n  ')}`);
    return 2;
  }
  const read = (/** @type {string} */ file) => readFileSync(join(dist, file));
  const hints = compileHintErrors(manifest, read);
  if (hints.length > 0) {
    print(`bundle budget: the first page's chunks lost their compile hint:\n  ${hints.join('\n  ')}`);
    return 2;
  }
  const reports = measure(manifest, read);
  print(format(reports, enforce));
  return enforce && reports.some((r) => r.over) ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = main(process.argv.slice(2));
}

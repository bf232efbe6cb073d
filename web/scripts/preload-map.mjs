// @ts-check
// Writes web/dist/.vite/preload.json after `vite build`: for each first route of a visit
// (first-routes.mjs), the files the route needs beyond what index.html already loads — its lazy
// screen chunk and that chunk's static imports (modulepreload), their stylesheets, and the fonts
// of the first text. The Go server sends them as Link headers with the page
// (adapters/httpapi/preload.go), so they download together with the entry instead of in a second
// and third round trip once the entry has run and the route has rendered.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRY, configurationErrors, staticClosure } from './bundle-budget.mjs';
import { FIRST_FONTS, ROUTES } from './first-routes.mjs';

/**
 * @typedef {import('./bundle-budget.mjs').Manifest} Manifest
 * @typedef {{ href: string, rel: 'modulepreload' | 'preload', as?: 'style' | 'font', type?: string }} Link
 * @typedef {{ path: string, links: Link[] }} RoutePreload
 */

/**
 * The preload links of every route, in a stable order: fonts, stylesheets, then modules.
 * @param {Manifest} manifest
 * @param {import('./first-routes.mjs').Route[]} [routes]
 * @returns {RoutePreload[]}
 */
export function preloadMap(manifest, routes = ROUTES) {
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`the manifest has no entry "${ENTRY}"`);
  const entryKeys = new Set(staticClosure(manifest, []).map((k) => k.key));
  const entryCss = new Set(
    [...entryKeys].flatMap((k) => manifest[k]?.css ?? []),
  );
  // The fonts are assets of the entry's stylesheet, whichever chunk of the entry carries it.
  const fonts = [...new Set([...entryKeys].flatMap((k) => manifest[k]?.assets ?? []))]
    .filter((a) => FIRST_FONTS.test(a)).sort();
  return routes.map((route) => {
    const keys = staticClosure(manifest, route.modules).filter((k) => k.from === 'route').map((k) => k.key);
    const chunks = keys.map((k) => /** @type {import('./bundle-budget.mjs').ManifestChunk} */ (manifest[k]));
    const modules = chunks.map((c) => c.file).filter((f) => f.endsWith('.js'));
    const styles = [...new Set(chunks.flatMap((c) => c.css ?? []))].filter((f) => !entryCss.has(f));
    /** @type {Link[]} */
    const links = [
      ...fonts.map((f) => /** @type {Link} */ ({ href: `/${f}`, rel: 'preload', as: 'font', type: 'font/woff2' })),
      ...styles.map((f) => /** @type {Link} */ ({ href: `/${f}`, rel: 'preload', as: 'style' })),
      ...modules.map((f) => /** @type {Link} */ ({ href: `/${f}`, rel: 'modulepreload' })),
    ];
    return { path: route.path, links };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const errors = configurationErrors(manifest, ROUTES);
  if (errors.length > 0) {
    console.error(`preload map: the route table in web/scripts/first-routes.mjs is out of date:\n  ${errors.join('\n  ')}`);
    process.exit(2);
  }
  const map = preloadMap(manifest);
  writeFileSync(join(dist, '.vite', 'preload.json'), `${JSON.stringify(map, null, 1)}\n`);
  console.log(`preload map: ${map.map((r) => `${r.path} ${r.links.length}`).join(', ')} links`);
}

// @ts-check
// Explicit compile hints (issue 16, docs/performance.md "Compiled while it arrives"). V8 compiles a
// function lazily, on the main thread at its first call, unless its file starts with the magic
// comment below: then it compiles every function of the file eagerly, on a background thread while
// the file arrives (Chromium 136 and later; other engines read a comment). That is right for the
// chunks whose functions nearly all run while the first page starts — the runtime, the router, the
// store and the shell — and wrong for the rest of the app, which a first page mostly does not run.

/** The magic comment; it must be the file's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The build's chunk groups (vite.config.ts) compiled eagerly. */
export const EAGER_CHUNKS = new Set(['preact', 'router', 'redux', 'shell']);

/**
 * Rolldown's `postBanner`: the hint on the eager chunks, added after minification so that the
 * chunk's file name (its content hash) covers it. Nothing at all on the others: an empty string
 * would still put a line break above each of them.
 * @param {{ name: string }} chunk
 * @returns {string}
 */
export function compileHintBanner(chunk) {
  return EAGER_CHUNKS.has(chunk.name) ? COMPILE_HINT : /** @type {string} */ (/** @type {unknown} */ (undefined));
}

/**
 * Puts the hint back on a chunk's first line when one line was written above it: Vite writes the
 * list of files a chunk preloads (`const __vite__mapDeps=...`) at the top of the chunk once its
 * name is set, after the banner, and the hint counts only from where it stands. Only the second
 * line is looked at, so the same text elsewhere (in a string, say) is never moved.
 * @param {string} code
 */
export function hintFirst(code) {
  const line = `${COMPILE_HINT}\n`;
  const firstEnd = code.indexOf('\n') + 1;
  if (code.startsWith(line) || firstEnd === 0 || !code.startsWith(line, firstEnd)) return code;
  return line + code.slice(0, firstEnd) + code.slice(firstEnd + line.length);
}

/**
 * The Vite plugin that applies hintFirst to the eager chunks, after every other plugin has written.
 * @returns {import('vite').Plugin}
 */
export function compileHintFirst() {
  return {
    name: 'interno:compile-hint-first',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && EAGER_CHUNKS.has(file.name)) file.code = hintFirst(file.code);
        }
      },
    },
  };
}

/**
 * The build's eager chunks that are missing or do not start with the hint (a group renamed in
 * vite.config.ts, or the hint pushed down by a new plugin): the bundle budget reports them.
 * @param {Record<string, { file: string, name?: string }>} manifest
 * @param {(file: string) => Buffer} read
 * @returns {string[]}
 */
export function compileHintErrors(manifest, read) {
  const errors = [];
  for (const name of EAGER_CHUNKS) {
    const chunks = Object.values(manifest).filter((chunk) => chunk.name === name && chunk.file.endsWith('.js'));
    if (chunks.length === 0) errors.push(`no chunk is named "${name}" (EAGER_CHUNKS in web/scripts/compile-hints.mjs names the build's groups)`);
    for (const chunk of chunks) {
      if (!read(chunk.file).toString('utf8').startsWith(`${COMPILE_HINT}\n`)) errors.push(`${chunk.file} does not start with ${COMPILE_HINT}`);
    }
  }
  return errors;
}

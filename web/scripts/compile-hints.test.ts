// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, EAGER_CHUNKS, compileHintBanner, compileHintErrors, hintFirst } from './compile-hints.mjs';

describe('compile hints', () => {
  it('marks the first page chunks and no other', () => {
    for (const name of ['preact', 'router', 'redux', 'shell']) expect(compileHintBanner({ name })).toBe(COMPILE_HINT);
    // Nothing, not an empty string (which would still add a line break above the chunk).
    for (const name of ['dexie', 'HomePage', 'designer-ui', 'outbox']) expect(compileHintBanner({ name })).toBeUndefined();
  });

  it('moves the hint back to the first line when something was written above it', () => {
    const mapDeps = 'const __vite__mapDeps=(i)=>i;\n';
    expect(hintFirst(`${mapDeps}${COMPILE_HINT}\nexport const a=1;`)).toBe(`${COMPILE_HINT}\n${mapDeps}export const a=1;`);
    expect(hintFirst(`${COMPILE_HINT}\nexport const a=1;`)).toBe(`${COMPILE_HINT}\nexport const a=1;`);
    expect(hintFirst(`${mapDeps}export const a=1;`)).toBe(`${mapDeps}export const a=1;`);
    // The same text further down (in a string, say) is code, not the hint: left where it is.
    const deeper = `${mapDeps}const a=1;\nconst s=\`\n${COMPILE_HINT}\n\`;`;
    expect(hintFirst(deeper)).toBe(deeper);
  });

  it('reports an eager chunk that is missing or lost its hint', () => {
    const files: Record<string, string> = {};
    const manifest: Record<string, { file: string; name?: string }> = {};
    for (const name of EAGER_CHUNKS) {
      manifest[`_${name}.js`] = { file: `assets/${name}.js`, name };
      files[`assets/${name}.js`] = `${COMPILE_HINT}\nexport {};`;
    }
    const read = (file: string) => Buffer.from(files[file] ?? '');
    expect(compileHintErrors(manifest, read)).toEqual([]);
    files['assets/redux.js'] = `const __vite__mapDeps=0;\n${COMPILE_HINT}\nexport {};`;
    delete manifest['_preact.js'];
    expect(compileHintErrors(manifest, read)).toEqual([
      'no chunk is named "preact" (EAGER_CHUNKS in web/scripts/compile-hints.mjs names the build\'s groups)',
      `assets/redux.js does not start with ${COMPILE_HINT}`,
    ]);
  });
});

// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { KB, ROUTES, configurationErrors, format, main, measure, staticClosure, wireSize } from './bundle-budget.mjs';
import { COMPILE_HINT, EAGER_CHUNKS } from './compile-hints.mjs';
import { MIN_BYTES, compress } from './precompress.mjs';

/** A small build: entry → vendor + shared; Home → shared + widget (+ a lazy chat); Login → form. */
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js', '_shared.js'],
    dynamicImports: ['src/Home.tsx', 'src/Login.tsx'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_vendor.js'] },
  '_widget.js': { file: 'assets/widget.js', imports: ['_shared.js'] },
  '_style.css': { file: 'assets/style.css' },
  'src/Home.tsx': {
    file: 'assets/Home.js',
    imports: ['_widget.js', 'index.html', '_style.css'],
    dynamicImports: ['src/Chat.tsx'],
  },
  'src/Chat.tsx': { file: 'assets/Chat.js', imports: ['_chatlib.js'] },
  '_chatlib.js': { file: 'assets/chatlib.js' },
  'src/Login.tsx': { file: 'assets/Login.js', imports: ['_shared.js'] },
};

/** Incompressible bytes of a given length, so gzip sizes are close to raw and predictable. */
function noise(n: number, seed: number): Buffer {
  const b = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  return b;
}

const files: Record<string, Buffer> = {
  'assets/index.js': Buffer.from('x'.repeat(20_000)),
  'assets/vendor.js': noise(60_000, 1),
  'assets/shared.js': noise(10_000, 2),
  'assets/widget.js': noise(30_000, 3),
  'assets/Home.js': noise(5_000, 4),
  'assets/Chat.js': noise(90_000, 5),
  'assets/chatlib.js': noise(90_000, 6),
  'assets/Login.js': Buffer.from('tiny'),
  'assets/style.css': noise(9_000, 7),
};
const read = (file: string): Buffer => {
  const data = files[file];
  if (!data) throw new Error(`no file ${file}`);
  return data;
};

const routes = [
  { path: '/', label: 'home', modules: ['src/Home.tsx'], budget: 120 * KB },
  { path: '/login', label: 'login', modules: ['src/Login.tsx'], budget: 80 * KB },
];

describe('staticClosure', () => {
  it('takes the entry and the route module with their static imports once each, not dynamic imports or the entry again', () => {
    const keys = staticClosure(manifest, ['src/Home.tsx']);
    expect(keys).toEqual([
      { key: 'index.html', from: 'entry' },
      { key: '_vendor.js', from: 'entry' },
      { key: '_shared.js', from: 'entry' },
      { key: 'src/Home.tsx', from: 'route' },
      { key: '_widget.js', from: 'route' },
      { key: '_style.css', from: 'route' },
    ]);
  });

  it('fails loudly on an import the manifest does not have', () => {
    expect(() => staticClosure({ 'index.html': { file: 'a.js', imports: ['_gone.js'] } }, [])).toThrow('_gone.js');
  });
});

describe('measure', () => {
  it('sums the gzip bytes of the JavaScript a route needs and compares them with its budget', () => {
    const [home, login] = measure(manifest, read, routes);
    expect(home?.chunks.map((c) => c.file)).toEqual([
      'assets/vendor.js',
      'assets/widget.js',
      'assets/shared.js',
      'assets/Home.js',
      'assets/index.js',
    ]);
    // CSS and the lazily imported chat are not part of the route's JavaScript.
    expect(home?.chunks.some((c) => c.file.endsWith('.css') || c.file.includes('Chat'))).toBe(false);
    const expected = ['assets/index.js', 'assets/vendor.js', 'assets/shared.js', 'assets/widget.js', 'assets/Home.js']
      .map((f) => wireSize(read(f)))
      .reduce((a, b) => a + b, 0);
    expect(home?.gzip).toBe(expected);
    expect(home?.raw).toBe(125_000);
    expect(home?.over).toBe(false); // about 105 kB: random bytes do not compress
    expect(login?.chunks.map((c) => c.file)).toEqual(['assets/vendor.js', 'assets/shared.js', 'assets/index.js', 'assets/Login.js']);
  });

  it('marks a route over when it loads a chunk meant for after first paint, whatever its bytes', () => {
    const [home, login] = measure(manifest, read, routes, [/\/widget\.js$/]);
    expect(home?.early).toEqual(['assets/widget.js']);
    expect(home?.over).toBe(true);
    expect(login?.early).toEqual([]);
    expect(login?.over).toBe(false);
    expect(format([home!], true)).toContain('/                   ');
    expect(format([home!], true)).toContain('LOADS assets/widget.js before first paint');
  });

  it('marks a route over its budget', () => {
    const tight = [{ path: '/login', label: 'login', modules: ['src/Login.tsx'], budget: 10 * KB }];
    const [login] = measure(manifest, read, tight);
    expect(login?.over).toBe(true);
    expect(login?.gzip).toBeGreaterThan(70_000);
  });
});

describe('wireSize', () => {
  it('is the gzip copy the build writes, or the file itself when it is too small to get one', () => {
    const big = Buffer.from('interno '.repeat(500));
    expect(wireSize(big)).toBe(compress(big).gz?.length);
    expect(gunzipSync(compress(big).gz ?? Buffer.alloc(0)).equals(big)).toBe(true);
    const small = Buffer.from('x'.repeat(MIN_BYTES - 1));
    expect(wireSize(small)).toBe(MIN_BYTES - 1);
  });
});

describe('configurationErrors', () => {
  it('names a route whose module is not in the manifest', () => {
    expect(configurationErrors(manifest, routes)).toEqual([]);
    expect(configurationErrors(manifest, [{ path: '/x', label: 'x', modules: ['src/Gone.tsx'], budget: 1 }])).toEqual([
      'route /x: module "src/Gone.tsx" is not in the manifest (renamed or no longer lazy?)',
    ]);
  });
});

describe('format', () => {
  it('prints one table per route and a verdict per route, the same way every time', () => {
    const reports = measure(manifest, read, routes);
    const text = format(reports, false);
    expect(text).toBe(format(measure(manifest, read, routes), false));
    expect(text).toContain('/ (home): budget 120.0 kB gzip JS');
    expect(text).toMatch(/assets\/vendor\.js\s+entry\s+60\.0 kB\s+\d+\.\d kB/);
    expect(text).toContain('report only');
    expect(format(reports, true)).toContain('enforced');
  });
});

describe('main', () => {
  function dist(withManifest: object | null): string {
    const dir = mkdtempSync(join(tmpdir(), 'budget-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    if (withManifest) writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(withManifest));
    return dir;
  }

  /**
   * A build whose every route chunk is a given number of incompressible bytes, with the eager chunks
   * (compile-hints.mjs) starting with their hint unless `hintless` names one.
   */
  function build(bytesPerRoute: number, hintless?: string): string {
    const m: Record<string, { file: string; name?: string; imports?: string[] }> = { 'index.html': { file: 'assets/index.js' } };
    const dir = dist(null);
    writeFileSync(join(dir, 'assets', 'index.js'), noise(1000, 9));
    for (const name of EAGER_CHUNKS) {
      m[`_${name}-x.js`] = { file: `assets/${name}-x.js`, name };
      const code = 'export const a = () => 1;\n';
      writeFileSync(join(dir, 'assets', `${name}-x.js`), name === hintless ? code : `${COMPILE_HINT}\n${code}`);
    }
    ROUTES.forEach((r, i) => {
      const mod = r.modules[0] as string;
      m[mod] = { file: `assets/r${i}.js` };
      writeFileSync(join(dir, 'assets', `r${i}.js`), noise(bytesPerRoute, i + 10));
    });
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(m));
    return dir;
  }

  it('reports without failing in report mode, and fails with --enforce when a route is over budget', () => {
    const dir = build(180_000);
    const out: string[] = [];
    expect(main(['--dist', dir], (l) => out.push(l))).toBe(0);
    expect(out.join('\n')).toContain('OVER by');
    expect(main(['--dist', dir, '--enforce'], () => {})).toBe(1);
  });

  it('passes --enforce when every route is within budget', () => {
    const dir = build(20_000);
    const out: string[] = [];
    expect(main(['--dist', dir, '--enforce'], (l) => out.push(l))).toBe(0);
    expect(out.join('\n')).not.toContain('OVER');
  });

  it('fails in both modes when the build has no manifest or the route table names a missing module', () => {
    expect(main(['--dist', dist(null)], () => {})).toBe(2);
    const out: string[] = [];
    expect(main(['--dist', dist({ 'index.html': { file: 'assets/index.js' } })], (l) => out.push(l))).toBe(2);
    expect(out.join('\n')).toContain('src/features/home/components/HomePage.tsx');
  });

  it('fails in both modes when an eager chunk does not start with its compile hint', () => {
    const out: string[] = [];
    expect(main(['--dist', build(20_000, 'router')], (l) => out.push(l))).toBe(2);
    expect(out.join('\n')).toContain('assets/router-x.js does not start with //# allFunctionsCalledOnLoad');
    expect(main(['--dist', build(20_000, 'shell'), '--enforce'], () => {})).toBe(2);
  });
});

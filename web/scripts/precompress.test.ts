// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MIN_BYTES, compress, precompressDir } from './precompress.mjs';

describe('precompressDir', () => {
  it('writes brotli and gzip copies of text assets that decompress to the original, and nothing else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    const js = Buffer.from('export const x = "interno";\n'.repeat(200));
    writeFileSync(join(dir, 'assets', 'app.js'), js);
    writeFileSync(join(dir, 'index.html'), '<!doctype html>'.repeat(100));
    writeFileSync(join(dir, 'assets', 'small.css'), 'a{}');
    writeFileSync(join(dir, 'icon.png'), Buffer.alloc(4000, 1));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ x: 'y'.repeat(2000) }));
    writeFileSync(join(dir, 'assets', 'stale.js.br'), 'left by an earlier build');

    const result = await precompressDir(dir);

    expect(result.written).toEqual(['assets/app.js', 'index.html']);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'app.js.br'))).equals(js)).toBe(true);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'app.js.gz'))).equals(js)).toBe(true);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    // Too small, already compressed (PNG), build metadata, stale copies: no copy.
    expect(existsSync(join(dir, 'assets', 'small.css.gz'))).toBe(false);
    expect(existsSync(join(dir, 'icon.png.gz'))).toBe(false);
    expect(existsSync(join(dir, '.vite', 'manifest.json.gz'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'stale.js.br'))).toBe(false);
  });

  it('gives the same bytes on every run (no time in the gzip header) and skips what does not shrink', () => {
    const data = Buffer.from('interno '.repeat(400));
    expect(compress(data).gz?.equals(compress(data).gz ?? Buffer.alloc(0))).toBe(true);
    expect(compress(data).gz?.subarray(4, 8).readUInt32LE()).toBe(0);
    expect(compress(Buffer.alloc(MIN_BYTES - 1, 65))).toEqual({});
    const random = randomBytes(4096);
    expect(compress(random).gz).toBeUndefined();
  });
});

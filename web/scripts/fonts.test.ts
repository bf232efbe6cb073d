// @vitest-environment node
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORE, FONTS, OUT_DIR, WEIGHTS, coreCss, coreFile, coreFont, descriptor, latinFace, packageCss, packageDescriptors, sourceFile, unicodeRange } from './fonts.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, keep);
    return keep(name) ? [path] : [];
  });
}

/** The package's latin face's range (@fontsource-variable's wght.css), as code point tests. */
async function latinRange(pkg: string): Promise<(cp: number) => boolean> {
  const ranges = descriptor(latinFace(await packageCss(pkg), pkg), 'unicode-range', pkg).split(',').map((r) => {
    const [from, to] = r.trim().replace('U+', '').split('-').map((h) => parseInt(h, 16));
    return [from ?? NaN, to ?? from ?? NaN] as const;
  });
  expect(ranges.length).toBeGreaterThan(3);
  return (cp) => ranges.some(([from, to]) => cp >= from && cp <= to);
}

describe('the first fonts (web/scripts/fonts.mjs)', () => {
  it('writes consecutive code points as ranges', () => {
    expect(unicodeRange([0x20, 0x21, 0x22, 0xa0, 0xe0, 0xe1, 0x2026])).toBe('U+0020-0022,U+00A0,U+00E0-00E1,U+2026');
  });

  it("declares each core face with its package's latin descriptors, so the package's files still draw other characters", async () => {
    const committed = readFileSync(`${OUT_DIR}fonts.css`, 'utf8');
    for (const pkg of FONTS) {
      const ours = packageDescriptors(committed.replace(coreFile(pkg), `${pkg}-latin-wght-normal.woff2`), pkg);
      expect(ours, pkg).toEqual(packageDescriptors(await packageCss(pkg), pkg));
    }
  });

  it('has the committed stylesheet and core files up to date (npm run fonts)', async () => {
    const css = Object.fromEntries(await Promise.all(FONTS.map(async (pkg) => [pkg, await packageCss(pkg)] as const)));
    expect(readFileSync(`${OUT_DIR}fonts.css`, 'utf8')).toBe(coreCss(css));
    for (const pkg of FONTS) {
      const committed = readFileSync(OUT_DIR + coreFile(pkg));
      const fresh = await coreFont(pkg);
      expect(sha(committed), coreFile(pkg)).toBe(sha(fresh));
      // Smaller than the package's latin file, or there is no point.
      expect(committed.length).toBeLessThan(readFileSync(sourceFile(pkg)).length * 0.8);
    }
  }, 60_000);

  it('covers every character of the interface that the latin files cover', async () => {
    const sources = [
      ...filesUnder(join(root, 'web/src'), (n) => /\.(ts|tsx|css)$/.test(n) && !/\.test\.tsx?$/.test(n)),
      join(root, 'web/index.html'),
    ];
    const inLatin = await Promise.all(FONTS.map((pkg) => latinRange(pkg)));
    const core = new Set(CORE);
    const missing = new Map<string, string>();
    for (const file of sources) {
      for (const ch of readFileSync(file, 'utf8')) {
        const cp = ch.codePointAt(0) ?? 0;
        if (cp < 0x20 || core.has(cp) || !inLatin.some((covers) => covers(cp))) continue;
        if (!missing.has(ch)) missing.set(ch, file.slice(root.length));
      }
    }
    // A character here is drawn from the package's whole latin file (37 kB more per font): add it
    // to CORE in fonts.mjs and run npm run fonts.
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it('keeps every font weight of the stylesheets within the axis the cores keep', () => {
    const weights = new Map<number, string>();
    for (const file of filesUnder(join(root, 'web/src'), (n) => n.endsWith('.css'))) {
      // The weights asked for, not the @font-face descriptors (the range a face declares).
      const rules = readFileSync(file, 'utf8').replace(/@font-face\s*{[^}]*}/g, '');
      for (const match of rules.matchAll(/font-weight:\s*([^;}]+)/g)) {
        const value = (match[1] ?? '').trim();
        const named = ({ normal: 400, bold: 700 } as Record<string, number>)[value];
        const weight = named ?? Number(value);
        // "bolder", "lighter", var(…) would escape the check: the stylesheets use numbers.
        expect(Number.isFinite(weight), `${file}: font-weight ${value}`).toBe(true);
        weights.set(weight, file.slice(root.length));
      }
    }
    expect(weights.size).toBeGreaterThan(3);
    for (const [weight, file] of weights) {
      expect(weight >= WEIGHTS.min && weight <= WEIGHTS.max, `${file}: font-weight ${weight}`).toBe(true);
    }
  });
});

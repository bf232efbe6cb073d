import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of the web app (EXAMPLES.md): shared → features → app. A feature never imports
 * the app; shared imports neither; components never call fetch or Dexie directly. A feature imports
 * another feature only along the edges listed here, and the edges form no cycle: `designers` is the
 * designer model every screen shows (labels, avatar, badge), `appointments` gives its BookButton and
 * `chat` its ContactButton and `engagement` its like and share buttons to the cards that list designers,
 * and pages in app/ compose everything else.
 */
const FEATURE_DEPENDENCIES: Readonly<Record<string, readonly string[]>> = {
  admin: ['designers'],
  chat: ['designers'],
  engagement: ['designers'],
  home: ['questionnaire'],
  matching: ['designers', 'appointments', 'chat', 'engagement'],
  questionnaire: ['designers', 'appointments', 'matching', 'chat', 'engagement'],
};
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return Array.from(text.matchAll(IMPORT), (match) => match[1] ?? match[2] ?? match[3] ?? '').filter((spec) => spec.startsWith('.'));
}

/** "features/consent", "shared", "app" or "root" for a file under web/src. */
function area(file: string): string {
  const parts = relative(SRC, file).split(sep);
  if (parts[0] === 'features') return `features/${parts[1] ?? ''}`;
  return parts.length > 1 ? (parts[0] ?? 'root') : 'root';
}

const files = sourceFiles(SRC);

describe('architecture', () => {
  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('imports between features only along the listed edges, and nothing from the app', () => {
    const offences: string[] = [];
    for (const file of files.filter((f) => area(f).startsWith('features/'))) {
      const from = area(file).slice('features/'.length);
      for (const spec of imports(file)) {
        const target = area(resolve(dirname(file), spec));
        if (target === 'app') offences.push(`${relative(SRC, file)} → ${spec}`);
        if (target.startsWith('features/') && target !== area(file)) {
          const to = target.slice('features/'.length);
          if (!(FEATURE_DEPENDENCIES[from] ?? []).includes(to)) offences.push(`${relative(SRC, file)} → ${spec}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('lists feature dependencies without cycles', () => {
    const visiting = new Set<string>();
    const done = new Set<string>();
    const cycles: string[] = [];
    const visit = (feature: string, path: string[]): void => {
      if (done.has(feature)) return;
      if (visiting.has(feature)) {
        cycles.push([...path, feature].join(' → '));
        return;
      }
      visiting.add(feature);
      for (const next of FEATURE_DEPENDENCIES[feature] ?? []) visit(next, [...path, feature]);
      visiting.delete(feature);
      done.add(feature);
    };
    for (const feature of Object.keys(FEATURE_DEPENDENCIES)) visit(feature, []);
    expect(cycles).toEqual([]);
  });

  it('keeps shared independent of features and the app', () => {
    const offences: string[] = [];
    for (const file of files.filter((f) => area(f) === 'shared')) {
      for (const spec of imports(file)) {
        const target = area(resolve(dirname(file), spec));
        if (target === 'app' || target.startsWith('features/')) offences.push(`${relative(SRC, file)} → ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('keeps Dexie out of features: they import the database module for its types only', () => {
    // Screens read the outbox through useQueued and IndexedDB through useOfflineLiveQuery
    // (shared/offline), so Dexie loads after first paint and never with a feature's first chunk.
    const DEXIE = /^(?:dexie|dexie-react-hooks)$|\/shared\/offline\/(?:db|runtime)$/;
    const VALUE_IMPORT = /(?:^|\n)\s*(import|export)\s+(?!type\s)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;
    const offences: string[] = [];
    for (const file of files.filter((f) => area(f).startsWith('features/'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(VALUE_IMPORT)) {
        const spec = match[2] ?? match[3] ?? match[4] ?? '';
        const target = spec.startsWith('.') ? relative(SRC, resolve(dirname(file), spec)).split(sep).join('/') : spec;
        if (DEXIE.test(target.startsWith('shared/') ? `/${target}` : target)) offences.push(`${relative(SRC, file)} → ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('keeps fetch and Dexie out of components', () => {
    const offences = files
      .filter((file) => file.endsWith('.tsx'))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return /\bfetch\(/.test(text) || /from ['"]dexie/.test(text) || /offline\/db['"]/.test(text);
      })
      .map((file) => relative(SRC, file));
    expect(offences).toEqual([]);
  });

  it('makes no Intl formatter when a module loads', () => {
    // The first Intl formatter a page makes costs Chromium 15-60 ms (shared/i18n/numbers.ts): made at
    // a module's top level, it runs while the first screen's code is evaluated, before its paint.
    // Formatters are made on first use (shared/i18n/numbers.ts and dates.ts); plural rules are cheap.
    const offences = files
      .filter((file) => /^(?:export\s+)?(?:const|let|var)\s+\w+(?::[^=]+)?\s*=\s*new Intl\.(?!PluralRules\b)/m.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(offences).toEqual([]);
  });

  it('imports the catalogue part of every text a module uses', () => {
    // t() finds a text only once its part (shared/i18n/parts/<part>.ts) is loaded; importing the
    // part where its keys are written puts the texts in the chunk of the code that shows them.
    const partsDir = join(SRC, 'shared', 'i18n', 'parts');
    const partOfKey = new Map<string, string>();
    for (const name of readdirSync(partsDir)) {
      const part = name.replace(/\.ts$/, '');
      for (const match of readFileSync(join(partsDir, name), 'utf8').matchAll(/^ {2}'([^']+)':/gm)) partOfKey.set(match[1] ?? '', part);
    }
    expect(partOfKey.size).toBeGreaterThan(500);
    const offences: string[] = [];
    for (const file of files.filter((f) => !f.startsWith(join(SRC, 'shared', 'i18n') + sep))) {
      const text = readFileSync(file, 'utf8');
      const needed = new Set<string>();
      for (const match of text.matchAll(/['"]([a-zA-Z]+\.[\w.-]+)['"]/g)) {
        const part = partOfKey.get(match[1] ?? '');
        if (part) needed.add(part);
      }
      // A key built from a prefix (`engagement.platform.${platform}`) needs the part of that prefix.
      for (const match of text.matchAll(/`([a-zA-Z]+\.[\w.]*)\$\{/g)) {
        for (const [key, part] of partOfKey) if (key.startsWith(match[1] ?? '')) needed.add(part);
      }
      const imported = new Set(
        imports(file)
          .map((spec) => resolve(dirname(file), spec))
          .filter((target) => dirname(target) === partsDir)
          .map((target) => target.slice(partsDir.length + 1)),
      );
      for (const part of needed) if (!imported.has(part)) offences.push(`${relative(SRC, file)} uses texts of ${part} without importing it`);
    }
    expect(offences).toEqual([]);
  });
});

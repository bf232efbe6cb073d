import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The shared web vocabulary (issue 18 item 4) stays shared: the style codes live in one module, tab
 * lists are the one Tabs component and initials come from one function.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({ path: relative(SRC, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }));

function offenders(pattern: RegExp, home: string): string[] {
  return files.filter((file) => file.path !== home && pattern.test(file.text)).map((file) => file.path);
}

describe('shared vocabulary', () => {
  it('reads the source', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('lists the style codes only in shared/lib/designStyles', () => {
    expect(offenders(/\[\s*'A',\s*'B',\s*'C',\s*'D',\s*'E'\s*\]/, 'shared/lib/designStyles.ts')).toEqual([]);
    expect(offenders(/'A'\s*\|\s*'B'\s*\|\s*'C'/, 'shared/lib/designStyles.ts')).toEqual([]);
  });

  it('draws tab lists only with shared/ui/Tabs', () => {
    expect(offenders(/role=["{']+tab(list|panel)?\b/, 'shared/ui/Tabs.tsx')).toEqual([]);
  });

  it('computes initials only in shared/lib/initials', () => {
    expect(offenders(/function initials\w*\s*\(|const initials\w*\s*=/, 'shared/lib/initials.ts')).toEqual([]);
  });
});

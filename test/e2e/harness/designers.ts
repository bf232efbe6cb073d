import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Small real JPEG files made by the browser's canvas (a room-like gradient with a window and a
 * sofa in a different colour per picture), written to a temp folder for file inputs.
 */
export async function makeJpegFiles(page: Page, names: readonly string[]): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'interno-jpeg-'));
  const encoded = await page.evaluate((count) => {
    const out: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const canvas = document.createElement('canvas');
      canvas.width = 800;
      canvas.height = 600;
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no canvas');
      const hue = (i * 67) % 360;
      const wall = g.createLinearGradient(0, 0, 0, 600);
      wall.addColorStop(0, `hsl(${hue} 35% 88%)`);
      wall.addColorStop(1, `hsl(${hue} 30% 72%)`);
      g.fillStyle = wall;
      g.fillRect(0, 0, 800, 600);
      g.fillStyle = `hsl(${(hue + 30) % 360} 25% 45%)`;
      g.fillRect(0, 460, 800, 140);
      g.fillStyle = '#f6f1e6';
      g.fillRect(470, 90, 220, 260);
      g.fillStyle = `hsl(${(hue + 180) % 360} 40% 40%)`;
      g.fillRect(110, 330, 330, 130);
      g.fillRect(110, 290, 330, 60);
      out.push(canvas.toDataURL('image/jpeg', 0.9).split(',')[1] ?? '');
    }
    return out;
  }, names.length);
  return Promise.all(
    names.map(async (name, i) => {
      const path = join(dir, name);
      await writeFile(path, Buffer.from(encoded[i] ?? '', 'base64'));
      return path;
    }),
  );
}

/** A file that is not a picture. */
export async function makeTextFile(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'interno-text-'));
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

/**
 * Signs in through the API and keeps the session where the app reads it (localStorage `user`), then
 * reloads: the journeys here are about the designer pages, not the login screen.
 */
export async function signInThroughApi(page: Page, email: string, password: string): Promise<void> {
  const ok = await page.evaluate(
    async ({ email: address, password: secret }) => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: address, password: secret }),
      });
      if (!response.ok) return false;
      localStorage.setItem('user', JSON.stringify(await response.json()));
      localStorage.setItem('cookie-consent', 'essential');
      localStorage.setItem('cookie-consent-date', new Date().toISOString());
      return true;
    },
    { email, password },
  );
  if (!ok) throw new Error(`login failed for ${email}`);
}

/** Serious and critical axe findings on the page (or inside a selector). */
export async function axeProblems(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

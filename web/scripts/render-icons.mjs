// Renders the app icons (PNG) from the SVG sources with Debian's Chromium through playwright-core.
// Run with `npm run icons` after changing web/public/favicon.svg or web/scripts/icon-glyph.svg;
// the PNGs are committed so builds need no browser.
import { readFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const web = fileURLToPath(new URL('..', import.meta.url));
const out = `${web}public/icons/`;
const ACCENT = '#a1472c';

const mark = await readFile(`${web}public/favicon.svg`, 'utf8');
const glyph = await readFile(`${web}scripts/icon-glyph.svg`, 'utf8');
const dataUrl = (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** "any" icons: the rounded mark on a transparent background. */
const anyIcon = (size) => `<img src="${dataUrl(mark)}" style="display:block;width:${size}px;height:${size}px">`;

/** Full-bleed icons (maskable, Apple): accent square, glyph inside the central safe zone. */
const fullBleed = (size, glyphShare) => `
  <div style="width:${size}px;height:${size}px;background:${ACCENT};display:flex;align-items:center;justify-content:center">
    <img src="${dataUrl(glyph)}" style="display:block;width:${Math.round(size * glyphShare)}px;height:${Math.round(size * glyphShare)}px">
  </div>`;

const targets = [
  { file: 'icon-192.png', size: 192, html: anyIcon(192), transparent: true },
  { file: 'icon-512.png', size: 512, html: anyIcon(512), transparent: true },
  // Maskable: the safe zone is the central circle of 80 %; the glyph stays well inside it.
  { file: 'icon-maskable-192.png', size: 192, html: fullBleed(192, 0.5), transparent: false },
  { file: 'icon-maskable-512.png', size: 512, html: fullBleed(512, 0.5), transparent: false },
  // iOS rounds the corners itself and shows black behind transparency: a full square.
  { file: 'apple-touch-icon-180.png', size: 180, html: fullBleed(180, 0.6), transparent: false },
];

await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const target of targets) {
    const page = await browser.newPage({ viewport: { width: target.size, height: target.size }, deviceScaleFactor: 1 });
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${target.html}</body></html>`);
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    await page.screenshot({ path: `${out}${target.file}`, omitBackground: target.transparent, clip: { x: 0, y: 0, width: target.size, height: target.size } });
    await page.close();
    console.log(`wrote ${target.file}`);
  }
} finally {
  await browser.close();
}

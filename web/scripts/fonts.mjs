// @ts-check
// The first fonts of every page, cut to what Italian pages draw (issue 16: bytes before the first
// paint). Each of the two variable fonts (@fontsource-variable, pinned in package.json) ships a
// "latin" file of about 37 kB covering U+0000-00FF and more; pages need far fewer characters, and
// only the weights 300-700. This script writes, from the package's own latin files, a "core" file
// per font with the characters below and the wght axis limited to WEIGHTS (about 25 and 21 kB), and
// web/src/shared/styles/fonts/fonts.css, whose @font-face rules for them come after the package's
// (main.tsx imports both). The rules share the family and descriptors of the package's latin face,
// and for characters in both ranges the last rule defined is the first checked (CSS Fonts 4,
// "unicode-range"), so a page whose text is all in the core loads only the core files; a character
// outside it (a name with "ø" or "ł") makes the browser load the package's latin or latin-ext file
// as before. The build preloads the core files (first-routes.mjs, FIRST_FONTS).
//
// Run with `npm run fonts` after adding a character to the interface or a weight to a stylesheet;
// the files are committed so builds need no font tools. web/scripts/fonts.test.ts fails when they
// are out of date, when the interface uses a character of the latin range the core lacks, or when a
// stylesheet asks for a weight outside WEIGHTS.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const OUT_DIR = `${root}web/src/shared/styles/fonts/`;

/** The weights stylesheets use (fonts.test.ts checks every font-weight against this range). */
export const WEIGHTS = { min: 300, max: 700 };

/** The fonts' @fontsource-variable packages, as main.tsx imports them. */
export const FONTS = ['fraunces', 'dm-sans'];

const range = (/** @type {number} */ from, /** @type {number} */ to) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The core's code points: printable ASCII, the no-break space, the accented letters of Italian
 * (grave and acute, both cases) and of the names most often met beside them, and the punctuation of
 * Italian text and of the interface's number and date formats. fonts.test.ts checks that every
 * character of the interface within the package's latin range is here.
 */
export const CORE = [
  ...range(0x20, 0x7e),
  ...[...'\u00a0àáèéìíîòóùúÀÁÈÉÌÍÎÒÓÙÚçÇñÑäöüÄÖÜ«»°ª º€–—‘’‚“”„…•·×©−'].map((c) => /** @type {number} */ (c.codePointAt(0))),
]
  .filter((cp, i, all) => all.indexOf(cp) === i)
  .sort((a, b) => a - b);

/** "U+0020-007E,U+00A0,…": consecutive code points as one range. */
export function unicodeRange(/** @type {number[]} */ points) {
  const hex = (/** @type {number} */ n) => n.toString(16).toUpperCase().padStart(4, '0');
  /** @type {[number, number][]} */
  const runs = [];
  for (const point of points) {
    const last = runs[runs.length - 1];
    if (last && point === last[1] + 1) last[1] = point;
    else runs.push([point, point]);
  }
  return runs.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(',');
}

export const coreFile = (/** @type {string} */ pkg) => `${pkg}-latin-core-wght-normal.woff2`;

/**
 * The descriptors of the package's latin face of a font (font-family, -style, -display, -weight), as
 * its wght.css declares them. The core face must repeat them exactly: Chrome groups the faces of a
 * family by these descriptors and uses one group, and unicode-range falls through to the package's
 * files (for "ø", "Ł") only within it (Fraunces declares 100 900, DM Sans 100 1000).
 */
export function packageDescriptors(/** @type {string} */ css, /** @type {string} */ pkg) {
  const face = latinFace(css, pkg);
  /** @type {Record<string, string>} */
  const descriptors = {};
  for (const name of ['font-family', 'font-style', 'font-display', 'font-weight']) descriptors[name] = descriptor(face, name, pkg);
  return descriptors;
}

/** The package's latin @font-face block in its wght.css. */
export function latinFace(/** @type {string} */ css, /** @type {string} */ pkg) {
  const face = css.split('@font-face').find((block) => block.includes(`${pkg}-latin-wght-normal.woff2`));
  if (!face) throw new Error(`no latin face in ${pkg}'s wght.css`);
  return face;
}

/** One descriptor's value in a @font-face block. */
export function descriptor(/** @type {string} */ face, /** @type {string} */ name, /** @type {string} */ pkg) {
  const value = new RegExp(`${name}:\\s*([^;]+);`).exec(face)?.[1]?.trim();
  if (!value) throw new Error(`${pkg}'s latin face has no ${name}`);
  return value;
}

/** The package's wght.css of a font. */
export const packageCss = (/** @type {string} */ pkg) => readFile(`${root}node_modules/@fontsource-variable/${pkg}/wght.css`, 'utf8');

/** The stylesheet of the core faces (pure: fonts.test.ts compares it with the committed one). */
export function coreCss(/** @type {Record<string, string>} */ cssByPkg) {
  const faces = FONTS.map((pkg) => {
    const descriptors = packageDescriptors(cssByPkg[pkg] ?? '', pkg);
    const lines = Object.entries(descriptors).map(([name, value]) => `  ${name}: ${value};`);
    return `@font-face {
${lines.join('\n')}
  src: url(./${coreFile(pkg)}) format('woff2-variations');
  unicode-range: ${unicodeRange(CORE)};
}
`;
  });
  return `/* Written by web/scripts/fonts.mjs (npm run fonts): do not edit. The core of each font's latin
   file; the descriptors are the package's so these rules, defined after its own, are checked first
   for their characters. */
${faces.join('\n')}`;
}

/** The package's latin file of a font (the source of its core). */
export const sourceFile = (/** @type {string} */ pkg) =>
  `${root}node_modules/@fontsource-variable/${pkg}/files/${pkg}-latin-wght-normal.woff2`;

/** The core file of one font: its latin file cut to CORE and WEIGHTS (deterministic). */
export async function coreFont(/** @type {string} */ pkg) {
  // subset-font (harfbuzz's hb-subset) ships no types: its one call, as this script uses it.
  /** @type {{ default: (font: Buffer, text: string, options: { targetFormat: 'woff2', variationAxes: Record<string, { min: number, max: number }> }) => Promise<Buffer> }} */
  const { default: subsetFont } = await import(/** @type {string} */ ('subset-font'));
  const text = String.fromCodePoint(...CORE);
  return subsetFont(await readFile(sourceFile(pkg)), text, { targetFormat: 'woff2', variationAxes: { wght: WEIGHTS } });
}

async function main() {
  await mkdir(OUT_DIR, { recursive: true });
  for (const pkg of FONTS) {
    const before = (await readFile(sourceFile(pkg))).length;
    const font = await coreFont(pkg);
    await writeFile(OUT_DIR + coreFile(pkg), font);
    console.log(`${coreFile(pkg)}: ${(before / 1000).toFixed(1)} kB → ${(font.length / 1000).toFixed(1)} kB`);
  }
  /** @type {Record<string, string>} */
  const css = {};
  for (const pkg of FONTS) css[pkg] = await packageCss(pkg);
  await writeFile(`${OUT_DIR}fonts.css`, coreCss(css));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

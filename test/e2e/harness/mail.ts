import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';

/** Undoes quoted-printable soft breaks and escapes, enough to read a link out of an .eml file. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first match of `link` in the newest finished e-mail to `address` in `dir`, or null while there is none. */
async function linkIn(dir: string, address: string, link: RegExp): Promise<string | null> {
  // The outbox writes a message under a hidden temporary name and renames it to `.eml` when complete:
  // read only finished messages.
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml') && !n.startsWith('.')).sort().reverse();
  for (const name of names) {
    const text = decodeQuotedPrintable(await readFile(join(dir, name), 'utf8'));
    if (!text.toLowerCase().includes(address.toLowerCase())) continue;
    const match = link.exec(text);
    if (match) return match[0].replace(/&amp;/g, '&');
  }
  return null;
}

/**
 * Waits for an e-mail to `address` among the ones the server wrote to `DATA_DIR/outbox` (no SMTP
 * configured) that holds a link matching `link`, and returns that link.
 */
export async function mailedLink(dataDir: string, address: string, link: RegExp): Promise<string> {
  const dir = join(dataDir, 'outbox');
  let found: string | null = null;
  await expect
    .poll(async () => (found = await linkIn(dir, address, link)), { message: `an e-mail to ${address} with ${link} in ${dir}` })
    .not.toBeNull();
  if (found === null) throw new Error(`no e-mail to ${address} with ${link} in ${dir}`);
  return found;
}

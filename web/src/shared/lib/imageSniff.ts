/**
 * What a picture file really is, from its first bytes (the magic numbers), not from its name or the
 * type the browser guessed from the name: a text file renamed "foto.jpg" is not a JPEG.
 */
export type SniffedImage = 'jpeg' | 'png' | 'gif';

const SIGNATURES: ReadonlyArray<{ kind: SniffedImage; bytes: readonly number[] }> = [
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { kind: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] }, // "GIF8" (GIF87a / GIF89a)
];

/** The format the header says, or null when it is none of JPEG, PNG and GIF. */
export function sniffHeader(header: Uint8Array): SniffedImage | null {
  for (const { kind, bytes } of SIGNATURES) {
    if (header.length >= bytes.length && bytes.every((b, i) => header[i] === b)) return kind;
  }
  return null;
}

/** Reads the first bytes of a file and sniffs them; null for anything else (or an unreadable file). */
export async function sniffImage(file: Blob): Promise<SniffedImage | null> {
  try {
    return sniffHeader(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  } catch {
    return null;
  }
}

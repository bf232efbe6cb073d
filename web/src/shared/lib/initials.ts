/** The first letter or digit of a word, skipping what comes before it ("(Studio)" → "S", "d'Amico" → "d"). */
function firstLetter(word: string): string {
  return /[\p{L}\p{N}]/u.exec(word)?.[0] ?? '';
}

/**
 * A person's initials, up to two letters (designer spec, "Initials"): the first letter of the first
 * word and of the last one ("Anna Maria Neri" → "AN", "élodie d'Amico" → "ÉD"), whatever the spacing.
 * Words without a letter or digit are skipped; a name without any gives "".
 */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/u)
    .map(firstLetter)
    .filter((letter) => letter !== '');
  const first = letters[0] ?? '';
  const last = letters.length > 1 ? (letters[letters.length - 1] ?? '') : '';
  return (first + last).toLocaleUpperCase('it-IT');
}

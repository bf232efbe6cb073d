/** Words that open a surname ("De Luca", "Della Rovere", "van Dijk"): its initial is theirs. */
const SURNAME_PARTICLES = new Set(['da', 'dal', 'dalla', 'de', 'dei', 'degli', 'del', 'della', 'delle', 'di', 'la', 'lo', 'van', 'von', 'der', 'du', 'des']);

/** The first letter or digit of a word, skipping what comes before it ("(Studio)" → "S", "d'Amico" → "d"). */
function firstLetter(word: string): string {
  return /[\p{L}\p{N}]/u.exec(word)?.[0] ?? '';
}

/**
 * A person's initials, up to two letters (designer spec, "Initials"): the first letter of the first
 * name and of the surname, the last word with the particles before it ("Anna Maria Neri" → "AN",
 * "Marco De Luca" → "MD", "élodie d'Amico" → "ÉD"), whatever the spacing. Words without a letter or
 * digit are skipped; a name without any gives "".
 */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/u)
    .filter((word) => firstLetter(word) !== '');
  if (words.length === 0) return '';
  let surname = words.length - 1;
  while (surname > 1 && SURNAME_PARTICLES.has((words[surname - 1] ?? '').toLocaleLowerCase('it-IT'))) surname -= 1;
  const first = firstLetter(words[0] ?? '');
  const last = surname > 0 ? firstLetter(words[surname] ?? '') : '';
  return (first + last).toLocaleUpperCase('it-IT');
}

/** The plural categories Italian uses (CLDR): "one", "many" (un milione di…) and "other". */
export interface PluralForms {
  readonly one: string;
  readonly many: string;
  readonly other: string;
}

export type Entry = string | PluralForms;

/**
 * The texts loaded so far: the core catalogue (./it.ts, with t()) and each part of ./parts once
 * a module that uses it has been imported. A route's lazy module imports its parts, so its texts
 * travel with its code and t() stays synchronous.
 */
const loaded = new Map<string, Entry>();

/** Adds a part of the catalogue; its module calls this when first imported. */
export function addMessages(part: Readonly<Record<string, Entry>>): void {
  for (const [key, entry] of Object.entries(part)) loaded.set(key, entry);
}

/** The entry of a key, if its part has been loaded. */
export function loadedMessage(key: string): Entry | undefined {
  return loaded.get(key);
}

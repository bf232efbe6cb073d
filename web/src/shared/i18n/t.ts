import type { Catalogue } from './catalogue';
import { it } from './it';
import { addMessages, loadedMessage, type PluralForms } from './messages';
import { formatNumber } from './numbers';

export type { PluralForms } from './messages';

// The core texts are there from the start; the other parts come with the modules that use them.
addMessages(it);

type AllMessages = Catalogue;

/** The {names} a message needs, read from the literal type of the catalogue entry. */
type Placeholders<S> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;
type EntryPlaceholders<E> = E extends PluralForms ? Placeholders<E['one'] | E['many'] | E['other']> : Placeholders<E>;
type VarValue = string | number;

/** Keys whose entry is a string (with or without placeholders). */
export type MessageKey = { [K in keyof AllMessages]: AllMessages[K] extends string ? K : never }[keyof AllMessages];
/** String keys without placeholders: t(key) needs nothing else, so they can be held in variables. */
export type PlainKey = { [K in MessageKey]: [Placeholders<AllMessages[K]>] extends [never] ? K : never }[MessageKey];
/** String keys with placeholders. */
export type TemplateKey = Exclude<MessageKey, PlainKey>;
/** Keys whose entry has plural forms and needs a count. */
export type PluralKey = { [K in keyof AllMessages]: AllMessages[K] extends PluralForms ? K : never }[keyof AllMessages];

type VarsFor<K extends TemplateKey> = { [P in Placeholders<AllMessages[K]>]: VarValue };
type PluralVars<K extends PluralKey> = { count: number } & { [P in Exclude<EntryPlaceholders<AllMessages[K]>, 'count'>]: VarValue };

// Plural rules cost under a millisecond to make; number formatters do not (numbers.ts).
const pluralRules = new Intl.PluralRules('it');

function interpolate(template: string, vars: Readonly<Record<string, VarValue>>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = vars[name];
    if (value === undefined) return match;
    return typeof value === 'number' ? formatNumber(value) : value;
  });
}

/** Chooses the plural form Italian needs for a count. */
export function pluralForm(forms: PluralForms, count: number): string {
  const category = pluralRules.select(count);
  if (category === 'one') return forms.one;
  if (category === 'many') return forms.many;
  return forms.other;
}

function isPlural(entry: string | PluralForms): entry is PluralForms {
  return typeof entry !== 'string';
}

/**
 * Translates a catalogue key. Plain keys take nothing, templates take their placeholders, plural
 * keys need a count. Numbers are formatted the Italian way (1.000.000).
 */
export function t(key: PlainKey): string;
export function t<K extends TemplateKey>(key: K, vars: VarsFor<K>): string;
export function t<K extends PluralKey>(key: K, vars: PluralVars<K>): string;
export function t(key: MessageKey | PluralKey, vars?: Readonly<Record<string, VarValue>>): string {
  const entry = loadedMessage(key);
  // The architecture test checks that a module using a key imports its part (shared/i18n/parts).
  if (entry === undefined) throw new Error(`t(${key}): its part of the catalogue is not imported`);
  if (isPlural(entry)) {
    const count = vars?.count;
    if (typeof count !== 'number') throw new TypeError(`t(${key}) needs a numeric count`);
    return interpolate(pluralForm(entry, count), vars ?? {});
  }
  return vars ? interpolate(entry, vars) : entry;
}

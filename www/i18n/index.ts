// The one function every module shows text through: `t(key, values)` looks a string up in the table of the
// page's language (English only, for now: www/i18n/en.ts) and fills its `{name}` placeholders.
import { EN, type StringKey } from './en.js';

export type { StringKey } from './en.js';

/** The string of `key` with each `{name}` replaced by `values[name]`. */
export function t(key: StringKey, values: Record<string, string | number> = {}): string {
  return EN[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A stat label for a detail key the core reports: its string when there is one, else the key itself. */
export function detailLabel(key: string): string {
  const known = `detail.${key}`;
  return known in EN ? EN[known as StringKey] : key;
}

/** The badge's note for an algorithm that guarantees no cost bound: its own when it has one, else "no bound". */
export function boundNote(algorithm: string): string {
  const known = `bound.${algorithm}`;
  return known in EN ? EN[known as StringKey] : EN['bound.none'];
}

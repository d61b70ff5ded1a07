// The page's language and the one function every module shows text through: `t(key, values)` looks a
// string up in the table of the language chosen at boot and fills its `{name}` placeholders.
//
// Languages: English (www/i18n/en.ts, bundled; its keys are the list of every string) and Simplified
// Chinese (www/i18n/zh.ts, a table typed `Record<StringKey, string>`, so a missing key fails tsc; loaded
// only when chosen, as its own chunk). `?lang=zh` / `?lang=en` choose; without it, the first of the
// browser's languages (navigator.languages) that the page has. Markup in index.html names its strings with
// `data-i18n` (text), `data-i18n-title`, `data-i18n-aria-label` and `data-i18n-placeholder` (attributes);
// `translatePage` fills them in, so the English words of index.html are only what shows before the boot.
import { EN, type StringKey } from './en.js';
import { ALGORITHM_TITLES, type CoreCode } from '../generated/messages.js';
import { ENGLISH_TEMPLATES, coreMessageOf, writeCore, type CoreMessage } from './core-messages.js';

export type { StringKey } from './en.js';

/** The languages the page ships, in the order the README lists them. */
export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The BCP 47 tag set on <html lang> and given to Intl for each language. */
const LOCALE: Record<Language, string> = { en: 'en', zh: 'zh-CN' };

let table: Readonly<Record<StringKey, string>> = EN;
/** The templates of the core's messages in the page's language. */
let coreTemplates: Record<CoreCode, string> = ENGLISH_TEMPLATES;
let language: Language = 'en';
/** The algorithms' titles in the page's language, by name; null in English (the registry's titles). */
let algorithmTitles: Readonly<Record<string, string>> | null = null;
let numbers = new Intl.NumberFormat('en', { useGrouping: false, maximumFractionDigits: 20 });

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language a page opened with `search` (its query string) shows, for a browser that prefers
 * `preferred` (navigator.languages): `?lang=` when it names a language the page has, else the first
 * preferred language the page has ("zh-TW" and "zh-Hans-CN" count as zh), else English.
 */
export function chooseLanguage(search: string, preferred: readonly string[]): Language {
  const asked = new URLSearchParams(search).get('lang')?.trim().toLowerCase() ?? '';
  const primary = asked.split(/[-_]/)[0];
  if (isLanguage(primary)) return primary;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** Makes `lang` the page's language: loads its table (Chinese is a chunk of its own), sets <html lang>. */
export async function useLanguage(lang: Language): Promise<void> {
  if (lang === 'zh') {
    const zh = await import('./zh.js');
    table = zh.ZH;
    coreTemplates = zh.CORE_ZH;
    algorithmTitles = zh.ZH_ALGORITHMS;
  } else {
    table = EN;
    coreTemplates = ENGLISH_TEMPLATES;
    algorithmTitles = null;
  }
  language = lang;
  numbers = new Intl.NumberFormat(LOCALE[lang], { useGrouping: false, maximumFractionDigits: 20 });
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALE[lang];
}

/** The page's language. */
export function currentLanguage(): Language {
  return language;
}

/** `text` with each `{name}` replaced by `values[name]` (numbers formatted for the language). */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return typeof value === 'number' ? numbers.format(value) : value;
  });
}

/** The string of `key` with each `{name}` replaced by `values[name]` (numbers formatted for the language). */
export function t(key: StringKey, values: Record<string, string | number> = {}): string {
  return fill(table[key], values);
}

/**
 * The t() of a chunk's own strings (`en` and `zh` ship with the chunk, not in the first visit's table):
 * the chunk's modes (walk mode, HPA*) keep the words only they show beside their code.
 */
export function chunkStrings<K extends string>(en: Record<K, string>, zh: Record<K, string>) {
  return (key: K, values: Record<string, string | number> = {}): string => fill((language === 'zh' ? zh : en)[key], values);
}

/** `value` written for the page's language, with exactly `decimals` decimals when given. */
export function num(value: number, decimals?: number): string {
  if (decimals === undefined) return numbers.format(value);
  return new Intl.NumberFormat(LOCALE[language], {
    useGrouping: false,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/**
 * A measured `value` with the precision it has: `digits` significant digits ("20", "1,700"), grouped for
 * the page's language.
 */
export function measured(value: number, digits = 2): string {
  return new Intl.NumberFormat(LOCALE[language], { maximumSignificantDigits: digits }).format(value);
}

/**
 * A measured time in µs as the stats print it: two significant digits, and "< 100" for a zero, which is
 * a single run (a D* Lite repair) shorter than one step of the browser's clock (100 µs; 5 when
 * cross-origin isolated), never a search that took no time.
 */
export function microseconds(value: number): string {
  return value > 0 ? measured(value) : `< ${measured(100)}`;
}

/** A count in a sentence, grouped for the page's language ("12,345"). */
export function count(value: number): string {
  return new Intl.NumberFormat(LOCALE[language]).format(value);
}

/** True when the table has a string for `key` (detail and bound keys come from the core). */
function known(key: string): key is StringKey {
  return key in EN;
}

/** A stat label for a detail key the core reports: its string when there is one, else the key itself. */
export function detailLabel(key: string): string {
  const k = `detail.${key}`;
  return known(k) ? t(k) : key;
}

/** An algorithm's name for menus and messages: the language's title, else the registry's English one. */
export function algorithmTitle(row: { name: string }): string {
  return algorithmTitles?.[row.name] ?? ALGORITHM_TITLES[row.name] ?? row.name;
}

/**
 * Fills the markup's strings in the page's language: `data-i18n` sets an element's text,
 * `data-i18n-title` / `data-i18n-aria-label` / `data-i18n-placeholder` the attribute of that name.
 */
export function translatePage(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const k = element.dataset.i18n!;
    if (known(k)) element.textContent = t(k);
  }
  for (const attribute of ['title', 'aria-label', 'placeholder']) {
    for (const element of root.querySelectorAll<HTMLElement>(`[data-i18n-${attribute}]`)) {
      const k = element.getAttribute(`data-i18n-${attribute}`)!;
      if (known(k)) element.setAttribute(attribute, t(k));
    }
  }
  if (root === document) document.title = t('page.title');
}

/**
 * What a thrown value says, in the page's language: a core refusal (an Error carrying the core's message
 * as data, see www/i18n/core-messages.ts) written from its code, anything else by its message.
 */
export function errorText(err: unknown): string {
  const message = coreMessageOf(err);
  if (!message) return err instanceof Error ? err.message : String(err);
  return coreText(message);
}

/**
 * `errorText` as a clause, to be set inside a sentence of the page's ("… was refused: {message}."):
 * without the full stop a sentence of it may end with, in either language.
 */
export function errorClause(err: unknown): string {
  return withoutFullStop(errorText(err));
}

/** `text` without a final full stop (`.` or `。`). */
export function withoutFullStop(text: string): string {
  return text.endsWith('.') || text.endsWith('。') ? text.slice(0, -1) : text;
}

/** A message of the core (a refusal handed over as data, not thrown) in the page's language. */
export function coreText(message: CoreMessage): string {
  return writeCore(message, {
    templates: coreTemplates,
    number: (value) => numbers.format(value),
    algorithm: (name) => algorithmTitle({ name }),
  });
}

// Compare mode in the address: `?compare` shows two searches side by side, and `&b=ALGORITHM,HEURISTIC,W,TIE`
// gives the second one's settings (the share link after '#' keeps the first one's, unchanged). Any part
// of `b` may be left empty, or the list cut short: that setting is then the first search's
// (`b=,,2.5` is "the same search with w = 2.5"). Pure, so unit-tested (url.test.ts); the page passes the
// names it knows (the registry's algorithms, the heuristic and tie-break menus).

import { WEIGHT_MAX } from '../generated/core.js';

/** The settings each pane has of its own; the map, movement, corner rule and budget are shared. */
export interface PaneSettings {
  algorithm: string;
  heuristic: string;
  w: number;
  tieBreak: string;
}

/** The names a `b` part may use, by part. */
export interface KnownNames {
  algorithms: readonly string[];
  heuristics: readonly string[];
  tieBreaks: readonly string[];
}

/** Which part of `b` could not be read, and the text found there. */
export interface BProblem {
  part: 'algorithm' | 'heuristic' | 'w' | 'tie-break' | 'parts';
  value: string;
}

/** What an address asks of compare mode. */
export type CompareRequest =
  | { kind: 'off' }
  /** `b`: the second search's own settings; a setting it leaves out is the first search's. */
  | { kind: 'on'; b: Partial<PaneSettings> }
  /** Compare asked for with a `b` that cannot be read: the page says so and shows one search. */
  | { kind: 'broken'; text: string; problem: BProblem };

/** The heaviest w the page offers: the core's (the w sliders' end; the embed's `astar:set-w` has the same bound). */
export const MAX_W = WEIGHT_MAX;

/** Reads `?compare&b=…` from a query string (`location.search`). */
export function compareRequest(search: string, known: KnownNames): CompareRequest {
  const params = new URLSearchParams(search);
  if (!params.has('compare')) return { kind: 'off' };
  const text = params.get('b');
  if (text === null) return { kind: 'on', b: {} };
  const parsed = parseB(text, known);
  return 'problem' in parsed ? { kind: 'broken', text, problem: parsed.problem } : { kind: 'on', b: parsed.b };
}

/** Reads a `b` value: `ALGORITHM,HEURISTIC,W,TIE-BREAK`, each part optional (empty or cut off). */
export function parseB(text: string, known: KnownNames): { b: Partial<PaneSettings> } | { problem: BProblem } {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length > 4) return { problem: { part: 'parts', value: text } };
  const [algorithm = '', heuristic = '', w = '', tieBreak = ''] = parts;
  const b: Partial<PaneSettings> = {};
  if (algorithm) {
    if (!known.algorithms.includes(algorithm)) return { problem: { part: 'algorithm', value: algorithm } };
    b.algorithm = algorithm;
  }
  if (heuristic) {
    if (!known.heuristics.includes(heuristic)) return { problem: { part: 'heuristic', value: heuristic } };
    b.heuristic = heuristic;
  }
  if (w) {
    const value = Number(w);
    if (!/^\d+(\.\d+)?$/.test(w) || value > MAX_W) return { problem: { part: 'w', value: w } };
    b.w = value;
  }
  if (tieBreak) {
    if (!known.tieBreaks.includes(tieBreak)) return { problem: { part: 'tie-break', value: tieBreak } };
    b.tieBreak = tieBreak;
  }
  return { b };
}

/** The `b` value of `settings`, every part written (what the page puts in the address). */
export function formatB(settings: PaneSettings): string {
  return [settings.algorithm, settings.heuristic, String(settings.w), settings.tieBreak].join(',');
}

/**
 * `search` with compare mode set (`b` given: `compare` and `b=…` written, replacing any) or cleared (null:
 * both removed); every other parameter stays as it was, in its place. Commas stay readable.
 */
export function withCompare(search: string, b: PaneSettings | null): string {
  const params = new URLSearchParams(search);
  params.delete('compare');
  params.delete('b');
  if (b) {
    params.append('compare', '');
    params.append('b', formatB(b));
  }
  // Bare flags (`embed`, `compare`, `lock`) stay bare: URLSearchParams would write them `embed=`.
  const text = params.toString().replace(/%2C/gi, ',').replace(/=(?=&|$)/g, '');
  return text ? `?${text}` : '';
}

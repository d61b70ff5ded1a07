// The "B − A" column of compare mode's stats: how far the second search's number is from the first's,
// signed, with the change relative to the first ("+3.5 (+8.8%)"); counts in words ("1,234 fewer (−38%)"). Pure (the number format is passed
// in), so unit-tested (difference.test.ts).

/** The minus sign the page prints (U+2212, not a hyphen). */
const MINUS = '\u2212';

/** A measured time: the time shown (its fastest batch) and its lowest and highest batch (Stats.timeLowUs …). */
export interface Timed {
  us: number;
  low: number;
  high: number;
}

/**
 * True when two measured times cannot be told apart: their batches' ranges overlap, so the difference
 * of the times shown is within what repeating the same search moves the number by.
 */
export function withinNoise(a: Timed, b: Timed): boolean {
  return a.low <= b.high && b.low <= a.high;
}

/**
 * `b − a` as printed: a sign, the size in `format`, and the change relative to `a` in brackets when `a`
 * is not 0. Equal numbers print "0"; a missing one (no path, so no cost) prints "–".
 */
export function difference(a: number | null, b: number | null, format: (value: number) => string): string {
  if (a === null || b === null) return '–';
  const d = b - a;
  if (Math.abs(d) < 1e-9) return format(0);
  const size = `${d > 0 ? '+' : MINUS}${format(Math.abs(d))}`;
  return a === 0 ? size : `${size} (${relative(a, d)})`;
}

/** The change `d` relative to `a`, signed: "−38%"; under 10% with one decimal ("+5.0%"). */
function relative(a: number, d: number): string {
  const p = (Math.abs(d) / Math.abs(a)) * 100;
  // Under 10% one decimal says more than a rounded 0 or 3 would.
  return `${d > 0 ? '+' : MINUS}${p < 10 ? p.toFixed(1) : String(Math.round(p))}%`;
}

/** How a count's difference is worded, in the page's language ("{n} fewer", "{n} more"). */
export interface CountWords {
  fewer(n: string): string;
  more(n: string): string;
}

/**
 * `b − a` for a count (expansions, the open list's peak) in words, with the change relative to the
 * first: "1,234 fewer (−38%)", "50 more (+5.0%)"; equal counts print "0", a missing one "–".
 */
export function countDifference(a: number | null, b: number | null, format: (value: number) => string, words: CountWords): string {
  if (a === null || b === null) return '–';
  const d = b - a;
  if (d === 0) return format(0);
  const phrase = d < 0 ? words.fewer(format(-d)) : words.more(format(d));
  return a === 0 ? phrase : `${phrase} (${relative(a, d)})`;
}

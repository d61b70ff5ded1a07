// A scenario's optimal length beside the cost found, compared at the precision the page shows them: the
// found cost is printed with as many decimals as the file gives (at least one), and "matches" is said only
// when the two printed numbers are equal. A cost the core accepts as equal (its tolerance covers files
// written with a rounded √2) that prints differently is "within rounding", with the difference shown, so
// the page never says "62.1543 vs 62.1544 matches".
import { num, t } from './i18n/index.js';

export interface OptimalComparison {
  /** The found cost as printed (or "no path"). */
  found: string;
  /** 'matches': equal as printed; 'rounding': printed differently, equal within the core's tolerance. */
  verdict: 'matches' | 'rounding' | 'differs';
  /** The verdict in words. */
  text: string;
}

/**
 * Compares `cost` with a scenario's `optimal` length printed with `decimals` decimals; `coreMatches` is
 * the core's verdict (Playground.matchesOptimal), which decides between "within rounding" and "differs".
 */
export function compareWithOptimal(optimal: number, decimals: number, cost: number | null, coreMatches: boolean): OptimalComparison {
  if (cost === null) return { found: t('files.no-path'), verdict: 'differs', text: t('files.differs') };
  const shown = Math.max(decimals, 1);
  const scale = 10 ** shown;
  const foundUnits = Math.round(cost * scale);
  const optimalUnits = Math.round(optimal * scale);
  const found = num(foundUnits / scale, shown);
  if (foundUnits === optimalUnits) return { found, verdict: 'matches', text: t('files.matches') };
  if (!coreMatches) return { found, verdict: 'differs', text: t('files.differs') };
  const difference = num(Math.abs(foundUnits - optimalUnits) / scale, shown);
  return { found, verdict: 'rounding', text: t('files.within-rounding', { difference }) };
}

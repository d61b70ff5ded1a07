// The algorithm registry as the page reads it: the rows of `Playground.algorithms()` (read once, after the
// wasm module has loaded), and what follows from a row — which controls it uses, whether it can run on
// the map shown with the settings chosen (the same two rules as the core's `check_supported`, so the menu
// can mark an option before it is chosen; the core still decides and says why), the cost bound its
// settings guarantee and the weight of h in the f numbers. No other module keeps a list of algorithms.
import { algorithms as registry } from './bridge.js';
import type { Settings } from './hooks.js';
import { algorithmTitle, t } from './i18n/index.js';
import type { AlgorithmRow, TerrainCosts } from './types.js';

/** What the page shows when the algorithm chosen cannot run on an edited or loaded map. */
export const FALLBACK_ALGORITHM = 'astar';

let rows: AlgorithmRow[] | null = null;

/** Every registered algorithm, in menu order. */
export function algorithms(): readonly AlgorithmRow[] {
  rows ??= registry();
  return rows;
}

/** Reads the registry again (after www/hpa/ swapped in the module that has every engine). */
export function rereadAlgorithms(): void {
  rows = null;
}

/** The row of `name`; the fallback's row for a name the registry does not have. */
export function rowOf(name: string): AlgorithmRow {
  const all = algorithms();
  return all.find((row) => row.name === name) ?? all.find((row) => row.name === FALLBACK_ALGORITHM) ?? all[0];
}

/** Which terrains the map has (indexed by terrain code) and what the passable ones cost. */
export interface MapFacts {
  present: readonly boolean[];
  costs: TerrainCosts;
}

/** True when every passable cell present costs the same (the registry's `uniformCostOnly` rule). */
export function hasUniformCost(facts: MapFacts): boolean {
  const costs = [facts.costs.plain, facts.costs.forest, facts.costs.swamp].filter((_, i) => facts.present[i + 1]);
  return costs.every((c) => c === costs[0]);
}

/**
 * Why `row` cannot run with `settings` on the map `facts` describes: a short reason for the menu (every
 * missing requirement) and the full sentence (the first, as the core words it), or null when it can.
 */
export function unsupported(
  row: AlgorithmRow,
  settings: Pick<Settings, 'movement'>,
  facts: MapFacts,
): { reason: string; sentence: string } | null {
  const movementOk = settings.movement === 4 ? row.movement.four : row.movement.eight;
  const costsOk = !row.uniformCostOnly || hasUniformCost(facts);
  if (!movementOk) {
    const movement = row.movement.eight ? 8 : 4;
    // The menu names every requirement missing at once, not one after the other.
    return {
      reason: t(costsOk ? 'algorithm.needs-movement' : 'algorithm.needs-both', { movement }),
      sentence: t('algorithm.why-movement', { title: algorithmTitle(row), movement }),
    };
  }
  if (!costsOk) {
    return { reason: t('algorithm.needs-uniform'), sentence: t('algorithm.why-uniform', { title: algorithmTitle(row) }) };
  }
  return null;
}

/**
 * The weight of h in the f numbers printed in cells (f = g + weight·h): w for algorithms that use it, 1
 * for other heuristic searches that are optimal (they order by g + h), Infinity for greedy ones (f = h),
 * 0 for searches without a heuristic.
 */
export function hWeight(s: Pick<Settings, 'algorithm' | 'w'>): number {
  const row = rowOf(s.algorithm);
  if (!row.usesHeuristic) return 0;
  if (row.usesWeight) return s.w;
  return row.optimal ? 1 : Infinity;
}

// The algorithm registry as the page reads it: the rows of `Playground.algorithms()` (read once, after the
// wasm module has loaded), the row of a name, and what the core says an algorithm lacks on the map shown
// (`Playground.unmetRequirements()`, worded here for the menu). No other module keeps a list of
// algorithms, and none re-derives a rule of the core's: whether an algorithm can run and what its f
// numbers are come from the core.
import { algorithms as registry, type Availability, type Playground, unmetRequirements } from './bridge.js';
import { coreText, t } from './i18n/index.js';
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

/** Why an algorithm cannot run on the map shown: the menu's short reason and the core's refusal. */
export interface Unavailable {
  /** Every missing requirement at once, short, for the menu ("needs 8 neighbours and equal costs"). */
  reason: string;
  /** The core's refusal in full, in the page's language. */
  sentence: string;
  /** The requirements not met, as the core lists them (what the one-click fix changes). */
  unmet: Availability['unmet'];
}

/** Every algorithm that cannot run on `pg`'s map with its movement, by name, with why (the core decides). */
export function unavailableHere(pg: Playground): Map<string, Unavailable> {
  const out = new Map<string, Unavailable>();
  for (const row of unmetRequirements(pg)) {
    if (row.unmet.length === 0) continue;
    const movement = row.unmet.find((u) => u.kind === 'movement');
    const uniform = row.unmet.some((u) => u.kind === 'uniform-costs');
    const reason = row.unmet.some((u) => u.kind === 'no-penalties')
      ? t('algorithm.needs-no-penalties')
      : movement
        ? t(uniform ? 'algorithm.needs-both' : 'algorithm.needs-movement', { movement: movement.movement })
        : t('algorithm.needs-uniform');
    out.set(row.name, { reason, sentence: row.refusal ? coreText(row.refusal) : reason, unmet: row.unmet });
  }
  return out;
}

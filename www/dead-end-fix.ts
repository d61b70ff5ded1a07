// What it takes to run an algorithm the map or settings shown cannot run (issue 24 §3, "no dead ends"):
// every missing requirement at once (the registry's movement and equal-cost rules, as www/algorithms.ts
// reads them), in words, and the one change that meets them all — the movement it needs, octile in place
// of Manhattan when that movement is 8 neighbours (never an inadmissible heuristic the user did not
// choose), and every present terrain that costs more or less than plain set to plain's cost. Pure: the
// offer under the Algorithm menu (www/dead-ends.ts) shows it and applies it.
import type { MapFacts } from './algorithms.js';
import type { Settings } from './hooks.js';
import { currentLanguage, t } from './i18n/index.js';
import type { AlgorithmRow, TerrainCosts } from './types.js';

/** The passable terrains in terrain-code order (plain is code 1). */
const PASSABLE = ['plain', 'forest', 'swamp'] as const;

/** The one change that makes an algorithm runnable, and how the page says it. */
export interface Fix {
  /** What the algorithm needs that the page lacks, in words ("8-neighbour movement", "equal step costs"). */
  needs: string[];
  /** What the change does, in words ("8 neighbours", "octile h", "forest and swamp cost 1"). */
  changes: string[];
  /** The settings it changes (the algorithm itself not included). */
  settings: Partial<Settings>;
  /** The terrain costs it sets, or null when they stay. */
  costs: TerrainCosts | null;
}

/** `items` as one phrase in the page's language: "a and b" (`and`), else "a, b" ("a、b" in Chinese). */
export function listOf(items: readonly string[], and: boolean): string {
  return new Intl.ListFormat(currentLanguage(), { type: 'conjunction', style: and ? 'long' : 'narrow' }).format(items);
}

/** What `row` needs beyond `settings` on the map `facts` describes, or null when it can run there already. */
export function fixFor(row: AlgorithmRow, settings: Pick<Settings, 'movement' | 'heuristic'>, facts: MapFacts): Fix | null {
  const fix: Fix = { needs: [], changes: [], settings: {}, costs: null };
  if (!(settings.movement === 4 ? row.movement.four : row.movement.eight)) {
    const movement = row.movement.eight ? 8 : 4;
    fix.needs.push(t('fix.need-movement', { movement }));
    fix.changes.push(t(movement === 8 ? 'movement.8' : 'movement.4'));
    fix.settings.movement = movement;
    if (movement === 8 && settings.heuristic === 'manhattan') {
      fix.settings.heuristic = 'octile';
      fix.changes.push(t('fix.octile'));
    }
  }
  const present = PASSABLE.filter((_, i) => facts.present[i + 1]);
  const plain = facts.costs.plain;
  if (row.uniformCostOnly && present.some((terrain) => facts.costs[terrain] !== facts.costs[present[0]])) {
    const other = present.filter((terrain) => facts.costs[terrain] !== plain);
    fix.needs.push(t('fix.need-uniform'));
    fix.changes.push(t('fix.cost', { terrains: listOf(other.map((terrain) => t(`terrain.${terrain}`).toLowerCase()), true), cost: plain }));
    fix.costs = { ...facts.costs };
    for (const terrain of other) fix.costs[terrain] = plain;
  }
  return fix.needs.length > 0 ? fix : null;
}

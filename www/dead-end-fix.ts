// What it takes to run an algorithm the map or settings shown cannot run (issue 24 §3, "no dead ends"):
// every missing requirement at once (as the core lists them: `Playground.unmetRequirements()`), in words,
// and the one change that meets them all — the movement it needs, octile in place
// of Manhattan when that movement is 8 neighbours (never an inadmissible heuristic the user did not
// choose), every present terrain that costs more or less than plain set to plain's cost, and the map's
// penalties (wall hugging, watchers, turns) removed. Pure: the offer under the Algorithm menu
// (www/dead-ends.ts) shows it and applies it; undo brings everything back.
import type { MapFacts } from './algorithms.js';
import type { Settings } from './hooks.js';
import { currentLanguage, t } from './i18n/index.js';
import type { TerrainCosts } from './types.js';
import type { Unmet } from './generated/core.js';

/** The passable terrains in terrain-code order (plain is code 1, road 4). */
const PASSABLE = ['plain', 'forest', 'swamp', 'road'] as const;

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
  /** It removes the map's penalties (the wall-hugging penalty, the watchers and their danger, the turn penalty). */
  penaltiesOff: boolean;
}

/** `items` as one phrase in the page's language: "a and b" (`and`), else "a, b" ("a、b" in Chinese). */
export function listOf(items: readonly string[], and: boolean): string {
  return new Intl.ListFormat(currentLanguage(), { type: 'conjunction', style: and ? 'long' : 'narrow' }).format(items);
}

/** The change that meets every requirement in `unmet` (the core's list for one algorithm) from `settings` on
 * the map `facts` describes, or null when nothing is missing. */
export function fixFor(unmet: readonly Unmet[], settings: Pick<Settings, 'movement' | 'heuristic'>, facts: MapFacts): Fix | null {
  const fix: Fix = { needs: [], changes: [], settings: {}, costs: null, penaltiesOff: false };
  for (const requirement of unmet) {
    if (requirement.kind === 'no-penalties') {
      fix.needs.push(t('fix.need-no-penalties'));
      fix.changes.push(t('fix.penalties-off'));
      fix.penaltiesOff = true;
    } else if (requirement.kind === 'movement') {
      const movement = requirement.movement === 4 ? 4 : 8;
      fix.needs.push(t('fix.need-movement', { movement }));
      fix.changes.push(t(movement === 8 ? 'movement.8' : 'movement.4'));
      fix.settings.movement = movement;
      if (movement === 8 && settings.heuristic === 'manhattan') {
        fix.settings.heuristic = 'octile';
        fix.changes.push(t('fix.octile'));
      }
    } else {
      const plain = facts.costs.plain;
      const other = PASSABLE.filter((terrain, i) => facts.present[i + 1] && facts.costs[terrain] !== plain);
      fix.needs.push(t('fix.need-uniform'));
      fix.changes.push(t('fix.cost', { terrains: listOf(other.map((terrain) => t(`terrain.${terrain}`).toLowerCase()), true), cost: plain / 10 }));
      fix.costs = { ...facts.costs };
      for (const terrain of other) fix.costs[terrain] = plain;
    }
  }
  return fix.needs.length > 0 ? fix : null;
}

// The terrain costs on the page: four numbers (plain, road, forest, swamp; 0.1 to 255 in steps of 0.1)
// that the map format, the share link and the core already carry, kept in tenths as the core keeps them.
// A change is an edit like painting: one undo step, an immediate re-solve, a status line that says what
// the path did, and the address bar's link follows. A value that is not such a number is marked invalid
// and changes nothing.
import type { App } from './app.js';
import { costsOf } from './bridge.js';
import { t } from './i18n/index.js';
import { echo } from './echo.js';
import type { TerrainCosts } from './types.js';

const TERRAINS = ['plain', 'road', 'forest', 'swamp'] as const;
type CostTerrain = (typeof TERRAINS)[number];
export const MIN_COST = 0.1;
export const MAX_COST = 255;

/** `text` as a cost in tenths (0.7 → 7), or null when it is not a number from 0.1 to 255 with at most one decimal. */
export function parseCostTenths(text: string): number | null {
  const match = /^\s*(\d+)(?:[.,](\d))?\s*$/.exec(text);
  if (!match) return null;
  const tenths = Number(match[1]) * 10 + Number(match[2] ?? '0');
  return tenths >= MIN_COST * 10 && tenths <= MAX_COST * 10 ? tenths : null;
}

/** A cost in tenths as the page writes it: 7 → "0.7", 30 → "3". */
export function costText(tenths: number): string {
  return tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
}

/** Makes `costs` the map's: an edit like painting (see the top of this file); false when they are its costs already. */
export function setTerrainCosts(app: App, costs: TerrainCosts): boolean {
  return app.edit((pg) => {
    const before = costsOf(pg);
    if (TERRAINS.every((terrain) => before[terrain] === costs[terrain])) return false;
    pg.setCosts(costs.plain, costs.road, costs.forest, costs.swamp);
    return true;
  });
}

export function installTerrainCosts(app: App): void {
  const inputs = Object.fromEntries(
    TERRAINS.map((terrain) => [terrain, document.getElementById(`cost-${terrain}`) as HTMLInputElement | null]),
  ) as Record<CostTerrain, HTMLInputElement | null>;
  if (TERRAINS.some((terrain) => !inputs[terrain])) return; // an embed without the editor

  const show = () => {
    const costs = costsOf(app.pg);
    for (const terrain of TERRAINS) {
      const input = inputs[terrain]!;
      input.value = costText(costs[terrain]);
      input.removeAttribute('aria-invalid');
    }
  };

  for (const terrain of TERRAINS) {
    const input = inputs[terrain]!;
    input.addEventListener('change', () => {
      const value = parseCostTenths(input.value);
      input.setAttribute('aria-invalid', String(value === null));
      if (value === null) {
        app.showMessage(t('costs.invalid', { text: echo(input.value.trim()) || '""', min: MIN_COST, max: MAX_COST }), 'error');
        return;
      }
      setTerrainCosts(app, { ...costsOf(app.pg), [terrain]: value });
    });
  }
  // Undo, redo, a link, a file or a generated map bring their own costs.
  app.on('map', show);
  show();
}

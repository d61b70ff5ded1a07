// The terrain costs on the page: three whole numbers (plain, forest, swamp; 1 to 255) that the map format,
// the share link and the core already carry. A change is an edit like painting: one undo step, an
// immediate re-solve, a status line that says what the path did, and the address bar's link follows.
// A value that is not a whole number from 1 to 255 is marked invalid and changes nothing.
import type { App } from './app.js';
import { costsOf } from './bridge.js';
import { t } from './i18n/index.js';
import { echo } from './echo.js';
import type { TerrainCosts } from './types.js';

const TERRAINS = ['plain', 'forest', 'swamp'] as const;
type CostTerrain = (typeof TERRAINS)[number];
export const MIN_COST = 1;
export const MAX_COST = 255;

/** `text` as a cost, or null when it is not a whole number from 1 to 255. */
export function parseCost(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= MIN_COST && value <= MAX_COST ? value : null;
}

/** Makes `costs` the map's: an edit like painting (see the top of this file); false when they are its costs already. */
export function setTerrainCosts(app: App, costs: TerrainCosts): boolean {
  return app.edit((pg) => {
    const before = costsOf(pg);
    if (before.plain === costs.plain && before.forest === costs.forest && before.swamp === costs.swamp) return false;
    pg.setCosts(costs.plain, costs.forest, costs.swamp);
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
      input.value = String(costs[terrain]);
      input.removeAttribute('aria-invalid');
    }
  };

  for (const terrain of TERRAINS) {
    const input = inputs[terrain]!;
    input.addEventListener('change', () => {
      const value = parseCost(input.value);
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

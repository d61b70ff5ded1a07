// The repair line of the stats card (D* Lite): after an edit that D* Lite repaired, one sentence compares
// the repair with a fresh A* on the same edited map ("repair: 212 expansions, fresh A*: 3,118"), from the
// core's `fresh-astar-expanded` detail. The repair's count is its whole run (the timeline's end), also while
// the repair is being stepped. Hidden for any other search. The raw numbers are in `data-repair` and
// `data-fresh` (for scripts and tests).
import type { App } from './app.js';
import { t } from './i18n/index.js';
import type { Stats } from './types.js';

/** The repair's and the fresh A*'s expansions, or null when the stats are not a repair's. */
export function repairCounts(stats: Stats, repairTotal: number): { repair: number; fresh: number } | null {
  const fresh = stats.details?.find((d) => d.key === 'fresh-astar-expanded');
  return fresh ? { repair: repairTotal, fresh: fresh.value } : null;
}

export function installRepairLine(app: App): void {
  const list = document.querySelector('[data-control="stats"] dl.stats');
  if (!list) return;
  const line = document.createElement('p');
  line.className = 'repair-line';
  line.dataset.testid = 'repair-line';
  line.hidden = true;
  list.after(line);
  const show = (stats: Stats) => {
    const counts = repairCounts(stats, app.total);
    line.hidden = counts === null;
    if (!counts) return;
    line.textContent = t('repair.line', counts);
    line.dataset.repair = String(counts.repair);
    line.dataset.fresh = String(counts.fresh);
  };
  app.on('searched', show);
  app.on('settings', () => {
    if (app.stats) show(app.stats);
  });
}

// The stats panel, the badge at the top right of the canvas ("optimal" or "+39%", with the bound the
// settings guarantee), the start/goal line and the status message. Text only: never innerHTML.
import { fmt, type App } from './app.js';
import type { Settings } from './hooks.js';
import type { Stats } from './types.js';

function setText(selector: string, text: string): void {
  const element = document.querySelector(selector);
  if (element) element.textContent = text;
}

/** Cost over the optimum as the page prints it: "0%", "39%", "0.4%". */
export function percent(overOptimal: number): string {
  const p = overOptimal * 100;
  if (p === 0) return '0%';
  return p < 1 ? `${p.toFixed(1)}%` : `${Math.round(p)}%`;
}

/** The cost bound the settings guarantee, e.g. "≤ 2.5 × optimal", or why there is none. */
export function boundText(s: Settings, admissible: boolean): string {
  switch (s.algorithm) {
    case 'dijkstra':
      return '≤ 1 × optimal';
    case 'astar':
      return admissible ? `≤ ${Math.max(1, s.w).toFixed(1)} × optimal` : 'no bound: h not admissible';
    case 'bfs':
      return 'fewest moves, not cheapest';
    default:
      return 'no bound';
  }
}

export function installStats(app: App): void {
  const badge = document.querySelector<HTMLElement>('[data-testid="badge"]')!;
  const message = document.getElementById('message')!;

  const show = (stats: Stats, final: boolean) => {
    setText('[data-stat="expanded"]', String(stats.expanded));
    setText('[data-stat="open-peak"]', String(stats.openPeak));
    setText('[data-stat="cost"]', stats.cost === null ? (final ? '– (no path)' : '–') : fmt(stats.cost));
    const hasPath = stats.pathCells > 1;
    const length = !hasPath
      ? '–'
      : app.options.smooth
        ? `${stats.smoothedLength.toFixed(1)} smoothed (grid ${stats.length.toFixed(1)}, ${stats.smoothedSegments} segment${stats.smoothedSegments === 1 ? '' : 's'})`
        : stats.length.toFixed(1);
    setText('[data-stat="length"]', length);
    setText('[data-stat="time-us"]', stats.timeUs < 100 ? stats.timeUs.toFixed(1) : String(Math.round(stats.timeUs)));
    setText('[data-stat="over-optimal"]', stats.overOptimal === null ? '–' : percent(stats.overOptimal));

    let value: string;
    if (stats.outcome === 'searching') value = 'searching…';
    else if (stats.outcome === 'unreachable') value = 'no path';
    else if (stats.overOptimal === null) value = '–';
    else value = stats.overOptimal === 0 ? 'optimal' : `+${percent(stats.overOptimal)}`;
    setText('#badge-value', value);
    setText('#badge-bound', boundText(app.settings(), stats.admissible));
    badge.classList.toggle('loss', (stats.overOptimal ?? 0) > 0);

    const pg = app.pg;
    setText(
      '[data-testid="ends"]',
      `${pg.width()} × ${pg.height()} map · start (${pg.startX()}, ${pg.startY()}) · goal (${pg.goalX()}, ${pg.goalY()})`,
    );
  };
  app.on('searched', show);
  app.on('settings', () => {
    if (app.stats) show(app.stats, app.stats.outcome !== 'searching');
  });

  app.on('message', (text, kind) => {
    message.textContent = text;
    message.dataset.kind = kind;
  });
}

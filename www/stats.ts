// The stats panel, the badge at the top right of the canvas ("optimal" or "+39%", with the bound the
// settings guarantee), the start/goal line, the status message (under the map, or an overlay that fades in
// an embed or on a phone) and the invalid marking of number fields. Text only: never innerHTML.
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

/** What the settings guarantee about the cost when they guarantee the optimum itself. */
export const EXACT_BOUND = 'guaranteed optimal';

/** The cost bound the settings guarantee, e.g. "≤ 2.5 × optimal" or EXACT_BOUND, or why there is none. */
export function boundText(s: Settings, admissible: boolean): string {
  switch (s.algorithm) {
    case 'dijkstra':
      return EXACT_BOUND;
    case 'astar':
      if (!admissible) return 'no bound: h not admissible';
      return s.w <= 1 ? EXACT_BOUND : `≤ ${s.w.toFixed(1)} × optimal`;
    case 'bfs':
      return 'fewest moves, not cheapest';
    default:
      return 'no bound';
  }
}

/** The badge's two parts: how the path compares with the optimum, and the bound beside it. */
export function badgeText(stats: Stats, bound: string): { value: string; bound: string } {
  if (stats.outcome === 'unreachable') return { value: 'no path', bound: '' };
  let value: string;
  if (stats.outcome === 'searching') value = 'searching…';
  else if (stats.overOptimal === null) value = '–';
  else value = stats.overOptimal === 0 ? 'optimal' : `+${percent(stats.overOptimal)}`;
  // "optimal guaranteed optimal" would say the word twice.
  return { value, bound: value === 'optimal' && bound === EXACT_BOUND ? 'guaranteed' : bound };
}

/** The length stat: the grid length, or the smoothed one with the grid length and segments after it. */
function showLength(element: Element, stats: Stats, smooth: boolean): void {
  if (stats.pathCells <= 1) {
    element.textContent = '–';
    return;
  }
  if (!smooth) {
    element.textContent = stats.length.toFixed(1);
    return;
  }
  const detail = document.createElement('small');
  const segments = `${stats.smoothedSegments} segment${stats.smoothedSegments === 1 ? '' : 's'}`;
  detail.textContent = ` smoothed (grid ${stats.length.toFixed(1)}, ${segments})`;
  element.replaceChildren(stats.smoothedLength.toFixed(1), detail);
}

/** Number fields whose value breaks their min, max or step get aria-invalid (styled in style.css). */
function markInvalidFields(): void {
  for (const input of document.querySelectorAll<HTMLInputElement>('input[type="number"]')) {
    if (input.checkValidity()) input.removeAttribute('aria-invalid');
    else input.setAttribute('aria-invalid', 'true');
  }
}

/** How long a message stays on screen where it is an overlay (embed, phone), by kind (ms). */
const MESSAGE_MS = { info: 6000, error: 12000 };

export function installStats(app: App): void {
  const badge = document.querySelector<HTMLElement>('[data-testid="badge"]')!;
  const message = document.getElementById('message')!;

  const show = (stats: Stats, final: boolean) => {
    setText('[data-stat="expanded"]', String(stats.expanded));
    setText('[data-stat="open-peak"]', String(stats.openPeak));
    setText('[data-stat="cost"]', stats.cost === null ? (final ? '– (no path)' : '–') : fmt(stats.cost));
    const length = document.querySelector('[data-stat="length"]');
    if (length) showLength(length, stats, app.options.smooth);
    setText('[data-stat="time-us"]', stats.timeUs < 100 ? stats.timeUs.toFixed(1) : String(Math.round(stats.timeUs)));
    setText('[data-stat="over-optimal"]', stats.overOptimal === null ? '–' : percent(stats.overOptimal));

    const text = badgeText(stats, boundText(app.settings(), stats.admissible));
    setText('#badge-value', text.value);
    setText('#badge-bound', text.bound);
    badge.dataset.outcome = text.value === 'optimal' ? 'optimal' : (stats.overOptimal ?? 0) > 0 ? 'loss' : 'other';
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

  let fade = 0;
  app.on('message', (text, kind) => {
    message.textContent = text;
    message.dataset.kind = kind;
    // An overlay shows two lines at most: the whole text is in the tooltip.
    message.title = text;
    message.classList.remove('faded');
    clearTimeout(fade);
    fade = window.setTimeout(() => message.classList.add('faded'), MESSAGE_MS[kind]);
    if (kind === 'error') markInvalidFields();
  });
  for (const event of ['input', 'change']) {
    document.addEventListener(event, (e) => {
      if (e.target instanceof HTMLInputElement && e.target.type === 'number') markInvalidFields();
    });
  }
  app.on('map', markInvalidFields);
}

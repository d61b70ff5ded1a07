// The stats panel, the badge at the top right of the canvas ("optimal" or "+39%", with the bound the
// settings guarantee), the start/goal line, the status message (under the map, or an overlay that fades in
// an embed or on a phone) and the invalid marking of number fields. Text only: never innerHTML. Beside the
// common stats, one row per counter the algorithm reports in `details` (labels from www/i18n/), each
// `data-stat="<key>"`, rebuilt only when the set of keys changes.
import { fmt, type App } from './app.js';
import { detailLabel, microseconds, num, t } from './i18n/index.js';
import type { Bound, Stats } from './types.js';
import type { Curve } from './pkg/astar.js';


function setText(selector: string, text: string): void {
  const element = document.querySelector(selector);
  if (element) element.textContent = text;
}

/**
 * Cost over the optimum as the page prints it: "0%", "39%", "0.4%"; below the (grid) optimum, as an
 * any-angle path can be, with a minus sign: "-7%" (ASCII, so that the number parses).
 */
export function percent(overOptimal: number): string {
  if (overOptimal < 0) return `-${percent(-overOptimal)}`;
  const p = overOptimal * 100;
  if (p === 0) return `${num(0)}%`;
  return p < 1 ? `${num(p, 1)}%` : `${num(Math.round(p))}%`;
}

/**
 * The badge's sentence for what the settings promise about the cost (the core's `bound`, worded here):
 * "guaranteed optimal", "w = 2.5 guarantees a cost at most 2.5 × the optimum", what was measured …
 */
export function boundText(bound: Bound): string {
  switch (bound.kind) {
    case 'exact':
      return t('bound.exact');
    case 'weighted':
      return t('bound.weighted', { w: num(bound.w, 1) });
    case 'not-admissible':
      return t('bound.not-admissible');
    case 'fewest-moves':
      return t('bound.fewest-moves');
    case 'any-angle':
      return t('bound.any-angle');
    case 'measured':
      return t(bound.maps === 'uniform' ? 'bound.measured-uniform' : 'bound.measured-terrain', {
        mean: percent(bound.mean),
        worst: percent(bound.worst),
        searches: num(bound.searches),
      });
    default:
      return t('bound.none');
  }
}

/** The badge's two parts: how the path compares with the optimum, and the bound beside it. */
export function badgeText(stats: Stats): { value: string; bound: string; optimal: boolean } {
  const bound = boundText(stats.bound);
  if (stats.outcome === 'unreachable') return { value: t('badge.no-path'), bound: '', optimal: false };
  if (stats.outcome === 'limit') return { value: t('badge.partial'), bound: t('bound.partial'), optimal: false };
  const optimal = stats.outcome !== 'searching' && stats.overOptimal === 0;
  let value: string;
  if (stats.outcome === 'searching') value = t('badge.searching');
  else if (stats.optimumPending) value = t('badge.comparing');
  else if (stats.overOptimal === null) value = '–';
  else if (optimal) value = t('badge.optimal');
  else value = stats.overOptimal > 0 ? `+${percent(stats.overOptimal)}` : percent(stats.overOptimal);
  // "optimal guaranteed optimal" would say the word twice.
  return { value, bound: optimal && stats.bound.kind === 'exact' ? t('bound.exact-after-optimal') : bound, optimal };
}

/**
 * The length stat: the grid length; with smoothing, the smoothed one with the grid length and segments after
 * it; with the curve, the curve's (the core's `curve`) with the smoothed and grid lengths and the pieces it
 * left straight.
 */
function showLength(element: Element, stats: Stats, smooth: boolean, curve: Curve | null): void {
  if (stats.pathCells <= 1) {
    element.textContent = '–';
    return;
  }
  if (!smooth) {
    element.textContent = num(stats.length, 1);
    return;
  }
  const detail = document.createElement('small');
  if (stats.smoothingPending) {
    // A big map's long path is shown before its smoothing ends (a few slices later).
    detail.textContent = t('stat.smoothing');
    element.replaceChildren(num(stats.length, 1), detail);
    return;
  }
  const n = stats.smoothedSegments;
  const segments = t(n === 1 ? 'stat.segments-one' : 'stat.segments-many', { n });
  if (!curve || curve.length === 0) {
    detail.textContent = t('stat.smoothed', { grid: num(stats.length, 1), segments });
    element.replaceChildren(num(stats.smoothedLength, 1), detail);
    return;
  }
  const straight = curve.straight.length;
  detail.textContent = t('stat.curved', { smoothed: num(stats.smoothedLength, 1), grid: num(stats.length, 1), segments });
  if (straight > 0) detail.textContent += ` · ${t(straight === 1 ? 'stat.straight-one' : 'stat.straight-many', { n: straight })}`;
  element.replaceChildren(num(curve.length, 1), detail);
}

/** A detail's value as printed: counts whole, costs like the path cost, weights with two decimals. */
export function formatDetail(key: string, value: number): string {
  if (key.includes('cost')) return fmt(value);
  if (Number.isInteger(value)) return num(value);
  return num(value, 2);
}

/** The rows for `details` in the stats list: reused while the keys stay the same, replaced when they change. */
function showDetails(list: HTMLElement, details: Stats['details']): void {
  const rows = Array.from(list.querySelectorAll<HTMLElement>(':scope > [data-detail]'));
  const same = rows.length === details.length && rows.every((row, i) => row.dataset.detail === details[i].key);
  if (!same) {
    for (const row of rows) row.remove();
    for (const { key } of details) {
      const row = document.createElement('div');
      row.dataset.detail = key;
      const label = document.createElement('dt');
      label.textContent = detailLabel(key);
      const value = document.createElement('dd');
      value.dataset.stat = key;
      row.append(label, value);
      list.append(row);
    }
  }
  const values = list.querySelectorAll<HTMLElement>(':scope > [data-detail] > dd');
  details.forEach(({ key, value }, i) => (values[i].textContent = formatDetail(key, value)));
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
  const list = document.querySelector<HTMLElement>('[data-control="stats"] dl.stats');

  const show = (stats: Stats, final: boolean) => {
    setText('[data-stat="expanded"]', num(stats.expanded));
    setText('[data-stat="open-peak"]', num(stats.openPeak));
    setText('[data-stat="reopened"]', num(stats.reopened));
    setText('[data-stat="stale-pops"]', num(stats.stalePops));
    setText('[data-stat="cost"]', stats.cost === null ? (final ? t('stat.no-path') : '–') : fmt(stats.cost));
    const length = document.querySelector('[data-stat="length"]');
    if (length) {
      const curve = stats.pathCells > 1 && app.curveShown() ? app.pg.curve() : null;
      try {
        showLength(length, stats, app.options.smooth, curve);
      } finally {
        curve?.free();
      }
    }
    // Two significant digits: the batches are timed to within about 20% (see Stats.timeUs).
    setText('[data-stat="time-us"]', microseconds(stats.timeUs));
    setText('[data-stat="over-optimal"]', stats.optimumPending ? '…' : stats.overOptimal === null ? '–' : percent(stats.overOptimal));
    if (list) showDetails(list, stats.details ?? []);

    const text = badgeText(stats);
    setText('#badge-value', text.value);
    setText('#badge-bound', text.bound);
    badge.dataset.outcome = text.optimal ? 'optimal' : (stats.overOptimal ?? 0) > 0 ? 'loss' : 'other';
    badge.classList.toggle('loss', (stats.overOptimal ?? 0) > 0);

    const pg = app.pg;
    setText(
      '[data-testid="ends"]',
      t('stat.ends', { width: pg.width(), height: pg.height(), sx: pg.startX(), sy: pg.startY(), gx: pg.goalX(), gy: pg.goalY() }),
    );
  };
  app.on('searched', show);
  // On a big map the path is shown before the optimum it is compared with (App.comparing).
  app.on('compared', (stats) => show(stats, true));
  app.on('curve', () => {
    if (app.stats) show(app.stats, true);
  });
  const solving = document.getElementById('solving');
  app.on('solving', (on) => {
    if (solving) solving.hidden = !on;
    const root = document.getElementById('app')!;
    if (on) root.dataset.solving = '';
    else delete root.dataset.solving;
  });
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

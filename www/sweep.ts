// The w sweep: the article's table, live: weighted A* on the current map at w = 1, 1.5, ..., 5, with
// expansions drawn as bars (each as long as its number: the longest fills its track) and the row of the current w marked (a w between two rows marks the nearer one
// as near, a w below 1 or another algorithm marks none). Recomputed after each edit or settings
// change, one weight per task so a large map never freezes the page; a newer request cancels an older one.
import { errorText, type App } from './app.js';
import { fmt } from './app.js';
import { num, t } from './i18n/index.js';
import { sweep } from './bridge.js';
import { percent } from './stats.js';
import type { Settings } from './hooks.js';
import type { SweepRow } from './types.js';

export const SWEEP_WEIGHTS = [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5];
/** The algorithm the sweep runs (the core's `Session::sweep` is weighted A*): its rows describe only it. */
export const SWEEP_ALGORITHM = 'astar';
/** Maps up to this many cells get their sweep recomputed after every edit; larger ones on request. */
const AUTO_SWEEP_CELLS = 256 * 256;

/**
 * Which sweep row the settings are on: `current` when w is one of SWEEP_WEIGHTS, else `near`, the nearer row
 * when w lies between the first and the last; -1 for none (another algorithm, or w outside the rows).
 */
export function markedRows(s: Pick<Settings, 'algorithm' | 'w'>): { current: number; near: number } {
  if (s.algorithm !== SWEEP_ALGORITHM || s.w < SWEEP_WEIGHTS[0] - 1e-9 || s.w > SWEEP_WEIGHTS.at(-1)! + 1e-9) return { current: -1, near: -1 };
  let best = 0;
  SWEEP_WEIGHTS.forEach((x, i) => {
    if (Math.abs(x - s.w) < Math.abs(SWEEP_WEIGHTS[best] - s.w)) best = i;
  });
  return Math.abs(SWEEP_WEIGHTS[best] - s.w) < 1e-9 ? { current: best, near: -1 } : { current: -1, near: best };
}

export function installSweep(app: App): void {
  const table = document.getElementById('sweep') as HTMLTableElement | null;
  if (!table) return;
  const body = table.tBodies[0];
  let rows: SweepRow[] = [];
  let generation = 0;

  const render = () => {
    const { current, near } = markedRows(app.settings());
    const most = Math.max(1, ...rows.map((r) => r.expanded));
    body.replaceChildren(
      ...rows.map((row, i) => {
        const tr = document.createElement('tr');
        if (i === current) {
          tr.className = 'current';
          tr.setAttribute('aria-current', 'true');
        } else if (i === near) tr.className = 'near';
        const cells = [
          num(row.w, 1),
          '',
          row.cost === null ? t('sweep.no-path') : fmt(row.cost),
          row.overOptimal === null ? '–' : row.overOptimal === 0 ? t('sweep.optimal') : `+${percent(row.overOptimal)}`,
        ];
        cells.forEach((text, c) => {
          const td = document.createElement(c === 0 ? 'th' : 'td');
          if (c === 1) {
            // The bar lives in a track of its own, beside the number: its width is a share of the track
            // alone, so no cap on the bar can make two different numbers draw the same length.
            const cell = document.createElement('div');
            cell.className = 'bar-cell';
            const track = document.createElement('span');
            track.className = 'bar-track';
            const bar = document.createElement('span');
            bar.className = 'bar';
            bar.style.width = `${(row.expanded / most) * 100}%`;
            track.append(bar);
            const value = document.createElement('span');
            value.className = 'bar-value';
            value.textContent = num(row.expanded);
            cell.append(track, value);
            td.append(cell);
          } else td.textContent = text;
          tr.append(td);
        });
        return tr;
      }),
    );
  };

  const recompute = () => {
    const mine = ++generation;
    const next: SweepRow[] = [];
    const work = (i: number) => {
      if (mine !== generation) return;
      try {
        next.push(...sweep(app.pg, new Float64Array([SWEEP_WEIGHTS[i]])));
      } catch (err) {
        app.showMessage(t('sweep.failed', { message: errorText(err) }), 'error');
        return;
      }
      if (i + 1 < SWEEP_WEIGHTS.length) setTimeout(() => work(i + 1), 0);
      else {
        rows = next;
        table.dataset.state = 'done';
        render();
      }
    };
    table.dataset.state = 'computing';
    setTimeout(() => work(0), 0);
  };

  // Large maps: nine searches could take seconds, so the sweep waits for a click.
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = t('sweep.compute');
  button.hidden = true;
  button.addEventListener('click', () => {
    button.hidden = true;
    recompute();
  });
  table.after(button);
  const onMap = () => {
    generation++;
    if (app.pg.width() * app.pg.height() <= AUTO_SWEEP_CELLS) {
      button.hidden = true;
      recompute();
    } else {
      // The rows belong to the previous map: drop them rather than show another map's numbers.
      rows = [];
      render();
      table.dataset.state = 'stale';
      button.hidden = false;
    }
  };

  app.on('map', onMap);
  app.on('settings', render);
  onMap();
}

// The way into the penalties (www/penalties/: the wall-hugging penalty, watchers and the turn penalty)
// from the first download: a Penalties button under the terrain costs, and a map that has them (from a
// link, a file or undo), which needs them drawn, or an embed showing their fields. The fields, the watcher
// tool and the drawing are a chunk fetched the first time one of these happens.
import type { App } from './app.js';
import { onDemand } from './on-demand.js';
import { diamond } from './render/markers.js';
import { t } from './i18n/index.js';

export function installPenaltiesEntry(app: App): void {
  const run = onDemand(app, () => import('./penalties/index.js'));
  const costs = document.querySelector<HTMLElement>('fieldset[data-control="costs"]');
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'penalties-toggle';
  button.textContent = t('penalties.toggle');
  button.dataset.help = 'help.penalties';
  costs?.append(button);
  const open = () =>
    run((module) => {
      button.remove();
      module.installPenalties(app, costs, { diamond });
    });
  button.addEventListener('click', () => void open());
  // Plain numbers: hug, danger and turn in tenths, then three a watcher (www/penalties/read.ts). An embed
  // that asks for the penalties' fields has a place for them in its bar (www/embed.ts).
  const follow = () => {
    const p = app.pg.penalties();
    if (p[0] > 0 || p[2] > 0 || p.length > 3 || document.querySelector('[data-slot="penalties"]')) void open();
  };
  app.on('map', follow);
  follow();
}

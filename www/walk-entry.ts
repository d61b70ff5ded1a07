// The way into walk mode (www/walk/) from the first download: a Walk button beside the algorithm menu,
// shown while D* Lite is chosen, and an address that asks for it (`?walk=R`, also in an embed). The mode
// itself is a chunk of its own, fetched the first time either happens.
import type { App } from './app.js';
import { onDemand } from './on-demand.js';
import { t } from './i18n/index.js';
import { walkRadius } from './walk/url.js';
import { rowOf } from './algorithms.js';


/** Adds the Walk button and opens walk mode when the address asks for it (after the link is shown). */
export function installWalkEntry(app: App): void {
  const run = onDemand(app, () => import('./walk/index.js'));
  const anchor = document.getElementById('compare-toggle');
  if (anchor) {
    const toggle = document.createElement('button');
    toggle.type = 'button';
    toggle.id = 'walk-toggle';
    toggle.setAttribute('aria-pressed', 'false');
    toggle.textContent = t('walk.toggle');
    toggle.dataset.help = 'help.walk';
    anchor.after(toggle);
    const follow = () => (toggle.hidden = !rowOf(app.settings().algorithm).repairsEdits && toggle.getAttribute('aria-pressed') !== 'true');
    app.on('settings', follow);
    follow();
    toggle.addEventListener('click', () => void run((module) => module.toggleWalk(app)));
  }
  const radius = walkRadius(location.search);
  if (radius !== null) void run((module) => module.openFromAddress(app, radius));
}

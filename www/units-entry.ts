// The way into units mode (www/units/, the game scene) from the first download: a Units button beside the
// walk and compare toggles, an address that asks for it (`?units=…`, also in an embed), and the scripting
// hook `window.astarPlayground.units` (README, "Scripting the page"). The mode itself is a chunk of its own,
// fetched the first time any of them is used, with the wasm module that has the scene.
import type { App } from './app.js';
import { t } from './i18n/index.js';
import { checkedSetup, DEFAULT_SETUP, unitsSetup, type UnitsSetup } from './units/url.js';
import type { UnitsHook } from './units/hook.js';
import { useModule } from './bridge.js';
import { rereadAlgorithms, rowOf } from './algorithms.js';
import { retryableImport } from './retry-import.js';

type UnitsModule = typeof import('./units/index.js');

/** Adds the Units button and the hook, and opens units mode when the address asks for it. */
export function installUnitsEntry(app: App): void {
  let module: UnitsModule | null = null;
  const load = retryableImport(() => import('./units/index.js').then((m) => (module = m)));
  const kit = { useModule, rereadAlgorithms, rowOf };
  const start = (setup: UnitsSetup) => load().then((m) => m.startUnits(app, kit, setup));
  const anchor = document.getElementById('compare-toggle');
  if (anchor) {
    const toggle = document.createElement('button');
    toggle.type = 'button';
    toggle.id = 'units-toggle';
    toggle.setAttribute('aria-pressed', 'false');
    toggle.textContent = t('units.toggle');
    toggle.dataset.help = 'help.units';
    anchor.after(toggle);
    toggle.addEventListener('click', () =>
      load().then((m) => m.toggleUnits(app, kit), (err: unknown) => app.showMessage(String(err), 'error')),
    );
  }
  const hook: UnitsHook = {
    start: (options = {}) => start(checkedSetup({ ...DEFAULT_SETUP, ...options })),
    stop: () => module?.stopUnits(),
    stats: () => module?.unitsStats() ?? null,
    positions: () => module?.unitsPositions() ?? null,
    way: (i) => module?.unitsWay(i) ?? null,
    frameTimes: () => module?.unitsFrameTimes() ?? [],
  };
  app.units = hook;
  const asked = unitsSetup(location.search);
  if (asked) void start(asked).catch((err: unknown) => app.showMessage(String(err), 'error'));
}

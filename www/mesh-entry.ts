// The way into mesh mode (www/mesh/, the navigation mesh) from the first download: a Mesh button beside the
// Units button, an address that asks for it (`?mesh=…`, also in an embed), and the scripting hook
// `window.astarPlayground.mesh` (README, "Scripting the page"). The mode is a chunk of its own, fetched the
// first time any of them is used, with the wasm module that has the mesh.
import type { App } from './app.js';
import { t } from './i18n/index.js';
import { checkedMesh, DEFAULT_MESH, meshSetup, type MeshSetup } from './mesh/url.js';
import type { MeshHook } from './mesh/hook.js';
import { useModule } from './bridge.js';
import { rereadAlgorithms, rowOf } from './algorithms.js';
import { retryableImport } from './retry-import.js';
import { setTerrainCosts } from './terrain-costs.js';

type MeshModule = typeof import('./mesh/index.js');

/** Adds the Mesh button and the hook, and opens mesh mode when the address asks for it. */
export function installMeshEntry(app: App): void {
  let module: MeshModule | null = null;
  const load = retryableImport(() => import('./mesh/index.js').then((m) => (module = m)));
  const kit = { useModule, rereadAlgorithms, rowOf, setTerrainCosts };
  const start = (setup: MeshSetup) => load().then((m) => m.startMesh(app, kit, setup));
  const anchor = document.getElementById('units-toggle') ?? document.getElementById('compare-toggle');
  if (anchor) {
    const toggle = document.createElement('button');
    toggle.type = 'button';
    toggle.id = 'mesh-toggle';
    toggle.setAttribute('aria-pressed', 'false');
    toggle.textContent = t('mesh.toggle');
    toggle.dataset.help = 'help.mesh';
    anchor.after(toggle);
    toggle.addEventListener('click', () =>
      load().then((m) => m.toggleMesh(app, kit), (err: unknown) => app.showMessage(String(err), 'error')),
    );
  }
  const hook: MeshHook = {
    start: (options = {}) => start(checkedMesh({ ...DEFAULT_MESH, ...options })),
    stop: () => module?.stopMesh(),
    stats: () => module?.meshStats() ?? null,
  };
  app.mesh = hook;
  const asked = meshSetup(location.search);
  if (asked) void start(asked).catch((err: unknown) => app.showMessage(String(err), 'error'));
}

// The wasm module units mode runs in: the one with HPA*, JPS+ and the game scene's `Crowd` (www/pkg-full),
// made the page's the way choosing HPA* does (www/hpa/core.ts), so the map shown lives in it and a Crowd
// can read it directly.
import type { App } from '../app.js';
import { fullModule, useFullModule, type Kit } from '../hpa/core.js';
import type { Crowd, Playground as FullPlayground } from '../pkg-full/astar_full.js';

/** What units mode needs of the full module. */
export interface FullModule {
  Crowd: typeof Crowd;
  memory: WebAssembly.Memory;
}

let loaded: { module: FullModule; playground: unknown } | null = null;

/** Loads the full module (once), re-makes the playground shown in it, and returns its Crowd class and memory. */
export async function rehomeForUnits(app: App, kit: Kit): Promise<FullModule> {
  if (loaded && app.pg.constructor === loaded.playground) return loaded.module;
  await useFullModule(app, kit);
  const full = await fullModule();
  const output = await full.default();
  loaded = { module: { Crowd: full.Crowd, memory: output.memory }, playground: full.Playground };
  return loaded.module;
}

/**
 * The playground shown, as the full module's: once `rehomeForUnits` has run, every playground the page
 * makes comes from that module (www/bridge.ts `useModule`), so this holds for as long as units mode is open.
 */
export function shownPlayground(app: App): FullPlayground {
  return app.pg as unknown as FullPlayground;
}

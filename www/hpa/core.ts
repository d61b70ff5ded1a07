// Fetches the wasm module that has HPA* (www/pkg-full, built by scripts/build-wasm.sh with the facade's
// `full` feature) and makes it the page's: new playgrounds come from it (bridge.ts `useModule`), the
// registry is read again (HPA* is now available), and the playground shown is re-made in it with its
// map, end cells, settings and view (the undo history is share bytes, which either module reads).
import type { App } from '../app.js';
import type { rereadAlgorithms, rowOf } from '../algorithms.js';
import type { rehome, useModule } from '../bridge.js';


/**
 * What this chunk needs of the first download's modules, handed over by www/hpa-entry.ts (imported here,
 * they would be split out of the entry script into chunks of their own, which makes the first download larger).
 */
export interface Kit {
  useModule: typeof useModule;
  rehome: typeof rehome;
  rereadAlgorithms: typeof rereadAlgorithms;
  rowOf: typeof rowOf;
}

/** Loads the module (throws when the fetch or instantiation fails: nothing has changed then). */
export async function useFullModule(app: App, kit: Kit): Promise<void> {
  const full = await import('../pkg-full/astar_full.js');
  const output = await full.default();
  kit.useModule(full.Playground, output.memory);
  kit.rereadAlgorithms();
  app.replacePlayground(kit.rehome(app.pg), app.viewOptions(), app.mapOrigin());
}

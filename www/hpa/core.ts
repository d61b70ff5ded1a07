// Fetches the wasm module that has HPA*, JPS+, Theta* and ARA*, the turn penalty's search and the readers of map files
// (www/pkg-full, built by scripts/build-wasm.sh with the facade's `full` feature) and makes it the page's: new playgrounds come from it (bridge.ts `useModule`),
// the registry is read again (HPA*, JPS+, Theta* and ARA* are now available), and the playground shown is re-made in it with its
// map, end cells, settings and view (the undo history is share bytes, which either module reads).
import type { App } from '../app.js';
import type { rereadAlgorithms, rowOf } from '../algorithms.js';
import type { Playground, useModule } from '../bridge.js';
import type { drawPixels } from '../render/path-pixels.js';
import { retryableImport } from '../retry-import.js';

/**
 * What this chunk needs of the first download's modules, handed over by www/hpa-entry.ts (imported here,
 * they would be split out of the entry script into chunks of their own, which makes the first download larger).
 */
export interface Kit {
  useModule: typeof useModule;
  rereadAlgorithms: typeof rereadAlgorithms;
  rowOf: typeof rowOf;
  /** Lines written as pixels on small cells (www/render/path-pixels.ts), for HPA*'s abstract path. */
  drawPixels?: typeof drawPixels;
}

/** The module with HPA*'s Playground class, once loaded. */
let Full: typeof Playground | null = null;

/**
 * `pg` (map, costs, end cells, settings) re-made by the module with HPA*, or `pg` itself when it already
 * lives there; the caller frees the old one. Throws the core's message when it cannot be copied.
 */
export function rehome(pg: Playground): Playground {
  if (!Full || pg.constructor === Full) return pg;
  const view = Full.openShareBytes(pg.shareBytes({ smooth: false, numbers: 'none', step: null }, null));
  try {
    return view.takePlayground();
  } finally {
    view.free();
  }
}

/**
 * The module's script, fetched once; after a failed fetch the next call fetches again. Units and mesh mode
 * take it from here too, so that the page never holds two copies of the module.
 */
export const fullModule = retryableImport(() => import('../pkg-full/astar_full.js'));

/** Loads the module (throws when the fetch or instantiation fails: nothing has changed then). */
export async function useFullModule(app: App, kit: Kit): Promise<void> {
  const full = await fullModule();
  const output = await full.default();
  Full = full.Playground as unknown as typeof Playground;
  kit.useModule(Full, output.memory);
  kit.rereadAlgorithms();
  app.replacePlayground(rehome(app.pg), app.viewOptions(), app.mapOrigin());
}

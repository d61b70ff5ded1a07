// The wasm module mesh mode runs in: the one with the navigation mesh's `MeshView` (www/pkg-full), made the
// page's the way choosing HPA* does (www/hpa/core.ts), so the map shown lives in it and a MeshView can read it.
import type { App } from '../app.js';
import { fullModule, useFullModule, type Kit } from '../hpa/core.js';
import type { MeshView, Playground as FullPlayground } from '../pkg-full/astar_full.js';

let loaded: { MeshView: typeof MeshView; playground: unknown } | null = null;

/** Loads the full module (once), re-makes the playground shown in it, and returns its MeshView class. */
export async function rehomeForMesh(app: App, kit: Kit): Promise<typeof MeshView> {
  if (loaded && app.pg.constructor === loaded.playground) return loaded.MeshView;
  await useFullModule(app, kit);
  const full = await fullModule();
  await full.default();
  loaded = { MeshView: full.MeshView, playground: full.Playground };
  return loaded.MeshView;
}

/** The playground shown, as the full module's (true once `rehomeForMesh` has run, while mesh mode is open). */
export function shownPlayground(app: App): FullPlayground {
  return app.pg as unknown as FullPlayground;
}

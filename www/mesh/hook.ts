// The scripting hook of mesh mode (`window.astarPlayground.mesh`, README "Scripting the page") and what it
// reads: types only, a leaf the App, the entry and the mode all import without importing one another.
import type { MeshSetup } from './url.js';

/** What the hook's `stats()` returns: the mesh's numbers and the search's, as the page shows them. */
export interface MeshHookStats {
  kind: string;
  search: string;
  radius: number;
  freeCells: number;
  polygons: number;
  portals: number;
  buildMs: number;
  tiles: number;
  tilesRebuilt: number;
  /** 'found', 'unreachable', or null while the search runs (or when it could not begin). */
  outcome: string | null;
  expanded: number;
  length: number;
  /** The path, `[[x, y], ...]` in cell-corner coordinates (a cell's centre at x + 0.5). */
  path: [number, number][];
  lengths: { polyanya: number | null; navmeshAstar: number | null; theta: number | null; smoothed: number | null; grid: number | null } | null;
}

/** `window.astarPlayground.mesh`. */
export interface MeshHook {
  /** Opens mesh mode (or changes it) with `options`; resolves true once a mesh is shown. */
  start(options?: Partial<MeshSetup>): Promise<boolean>;
  /** Leaves mesh mode. */
  stop(): void;
  /** The numbers shown, or null outside mesh mode. */
  stats(): MeshHookStats | null;
}

// The scripting hook of units mode (`window.astarPlayground.units`, README "Scripting the page") and what it
// reads: types only, a leaf the App, the entry and the mode all import without importing one another.
import type { UnitsSetup } from './url.js';

/** What the scripting hook reads (README, "Scripting the page"). */
export interface UnitsStats {
  units: number;
  frame: number;
  served: number;
  servedThisFrame: number;
  queue: number;
  walking: number;
  waiting: number;
  arrived: number;
  unreachable: number;
  replans: number;
  worstFrameMs: number;
  lastFrameMs: number;
  cacheHits: number;
  cacheLookups: number;
  w: number;
  expansions: number;
  planner: string;
}

/** The hook's `start` options: any of the scene's settings (the rest default). */
export type UnitsStart = Partial<UnitsSetup>;

/** `window.astarPlayground.units`. */
export interface UnitsHook {
  /** Opens units mode (or changes its scene) with `options`; resolves true once the scene runs. */
  start(options?: UnitsStart): Promise<boolean>;
  /** Leaves units mode. */
  stop(): void;
  /** The scene's numbers, or null outside units mode. */
  stats(): UnitsStats | null;
  /** The units' positions in cells, or null outside units mode. */
  positions(): [number, number][] | null;
  /** Unit `i`'s way ahead (where it stands, then the points still to walk, in cells), or null. */
  way(i: number): [number, number][] | null;
  /** The frame times measured so far, ms (the page's clock). */
  frameTimes(): number[];
}


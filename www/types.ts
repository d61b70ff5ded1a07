// The shapes of the small results the wasm facade returns as plain objects (see crates/astar-wasm).
// Settings live in hooks.ts, the contract with the share modules.

/** What `Playground.stats()` / `solve()` return (astar_core::session::Stats, camelCase). */
export interface Stats {
  outcome: 'searching' | 'found' | 'unreachable' | 'limit';
  expanded: number;
  generated: number;
  reopened: number;
  stalePops: number;
  openPeak: number;
  /** Path cost in steps, null when there is no path. */
  cost: number | null;
  pathCells: number;
  /** Geometric length of the grid path. */
  length: number;
  smoothedLength: number;
  smoothedSegments: number;
  optimalCost: number | null;
  /** Cost over the optimum as a fraction (0.39 = 39%), null when unknown. */
  overOptimal: number | null;
  timeUs: number;
  admissible: boolean;
}

/** One row of `Playground.sweep()`. */
export interface SweepRow {
  w: number;
  expanded: number;
  cost: number | null;
  overOptimal: number | null;
}

/** Terrain codes as the core numbers them, by name (the brush uses them). */
export const TERRAIN_CODES = { wall: 0, plain: 1, forest: 2, swamp: 3 } as const;
export type TerrainName = keyof typeof TERRAIN_CODES;

/** Marks "never" in the per-cell step arrays (u32::MAX). */
export const NEVER = 0xffffffff;

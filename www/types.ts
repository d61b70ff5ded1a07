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
  /** What the algorithm counts beyond the common counters, by stable key ("backward-expanded", "scanned"). */
  details: { key: string; value: number }[];
  /** Where the two frontiers of a bidirectional search met, once they have (a cell id). */
  meetingCell: number | null;
}

/** One row of `Playground.sweep()` (generated from astar_core::session::SweepRow). */
export type { SweepRow } from './generated/core.js';

/** A mark an algorithm draws on the map (the registry's `Mark`, kebab case). */
export type Mark = 'open' | 'closed' | 'current' | 'open-backward' | 'closed-backward' | 'meeting' | 'scanned' | 'parent-segments';

/** One row of `Playground.algorithms()`: an algorithm, what it supports and what it draws. */
export interface AlgorithmRow {
  /** Its name in settings, links' readable form and messages ("astar", "jps"). */
  name: string;
  /** Its English title ("Jump point search"). */
  title: string;
  linkCode: number;
  usesHeuristic: boolean;
  usesWeight: boolean;
  usesTieBreak: boolean;
  movement: { four: boolean; eight: boolean };
  /** Needs every passable cell to cost the same. */
  uniformCostOnly: boolean;
  /** Optimal at w ≤ 1 with an admissible heuristic. */
  optimal: boolean;
  /** The marks it draws, in legend order. */
  marks: Mark[];
}

/** Frontier codes of `Playground.frontiersPtr()`, per reached cell. */
export const FRONTIER = { forward: 0, backward: 1, scanned: 2 } as const;

/** Terrain codes as the core numbers them, by name (the brush uses them). */
export const TERRAIN_CODES = { wall: 0, plain: 1, forest: 2, swamp: 3 } as const;
export type TerrainName = keyof typeof TERRAIN_CODES;

/** Marks "never" in the per-cell step arrays (u32::MAX). */
export const NEVER = 0xffffffff;

// The shapes of the small results the wasm facade returns as plain objects (see crates/astar-wasm).
// Settings live in hooks.ts, the contract with the share modules.

/** What `Playground.stats()` / `solve()` return (generated from astar_core::session::Stats). */
export type { Stats, Detail, Bound } from './generated/core.js';

/** One row of `Playground.sweep()` (generated from astar_core::session::SweepRow). */
export type { SweepRow } from './generated/core.js';

/** A mark an algorithm draws on the map (generated from the registry's `Mark`, kebab case). */
export type { Mark } from './generated/core.js';

/** One row of `Playground.algorithms()`: an algorithm, what it supports and what it draws (generated from
 * astar_core::search::AlgorithmInfo). */
export type { AlgorithmInfo as AlgorithmRow } from './generated/core.js';

/** Terrain costs as `Playground.costs()` returns them (generated from astar_core::grid::TerrainCosts). */
export type { TerrainCosts } from './generated/core.js';

/** Frontier codes of `Playground.frontiersPtr()`, per reached cell. */
export const FRONTIER = { forward: 0, backward: 1, scanned: 2 } as const;

/** Terrain codes as the core numbers them, by name (the brush uses them). */
export const TERRAIN_CODES = { wall: 0, plain: 1, forest: 2, swamp: 3, road: 4 } as const;
export type TerrainName = keyof typeof TERRAIN_CODES;

/** Marks "never" in the per-cell step arrays (u32::MAX). */
export const NEVER = 0xffffffff;

// What the render layers read: the playground, its views, and the view options of the moment.
import type { Playground, Views } from '../bridge.js';
import type { ViewOptions } from '../hooks.js';
import type { Mark } from '../types.js';
import type { Geometry } from './view.js';

/** What the insight layer (render/insight.ts) draws (cell ids). */
export interface Insight {
  /** The inspected cell's parent chain, start first; empty: nothing inspected. */
  chain: readonly number[] | Uint32Array;
  /** An optimal path, start first; empty: the overlay is off or the path found is optimal. */
  optimal: readonly number[];
  /** Where the path found parts from the optimal one and meets it again. */
  ends: readonly number[];
  /** A cell pointed at from another panel (the heap panel's entry under the pointer), ringed; or null. */
  focus?: number | null;
}

export interface Scene {
  pg: Playground;
  views: Views;
  geometry: Geometry;
  smooth: boolean;
  /** The smoothed path drawn as a curve (only with `smooth`). */
  curve: boolean;
  numbers: ViewOptions['numbers'];
  /** The weight of h in the f numbers, f = g + hWeight·h (Infinity: f = h): the core's `fWeight()`. */
  hWeight: number;
  /** The marks the algorithm draws (the registry row's `marks`). */
  marks: readonly Mark[];
  /** Where the two frontiers met (a cell id), or null. */
  meeting: number | null;
  /** Heat by expansion order: closed cells shaded by when they closed, out of this many (0: off). */
  heatTotal: number;
  /** The search has finished: draw its path. */
  finished: boolean;
  /** An anytime search (the registry row's `anytime`): its latest published path is drawn while it runs. */
  anytime: boolean;
  /** The cell expanded by the latest step, or -1. */
  current: number;
  /** The keyboard cursor, when the canvas has focus. */
  cursor: { x: number; y: number } | null;
  /** The brush outline under the pointer (radius in cells), when editing. */
  brush: { x: number; y: number; radius: number } | null;
  /** The inspector's parent chain and the optimal-path overlay (www/inspector.ts), or null. */
  insight: Insight | null;
  /** D* Lite: the cells the shown repair began with inconsistent (render/inconsistent.ts); absent otherwise. */
  inconsistent?: Uint32Array;
}

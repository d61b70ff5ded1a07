// What the render layers read: the playground, its views, and the view options of the moment.
import type { Playground, Views } from '../bridge.js';
import type { ViewOptions } from '../hooks.js';
import type { Geometry } from './view.js';

export interface Scene {
  pg: Playground;
  views: Views;
  geometry: Geometry;
  smooth: boolean;
  numbers: ViewOptions['numbers'];
  /** Heuristic weight and algorithm, for f = g + w·h. */
  w: number;
  algorithm: string;
  /** Heat by expansion order: closed cells shaded by when they closed, out of this many (0: off). */
  heatTotal: number;
  /** The search has finished: draw its path. */
  finished: boolean;
  /** The cell expanded by the latest step, or -1. */
  current: number;
  /** The keyboard cursor, when the canvas has focus. */
  cursor: { x: number; y: number } | null;
  /** The brush outline under the pointer (radius in cells), when editing. */
  brush: { x: number; y: number; radius: number } | null;
}

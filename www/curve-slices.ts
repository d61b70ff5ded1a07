// The curve through a long smoothed path, made in slices (one task each) when nothing else made it: the
// curve is turned on after the path was smoothed, or an animation ends with it on. A solve run in slices
// makes it itself, as its smoothing's last part (the core's `setCurveWanted`); the curve of a path
// across a 1,024 x 1,024 maze takes some 100 ms in wasm, twice a long task. Until it is made, the smoothed
// path is drawn with straight segments and its length said as such; then the page shows the curve.
import type { Playground } from './bridge.js';
import { NextTask } from './next-task.js';
import { SLICE_MS } from './sliced-solve.js';

/** What making the curve needs from the app. */
export interface CurveHooks {
  /** The playground whose curve is made. */
  playground(): Playground;
  /** The curve is still wanted and can be made: on, the smoothed path shown, no solve under way. */
  wanted(): boolean;
  /** The curve was made in a later task than the one that asked for it: show it. */
  made(): void;
}

/**
 * The most of the curve made in the task that asks for it, ms: a short path's curve (well under a ms) is
 * drawn at once, as it always was; a long one's first slice adds no more than this to an input's task.
 */
const FIRST_SLICE_MS = 4;

export class CurveSlices {
  private readonly nextTask = new NextTask(() => {
    this.pending = false;
    if (!this.hooks.wanted()) return;
    const pg = this.hooks.playground();
    // Shown in a task of its own: the curve's drawing (some 30-40 ms on a 1,024 x 1,024 maze) and the
    // slice that finished it would together make a long task.
    if (pg.curveReady()) this.hooks.made();
    else {
      pg.curveFor(SLICE_MS);
      this.next();
    }
  });
  /** A slice is coming in a task of its own. */
  private pending = false;

  constructor(private readonly hooks: CurveHooks) {}

  /**
   * True when the curve through the smoothed path is made. When it is not and it is wanted, it is made
   * now if one slice does it (then true: a short path's, at once as before), else in the next tasks,
   * and `made` is called when it is.
   */
  ready(): boolean {
    const pg = this.hooks.playground();
    if (pg.curveReady()) return true;
    if (this.pending || !this.hooks.wanted()) return false;
    if (pg.curveFor(FIRST_SLICE_MS)) return true;
    this.next();
    return false;
  }

  /** Closes the channel: its owner is dropped (an open port would keep it alive). */
  close(): void {
    this.nextTask.close();
  }

  private next(): void {
    this.pending = true;
    this.nextTask.post(null);
  }
}

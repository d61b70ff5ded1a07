// When compare mode's second pane is drawn. The app draws it right after its own pane: in the same task when
// that drawing was quick (a small map: both panes change together, as they always did), in a task of its
// own after a long one, so that the two drawings of a big map do not add up to one long task (turning
// Smooth path on over a 1,024 x 1,024 maze drew the page's pane in about 37 ms and this one in 20-27, one
// task of 61-69 ms). A drawing put off waits at most until the next drawing asked for now, which takes it in.

import { NextTask } from '../next-task.js';

/** 'full' recolours every cell, 'frame' the cells of the last step, 'compose' only the overlays. */
export type DrawHow = 'full' | 'frame' | 'compose';

/** A drawing of the page's pane longer than this (ms) has this pane drawn in the next task. */
export const LATER_AFTER_MS = 16;

export class PaneDrawing {
  private readonly nextTask = new NextTask(() => {
    const how = this.pending;
    this.pending = null;
    if (how) this.paint(how);
  });
  /** The drawing waiting for the next task, or null. */
  private pending: 'full' | 'compose' | null = null;

  constructor(private readonly paint: (how: DrawHow) => void) {}

  /**
   * Draws the pane `how`: in the next task when the page's pane was drawn for over LATER_AFTER_MS in this
   * one (`spentMs`), joining a drawing already waiting (every cell when either recolours them all); else
   * now, taking in the one waiting. A step's 'frame' is always drawn now: the cells it recolours are
   * the last step's.
   */
  draw(how: DrawHow, spentMs = 0): void {
    if (how !== 'frame' && spentMs > LATER_AFTER_MS) {
      const waiting = this.pending !== null;
      this.pending = this.pending === 'full' || how === 'full' ? 'full' : 'compose';
      if (!waiting) this.nextTask.post(null);
      return;
    }
    const waiting = this.pending;
    this.pending = null;
    this.paint(waiting === 'full' ? 'full' : how);
  }

  /** Closes the channel (an open port keeps its owner alive). */
  close(): void {
    this.nextTask.close();
  }
}

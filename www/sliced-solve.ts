// A solve run in slices, one task each, so that a search across a big map never blocks the page (a task
// over 50 ms does): this module owns the solve under way (when it began, the stroke's cost before it, its
// number, whether its result is still to be shown, whether the stroke it solves ended meanwhile) and the
// channel that runs its next slice, or the showing of its result, as a task of its own. What a finished
// solve shows, and what a failed one does, is the app's (www/app.ts: `solve` starts one, `showSolved`
// shows its result). A result found after the first slice, or whose showing would make its slice's task
// long (SLICE_AND_SHOW_MS), is shown in the next task. A solve whose path is found in a slice that its
// smoothing or the optimum it is compared with is not (the core's `smoothingPending`, `optimumPending`)
// is shown first; they go on in the next slices, and their stats come with `compared` (twice when one
// ends before the other: the smoothing first when it is drawn, else the optimum).
import { NextTask } from './next-task.js';
import type { Stats } from './types.js';

/**
 * The most of a solve run in one task, ms. A longer solve (a search across a big map) goes on in the
 * next tasks, so input and painting go on between its slices; meanwhile the previous result stays drawn
 * and `#app[data-solving]` is set ("Solving…").
 */
export const SLICE_MS = 20;

/**
 * A slice and the showing of its result together longer than this (ms; the showing as long as the longest
 * of the last few, SHOWS_REMEMBERED) are split: the result is shown in the next task. Below the 50 ms of a
 * long task by what the rest of an input's task takes (its event handlers, the map's listeners: up to about
 * 12 ms after an edit on a 1024 x 1024 map). On a small map the showing takes a few ms, so this never splits
 * there.
 */
export const SLICE_AND_SHOW_MS = 35;

/**
 * How many of the last showings the estimate of the next one takes the longest of (see SLICE_AND_SHOW_MS).
 * One showing of a big map's result varies two- to fourfold (the million cells recoloured took 7–30 ms on
 * 1,024 × 1,024 from one solve to the next): with the last one alone, a slice and a showing of 47 ms in all
 * ran in one task after an HPA* drag on the rooms map, the showing before it having been quick.
 */
export const SHOWS_REMEMBERED = 4;

/**
 * A task that has run this long (ms) before it asks for a solve leaves the solve's first slice to the next
 * task: with the slice (SLICE_MS) and what follows an edit in its task (the map's listeners), it would pass
 * the 50 ms of a long task. Making a 1,024 × 1,024 maze takes 20–50 ms in the page's wasm module; on
 * small maps the making takes well under a millisecond, so a solve there still ends in the task of its input.
 */
export const SPENT_BEFORE_SLICE_MS = 10;

/**
 * The path cost when an edit stroke began: null when the goal was unreachable, 'unknown' when the search
 * shown was not finished (paused, stepped), undefined outside a stroke.
 */
export type CostBefore = number | null | 'unknown' | undefined;

/** A solve that finished, as its result is shown. */
export interface FinishedSolve {
  /** `performance.now()` when it began. */
  started: number;
  /** The path cost when the stroke it solves began (see `CostBefore`). */
  costBefore: CostBefore;
  /** It is shown in a task after its first slice's, or before its optimum was found. */
  sliced: boolean;
  /** The stroke it solves ended while it ran. */
  strokeEnded: boolean;
}

/** What a sliced solve needs from the app. */
export interface SliceHooks {
  /** Runs the solve under way for up to `budgetMs` (the playground's `solveFor`): its stats once found, else null. */
  solveFor(budgetMs: number): Stats | null;
  /** The path cost when the current stroke began (see `CostBefore`). */
  costBefore(): CostBefore;
  /**
   * A solve went on past its first slice unfinished (true), or that solve ended, finished or superseded
   * (false; only after a true).
   */
  solving(on: boolean): void;
  /** The result was found (its smoothing or optimum may still be pending: see `inPart`). */
  finished(stats: Stats, solve: FinishedSolve): void;
  /**
   * What a shown result's stats waited for came: its smoothing (the optimum may still be pending) or the
   * optimum (then nothing is): the same stats with it.
   */
  compared(stats: Stats, solve: FinishedSolve): void;
  /** A slice threw (the map cannot be searched with these settings). */
  failed(err: unknown): void;
  /** A solve was superseded after the stroke it solved had ended: that stroke ends now. */
  strokeEnded(): void;
}

/** The solve under way. */
interface UnderWay {
  id: number;
  started: number;
  costBefore: CostBefore;
  /** Past its first slice's task, the result not shown yet (still searched for, or `found`). */
  pending: boolean;
  /** `solving(true)` was said for it. */
  announced: boolean;
  strokeEnded: boolean;
  /** The result is shown; its smoothing or the optimum it is compared with goes on. */
  comparing: boolean;
  /** A result found, to be shown in the next task (see `slice`). */
  found: Stats | null;
}

export class SlicedSolve {
  private current: UnderWay | null = null;
  private count = 0;
  private readonly nextTask = new NextTask<number>((id) => {
    if (this.current?.id === id) this.slice(SLICE_MS);
  });
  /** How long the last results' showings took (ms, the latest last): see SLICE_AND_SHOW_MS. */
  private readonly showMs: number[] = [];

  constructor(private readonly hooks: SliceHooks) {}

  /**
   * Supersedes any solve under way and starts one: its first slice now, at once whole with `atOnce`.
   * `spentMs`: how long the task asking for it has run already (making a big map, applying settings). The
   * first slice is that much shorter, and a result found in it is shown in the next task when the whole
   * task, that time included, would pass SLICE_AND_SHOW_MS; past SPENT_BEFORE_SLICE_MS the first slice runs
   * in the next task (`startSoon`).
   */
  start(atOnce: boolean, spentMs = 0): void {
    if (!atOnce && spentMs > SPENT_BEFORE_SLICE_MS) {
      this.startSoon();
      return;
    }
    this.begin();
    this.slice(atOnce ? Infinity : SLICE_MS - spentMs, spentMs);
  }

  /**
   * Supersedes any solve under way and starts one whose first slice runs in the next task: for a solve
   * asked for by a task that has done its share already (compare mode's second search, after the first
   * one's result was shown). Its result is then shown in a task after the one that finds it.
   */
  startSoon(): void {
    const current = this.begin();
    current.pending = true;
    this.nextTask.post(current.id);
  }

  private begin(): UnderWay {
    this.end();
    this.current = { id: ++this.count, started: performance.now(), costBefore: this.hooks.costBefore(), pending: false, announced: false, strokeEnded: false, comparing: false, found: null };
    return this.current;
  }

  /** Ends the solve under way and closes its task channel: its owner is dropped (an open port would keep it alive). */
  close(): void {
    this.end();
    this.nextTask.close();
  }

  /** Runs the solve under way to its end now, its result shown (a step or a restart needs it). */
  finishNow(): void {
    while (this.current) this.slice(Infinity);
  }

  /** A solve is under way past its first slice's task, its result not shown yet. */
  get pending(): boolean {
    return this.current?.pending ?? false;
  }

  /** A solve's result is shown and its smoothing or the optimum it is compared with goes on. */
  get comparing(): boolean {
    return this.current?.comparing ?? false;
  }

  /**
   * Says that the stroke ended while the solve under way runs past its first slice: the stroke then ends
   * when the result shows. False when no solve is that far (the stroke ends now).
   */
  strokeEndedMeanwhile(): boolean {
    if (!this.current?.pending) return false;
    this.current.strokeEnded = true;
    return true;
  }

  /**
   * Forgets the solve under way, if any (a restart, step, seek, stroke or new solve supersedes it).
   * Returns whether it had more to show: a result not shown yet, or the smoothing or optimum a shown result awaits.
   */
  end(): boolean {
    const current = this.current;
    this.current = null;
    if (current?.announced) this.hooks.solving(false);
    if (current?.strokeEnded) this.hooks.strokeEnded();
    return current !== null && (current.pending || current.comparing);
  }

  /** Shows now a result found and waiting for its task, if there is one (a stroke begins from it). */
  showFound(): void {
    if (this.current?.found) this.slice(SLICE_MS);
  }

  /**
   * One slice of the solve under way; the last one hands the result over. A result found in a task
   * after the first (the solve was already pending), or by a slice that with the showing of a result
   * would pass SLICE_AND_SHOW_MS, is shown in a task of its own: the showing (a full redraw of a big map's
   * cells and overlays, 20-40 ms on 1024 x 1024) and the slice are then each within the 50 ms of a task
   * the page keeps to, which together they were not. What a shown result waited for (its smoothing, its
   * optimum) comes in the next task likewise when the slice was that long: the smoothed path is drawn
   * over the map (a redraw of the overlays, 6-45 ms on a 1,024 x 1,024 maze).
   */
  private slice(budgetMs: number, spentMs = 0): void {
    const current = this.current!;
    if (current.found) {
      const stats = current.found;
      current.found = null;
      this.handOver(current, stats);
      return;
    }
    const taskBegan = performance.now() - spentMs;
    let stats: Stats | null;
    try {
      stats = this.hooks.solveFor(budgetMs);
    } catch (err) {
      this.end();
      this.hooks.failed(err);
      return;
    }
    const showLater =
      stats !== null &&
      ((current.pending && !current.comparing) || (budgetMs !== Infinity && performance.now() - taskBegan + this.showEstimate() > SLICE_AND_SHOW_MS));
    if (stats === null || showLater) {
      if (!current.pending && !current.comparing) current.pending = true;
      // A result found, shown in the next task, is not announced ("Solving…" would only flash).
      if (stats === null && !current.announced && !current.comparing) {
        current.announced = true;
        this.hooks.solving(true);
      }
      current.found = stats;
      this.nextTask.post(current.id);
      return;
    }
    this.handOver(current, stats);
  }

  /** Shows a result the solve under way found: its path, or the optimum that path was compared with. */
  private handOver(current: UnderWay, stats: Stats): void {
    // A result shown before its optimum comes in a task that has run a whole slice: what follows it in
    // that task (HPA*'s graph) waits for the next, as after a solve that ran in slices.
    const sliced = current.pending || inPart(stats);
    const solve = { started: current.started, costBefore: current.costBefore, sliced, strokeEnded: current.strokeEnded };
    if (current.announced) this.hooks.solving(false);
    current.pending = false;
    current.announced = false;
    if (inPart(stats)) {
      // Shown now (the smoothing that came, when the path was shown before it); the rest in the next
      // slices, unless something supersedes the solve meanwhile.
      const shownBefore = current.comparing;
      current.comparing = true;
      current.strokeEnded = false;
      if (shownBefore) this.hooks.compared(stats, solve);
      else this.show(stats, solve);
      if (this.current === current) this.nextTask.post(current.id);
      return;
    }
    this.current = null;
    if (current.comparing) this.hooks.compared(stats, solve);
    else this.show(stats, solve);
  }

  /** Hands a result to the app to show, timing the showing (see SLICE_AND_SHOW_MS). */
  private show(stats: Stats, solve: FinishedSolve): void {
    const began = performance.now();
    this.hooks.finished(stats, solve);
    this.showMs.push(performance.now() - began);
    if (this.showMs.length > SHOWS_REMEMBERED) this.showMs.shift();
  }

  /** How long the next showing may take: the longest of the last SHOWS_REMEMBERED (0 before the first). */
  private showEstimate(): number {
    return Math.max(0, ...this.showMs);
  }
}

/** Stats of a result shown before all of it is known: its path's smoothing or its optimum is still to come. */
export function inPart(stats: Stats): boolean {
  return stats.smoothingPending || stats.optimumPending;
}

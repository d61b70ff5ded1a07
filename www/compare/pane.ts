// The second pane of compare mode: its own Playground holding a copy of the page's map (terrain, costs,
// start and goal, movement, corner rule, budget) with its own algorithm, heuristic, w and tie-break, drawn
// by the page's Renderer on a second canvas. It is the App's Partner (www/app.ts): the app solves,
// restarts, steps and draws it wherever it does so with its own search, so one Play, Step and timeline
// drive both; and the stage's follower (www/stage.ts): its canvas is laid out at the first one's geometry.
//
// The copy is taken again at every solve of the page's search (every edit, load, undo and settings change
// ends in one), so an edit on either canvas reaches both; nothing is edited here directly.
//
// Its own search runs in slices, as the page's does (www/sliced-solve.ts), from the task after the one that
// showed the page's result: on a big map neither solve blocks the page. Meanwhile its previous result stays
// drawn and its badge says "Solving…"; a new solve of the page's search supersedes it; a step, a restart or
// a seek, which need its result, finish it at once. Once shown it tells the app (`App.partnerSolved`).
import { FALLBACK_ALGORITHM, rowOf } from '../algorithms.js';
import type { App, Partner } from '../app.js';
import { costsOf, Playground, settingsOf, solveFor, statsOf, Views } from '../bridge.js';
import { penaltiesOf, putPenalties } from '../penalties/read.js';
import { algorithmTitle, errorClause, t } from '../i18n/index.js';
import { Renderer } from '../render/renderer.js';
import type { Scene } from '../render/scene.js';
import type { Settings } from '../hooks.js';
import { CurveSlices } from '../curve-slices.js';
import { inPart, SlicedSolve } from '../sliced-solve.js';
import { PaneDrawing, type DrawHow } from './pane-drawing.js';
import { TERRAIN_CODES, type Stats } from '../types.js';
import type { PaneSettings } from './url.js';

/** The settings a pane has of its own, read from full settings. */
export function paneSettings(settings: Settings): PaneSettings {
  return { algorithm: settings.algorithm, heuristic: settings.heuristic, w: settings.w, tieBreak: settings.tieBreak };
}

/** A copy of the page's map longer than this (ms) is a slice of its own: see the pane's `solveFor`. */
const COPY_ALONE_MS = 4;

export class SecondPane implements Partner {
  pg: Playground;
  private views: Views;
  readonly renderer: Renderer;
  stats: Stats | null = null;
  private totalExpanded = 0;
  /** Why the last solve could not show this pane's own algorithm ('' when it could). */
  note = '';
  /** Called when the pane had to change its own settings (a fall back to A*): the controls and link follow. */
  onOwnChange: () => void = () => {};
  /** Called when its solve goes on past a task (true) or that solve ended (false). */
  onSolving: (on: boolean) => void = () => {};
  private readonly slices: SlicedSolve;
  /** A solve was asked for and its result is not shown yet: the previous one stays drawn. */
  private waiting = false;
  /** The page's map is to be copied before the next slice (the first of a solve). */
  private copyDue = false;
  /** The curve through its smoothed path when its solve did not make it (turned on afterwards). */
  private readonly curveSlices = new CurveSlices({
    playground: () => this.pg,
    wanted: () => this.app.options.curve && this.app.options.smooth && !this.waiting && !this.stats?.smoothingPending && this.finished(),
    made: () => this.draw('compose'),
  });
  /** When the app's drawings of this pane are made: now, or in the next task after a long one of its own. */
  private readonly drawing = new PaneDrawing((how) => this.paint(how));
  /** The solve under way has been announced as going on ("Solving…"). */
  private announced = false;
  /** A solve is being finished at once for a restart or step, which draw both maps next. */
  private finishing = false;
  lastSolveMs = 0;

  constructor(
    private readonly app: App,
    canvas: HTMLCanvasElement,
    /** This pane's own settings; the rest are the page's. */
    public own: PaneSettings,
  ) {
    this.pg = new Playground(app.pg.width(), app.pg.height());
    this.views = new Views(this.pg);
    this.renderer = new Renderer(canvas);
    this.slices = new SlicedSolve({
      solveFor: (budgetMs) => {
        // In the solve's first slice, not in the task that showed the page's result; a copy that took a
        // while (a big map's) is the whole of its slice. A copy refused (a map this pane cannot take)
        // fails the solve.
        if (this.copyDue) {
          const began = performance.now();
          this.copyDue = false;
          this.copyFrom(this.app.pg);
          this.pg.setSmoothingWanted(this.app.options.smooth);
          this.pg.setCurveWanted(this.app.options.curve);
          if (budgetMs !== Infinity && performance.now() - began > COPY_ALONE_MS) return null;
        }
        return solveFor(this.pg, budgetMs);
      },
      costBefore: () => undefined,
      solving: (on) => this.announce(on),
      finished: (stats, solve) => this.shown(stats, false, solve.started),
      compared: (stats, solve) => this.shown(stats, true, solve.started),
      failed: (err) => this.fallBack(err),
      strokeEnded: () => undefined,
    });
  }

  /**
   * Its search's result is still to be shown (its previous result stays drawn meanwhile), or what that
   * result waits for (its smoothing, the optimum it is compared with).
   */
  get solving(): boolean {
    return this.waiting || this.slices.comparing;
  }

  /** Its solve has gone on past a task of its own ("Solving…" is said). */
  get announcedSolving(): boolean {
    return this.announced;
  }

  /** This pane's full settings: the page's, with its own four. */
  settingsWith(a: Playground, own: PaneSettings = this.own): Settings {
    return { ...settingsOf(a), ...own };
  }

  /**
   * The core's reason why `own` cannot run on the page's map now (the same check the page makes before a
   * settings change: `checkSettings`, which begins no search), or null when it can. Setting and putting
   * back the settings may swap the search's engine: the caller solves again (App.changeSettings, which
   * also goes back to the step shown).
   */
  refusal(own: PaneSettings): string | null {
    // Asked before the pane's next solve has moved it to a module the page has since swapped in.
    if (this.pg.constructor !== Playground) this.copyFrom(this.app.pg);
    const before = settingsOf(this.pg);
    try {
      this.pg.setSettings(this.settingsWith(this.app.pg, own));
      this.pg.checkSettings();
      return null;
    } catch (err) {
      return errorClause(err);
    } finally {
      this.pg.setSettings(before);
    }
  }

  /**
   * The page swapped in the module with JPS, HPA*, JPS+, Theta* and ARA* (www/hpa/) since this pane was
   * made: the pane moves to it too (a new playground, its settings kept; the map is copied next).
   */
  private moveToPageModule(a: Playground): void {
    if (this.pg.constructor === Playground) return;
    const settings = settingsOf(this.pg);
    this.pg.free();
    this.pg = new Playground(a.width(), a.height());
    this.pg.setSettings(settings);
    this.views = new Views(this.pg);
  }

  /** Copies the map, its costs, the end cells and the shared settings from `a`. */
  private copyFrom(a: Playground): void {
    this.moveToPageModule(a);
    const costs = costsOf(a);
    this.pg.setCosts(costs.plain, costs.road, costs.forest, costs.swamp);
    // A copy: the view aliases wasm memory, which the call may grow (detaching the view) before reading it.
    const terrain = new Views(a).terrain().slice();
    this.pg.setMap(a.width(), a.height(), terrain);
    const [sx, sy, gx, gy] = [a.startX(), a.startY(), a.goalX(), a.goalY()];
    const oldEnds = [
      [this.pg.startX(), this.pg.startY()],
      [this.pg.goalX(), this.pg.goalY()],
    ];
    if (oldEnds[0][0] !== sx || oldEnds[0][1] !== sy || oldEnds[1][0] !== gx || oldEnds[1][1] !== gy) {
      // Each end may only move where the other is not: the order that frees the cell first.
      try {
        this.pg.setStart(sx, sy);
        this.pg.setGoal(gx, gy);
      } catch {
        this.pg.setGoal(gx, gy);
        this.pg.setStart(sx, sy);
      }
      // setMap kept the old end cells passable where the page's map has a wall: those walls are painted
      // now (a cell each, not the whole map again: a second copy of 1,024 x 1,024 cells took some 17 ms).
      for (const [x, y] of oldEnds) {
        if (x < a.width() && y < a.height() && terrain[y * a.width() + x] === TERRAIN_CODES.wall) this.pg.paint(x, y, 0, TERRAIN_CODES.wall);
      }
    }
    // The penalties too (www/penalties/): setMap starts a map without them.
    // Both as the facade gives them (plain numbers); copied only when they differ, as a copy rebuilds the grid.
    const [mine, theirs] = [this.pg.penalties(), a.penalties()];
    if (mine.length !== theirs.length || mine.some((v, i) => v !== theirs[i])) putPenalties(this.pg, penaltiesOf(a));
    this.pg.setSettings(this.settingsWith(a));
  }

  /**
   * Takes the map and shared settings from the page's playground (`App.pg`, which the caller passes) and
   * solves its own search: at once with `atOnce`, else both in slices from the next task.
   */
  solve(_a: Playground, atOnce: boolean): void {
    this.note = '';
    this.waiting = true;
    this.copyDue = true;
    if (atOnce) this.slices.start(true);
    else this.slices.startSoon();
  }

  /**
   * The page's own search is solved again, and this one after it (`solve`): its solve under way, if any,
   * is left unfinished, and its result is stale until then (its previous one stays drawn); a restart or
   * step before then solves it at once.
   */
  supersede(): void {
    this.slices.end();
    this.waiting = true;
    this.copyDue = true;
    this.announce(false);
  }

  /**
   * A result (`compared`: what a result shown before waited for, its smoothing or its optimum) is shown;
   * its solve began at `started` (performance.now()).
   */
  private shown(stats: Stats, compared: boolean, started: number): void {
    const smoothedNow = this.stats?.smoothingPending === true && !stats.smoothingPending;
    this.stats = stats;
    if (!compared) this.totalExpanded = stats.expanded;
    this.lastSolveMs = inPart(stats) ? Infinity : performance.now() - started;
    this.waiting = false;
    this.announce(false);
    const draw = this.finishing ? null : !compared ? 'full' : smoothedNow && this.app.options.smooth ? 'compose' : null;
    this.app.partnerSolved(draw);
  }

  /**
   * Like the page after an edit (www/app.ts, fallBack): an algorithm that cannot run on this map gives way
   * to A*, and the pane says why.
   */
  private fallBack(err: unknown): void {
    const reason = errorClause(err);
    if (this.own.algorithm === FALLBACK_ALGORITHM) {
      this.note = reason;
      this.stats = null;
      this.totalExpanded = 0;
      this.waiting = false;
      this.announce(false);
      this.app.partnerSolved(this.finishing ? null : 'full');
      return;
    }
    this.own = { ...this.own, algorithm: FALLBACK_ALGORITHM };
    // At once when a restart or step is finishing this solve (which then goes on with the new one).
    this.solve(this.app.pg, this.finishing);
    this.note = t('algorithm.fell-back', { message: reason, title: algorithmTitle(rowOf(FALLBACK_ALGORITHM)) });
    this.onOwnChange();
  }

  private announce(on: boolean): void {
    if (on === this.announced) return;
    this.announced = on;
    this.onSolving(on);
  }

  /**
   * Its result is needed now (a restart, a step): the solve asked for is finished (or, superseded, run
   * whole) and shown, and what a shown result still waited for is left, as the page's own restart does.
   */
  private finishSolve(): void {
    if (this.waiting) {
      this.finishing = true;
      try {
        // Under way: to its end; superseded: whole, its map copied first.
        if (this.slices.pending) this.slices.finishNow();
        else this.slices.start(true);
      } finally {
        this.finishing = false;
      }
    }
    this.slices.end();
  }

  restart(): void {
    this.finishSolve();
    if (!this.stats) return;
    this.pg.restart();
    this.stats = statsOf(this.pg);
  }

  step(n: number): void {
    this.finishSolve();
    if (!this.stats) return;
    this.pg.step(n);
    this.stats = statsOf(this.pg);
  }

  expanded(): number {
    return this.stats?.expanded ?? 0;
  }

  total(): number {
    return this.totalExpanded;
  }

  finished(): boolean {
    return this.stats === null || this.stats.outcome !== 'searching';
  }

  /** Partner.draw: see www/compare/pane-drawing.ts. */
  draw(how: DrawHow, spentMs = 0): void {
    this.drawing.draw(how, spentMs);
  }

  private paint(how: DrawHow, resized = false): void {
    // While its solve goes on, its previous result stays drawn (its copy of the map is already the new one).
    if (this.waiting && !resized) return;
    const scene = this.scene();
    // What the page's layers draw of the map itself (the watchers), whenever a chunk added them.
    const ofTheMap = this.app.renderer.extraLayers.filter((layer) => layer.ofTheMap);
    this.renderer.extraLayers.splice(0, this.renderer.extraLayers.length, ...ofTheMap);
    if (how === 'full') this.renderer.full(scene);
    else if (how === 'frame') this.renderer.frame(scene);
    else this.renderer.compose(scene);
  }

  /** What the renderer draws: this pane's search, with the page's view options, cursor and brush. */
  private scene(): Scene {
    const s = this.own;
    return {
      pg: this.pg,
      views: this.views,
      geometry: this.renderer.geometry,
      smooth: this.app.options.smooth,
      curve: this.app.options.curve && this.curveSlices.ready(),
      numbers: this.app.options.numbers,
      hWeight: this.pg.fWeight(),
      marks: rowOf(s.algorithm).marks,
      meeting: this.stats?.meetingCell ?? null,
      heatTotal: this.app.heat ? Math.max(1, this.app.total, this.expanded()) : 0,
      finished: this.finished(),
      anytime: rowOf(s.algorithm).anytime,
      current: this.pg.currentCell(),
      cursor: this.app.cursor,
      brush: this.app.brush,
      insight: null,
    };
  }

  /** Lays the canvas out like the page's (www/stage.ts): the same geometry, CSS size and zoom transform. */
  layout(mapWidth: number, mapHeight: number, availWidth: number, availHeight: number, zoom: number, transform: string): void {
    const changed = this.renderer.layout(mapWidth, mapHeight, availWidth, availHeight, zoom);
    this.renderer.canvas.style.transform = transform;
    if (changed) this.paint('full', true);
  }

  free(): void {
    this.slices.close();
    this.curveSlices.close();
    this.drawing.close();
    this.pg.free();
  }
}

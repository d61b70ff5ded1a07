// The app: owns the current Playground, how its map was made (www/recipe.ts: set by the generators, edits
// and loads), the UI state machine, and the order of things after every action (change → solve or step →
// redraw → tell the views). It implements AppHooks for the share modules.
//
// State machine (`phase`, also mirrored to `#app[data-phase]` for tests and styling). www/phase.ts implements
// it as one function, nextPhase(phase, event), and www/phase.test.ts checks that function against this
// table, row by row: keep the two in step. An event not listed for a phase leaves the phase as it is.
//
//   boot ──► finished   (the demo map, solved)
//   finished | edited ──play──► running   (restarts at step 0 first)
//   ready | paused | editing ──play──► running
//   running ──pause──► paused
//   running ──last expansion──► finished   (the end of an animation)
//   any ──step──► paused   (one expansion on; a finished search restarts first)
//   any ──step to the end──► finished   (that step ended the search)
//   any ──reset──► ready   (step 0)
//   any ──seek 0──► ready   (the timeline, Back or a loaded view shows step k: here k = 0)
//   any ──seek k──► paused   (0 < k < the last expansion)
//   any ──seek to the end──► finished   (k at or past the last expansion)
//   any ──solve──► finished   (a control changed or a view was loaded: re-solved at once; the animation stops)
//                              A control changed part-way through an animation (running, paused, ready)
//                              then seeks back to the step it showed (seek k / seek 0) and, if it was
//                              running, plays on: see resumeAt.
//   any ──pointer down──► editing   (an edit stroke begins; a single edit is a stroke of its own)
//   any ──stroke solve──► editing   (each edit of a stroke re-solves, at most once a frame)
//   editing ──pointer up──► edited   (finished, for the edited map: the message compares the cost before
//                                     and after the edit)
//   editing ──pointer up, nothing changed──► the phase before   (paused if it was running)
//
// Step, Reset, Pause, timeline seeks and the end of an animation tell the step listeners (links keep the
// step); edits, control changes and loads of the map tell the user-change listeners (undo steps).
//
// A solve shows the final state; only Play, Step and the timeline show intermediate states. On a big map a
// solve runs in slices, one task each, and its result may be shown in a task of its own (see `solve`):
// the events above that it causes (solve, stroke solve, and the pointer up of a stroke that ended
// meanwhile) come when its result is shown, and `solving` is true until then.
//
// Compare mode (www/compare/, App.setPartner) adds a second search of the same map, solved, restarted,
// stepped and drawn with this one: step k shows each search after min(k, its expansions), so "the last
// expansion" and "the end" above are the longer search's, and the timeline is as long as it.
//
// An algorithm that cannot run on the map shown (the registry's movement and equal-cost rules, checked by
// the core) is handled two ways. Chosen by a settings change (the Algorithm menu, Movement): refused, with
// the core's sentence in the status line; the settings and the view (step, phase, drawing) stay as they
// were (www/settings-change.ts, the settings change as a transaction). Made impossible by an edit or a load (forest painted during JPS, a link naming JPS on a map with
// swamp): the page switches to FALLBACK_ALGORITHM (A*) and says so, so an edit is never lost.
//
// An algorithm whose engine the loaded wasm module lacks (the registry row's `available`: JPS, HPA*, JPS+, Theta* and ARA*,
// in the first download) is fetched first: choosing it, or loading a view that names it, calls `fetchAlgorithm`
// (www/hpa-entry.ts), which swaps in the module that has it and then applies the change; until then, and
// for good if the fetch fails, the algorithm and map shown stay as they were.
import { FALLBACK_ALGORITHM, rowOf, type MapFacts } from './algorithms.js';
import { costsOf, Playground, secondModuleLoaded, settingsOf, solveFor, statsOf, Views } from './bridge.js';
import { CurveSlices } from './curve-slices.js';
import { algorithmTitle, errorText, num, t, withoutFullStop } from './i18n/index.js';
import type { AppHooks, Settings, ViewOptions } from './hooks.js';
import { Loop } from './loop.js';
import { BOOT_PHASE, nextPhase, type Phase, type PhaseEvent } from './phase.js';
import { Renderer } from './render/renderer.js';
import { SettingsChanges } from './settings-change.js';
import type { LegendOverride } from './legend-entries.js';
import type { Insight, Scene } from './render/scene.js';
import { DEMO, makeMap, type Generated, type MapOrigin } from './recipe.js';
import { SlicedSolve, inPart, type CostBefore, type FinishedSolve } from './sliced-solve.js';
import type { Stats } from './types.js';

/** A solve slower than this (ms) is not repeated on every frame of a stroke, only at its end. */
const SLOW_SOLVE_MS = 40;


export type { Phase } from './phase.js';


/**
 * A second search stepped with this one (compare mode, www/compare/): the app calls it wherever it solves,
 * restarts, steps or draws its own search, so one Play, Step and timeline drive both. Step k shows each
 * search after min(k, its expansions): the one that finishes first stays on its final state.
 */
export interface Partner {
  /**
   * Takes the map, end cells and shared settings from `pg` and runs its own search to the end: at once
   * with `atOnce`, else in slices of its own from the next task. It calls `App.partnerSolved` once its
   * result is shown.
   */
  solve(pg: Playground, atOnce: boolean): void;
  /**
   * This search is solved again: the partner's result is stale until its next `solve` (which
   * `showSolved` calls), or until a restart or step, which solve it at once.
   */
  supersede(): void;
  /** Its solve's result, or what that result waits for (its optimum), is not shown yet. */
  readonly solving: boolean;
  /** How long its last solve took from its start to its result (ms; Infinity while in part). */
  readonly lastSolveMs: number;
  /** Begins its search again at step 0. */
  restart(): void;
  /** Expands up to `n` more cells (none once finished). */
  step(n: number): void;
  /** Expansions shown. */
  expanded(): number;
  /** Expansions of its finished search. */
  total(): number;
  /** Its search has finished. */
  finished(): boolean;
  /**
   * Draws: 'full' recolours every cell, 'frame' the cells of the last step, 'compose' only the overlays.
   * `spentMs`: how long this task has drawn the page's own pane just before (the partner may then be drawn
   * in the next task: www/compare/pane-drawing.ts).
   */
  draw(how: 'full' | 'frame' | 'compose', spentMs?: number): void;
}

/** What the views subscribe to. */
export interface AppEvents {
  /** After every solve and animation frame; `final` once the search has finished (solve or animation). */
  searched: (stats: Stats, final: boolean) => void;
  /** Settings or view options changed (controls re-read them). */
  settings: () => void;
  /** The map, its size or its end cells changed (the sweep is recomputed). */
  map: () => void;
  /** The phase changed. */
  phase: (phase: Phase) => void;
  /** A message for the status area. */
  message: (text: string, kind: 'error' | 'info') => void;
  /** A solve began to run in slices (true) or that solve ended, finished or superseded (false). */
  solving: (on: boolean) => void;
  /**
   * What a shown solve's stats waited for (a big map's path is shown as soon as it is found) came: its
   * smoothing (`smoothingPending` false, the optimum perhaps still pending) or the optimum
   * (`optimumPending` false): the same stats with it.
   */
  compared: (stats: Stats) => void;
  /** The legend's override was set or cleared (see `overrideLegend`). */
  legend: () => void;
  /** The curve through a long smoothed path was made, in slices, and is drawn (www/curve-slices.ts). */
  curve: () => void;
  /** Compare mode's second search showed its result (or what that result waited for) after this one's. */
  partner: () => void;
}

type Listeners = { [K in keyof AppEvents]: AppEvents[K][] };

/** Turns a thrown value (usually a refusal of the core) into a sentence in the page's language. */
export { errorText };

export class App implements AppHooks {
  pg: Playground;
  views: Views;
  private currentPhase: Phase = BOOT_PHASE;
  /** Expansions of the finished search (the timeline's end; in compare mode, of the longer search). */
  total = 0;
  stats: Stats | null = null;
  options: { smooth: boolean; curve: boolean; numbers: ViewOptions['numbers'] } = { smooth: false, curve: false, numbers: 'g' };
  /** An embed with `&lock`: the map can be watched and stepped, not edited (editor.ts obeys it). */
  locked = false;
  /** How the current map was made: set by the generators, edits and loads, read by the share modules. */
  private origin: MapOrigin = DEMO;
  /** Closed cells shaded by expansion order (a page option, not part of links). */
  heat = false;
  /** What the legend lists while a mode draws a view of its own (walk mode); null: the page's view. */
  legendOverride: LegendOverride | null = null;
  /** Set by the editor: keyboard cursor and brush outline. */
  cursor: { x: number; y: number } | null = null;
  brush: { x: number; y: number; radius: number } | null = null;
  /** Set by a chunk's tool (placing watchers, www/penalties/): a click or Space on a cell calls it instead of painting. */
  cellTool: ((x: number, y: number) => void) | null = null;
  /** Set by the inspector (www/inspector.ts): the parent chain and the optimal-path overlay it draws. */
  insight: Insight | null = null;
  /** `redrawSoon` has a frame coming. */
  private redrawAsked = false;
  /** The curve through a long smoothed path when no solve made it (www/curve-slices.ts). */
  private readonly curveSlices = new CurveSlices({
    playground: () => this.pg,
    // Not during a stroke: each edit would begin the curve again, a slice every task while painting.
    wanted: () =>
      this.options.curve && this.options.smooth && !this.stats?.smoothingPending && this.isFinished() && !this.solving && this.phase !== 'editing',
    made: () => {
      // The map draws the curve (the legend follows what it draws); the stats say its length.
      this.redraw();
      this.emit('curve');
    },
  });
  /** Compare mode's second search (www/compare/), or null: see Partner and setPartner. */
  private partner: Partner | null = null;
  /**
   * Set by www/hpa-entry.ts: fetches the wasm module that has `algorithm`, which this one lacks (once),
   * makes it the page's (re-making the playground shown), then calls `then` with `rehome`, which re-makes
   * a playground of the first module in the new one; when that fails it says why in the status line
   * (naming `algorithm`; '' when the module is wanted for something else: map files, a turn penalty) and
   * calls `failed`. Null: nothing can be fetched.
   */
  fetchAlgorithm:
    | ((algorithm: string, then: (rehome: (pg: Playground) => Playground) => void, failed: () => void) => void)
    | null = null;

  /** Units mode's scripting hook (www/units-entry.ts), once installed. */
  units: import('./units/hook.js').UnitsHook | null = null;
  /** Mesh mode's scripting hook (www/mesh-entry.ts), once installed. */
  mesh: import('./mesh/hook.js').MeshHook | null = null;

  readonly loop: Loop;
  private readonly listeners: Listeners = { searched: [], settings: [], map: [], phase: [], message: [], legend: [], solving: [], compared: [], curve: [], partner: [] };
  private readonly userChangeListeners: (() => void)[] = [];
  private readonly stepChangeListeners: (() => void)[] = [];
  private cachedSettings: Settings | null = null;
  /** Which terrains the map has and their costs; recomputed after a 'map' event. */
  private facts: MapFacts | null = null;
  /** The path cost when the current edit stroke began (see CostBefore). */
  private costBeforeEdit: CostBefore = undefined;
  /** The phase when the stroke began: the state machine goes back to it when the stroke changed nothing. */
  private phaseBeforeEdit: Phase = BOOT_PHASE;
  /** Some edit of the current stroke was applied. */
  private strokeChanged = false;
  private solveQueued = 0;
  /** An edit is waiting for its solve. */
  private solvePending = false;
  /** Why the page fell back to A* during the current stroke or load ('' when it did not): see fallBack. */
  private fallbackNote = '';
  /** The status line's message now. */
  private message: { text: string; kind: 'error' | 'info' } = { text: '', kind: 'info' };
  /** How many messages the status line has shown, and how many when the solve last began (see reportReachability). */
  private messagesShown = 0;
  private messagesBeforeSolve = 0;
  /** How long the last solve took (ms): decides whether strokes re-solve live (with the partner's). */
  private lastSolveMs = 0;
  /** The solve under way was asked for at once (`solve(true)`): the partner's is then solved at once too. */
  private solveAtOnce = false;
  /** The last solve shown was shown after its first task, or before its smoothing or optimum (a big map): see `solve`. */
  private lastSolveSliced = false;
  /** The current stroke superseded a solve that had more to show (see SlicedSolve.end). */
  private strokeDroppedSolve = false;
  /** Settings changes as transactions, and bursts of them merged (www/settings-change.ts). */
  private readonly settingsChanges: SettingsChanges;
  /** The solve under way, run in slices on big maps (www/sliced-solve.ts). */
  private readonly slices: SlicedSolve;

  constructor(
    pg: Playground,
    readonly renderer: Renderer,
  ) {
    this.pg = pg;
    this.tellPathShapes(pg);
    this.views = new Views(pg);
    this.loop = new Loop((n) => this.advance(n));
    this.settingsChanges = new SettingsChanges({
      playground: () => this.pg,
      phase: () => this.phase,
      settings: () => this.settings(),
      settingsSet: () => (this.cachedSettings = null),
      tell: (event) => this.emit(event),
      showMessage: (text, kind) => this.showMessage(text, kind),
      lacks: (algorithm) => this.lacks(algorithm),
      fetchAlgorithm: (algorithm, then, failed) => this.fetchAlgorithm!(algorithm, then, failed),
      userChanged: () => this.userChanged(),
      shownStep: () => this.shownStep(),
      searchOver: () => this.searchOver(),
      total: () => this.total,
      solve: (atOnce, spentMs) => this.solve(atOnce, spentMs),
      showStep: (step) => this.showStep(step),
      play: () => this.play(),
    });
    this.slices = new SlicedSolve({
      solveFor: (budgetMs) => solveFor(this.pg, budgetMs),
      costBefore: () => this.costBeforeEdit,
      solving: (on) => this.emit('solving', on),
      finished: (stats, solve) => this.showSolved(stats, solve),
      compared: (stats, solve) => {
        const smoothedNow = this.stats?.smoothingPending === true && !stats.smoothingPending;
        this.stats = stats;
        this.lastSolveMs = inPart(stats) ? Infinity : performance.now() - solve.started;
        // The smoothed path came after the path: the overlays show it (the cells are as they were).
        if (smoothedNow && this.options.smooth) this.redraw();
        this.emit('compared', stats);
      },
      failed: (err) => {
        if (!this.fallBack(errorText(err))) {
          this.showMessage(errorText(err), 'error');
          // The partner's own search may run on this map.
          this.partner?.solve(this.pg, false);
          this.redraw(true);
        }
      },
      strokeEnded: () => this.transition('pointer up'),
    });
  }

  on<K extends keyof AppEvents>(event: K, listener: AppEvents[K]): void {
    this.listeners[event].push(listener);
  }

  private emit<K extends keyof AppEvents>(event: K, ...args: Parameters<AppEvents[K]>): void {
    if (event === 'map') this.facts = null;
    for (const listener of this.listeners[event]) (listener as (...a: Parameters<AppEvents[K]>) => void)(...args);
  }

  /** The state machine's phase (see the top of this file); only `transition` changes it. */
  get phase(): Phase {
    return this.currentPhase;
  }

  /** Moves the state machine on by `event`, telling the views when the phase changes. */
  private transition(event: PhaseEvent): void {
    const phase = nextPhase(this.currentPhase, event);
    if (phase === this.currentPhase) return;
    this.currentPhase = phase;
    this.emit('phase', phase);
  }

  /** Tells the share modules (and the embed) that the user changed something. */
  userChanged(): void {
    for (const listener of this.userChangeListeners) listener();
  }

  /** Tells the share modules that the animation step shown changed (links carry it; no undo step). */
  private stepChanged(): void {
    for (const listener of this.stepChangeListeners) listener();
  }

  // ---- AppHooks -------------------------------------------------------------------------------------

  playground(): Playground {
    return this.pg;
  }

  viewOptions(): ViewOptions {
    return { ...this.options, step: this.searchOver() ? null : this.shownStep() };
  }

  animating(): boolean {
    return this.phase === 'running';
  }

  mapOrigin(): MapOrigin {
    return this.origin;
  }

  fullModule(): Promise<boolean> {
    return new Promise((resolve) => (this.fetchAlgorithm ? this.fetchAlgorithm('', () => resolve(true), () => resolve(false)) : resolve(true)));
  }

  /**
   * A map with a turn penalty is searched over cells and headings, which only the module fetched on demand
   * does (the first one refuses it as a penalty it cannot price). For a map whose turn penalty is
   * `turnTenths`: null when nothing needs fetching, else fullModule's promise (www/penalties/ waits for it
   * before setting a turn penalty).
   */
  turnsModule(turnTenths: number): Promise<boolean> | null {
    return this.lacksTurns(turnTenths) ? this.fullModule() : null;
  }

  /** True when a turn penalty of `turnTenths` needs the module fetched on demand, not loaded yet. */
  private lacksTurns(turnTenths: number): boolean {
    return turnTenths > 0 && this.fetchAlgorithm !== null && !secondModuleLoaded();
  }

  prepare(next: Playground): Promise<Playground | null> | null {
    const named = settingsOf(next).algorithm;
    const lacks = this.lacks(named);
    // Facade numbers: hug, danger, turn (www/penalties/read.ts).
    if (!lacks && !this.lacksTurns(next.penalties()[2])) return null;
    return new Promise((resolve, reject) =>
      this.fetchAlgorithm!(
        lacks ? named : '',
        (rehome) => {
          try {
            const made = rehome(next);
            if (made !== next) next.free();
            resolve(made);
          } catch (err) {
            next.free();
            reject(err);
          }
        },
        () => {
          next.free();
          resolve(null);
        },
      ),
    );
  }

  replacePlayground(next: Playground, options: ViewOptions, origin: MapOrigin): void {
    const later = this.prepare(next);
    if (later) {
      // The share modules prepare what they show; anything else naming such an algorithm is shown once it is here.
      later.then(
        (made) => made && this.replacePlayground(made, options, origin),
        (err: unknown) => this.showMessage(errorText(err), 'error'),
      );
      return;
    }
    this.flushSettings();
    this.loop.stop();
    const old = this.pg;
    this.pg = next;
    this.origin = origin;
    this.views = new Views(next);
    this.cachedSettings = null;
    this.facts = null;
    if (old !== next) old.free();
    this.options = { smooth: options.smooth, curve: options.curve, numbers: options.numbers };
    this.tellPathShapes(next);
    this.emit('settings');
    this.emit('map');
    this.solve(options.step !== null);
    if (options.step !== null && options.step < this.total) this.showStep(options.step);
  }

  showMessage(text: string, kind: 'error' | 'info'): void {
    this.message = { text, kind };
    this.messagesShown += 1;
    this.emit('message', text, kind);
  }

  /** The status line's message now. */
  shownMessage(): { text: string; kind: 'error' | 'info' } {
    return this.message;
  }

  /** Hands the legend to `entries` (null gives it back to the page's view) and rebuilds it. */
  overrideLegend(entries: LegendOverride | null): void {
    this.legendOverride = entries;
    this.emit('legend');
  }

  /** True when `algorithm`'s engine is not in the loaded module but can be fetched (see fetchAlgorithm). */
  private lacks(algorithm: string): boolean {
    return this.fetchAlgorithm !== null && !rowOf(algorithm).available;
  }

  onUserChange(listener: () => void): void {
    this.userChangeListeners.push(listener);
  }

  onStepChange(listener: () => void): void {
    this.stepChangeListeners.push(listener);
  }

  // ---- settings ---------------------------------------------------------------------------------------

  settings(): Settings {
    if (!this.cachedSettings) this.cachedSettings = settingsOf(this.pg);
    return this.cachedSettings;
  }

  /** Which terrains the map shows (by terrain code) and what they cost (a native scan per terrain, then cached). */
  mapFacts(): MapFacts {
    if (!this.facts) {
      // Wall, plain, forest, swamp, road. One native scan per terrain a map lacks: on 1,024 × 1,024 about
      // 2 ms in all, where one loop over the cells in script took 15.
      const terrain = this.views.terrain();
      const present = [0, 1, 2, 3, 4].map((code) => terrain.indexOf(code) >= 0);
      this.facts = { present, costs: costsOf(this.pg) };
    }
    return this.facts;
  }

  /** Applies `change` soon, merged into any change still waiting (www/settings-change.ts). */
  requestSettings(change: Partial<Settings>): void {
    this.settingsChanges.request(change);
  }

  /** Applies the settings change waiting (see requestSettings) now, if there is one. */
  flushSettings(): void {
    this.settingsChanges.flush();
  }

  /**
   * Applies `change` to the settings and re-solves; a refused change shows the core's message and changes
   * nothing (see the top of this file and www/settings-change.ts). Returns whether the change was applied.
   */
  changeSettings(change: Partial<Settings>): boolean {
    return this.settingsChanges.apply(change);
  }

  setSmooth(on: boolean): void {
    this.options.smooth = on;
    // The curve is drawn through the smoothed path: no smoothing, no curve.
    if (!on) this.options.curve = false;
    this.tellPathShapes(this.pg);
    // 'settings' refreshes the stats panel's lengths; no search ran, so no 'searched' event.
    this.emit('settings');
    this.redraw();
  }

  /**
   * Tells `pg` which of the path's shapes the page draws: a solve in slices smooths before it compares with
   * the optimum when the smoothed path is drawn (else after), and makes the curve in its slices when that
   * is drawn (a long path's take many ms).
   */
  private tellPathShapes(pg: Playground): void {
    pg.setSmoothingWanted(this.options.smooth);
    pg.setCurveWanted(this.options.curve);
  }

  /** Draws the smoothed path as a curve (www/render/path.ts); the curve goes through the smoothed path, so on turns Smooth on. */
  setCurve(on: boolean): void {
    this.options.curve = on;
    this.setSmooth(on || this.options.smooth);
  }

  setHeat(on: boolean): void {
    this.heat = on;
    this.emit('settings');
    this.redraw(true);
  }

  setNumbers(kind: ViewOptions['numbers']): void {
    this.options.numbers = kind;
    this.emit('settings');
    this.redraw();
  }

  // ---- searching ----------------------------------------------------------------------------------------

  private isFinished(): boolean {
    return this.stats !== null && this.stats.outcome !== 'searching';
  }

  /** Every search shown has finished (this one, and compare mode's second one). */
  private searchOver(): boolean {
    return this.isFinished() && (this.partner?.finished() ?? true);
  }

  /** The step shown (the timeline's position): in compare mode, the further of the two searches. */
  shownStep(): number {
    return Math.max(this.stats?.expanded ?? 0, this.partner?.expanded() ?? 0);
  }

  /**
   * Starts (a partner) or ends (null) compare mode: the second search is solved on this map at once and
   * from then on solved, restarted, stepped and drawn with this one.
   */
  setPartner(partner: Partner | null): void {
    this.partner = partner;
    this.solve();
  }

  /**
   * Runs the search to the end and shows the final state. A solve that needs more than a slice
   * (SLICE_MS, www/sliced-solve.ts) goes on in the tasks that follow, one slice each, unless `atOnce` (a
   * caller that shows a step of the result next): the previous result stays drawn (redraws wait) until it
   * is shown, in a task of its own when it was found after the first slice or its showing would make the
   * slice's task long; any other solve, restart, step or seek supersedes it. `spentMs`: how long the task
   * asking for it has run already (see `SlicedSolve.start`).
   */
  solve(atOnce = false, spentMs = 0): void {
    this.loop.stop();
    this.messagesBeforeSolve = this.messagesShown;
    // A solve that goes on with one superseded after its path was shown (a stroke that changed nothing)
    // shows that path again at once, not "Solving…" until its smoothing or optimum ends.
    this.pg.handOverAgain();
    this.partner?.supersede();
    this.solveAtOnce = atOnce;
    this.slices.start(atOnce, spentMs);
  }

  /**
   * Compare mode's second search has a result to show, solved after this one's was shown, or what that
   * result waited for (www/compare/pane.ts): the timeline takes the longer search's length, and the
   * partner is drawn as `draw` says (null: not now, a restart or step that draws both follows). With the
   * heat on, a new length recolours both maps (their heat is scaled by it).
   */
  partnerSolved(draw: 'full' | 'compose' | null): void {
    if (!this.partner) return;
    const before = this.total;
    this.total = Math.max(this.stats?.expanded ?? 0, this.partner.total());
    if (draw !== null) {
      if (this.heat && this.total !== before) this.redraw(true);
      else this.partner.draw(draw);
    }
    this.emit('partner');
  }

  /** The last solve shown was shown after its first task, or before its optimum (a big map): see `solve`. */
  get lastSolveInSlices(): boolean {
    return this.lastSolveSliced;
  }

  /** A solve's result is still to be shown, past its first task: searched for in slices, or found (see `solve`). */
  get solving(): boolean {
    return this.slices.pending;
  }

  /** Compare mode's second search is being solved: its result, or its optimum, not shown yet (www/compare/pane.ts). */
  get partnerSolving(): boolean {
    return this.partner?.solving ?? false;
  }

  /** The solve's path is shown and its smoothing or the optimum it is compared with still goes on in slices. */
  get comparing(): boolean {
    return this.slices.comparing;
  }

  /** Shows the result of a solve (its last slice). */
  private showSolved(stats: Stats, solve: FinishedSolve): void {
    this.lastSolveSliced = solve.sliced;
    this.stats = stats;
    this.partner?.solve(this.pg, this.solveAtOnce);
    // Strokes re-solve live only while both searches together are fast (see requestSolve); until its
    // smoothing and optimum are done too, a solve shown before them counts as slow.
    this.lastSolveMs = inPart(stats) ? Infinity : performance.now() - solve.started;
    this.total = Math.max(this.stats.expanded, this.partner?.total() ?? 0);
    this.transition(solve.strokeEnded || this.costBeforeEdit !== undefined ? 'stroke solve' : 'solve');
    this.redraw(true);
    this.emit('searched', this.stats, true);
    this.reportReachability(solve.costBefore);
    if (solve.strokeEnded) {
      this.fallbackNote = '';
      this.transition('pointer up');
    }
  }

  /**
   * After an edit or a load that the chosen algorithm cannot search (see the top of this file): switches
   * to FALLBACK_ALGORITHM, solves and says why. False when already on it (the error is then shown as is).
   */
  private fallBack(reason: string): boolean {
    const s = this.settings();
    if (s.algorithm === FALLBACK_ALGORITHM) return false;
    try {
      this.pg.setSettings({ ...s, algorithm: FALLBACK_ALGORITHM });
    } catch {
      return false;
    }
    this.cachedSettings = null;
    this.emit('settings');
    const message = withoutFullStop(reason);
    this.fallbackNote = t('algorithm.fell-back', { message, title: algorithmTitle(rowOf(FALLBACK_ALGORITHM)) });
    this.solve();
    return true;
  }

  /** The status line after a solve; `before`: the path cost when the stroke began (see costBeforeEdit). */
  private reportReachability(before: CostBefore = this.costBeforeEdit): void {
    const stats = this.stats!;
    // After a fall back to A* (see fallBack), every message of the stroke or load starts by saying why.
    const note = this.fallbackNote;
    if (before === undefined) this.fallbackNote = '';
    const say = (text: string, kind: 'error' | 'info') =>
      this.showMessage(note ? [note, text].filter(Boolean).join(' ') : text, note ? 'error' : kind);
    if (before !== undefined) {
      const after = stats.cost;
      if (after === null) {
        say(this.unreachableText(), 'info');
      } else if (before === 'unknown') {
        say(t('status.path-costs', { cost: fmt(after) }), 'info');
      } else if (before === null) {
        say(t('status.reachable-again', { cost: fmt(after) }), 'info');
      } else if (after > before + 1e-9) {
        say(t('status.longer', { before: fmt(before), after: fmt(after) }), 'info');
      } else if (after < before - 1e-9) {
        say(t('status.shorter', { before: fmt(before), after: fmt(after) }), 'info');
      } else {
        say(t('status.unchanged', { cost: fmt(after) }), 'info');
      }
    } else if (stats.outcome === 'unreachable') {
      say(this.unreachableText(), 'info');
    } else if (note || this.messagesShown === this.messagesBeforeSolve) {
      // A found path needs no words: the line is cleared of what it said before the solve began. A message
      // said since (while the solve ran in slices: "HPA* loaded", said as the module's first solve began;
      // or by a listener of this result as it was shown: units mode's "replanned") is about this solve,
      // and stays.
      say('', 'info');
    }
  }

  private unreachableText(): string {
    return this.pg.goalUnreachable()
      ? t('status.unreachable')
      : t('status.no-path');
  }

  /**
   * Solves at the next frame (edits call this, so a fast drag costs one solve per frame). When solving
   * this map is slow (a large map), a stroke only redraws the terrain each frame and solves once, when
   * the stroke ends: painting stays fluid.
   */
  requestSolve(): void {
    this.slices.end();
    this.solvePending = true;
    if (this.solveQueued) return;
    this.solveQueued = requestAnimationFrame(() => {
      this.solveQueued = 0;
      if (this.phase === 'editing' && Math.max(this.lastSolveMs, this.partner?.lastSolveMs ?? 0) > SLOW_SOLVE_MS) {
        this.redrawEdited();
        return;
      }
      this.solvePending = false;
      this.solve();
    });
  }

  private flushQueuedSolve(): void {
    this.flushSettings();
    if (this.solveQueued) cancelAnimationFrame(this.solveQueued);
    this.solveQueued = 0;
    if (!this.solvePending) return;
    this.solvePending = false;
    this.solve();
  }

  /** One animation frame: `n` expansions in one call, then only the changed cells are repainted. */
  private advance(n: number): boolean {
    this.pg.step(n);
    this.partner?.step(n);
    const stats = statsOf(this.pg);
    this.stats = stats;
    const done = this.searchOver();
    if (done) this.transition('last expansion');
    this.frame();
    this.emit('searched', stats, done);
    if (done && stats.outcome === 'unreachable') this.showMessage(this.unreachableText(), 'info');
    if (done) this.stepChanged();
    return !done;
  }

  private restart(): void {
    this.slices.end();
    this.pg.restart();
    this.partner?.restart();
    this.stats = statsOf(this.pg);
  }

  play(): void {
    if (this.phase === 'running') return;
    this.flushQueuedSolve();
    if (this.searchOver() || this.phase === 'finished' || this.phase === 'edited') {
      this.restart();
      this.redraw(true);
    }
    this.transition('play');
    this.loop.start();
  }

  pause(): void {
    if (this.phase !== 'running') return;
    this.loop.stop();
    this.transition('pause');
    this.stepChanged();
  }

  togglePlay(): void {
    if (this.phase === 'running') this.pause();
    else this.play();
  }

  step(): void {
    this.flushQueuedSolve();
    this.loop.stop();
    // A finished search starts again: its cells are recoloured whole (the change list has only this step's).
    const restarted = this.searchOver();
    if (restarted) this.restart();
    this.pg.step(1);
    this.partner?.step(1);
    this.stats = statsOf(this.pg);
    const done = this.searchOver();
    this.transition(done ? 'step to the end' : 'step');
    if (restarted) this.redraw(true);
    else this.frame();
    this.emit('searched', this.stats, done);
    this.stepChanged();
  }

  /** Shows the search one expansion earlier (nothing before step 0). */
  back(): void {
    this.flushQueuedSolve();
    const expanded = this.shownStep();
    if (expanded > 0) this.seek(expanded - 1);
  }

  reset(): void {
    this.flushQueuedSolve();
    this.loop.stop();
    this.restart();
    this.transition('reset');
    this.redraw(true);
    this.emit('searched', this.stats!, false);
    this.stepChanged();
  }

  /**
   * Shows the search after `k` expansions by restarting and stepping, so the counters, g values and open
   * list are exactly those of step k (the per-cell trace alone could colour the cells, not give these).
   */
  seek(k: number): void {
    this.flushSettings();
    this.showStep(k);
    this.stepChanged();
  }

  /**
   * Draws the search after `k` expansions for an export (www/export/): it goes on from the step shown when
   * `k` is later, so a whole run costs one search; no phase change, no listeners, no link. The export puts
   * the page back with `seek` when it is done.
   */
  renderStep(k: number): void {
    this.loop.stop();
    const shown = this.stats?.expanded ?? 0;
    const restarted = k < shown || this.isFinished();
    if (restarted) this.restart();
    const from = restarted ? 0 : shown;
    if (k > from) this.pg.step(k - from);
    this.stats = statsOf(this.pg);
    if (restarted) this.renderer.full(this.scene());
    else this.renderer.frame(this.scene());
  }

  /** Shows step `k` (see `seek`) without telling the step listeners (a loaded view brings its own). */
  private showStep(k: number): void {
    this.loop.stop();
    this.restart();
    if (k > 0) this.pg.step(k);
    if (k > 0) this.partner?.step(k);
    this.stats = statsOf(this.pg);
    const done = this.searchOver();
    this.transition(done ? 'seek to the end' : k === 0 ? 'seek 0' : 'seek k');
    this.redraw(true);
    this.emit('searched', this.stats, done);
  }

  // ---- editing ------------------------------------------------------------------------------------------

  /** Starts an edit stroke (pointer down): the animation stops, the cost before is kept for the message. */
  beginEdit(): void {
    this.flushSettings();
    // A result found and waiting for its task is shown first: the stroke begins from it. A stroke
    // supersedes a solve still running in slices (and ends the stroke that solve was for); if the stroke
    // changes nothing, that solve is run again when it ends (see endEdit).
    this.slices.showFound();
    this.strokeDroppedSolve = this.slices.end();
    this.phaseBeforeEdit = this.phase;
    this.fallbackNote = '';
    this.loop.stop();
    this.strokeChanged = false;
    // A paused or stepped search has no cost yet: only a finished one, or a goal cut off from the start,
    // says what the edit changed.
    if (this.isFinished()) this.costBeforeEdit = this.stats!.cost;
    else this.costBeforeEdit = this.pg.goalUnreachable() ? null : 'unknown';
    this.transition('pointer down');
  }

  /**
   * Applies one edit; `live` edits (inside a stroke) re-solve at the next frame, others at once. `apply`
   * returns false when it changed nothing (paint over the same terrain): no solve, no message, no undo step.
   */
  edit(apply: (pg: Playground) => boolean | void, live = false): boolean {
    return this.change(apply, live, { ...this.origin, edited: true });
  }

  /** Replaces the map by a generated one (an edit: one undo step), recording how it was made. */
  generate(recipe: Generated): boolean {
    return this.change((pg) => makeMap(pg, recipe), false, { recipe, edited: false });
  }

  /** Applies a change of the map; once it is applied, `origin` says how the map was made. */
  private change(apply: (pg: Playground) => boolean | void, live: boolean, origin: MapOrigin): boolean {
    const single = this.costBeforeEdit === undefined;
    if (single) this.beginEdit();
    const began = performance.now();
    try {
      if (apply(this.pg) === false) {
        if (single) this.endEdit();
        return false;
      }
    } catch (err) {
      this.showMessage(errorText(err), 'error');
      if (single) this.endEdit();
      return false;
    }
    this.origin = origin;
    this.strokeChanged = true;
    if (live) this.requestSolve();
    // A change that took long (a big map generated) leaves the solve's first slice to the next task.
    else this.solve(false, performance.now() - began);
    if (single) this.endEdit();
    return true;
  }

  /**
   * Ends the stroke (pointer up): solves what is pending, tells the listeners. A stroke that changed
   * nothing (a click on the start marker, a refused edit) goes back to the phase before it, with no undo
   * step.
   */
  endEdit(): void {
    if (this.costBeforeEdit === undefined) return;
    this.flushQueuedSolve();
    this.costBeforeEdit = undefined;
    // A solve still running in slices says why it fell back when it shows its result.
    if (!this.slices.pending) this.fallbackNote = '';
    if (!this.strokeChanged) {
      // The status line described the last edit that changed something: it must not seem to describe this one.
      if (this.message.kind === 'info') this.showMessage('', 'info');
      this.transition({ type: 'pointer up, nothing changed', before: this.phaseBeforeEdit });
      // A click that stopped an animation leaves it paused at a new step (links keep it).
      if (this.phaseBeforeEdit === 'running' || this.phaseBeforeEdit === 'paused') this.stepChanged();
      // The solve the stroke superseded, of this same map, goes on (the core keeps how far it got).
      if (this.strokeDroppedSolve) this.solve();
      return;
    }
    // A solve still running in slices ends the stroke when it shows its result (www/sliced-solve.ts).
    if (!this.slices.strokeEndedMeanwhile()) this.transition('pointer up');
    this.emit('map');
    this.userChanged();
  }

  // ---- drawing ------------------------------------------------------------------------------------------

  scene(): Scene {
    const s = this.settings();
    return {
      pg: this.pg,
      views: this.views,
      geometry: this.renderer.geometry,
      // A path shown before its smoothing is drawn as without smoothing until the smoothed one comes.
      smooth: this.options.smooth && !this.stats?.smoothingPending,
      curve: this.curveShown(),
      numbers: this.options.numbers,
      hWeight: this.pg.fWeight(),
      marks: rowOf(s.algorithm).marks,
      meeting: this.stats?.meetingCell ?? null,
      heatTotal: this.heat ? Math.max(1, this.total, this.stats?.expanded ?? 0) : 0,
      finished: this.isFinished(),
      anytime: rowOf(s.algorithm).anytime,
      current: this.pg.currentCell(),
      cursor: this.cursor,
      brush: this.brush,
      insight: this.insight,
      inconsistent: rowOf(s.algorithm).repairsEdits ? this.pg.inconsistentCells() : undefined,
    };
  }

  /**
   * The smoothed path is drawn as a curve: it is on, and the curve is made (a long path's is made in slices
   * first: www/curve-slices.ts).
   */
  curveShown(): boolean {
    return this.options.curve && this.curveSlices.ready();
  }

  /**
   * Redraws during a stroke whose solve waits for its end: this map's cells are recoloured, while the
   * partner's map is its copy from the last solve, unchanged until the next: only its overlays (the brush)
   * are drawn, not its million cells again at every frame of a stroke on a big map.
   */
  private redrawEdited(): void {
    if (this.solving) return;
    const began = performance.now();
    this.renderer.full(this.scene());
    this.partner?.draw('compose', performance.now() - began);
  }

  /** Redraws: `cells` recolours every cell (after a solve, restart or seek), else only the overlays. */
  redraw(cells = false): void {
    // The previous result stays drawn while a solve runs in slices: the pg holds its search part-way.
    if (this.solving) return;
    const began = performance.now();
    if (cells) this.renderer.full(this.scene());
    else this.renderer.compose(this.scene());
    this.partner?.draw(cells ? 'full' : 'compose', performance.now() - began);
  }

  /**
   * Redraws the overlays before the next frame is painted, once however often it is asked for meanwhile:
   * for what can wait that long (the inspector's marks, the brush outline under a moving pointer), so
   * that the task asking for it (the one that shows a search, which has drawn the map already) does not
   * draw the map twice.
   */
  redrawSoon(): void {
    if (this.redrawAsked) return;
    this.redrawAsked = true;
    requestAnimationFrame(() => {
      this.redrawAsked = false;
      if (this.phase !== 'running') this.redraw();
    });
  }

  /** Draws the cells the last step changed (in both searches, in compare mode). */
  private frame(): void {
    if (this.solving) return;
    this.renderer.frame(this.scene());
    this.partner?.draw('frame');
  }
}

/** A cost as the page prints it: at most one decimal. */
export function fmt(value: number): string {
  return Number.isInteger(value) ? num(value) : num(value, 1);
}

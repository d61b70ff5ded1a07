// A change of the search settings (algorithm, movement, heuristic, w, ...) as one transaction: set the
// settings, try them on the map (the core's restart refuses what the map does not allow), then either
// re-solve or put everything back. Owns the burst merging too: requests that come quickly (a dragged w
// slider, a flood of embed messages) wait one task and apply once, the last value of each setting winning.
//
// A refused change shows the core's reason in the status line and changes nothing: the settings, the
// step shown and the phase stay as they were (a running animation goes on). An accepted change part-way
// through an animation goes on from the step it showed. An algorithm the loaded wasm module lacks is
// fetched first and applied (with an undo step) when it is here.
//
// The app (www/app.ts) owns the state this changes and gives it through `SettingsHost`; nothing here
// touches the DOM.
import { rowOf } from './algorithms.js';
import type { Playground } from './bridge.js';
import type { Settings } from './hooks.js';
import { algorithmTitle, errorClause, errorText, t } from './i18n/index.js';
import type { Phase } from './phase.js';

/** What a settings change reads and drives in the app. */
export interface SettingsHost {
  playground(): Playground;
  phase(): Phase;
  /** The settings now (cached by the app until `settingsSet`). */
  settings(): Settings;
  /** The playground's settings were set: the app forgets its cached copy. */
  settingsSet(): void;
  /** The views re-read the settings ('settings') or the map's derived views ('map'). */
  tell(event: 'settings' | 'map'): void;
  showMessage(text: string, kind: 'error' | 'info'): void;
  /** True when `algorithm`'s engine is not in the loaded module but can be fetched. */
  lacks(algorithm: string): boolean;
  /** Fetches the module that has `algorithm`, then calls `then`, or `failed` (see App.fetchAlgorithm). */
  fetchAlgorithm(algorithm: string, then: () => void, failed: () => void): void;
  /** Tells the share modules that the user changed something (an undo step). */
  userChanged(): void;
  /** The step shown, whether every search shown has finished, and the finished search's expansions. */
  shownStep(): number;
  searchOver(): boolean;
  total(): number;
  /**
   * Runs the search to the end (at once when `atOnce`: a step of it is shown next); `spentMs`: how long the
   * task has run already (App.solve).
   */
  solve(atOnce: boolean, spentMs?: number): void;
  /** Shows the search after `step` expansions. */
  showStep(step: number): void;
  play(): void;
}

export class SettingsChanges {
  /** A change waiting for its task (see `request`): later requests merge into it. */
  private pending: Partial<Settings> | null = null;
  private timer = 0;

  constructor(private readonly host: SettingsHost) {}

  /**
   * Applies `change` soon, merged into any change still waiting: a burst of requests costs one solve, and
   * the last value of each setting wins. Every other command applies what is waiting first (`flush`), so
   * it sees the settings in the order they were asked for.
   */
  request(change: Partial<Settings>): void {
    this.pending = { ...this.pending, ...change };
    if (!this.timer) this.timer = window.setTimeout(() => this.flush(), 0);
  }

  /** Applies the change waiting (see `request`) now, if there is one. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = 0;
    const change = this.pending;
    this.pending = null;
    if (change) this.apply(change);
  }

  /** Applies `change` and re-solves, or refuses it with the core's reason and changes nothing. Returns whether it was applied. */
  apply(change: Partial<Settings>): boolean {
    this.flush();
    const began = performance.now();
    const host = this.host;
    if (change.algorithm !== undefined && host.lacks(change.algorithm)) {
      // Applied (with an undo step) once the module is here; nothing changes until then.
      const refresh = () => host.tell('settings');
      host.fetchAlgorithm(
        change.algorithm,
        () => {
          if (this.apply(change)) host.userChanged();
        },
        refresh,
      );
      refresh();
      return false;
    }
    const before = host.settings();
    const next = { ...before, ...change };
    // An animation shown part-way (playing, paused, stepped, or at step 0 after Reset) goes on from its step.
    const phase = host.phase();
    const step = host.shownStep();
    const midway = !host.searchOver() && (phase === 'running' || phase === 'paused' || phase === 'ready');
    try {
      host.playground().setSettings(next);
    } catch (err) {
      host.showMessage(errorText(err), 'error');
      host.tell('settings');
      return false;
    }
    host.settingsSet();
    if (next.algorithm !== before.algorithm || next.movement !== before.movement || next.cluster !== before.cluster) {
      const refusal = this.refusal();
      if (refusal !== null) {
        this.restore(before);
        host.showMessage(t('algorithm.refused', { message: refusal, title: algorithmTitle(rowOf(before.algorithm)) }), 'error');
        return false;
      }
    }
    host.tell('settings');
    // The change's own work so far shortens the solve's first slice (see SlicedSolve.start).
    host.solve(midway, performance.now() - began);
    if (midway) this.resumeAt(step, phase === 'running', next.algorithm !== before.algorithm);
    if (change.w === undefined || Object.keys(change).length > 1) host.tell('map');
    return true;
  }

  /**
   * After a change during an animation (the new search is solved, so the timeline knows its end): shows
   * the new search at `step` and plays on if it was playing. Another algorithm's step k is another
   * picture, so the status line says what is shown; a search that ends before `step` is shown finished,
   * and the status line says that too.
   */
  private resumeAt(step: number, playing: boolean, switched: boolean): void {
    const host = this.host;
    const title = algorithmTitle(rowOf(host.settings().algorithm));
    if (step >= host.total()) {
      if (switched) host.showMessage(t('status.switched-finished', { title, total: host.total(), step }), 'info');
      return;
    }
    host.showStep(step);
    if (playing) host.play();
    if (switched) host.showMessage(t(playing ? 'status.switched-running' : 'status.switched-paused', { title, step }), 'info');
  }

  /**
   * The core's reason why the settings now set cannot run on this map, or null when they can: asked
   * without beginning a search (an HPA* graph is built by the solve that follows, in slices).
   */
  private refusal(): string | null {
    try {
      this.host.playground().checkSettings();
      return null;
    } catch (err) {
      return errorClause(err);
    }
  }

  /**
   * Puts `settings` back after a refused change and shows the search as it was: finished, or at the same
   * step (and still running, if it was). Setting the refused settings swapped the search's engine, so
   * the search is re-run.
   */
  private restore(settings: Settings): void {
    const host = this.host;
    const phase = host.phase();
    const step = host.shownStep();
    host.playground().setSettings(settings);
    host.settingsSet();
    host.tell('settings');
    if (host.searchOver() || phase === 'finished' || phase === 'edited') {
      host.solve(false);
      return;
    }
    host.showStep(step);
    if (phase === 'running') host.play();
  }
}

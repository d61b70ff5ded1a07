// The second pane of compare mode: its own Playground holding a copy of the page's map (terrain, costs,
// start and goal, movement, corner rule, budget) with its own algorithm, heuristic, w and tie-break, drawn
// by the page's Renderer on a second canvas. It is the App's Partner (www/app.ts): the app solves,
// restarts, steps and draws it wherever it does so with its own search, so one Play, Step and timeline
// drive both; and the stage's follower (www/stage.ts): its canvas is laid out at the first one's geometry.
//
// The copy is taken again at every solve of the page's search (every edit, load, undo and settings change
// ends in one), so an edit on either canvas reaches both; nothing is edited here directly.
import { FALLBACK_ALGORITHM, rowOf } from '../algorithms.js';
import type { App, Partner } from '../app.js';
import { costsOf, Playground, settingsOf, solveToEnd, statsOf, Views } from '../bridge.js';
import { penaltiesOf, putPenalties } from '../penalties/read.js';
import { algorithmTitle, errorClause, t } from '../i18n/index.js';
import { Renderer } from '../render/renderer.js';
import type { Scene } from '../render/scene.js';
import type { Settings } from '../hooks.js';
import type { Stats } from '../types.js';
import type { PaneSettings } from './url.js';

/** The settings a pane has of its own, read from full settings. */
export function paneSettings(settings: Settings): PaneSettings {
  return { algorithm: settings.algorithm, heuristic: settings.heuristic, w: settings.w, tieBreak: settings.tieBreak };
}

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

  constructor(
    private readonly app: App,
    canvas: HTMLCanvasElement,
    /** This pane's own settings; the rest are the page's. */
    public own: PaneSettings,
  ) {
    this.pg = new Playground(app.pg.width(), app.pg.height());
    this.views = new Views(this.pg);
    this.renderer = new Renderer(canvas);
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

  /** Copies the map, its costs, the end cells and the shared settings from `a`. */
  private copyFrom(a: Playground): void {
    // The page swapped in the module with JPS, HPA*, JPS+, Theta* and ARA* (www/hpa/) since this pane was made: move to it too.
    if (this.pg.constructor !== Playground) {
      const settings = settingsOf(this.pg);
      this.pg.free();
      this.pg = new Playground(a.width(), a.height());
      this.pg.setSettings(settings);
      this.views = new Views(this.pg);
    }
    const costs = costsOf(a);
    this.pg.setCosts(costs.plain, costs.road, costs.forest, costs.swamp);
    // A copy: the view aliases wasm memory, which the call may grow (detaching the view) before reading it.
    const terrain = new Views(a).terrain().slice();
    this.pg.setMap(a.width(), a.height(), terrain);
    const [sx, sy, gx, gy] = [a.startX(), a.startY(), a.goalX(), a.goalY()];
    if (this.pg.startX() !== sx || this.pg.startY() !== sy || this.pg.goalX() !== gx || this.pg.goalY() !== gy) {
      // Each end may only move where the other is not: the order that frees the cell first.
      try {
        this.pg.setStart(sx, sy);
        this.pg.setGoal(gx, gy);
      } catch {
        this.pg.setGoal(gx, gy);
        this.pg.setStart(sx, sy);
      }
      // setMap made the old end cells passable where the page's map has a wall: copy the terrain again.
      this.pg.setMap(a.width(), a.height(), terrain);
    }
    // The penalties too (www/penalties/): setMap starts a map without them.
    // Both as the facade gives them (plain numbers); copied only when they differ, as a copy rebuilds the grid.
    const [mine, theirs] = [this.pg.penalties(), a.penalties()];
    if (mine.length !== theirs.length || mine.some((v, i) => v !== theirs[i])) putPenalties(this.pg, penaltiesOf(a));
    this.pg.setSettings(this.settingsWith(a));
  }

  solve(a: Playground): void {
    this.note = '';
    try {
      this.copyFrom(a);
      this.stats = solveToEnd(this.pg);
    } catch (err) {
      // Like the page after an edit (www/app.ts, fallBack): an algorithm that cannot run on this map
      // gives way to A*, and the pane says why.
      const reason = errorClause(err);
      if (this.own.algorithm === FALLBACK_ALGORITHM) {
        this.note = reason;
        this.stats = null;
        this.totalExpanded = 0;
        return;
      }
      this.own = { ...this.own, algorithm: FALLBACK_ALGORITHM };
      this.solve(a);
      this.note = t('algorithm.fell-back', { message: reason, title: algorithmTitle(rowOf(FALLBACK_ALGORITHM)) });
      this.onOwnChange();
      return;
    }
    this.totalExpanded = this.stats.expanded;
  }

  restart(): void {
    if (!this.stats) return;
    this.pg.restart();
    this.stats = statsOf(this.pg);
  }

  step(n: number): void {
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

  draw(how: 'full' | 'frame' | 'compose'): void {
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
      curve: this.app.options.curve,
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
    if (changed) this.draw('full');
  }

  free(): void {
    this.pg.free();
  }
}

// The renderer: owns the visible canvas and composes the layers in order (cells, parent segments, path,
// the inspector's chain and the optimal-path overlay, numbers, markers).
// A full redraw recolours every cell (after a load, an edit, a seek, a resize); an animation frame
// recolours only the cells in the change list. Either way the overlay layers are cheap and redrawn whole.
// Each layer notes the kinds of mark it drew (`drawnMarks`, what the legend's audit compares the legend with).
import { CellLayer } from './cells.js';
import { drawInconsistent } from './inconsistent.js';
import { drawInsight } from './insight.js';
import { drawMarkers } from './markers.js';
import { drawNumbers } from './numbers.js';
import { drawParents } from './parents.js';
import { drawPath } from './path.js';
import type { Scene } from './scene.js';
import type { Entry } from '../legend-entries.js';
import { zoomedFit, type Geometry } from './view.js';

/** A layer a chunk adds: it draws over the cells, noting its marks in `drawn`, and lists the legend entries of what it drew last. */
export interface ExtraLayer {
  draw(ctx: CanvasRenderingContext2D, scene: Scene, drawn: Set<string>): void;
  legend(): Entry[];
  /** It draws the map's own features (the penalties' watchers), not a search's: compare mode's second pane draws it too. */
  ofTheMap?: boolean;
}

export class Renderer {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly cells = new CellLayer();
  geometry: Geometry = { mapWidth: 1, mapHeight: 1, cellPx: 1, cssCell: 1 };
  /** The overlay marks drawn by the last compose ('path', 'current', 'chain', …). */
  private drawn = new Set<string>();
  private drawnKey = '';
  /** Called after a compose that drew a different set of overlay marks (the legend listens). */
  onMarksChanged: (() => void) | null = null;
  /** Layers added by chunks fetched on demand (HPA*'s overlay, www/hpa/), drawn over the cells. */
  readonly extraLayers: ExtraLayer[] = [];

  constructor(readonly canvas: HTMLCanvasElement) {
    this.ctx = canvas.getContext('2d')!;
  }

  /**
   * Fits a `mapWidth` × `mapHeight` map into `availWidth` × `availHeight` CSS pixels, magnified `zoom` times
   * (a pinch on a phone; the stage clips and pans the larger canvas); true if it changed.
   */
  layout(mapWidth: number, mapHeight: number, availWidth: number, availHeight: number, zoom = 1): boolean {
    const dpr = window.devicePixelRatio || 1;
    const g = zoomedFit(mapWidth, mapHeight, availWidth, availHeight, dpr, zoom);
    const old = this.geometry;
    const changed =
      g.mapWidth !== old.mapWidth || g.mapHeight !== old.mapHeight || g.cellPx !== old.cellPx || g.cssCell !== old.cssCell;
    this.geometry = g;
    this.cells.resize(mapWidth, mapHeight);
    const width = mapWidth * g.cellPx;
    const height = mapHeight * g.cellPx;
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;
    this.canvas.style.width = `${mapWidth * g.cssCell}px`;
    this.canvas.style.height = `${mapHeight * g.cssCell}px`;
    this.canvas.dataset.mapWidth = String(mapWidth);
    this.canvas.dataset.mapHeight = String(mapHeight);
    this.canvas.dataset.cellPx = String(g.cellPx);
    return changed;
  }

  /** Recolours every cell from the core's arrays, then composes. */
  full(scene: Scene): void {
    const { views } = scene;
    this.cells.heatTotal = scene.heatTotal;
    this.cells.rebuild(views.terrain(), views.openedAt(), views.closedAt(), views.frontiers());
    this.compose(scene);
  }

  /** Recolours the cells changed by the last `step(n)`, then composes. */
  frame(scene: Scene): void {
    const { views } = scene;
    this.cells.heatTotal = scene.heatTotal;
    this.cells.update(views.changes(), views.terrain(), views.openedAt(), views.closedAt(), views.frontiers());
    this.compose(scene);
  }

  /** Draws the layers over the (already coloured) cells. */
  compose(scene: Scene): void {
    this.cells.flush();
    const ctx = this.ctx;
    ctx.imageSmoothingEnabled = false;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.drawImage(this.cells.canvas, 0, 0, this.canvas.width, this.canvas.height);
    const drawn = new Set<string>();
    for (const layer of this.extraLayers) layer.draw(ctx, scene, drawn);
    drawParents(ctx, scene, drawn);
    drawPath(ctx, scene, drawn);
    drawInsight(ctx, scene, drawn);
    drawInconsistent(ctx, scene, drawn);
    drawNumbers(ctx, scene, drawn);
    drawMarkers(ctx, scene, drawn);
    this.drawn = drawn;
    const key = [...drawn].sort().join();
    if (key !== this.drawnKey) {
      this.drawnKey = key;
      this.onMarksChanged?.();
    }
  }

  /**
   * Every kind of mark on the canvas now: the cells' kinds with their colours, and the overlay marks of the
   * last compose (colours not listed). A test hook for the legend's audit: one pass over the cells.
   */
  drawnMarks(): { mark: string; colours: string[] }[] {
    const marks = [...this.cells.drawnKinds()].map(([mark, colours]) => ({ mark, colours: [...colours] }));
    for (const mark of this.drawn) marks.push({ mark, colours: [] });
    return marks;
  }
}

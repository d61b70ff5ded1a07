// Walk mode's drawing (www/walk/): a canvas that takes the map's place while walking, drawn by a Renderer
// of its own from the planner (the known map, its D* Lite search), then fog over every unknown cell
// (FOG_RGB, opaque: what the agent has not seen), the route ahead over the fog, the trail walked and the
// agent. The canvas is `data-testid="walk-canvas"`, sized like the map's canvas.
import { Renderer } from '../render/renderer.js';
import { css, RAW_PATH_RGB, START_RGB } from '../render/palette.js';
import type { App } from '../app.js';
import { UNKNOWN } from './fog.js';
import type { Walker } from './walker.js';

/** The fog's colour. */
export const FOG_RGB = [120, 128, 140] as const;

export class WalkView {
  readonly canvas: HTMLCanvasElement;
  private readonly renderer: Renderer;
  private readonly trail: number[] = [];

  constructor(private readonly app: App) {
    this.canvas = document.createElement('canvas');
    this.canvas.dataset.testid = 'walk-canvas';
    this.canvas.className = 'walk-canvas';
    this.renderer = new Renderer(this.canvas);
    const main = app.renderer.canvas;
    main.after(this.canvas);
    main.hidden = true;
  }

  /** Puts the map's canvas back. */
  remove(): void {
    this.canvas.remove();
    this.app.renderer.canvas.hidden = false;
  }

  /** Starts a new trail (a new walk). */
  resetTrail(): void {
    this.trail.length = 0;
  }

  draw(walker: Walker): void {
    if (this.trail[this.trail.length - 1] !== walker.agent) this.trail.push(walker.agent);
    const main = this.app.renderer.geometry;
    const pg = walker.planner;
    const width = pg.width();
    this.renderer.layout(width, pg.height(), width * main.cssCell, pg.height() * main.cssCell);
    // The walker's planner draws its own curve (made when asked for), not the page's.
    const scene = { ...this.app.scene(), pg, views: walker.views, geometry: this.renderer.geometry, insight: null, curve: this.app.options.curve };
    scene.inconsistent = undefined;
    scene.cursor = null;
    scene.brush = null;
    scene.meeting = null;
    scene.finished = true;
    this.renderer.full(scene);
    const ctx = this.canvas.getContext('2d')!;
    const s = this.renderer.geometry.cellPx;
    ctx.save();
    ctx.fillStyle = css(FOG_RGB);
    const known = walker.known.terrainByCell;
    for (let cell = 0; cell < known.length; cell++) {
      if (known[cell] === UNKNOWN) ctx.fillRect((cell % width) * s, Math.floor(cell / width) * s, s, s);
    }
    const line = (cells: readonly number[], rgb: readonly number[], dash: number[]) => {
      if (cells.length < 2) return;
      ctx.beginPath();
      ctx.setLineDash(dash);
      ctx.strokeStyle = css(rgb);
      ctx.lineWidth = Math.max(2, s * 0.14);
      cells.forEach((cell, i) => {
        const x = ((cell % width) + 0.5) * s;
        const y = (Math.floor(cell / width) + 0.5) * s;
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      });
      ctx.stroke();
    };
    line(walker.route, RAW_PATH_RGB, [s * 0.3, s * 0.2]);
    line(this.trail, START_RGB, []);
    ctx.setLineDash([]);
    ctx.fillStyle = css(START_RGB);
    ctx.beginPath();
    ctx.arc((walker.x(walker.agent) + 0.5) * s, (walker.y(walker.agent) + 0.5) * s, Math.max(3, s * 0.4), 0, 2 * Math.PI);
    ctx.fill();
    ctx.restore();
    this.canvas.dataset.fogCells = String(walker.known.unknownCount());
  }
}

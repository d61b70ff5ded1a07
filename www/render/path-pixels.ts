// Paths drawn as pixels, for maps whose cells are one or two backing pixels wide (cellPx ≤ 2: big maps).
// There the browser's software stroke is the slowest thing the page does: a path across a 1,024 × 1,024 maze
// (95,000 cells, and its 31,000-corner smoothed path over it) took 145 ms to rasterise at the end of the
// task that drew it, in pieces or not. Lines two pixels wide need no anti-aliasing at that scale, so they
// are written into a bitmap here (a 2 × 2 block every pixel of the way, dashes counted along the length
// drawn, as the stroke's dash pattern is) and each layer's bitmap is drawn over the map in one drawImage
// (www/render/path.ts has two: the grid path, the smoothed path or curve): about 10 ms for the same path. Larger cells keep the canvas's strokes (www/render/path.ts, www/render/insight.ts).

/** Cells at most this many backing pixels wide have their lines written as pixels. */
export const PIXEL_CELLS = 2;

/** A colour as the canvas's bytes (r, g, b, alpha, not premultiplied) read as one little-endian u32. */
function pixelOf([r, g, b]: readonly number[], alpha = 1): number {
  return ((Math.round(alpha * 255) << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/** What a drawing is made from: numbers and arrays of numbers (compared by value). */
export type DrawingKey = readonly (number | ArrayLike<number>)[];

/**
 * Draws onto `ctx` what `write` writes into the bitmap of `layer` on that canvas (compare mode's two
 * panes each have theirs), or, when `key` is the one that layer's last drawing was made from, that drawing
 * again without writing it (a redraw that changed nothing of the path: a hover, a slice's progress).
 */
export function drawPixels(ctx: CanvasRenderingContext2D, layer: string, key: DrawingKey | null, write: (bitmap: PathPixels) => void): void {
  let layers = bitmaps.get(ctx);
  if (!layers) bitmaps.set(ctx, (layers = new Map()));
  let bitmap = layers.get(layer);
  if (!bitmap) layers.set(layer, (bitmap = new PathPixels()));
  bitmap.draw(ctx, key, write);
}
const bitmaps = new WeakMap<CanvasRenderingContext2D, Map<string, PathPixels>>();

/**
 * The pixels a drawing is written into before it is put into its layer's canvas: one buffer for every layer
 * (a drawing is written and put within one call), so that a layer keeps only its canvas.
 */
let scratch: ImageData | null = null;
function scratchOf(width: number, height: number): ImageData {
  if (scratch?.width !== width || scratch.height !== height) scratch = new ImageData(width, height);
  return scratch;
}

function sameKey(a: DrawingKey, b: DrawingKey): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i], b[i]];
    if (typeof x === 'number' || typeof y === 'number') {
      if (x !== y) return false;
      continue;
    }
    if (x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) if (x[j] !== y[j]) return false;
  }
  return true;
}

/** A dash pattern in backing pixels: `on` drawn, then `off` skipped, repeating from the polyline's start. */
export interface Dash {
  on: number;
  off: number;
}

/** A bitmap the size of the canvas that polylines are written into, then drawn over the canvas at once. */
export class PathPixels {
  private canvas: HTMLCanvasElement | null = null;
  /** The scratch pixels of the drawing being written (see `scratchOf`). */
  private image: ImageData | null = null;
  private pixels = new Uint32Array(0);
  private width = 0;
  private height = 0;
  /** The box written since the last drawing was put: [x0, y0, x1, y1), empty when x0 ≥ x1. */
  private box = [0, 0, 0, 0];
  /** The box of the drawing in `canvas`. */
  private drawnBox = [0, 0, 0, 0];
  /** The key the drawing in `canvas` was made from (null: none kept). */
  private drawnKey: DrawingKey | null = null;
  /** The colour and dashes of the polyline being written, and how far along it its last segment ended (pixels). */
  private colour = 0;
  private dash: Dash | null = null;
  private along = 0;

  /** See `drawPixels`. */
  draw(ctx: CanvasRenderingContext2D, key: DrawingKey | null, write: (bitmap: PathPixels) => void): void {
    const { width, height } = ctx.canvas;
    if (width !== this.width || height !== this.height) {
      this.width = width;
      this.height = height;
      this.canvas = null;
      this.drawnKey = null;
    }
    if (!(key && this.drawnKey && this.canvas && sameKey(key, this.drawnKey))) {
      this.drawnKey = null;
      this.box = [width, height, 0, 0];
      this.image = scratchOf(width, height);
      this.pixels = new Uint32Array(this.image.data.buffer);
      write(this);
      this.put();
      this.drawnKey = key && key.map((part) => (typeof part === 'number' ? part : Float64Array.from(part)));
    }
    const [x0, y0, x1, y1] = this.drawnBox;
    if (this.canvas && x0 < x1 && y0 < y1) ctx.drawImage(this.canvas, x0, y0, x1 - x0, y1 - y0, x0, y0, x1 - x0, y1 - y0);
  }

  /**
   * Writes the polyline through the centres of `cells` (cell ids of a map `mapWidth` wide, `s` pixels a cell)
   * in `rgb` at `alpha`.
   */
  cellPolyline(cells: ArrayLike<number>, mapWidth: number, s: number, rgb: readonly number[], dash: Dash | null, alpha = 1): void {
    this.startLine(rgb, alpha, dash);
    let px = 0;
    let py = 0;
    for (let i = 0; i < cells.length; i++) {
      const x = cells[i] % mapWidth;
      const cx = (x + 0.5) * s;
      const cy = ((cells[i] - x) / mapWidth + 0.5) * s;
      if (i > 0) this.segment(px, py, cx, cy, i === 1);
      else if (cells.length === 1) this.segment(cx, cy, cx, cy, true);
      px = cx;
      py = cy;
    }
  }

  /**
   * Writes the polyline through `points` (x, y pairs in cells, scaled by `s` pixels a cell). Points less
   * than a pixel from the last one written are passed over (the last point never is): a curve has eight
   * points a cell, so on a big map most of its chords are a fraction of a pixel long, and writing each
   * one cost a dot. Dots are a pixel apart along what is written either way, so the line looks the same.
   */
  pointPolyline(points: ArrayLike<number>, s: number, rgb: readonly number[], dash: Dash | null): void {
    this.startLine(rgb, 1, dash);
    if (points.length < 4) return;
    let px = points[0] * s;
    let py = points[1] * s;
    let first = true;
    for (let i = 2; i + 1 < points.length; i += 2) {
      const x = points[i] * s;
      const y = points[i + 1] * s;
      const last = i + 3 >= points.length;
      if (!last && (x - px) * (x - px) + (y - py) * (y - py) < 1) continue;
      this.segment(px, py, x, y, first);
      first = false;
      px = x;
      py = y;
    }
  }

  private startLine(rgb: readonly number[], alpha: number, dash: Dash | null): void {
    this.colour = pixelOf(rgb, alpha);
    this.dash = dash;
    this.along = 0;
  }

  /** One segment of the polyline: a dot every pixel of its length (from its start only when `first`), and the box grown to hold them. */
  private segment(x0: number, y0: number, x1: number, y1: number, first: boolean): void {
    const dx = x1 - x0;
    const dy = y1 - y0;
    const adx = dx < 0 ? -dx : dx;
    const ady = dy < 0 ? -dy : dy;
    const steps = Math.max(1, Math.ceil(adx > ady ? adx : ady));
    const stepLength = Math.sqrt(dx * dx + dy * dy) / steps;
    const dash = this.dash;
    const period = dash ? dash.on + dash.off : 0;
    for (let k = first ? 0 : 1; k <= steps; k++) {
      if (dash === null || (this.along + k * stepLength) % period < dash.on) this.dot(x0 + (dx * k) / steps, y0 + (dy * k) / steps);
    }
    this.along += stepLength * steps;
    const box = this.box;
    const minX = Math.min(x0, x1);
    const minY = Math.min(y0, y1);
    const maxX = Math.max(x0, x1);
    const maxY = Math.max(y0, y1);
    if (minX - 1 < box[0]) box[0] = Math.max(0, Math.floor(minX - 1));
    if (minY - 1 < box[1]) box[1] = Math.max(0, Math.floor(minY - 1));
    if (maxX + 2 > box[2]) box[2] = Math.min(this.width, Math.ceil(maxX + 2));
    if (maxY + 2 > box[3]) box[3] = Math.min(this.height, Math.ceil(maxY + 2));
  }

  /** Puts what was written into `canvas` (which then holds it alone) and clears the bitmap for the next drawing. */
  private put(): void {
    const [x0, y0, x1, y1] = this.box;
    if (!this.canvas) {
      this.canvas = document.createElement('canvas');
      this.canvas.width = this.width;
      this.canvas.height = this.height;
    }
    const bitmap = this.canvas.getContext('2d')!;
    const [d0, e0, d1, e1] = this.drawnBox;
    if (d0 < d1 && e0 < e1) bitmap.clearRect(d0, e0, d1 - d0, e1 - e0);
    if (x0 < x1 && y0 < y1 && this.image) {
      bitmap.putImageData(this.image, 0, 0, x0, y0, x1 - x0, y1 - y0);
      for (let y = y0; y < y1; y++) this.pixels.fill(0, y * this.width + x0, y * this.width + x1);
    }
    this.drawnBox = [x0, y0, x1, y1];
  }

  /** A 2 × 2 block centred on (x, y) (x, y ≥ 0): the stroke's two pixels of width (`segment` keeps the box). */
  private dot(x: number, y: number): void {
    const left = ((x + 0.5) | 0) - 1;
    const top = ((y + 0.5) | 0) - 1;
    const w = this.width;
    const colour = this.colour;
    const pixels = this.pixels;
    if (left >= 0 && top >= 0 && left + 1 < w && top + 1 < this.height) {
      const at = top * w + left;
      pixels[at] = colour;
      pixels[at + 1] = colour;
      pixels[at + w] = colour;
      pixels[at + w + 1] = colour;
      return;
    }
    for (let row = Math.max(0, top); row < Math.min(this.height, top + 2); row++) {
      for (let col = Math.max(0, left); col < Math.min(w, left + 2); col++) pixels[row * w + col] = colour;
    }
  }
}

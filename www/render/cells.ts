// The cell layer: terrain with the search state blended in, one pixel per cell, in an offscreen canvas
// that the renderer scales onto the visible one. Never one rectangle per cell: a full rebuild is one pass
// over a Uint32Array of pixels, and an animation frame rewrites only the cells in the change list and
// uploads only their bounding box.
import { CLOSED_RGBA, OPEN_RGBA, TERRAIN_RGB } from './palette.js';
import { NEVER } from '../types.js';

/** Search state of a cell as this layer colours it. */
const UNSEEN = 0;
const OPEN = 1;
const CLOSED = 2;

function blend(rgb: readonly number[], over: readonly number[]): number {
  const a = over[3];
  const mix = (i: number) => Math.round(rgb[i] * (1 - a) + over[i] * a);
  // ImageData is RGBA in memory; read as a little-endian u32 that is 0xAABBGGRR.
  return ((255 << 24) | (mix(2) << 16) | (mix(1) << 8) | mix(0)) >>> 0;
}

/** Pixel value by `terrain * 3 + state`. */
const PALETTE = new Uint32Array(12);
TERRAIN_RGB.forEach((rgb, terrain) => {
  PALETTE[terrain * 3 + UNSEEN] = blend(rgb, [0, 0, 0, 0]);
  PALETTE[terrain * 3 + OPEN] = blend(rgb, OPEN_RGBA);
  PALETTE[terrain * 3 + CLOSED] = blend(rgb, CLOSED_RGBA);
});

export class CellLayer {
  readonly canvas = document.createElement('canvas');
  private readonly ctx = this.canvas.getContext('2d')!;
  private image: ImageData | null = null;
  private pixels = new Uint32Array(0);
  private width = 0;
  /** Dirty box in cells, inclusive; empty when minX > maxX. */
  private minX = Infinity;
  private minY = Infinity;
  private maxX = -Infinity;
  private maxY = -Infinity;

  /** Sizes the layer for a `width` × `height` map (reallocates only when the size changed). */
  resize(width: number, height: number): void {
    if (this.image && this.canvas.width === width && this.canvas.height === height) return;
    this.canvas.width = width;
    this.canvas.height = height;
    this.width = width;
    this.image = this.ctx.createImageData(width, height);
    this.pixels = new Uint32Array(this.image.data.buffer);
  }

  /** Recolours every cell (after a load, an edit, a seek). */
  rebuild(terrain: Uint8Array, openedAt: Uint32Array, closedAt: Uint32Array): void {
    const px = this.pixels;
    const traced = openedAt.length === px.length;
    for (let cell = 0; cell < px.length; cell++) {
      const state = !traced ? UNSEEN : closedAt[cell] !== NEVER ? CLOSED : openedAt[cell] !== NEVER ? OPEN : UNSEEN;
      px[cell] = PALETTE[terrain[cell] * 3 + state];
    }
    this.minX = this.minY = 0;
    this.maxX = this.width - 1;
    this.maxY = this.canvas.height - 1;
  }

  /** Recolours the cells in `changed` (an animation frame's change list). */
  update(changed: Uint32Array, terrain: Uint8Array, openedAt: Uint32Array, closedAt: Uint32Array): void {
    const px = this.pixels;
    const w = this.width;
    for (let i = 0; i < changed.length; i++) {
      const cell = changed[i];
      const state = closedAt[cell] !== NEVER ? CLOSED : openedAt[cell] !== NEVER ? OPEN : UNSEEN;
      px[cell] = PALETTE[terrain[cell] * 3 + state];
      const x = cell % w;
      const y = (cell - x) / w;
      if (x < this.minX) this.minX = x;
      if (x > this.maxX) this.maxX = x;
      if (y < this.minY) this.minY = y;
      if (y > this.maxY) this.maxY = y;
    }
  }

  /** Uploads the dirty box to the offscreen canvas. */
  flush(): void {
    if (!this.image || this.minX > this.maxX) return;
    this.ctx.putImageData(this.image, 0, 0, this.minX, this.minY, this.maxX - this.minX + 1, this.maxY - this.minY + 1);
    this.minX = this.minY = Infinity;
    this.maxX = this.maxY = -Infinity;
  }
}

// The cell layer: terrain with the search state blended in, one pixel per cell, in an offscreen canvas
// that the renderer scales onto the visible one. Never one rectangle per cell: a full rebuild is one pass
// over a Uint32Array of pixels, and an animation frame rewrites only the cells in the change list and
// uploads only their bounding box. A reached cell's colour says its state (open, closed) and its frontier
// (forward, backward, scanned by a jump; the core's per-cell frontier codes), read from the same views
// at the same time, so a frame still costs O(changes).
import {
  BACKWARD_CLOSED_RGB,
  BACKWARD_OPEN_RGB,
  CLOSED_RGB,
  HEAT_ALPHA,
  HEAT_STOPS,
  OPEN_RGB,
  SCANNED_RGB,
  TERRAIN_RGB,
} from './palette.js';
import { NEVER } from '../types.js';

/** How many terrain codes there are (wall, plain, forest, swamp, road): the stride of the tables below. */
const TERRAINS = TERRAIN_RGB.length;

/** Search state of a cell as this layer colours it. */
const UNSEEN = 0;
const OPEN = 1;
const CLOSED = 2;

/** An opaque pixel value: ImageData is RGBA in memory, read as a little-endian u32 that is 0xAABBGGRR. */
function pack(rgb: readonly number[]): number {
  return ((255 << 24) | (Math.round(rgb[2]) << 16) | (Math.round(rgb[1]) << 8) | Math.round(rgb[0])) >>> 0;
}

/** The pixel value of `over` ([r, g, b, alpha 0..1]) laid over `rgb`. */
function blend(rgb: readonly number[], over: readonly number[]): number {
  const a = over[3];
  return pack([0, 1, 2].map((i) => rgb[i] * (1 - a) + over[i] * a));
}

/**
 * Pixel value by `(frontier * 3 + state) * TERRAINS + terrain`, for the frontier codes 0 forward, 1 backward,
 * 2 scanned (and 3, never written by the core, drawn as forward so that any byte indexes the table).
 * A scanned cell is one the core opened at the step of the jump that passed it: open means scanned.
 */
const PALETTE = new Uint32Array(4 * 3 * TERRAINS);
const BY_FRONTIER = [
  [OPEN_RGB, CLOSED_RGB],
  [BACKWARD_OPEN_RGB, BACKWARD_CLOSED_RGB],
  [SCANNED_RGB, CLOSED_RGB],
  [OPEN_RGB, CLOSED_RGB],
];
BY_FRONTIER.forEach(([open, closed], frontier) => {
  TERRAIN_RGB.forEach((rgb, terrain) => {
    PALETTE[(frontier * 3 + UNSEEN) * TERRAINS + terrain] = pack(rgb);
    PALETTE[(frontier * 3 + OPEN) * TERRAINS + terrain] = pack(open[terrain]);
    PALETTE[(frontier * 3 + CLOSED) * TERRAINS + terrain] = pack(closed[terrain]);
  });
});

/** Shades of the heat ramp. */
const HEAT_STEPS = 48;

function heatColour(t: number): number[] {
  const x = t * (HEAT_STOPS.length - 1);
  const i = Math.min(HEAT_STOPS.length - 2, Math.floor(x));
  const f = x - i;
  return [0, 1, 2].map((c) => HEAT_STOPS[i][c] * (1 - f) + HEAT_STOPS[i + 1][c] * f);
}

/** Pixel value of a closed cell by `terrain * HEAT_STEPS + shade`. */
const HEAT_PALETTE = new Uint32Array(TERRAINS * HEAT_STEPS);
TERRAIN_RGB.forEach((rgb, terrain) => {
  for (let k = 0; k < HEAT_STEPS; k++) {
    HEAT_PALETTE[terrain * HEAT_STEPS + k] = blend(rgb, [...heatColour(k / (HEAT_STEPS - 1)), HEAT_ALPHA]);
  }
});

/**
 * What each pixel value of the layer shows, for `CellLayer.drawnKinds`: a terrain name for an unreached cell
 * (walls are never reached), else the mark of the state ("open", "closed", "open-backward",
 * "closed-backward", "scanned", "heat"). The same values the tables above are built from.
 */
const KIND_OF_PIXEL = new Map<number, string>();
const TERRAIN_NAMES = ['wall', 'plain', 'forest', 'swamp', 'road'];
BY_FRONTIER.slice(0, 3).forEach(([open, closed], frontier) => {
  const names = [
    ['open', 'closed'],
    ['open-backward', 'closed-backward'],
    ['scanned', 'closed'],
  ][frontier];
  for (let terrain = 1; terrain < TERRAINS; terrain++) {
    KIND_OF_PIXEL.set(pack(open[terrain]), names[0]);
    KIND_OF_PIXEL.set(pack(closed[terrain]), names[1]);
  }
});
for (let terrain = 1; terrain < TERRAINS; terrain++) {
  for (let k = 0; k < HEAT_STEPS; k++) KIND_OF_PIXEL.set(HEAT_PALETTE[terrain * HEAT_STEPS + k], 'heat');
}
TERRAIN_RGB.forEach((rgb, terrain) => KIND_OF_PIXEL.set(pack(rgb), TERRAIN_NAMES[terrain]));

export class CellLayer {
  /** With heat on, closed cells are shaded by when they were expanded out of this many expansions. */
  heatTotal = 0;

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

  /** The pixel of one cell. */
  private colour(terrain: number, opened: number, closed: number, frontier: number): number {
    const base = (frontier & 3) * 3 * TERRAINS;
    if (closed !== NEVER) {
      if (this.heatTotal > 0) {
        const shade = Math.min(HEAT_STEPS - 1, Math.floor(((closed - 1) / this.heatTotal) * HEAT_STEPS));
        return HEAT_PALETTE[terrain * HEAT_STEPS + shade];
      }
      return PALETTE[base + CLOSED * TERRAINS + terrain];
    }
    return PALETTE[base + (opened !== NEVER ? OPEN : UNSEEN) * TERRAINS + terrain];
  }

  /** Recolours every cell (after a load, an edit, a seek). `frontiers` may be empty: all forward. */
  rebuild(terrain: Uint8Array, openedAt: Uint32Array, closedAt: Uint32Array, frontiers: Uint8Array): void {
    const px = this.pixels;
    const oneFrontier = frontiers.length !== px.length;
    if (openedAt.length !== px.length) {
      for (let cell = 0; cell < px.length; cell++) px[cell] = PALETTE[UNSEEN * TERRAINS + terrain[cell]];
    } else if (this.heatTotal > 0) {
      for (let cell = 0; cell < px.length; cell++) {
        px[cell] = this.colour(terrain[cell], openedAt[cell], closedAt[cell], oneFrontier ? 0 : frontiers[cell]);
      }
    } else if (oneFrontier) {
      // The common cases, kept branch-light: they run over every cell of maps up to 1024 × 1024.
      for (let cell = 0; cell < px.length; cell++) {
        const state = closedAt[cell] !== NEVER ? CLOSED : openedAt[cell] !== NEVER ? OPEN : UNSEEN;
        px[cell] = PALETTE[state * TERRAINS + terrain[cell]];
      }
    } else {
      for (let cell = 0; cell < px.length; cell++) {
        const state = closedAt[cell] !== NEVER ? CLOSED : openedAt[cell] !== NEVER ? OPEN : UNSEEN;
        px[cell] = PALETTE[((frontiers[cell] & 3) * 3 + state) * TERRAINS + terrain[cell]];
      }
    }
    this.minX = this.minY = 0;
    this.maxX = this.width - 1;
    this.maxY = this.canvas.height - 1;
  }

  /** Recolours the cells in `changed` (an animation frame's change list). */
  update(changed: Uint32Array, terrain: Uint8Array, openedAt: Uint32Array, closedAt: Uint32Array, frontiers: Uint8Array): void {
    const px = this.pixels;
    const w = this.width;
    const oneFrontier = frontiers.length !== px.length;
    for (let i = 0; i < changed.length; i++) {
      const cell = changed[i];
      px[cell] = this.colour(terrain[cell], openedAt[cell], closedAt[cell], oneFrontier ? 0 : frontiers[cell]);
      const x = cell % w;
      const y = (cell - x) / w;
      if (x < this.minX) this.minX = x;
      if (x > this.maxX) this.maxX = x;
      if (y < this.minY) this.minY = y;
      if (y > this.maxY) this.maxY = y;
    }
  }

  /**
   * The kinds of cell the layer shows now, each with the colours (`rgb(r, g, b)`) it shows them in: one
   * pass over the pixels, for the legend's audit (a test hook, never called per frame).
   */
  drawnKinds(): Map<string, Set<string>> {
    const kinds = new Map<string, Set<string>>();
    const seen = new Set<number>();
    for (let i = 0; i < this.pixels.length; i++) {
      const value = this.pixels[i];
      if (seen.has(value)) continue;
      seen.add(value);
      const kind = KIND_OF_PIXEL.get(value) ?? 'unknown';
      const colour = `rgb(${value & 0xff}, ${(value >> 8) & 0xff}, ${(value >>> 16) & 0xff})`;
      if (!kinds.has(kind)) kinds.set(kind, new Set());
      kinds.get(kind)!.add(colour);
    }
    return kinds;
  }

  /** Uploads the dirty box to the offscreen canvas. */
  flush(): void {
    if (!this.image || this.minX > this.maxX) return;
    this.ctx.putImageData(this.image, 0, 0, this.minX, this.minY, this.maxX - this.minX + 1, this.maxY - this.minY + 1);
    this.minX = this.minY = Infinity;
    this.maxX = this.maxY = -Infinity;
  }
}

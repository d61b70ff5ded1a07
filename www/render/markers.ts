// The markers layer: start and goal (draggable), the cell being expanded, the cell where the two frontiers
// of a bidirectional search met (a diamond), the keyboard cursor and the brush.
//
// Start and goal are discs of 0.38 cell radius, but never smaller on screen than MIN_MARKER_CSS_RADIUS (a
// 1024 × 1024 map has cells below one CSS pixel), and always wholly inside the canvas: a disc bigger than
// its cell near an edge is pushed inwards just enough to touch the edge. The drag hit test follows the
// drawn disc and the marker's cell (`markerAt`), so a marker is grabbed wherever it is seen.
import { css, CURRENT_RGB, CURSOR_RGB, GOAL_RGB, MEETING_RGB, START_RGB } from './palette.js';
import type { Scene } from './scene.js';
import type { Geometry } from './view.js';

/** Start and goal discs are at least this radius on screen (CSS px), whatever the cell size. */
export const MIN_MARKER_CSS_RADIUS = 7;
/** The S and G letters are drawn on discs at least this radius on screen (CSS px). */
const MIN_LABEL_CSS_RADIUS = 6;

/** A start or goal disc in canvas (backing) pixels. */
export interface Disc {
  cx: number;
  cy: number;
  r: number;
}

/** Backing pixels per CSS pixel of the canvas. */
function backingPerCss(g: Geometry): number {
  return g.cellPx / g.cssCell;
}

/** The disc drawn for the start or goal on cell (x, y): centre and radius in canvas pixels, inside the canvas. */
export function markerDisc(g: Geometry, x: number, y: number): Disc {
  const s = g.cellPx;
  const width = g.mapWidth * s;
  const height = g.mapHeight * s;
  const r = Math.min(Math.max(0.38 * s, MIN_MARKER_CSS_RADIUS * backingPerCss(g)), Math.min(width, height) / 2);
  const inside = (v: number, max: number) => Math.min(max - r, Math.max(r, v));
  return { cx: inside((x + 0.5) * s, width), cy: inside((y + 0.5) * s, height), r };
}

/** The ends as `markerAt` reads them (a Playground has these). */
export interface Ends {
  startX(): number;
  startY(): number;
  goalX(): number;
  goalY(): number;
}

/**
 * The marker under canvas point (px, py) (backing pixels), or null: a point on a marker's disc or in its
 * cell hits it; where the two overlap, the nearer centre wins.
 */
export function markerHit(g: Geometry, px: number, py: number, ends: Ends): 'start' | 'goal' | null {
  const s = g.cellPx;
  let best: 'start' | 'goal' | null = null;
  let bestDistance = Infinity;
  for (const [which, x, y] of [
    ['start', ends.startX(), ends.startY()],
    ['goal', ends.goalX(), ends.goalY()],
  ] as const) {
    const d = markerDisc(g, x, y);
    const distance = Math.hypot(px - d.cx, py - d.cy);
    const inCell = Math.floor(px / s) === x && Math.floor(py / s) === y;
    if ((distance <= d.r || inCell) && distance < bestDistance) {
      best = which;
      bestDistance = distance;
    }
  }
  return best;
}

/** The marker under a pointer at (clientX, clientY) on `canvas`, or null (see `markerHit`). */
export function markerAt(g: Geometry, canvas: HTMLCanvasElement, clientX: number, clientY: number, ends: Ends): 'start' | 'goal' | null {
  const rect = canvas.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return null;
  const px = ((clientX - rect.left) / rect.width) * canvas.width;
  const py = ((clientY - rect.top) / rect.height) * canvas.height;
  return markerHit(g, px, py, ends);
}

/** Start and goal discs drawn once per size, colour and label: text is slow to draw on every frame. */
const discSprites = new Map<string, HTMLCanvasElement>();

function disc(ctx: CanvasRenderingContext2D, g: Geometry, x: number, y: number, rgb: readonly number[], label: string): void {
  const { cx, cy, r } = markerDisc(g, x, y);
  const perCss = backingPerCss(g);
  const labelled = r >= MIN_LABEL_CSS_RADIUS * perCss;
  const key = `${r}|${perCss}|${rgb.join(',')}|${labelled ? label : ''}`;
  let sprite = discSprites.get(key);
  if (!sprite) {
    sprite = drawDiscSprite(r, perCss, rgb, labelled ? label : '');
    if (discSprites.size > 16) discSprites.clear();
    discSprites.set(key, sprite);
  }
  // Whole backing pixels: the sprite's disc is centred on its own pixel grid (at most half a pixel off).
  const half = sprite.width / 2;
  ctx.drawImage(sprite, Math.round(cx - half), Math.round(cy - half));
}

/** A disc of radius `r` (backing pixels) in `rgb` with a white ring and an optional white letter. */
function drawDiscSprite(r: number, perCss: number, rgb: readonly number[], label: string): HTMLCanvasElement {
  const sprite = document.createElement('canvas');
  sprite.width = sprite.height = Math.ceil(2 * r) + 2;
  const ctx = sprite.getContext('2d')!;
  const c = sprite.width / 2;
  // The white ring lies inside r, so that the whole marker stays on the canvas.
  const ring = Math.min(r / 3, Math.max(perCss, r * 0.16));
  ctx.beginPath();
  ctx.arc(c, c, r - ring / 2, 0, Math.PI * 2);
  ctx.fillStyle = css(rgb);
  ctx.fill();
  ctx.lineWidth = ring;
  ctx.strokeStyle = '#fff';
  ctx.stroke();
  if (label) {
    ctx.fillStyle = '#fff';
    ctx.font = `bold ${Math.round(r * 1.1)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(label, c, c + 0.05 * r);
  }
  return sprite;
}

/** The meeting diamond: the cell's inscribed square turned 45°, at least this half-diagonal on screen (CSS px). */
const MIN_MEETING_CSS_RADIUS = 5;

/**
 * A filled diamond on cell `cell` with a white edge, never smaller on screen than MIN_MEETING_CSS_RADIUS:
 * the meeting cell's, and the turns' of a path with a turn penalty (www/penalties/).
 */
export function diamond(ctx: CanvasRenderingContext2D, g: Geometry, cell: number, rgb: readonly number[]): void {
  const s = g.cellPx;
  const x = cell % g.mapWidth;
  const y = (cell - x) / g.mapWidth;
  const cx = (x + 0.5) * s;
  const cy = (y + 0.5) * s;
  const r = Math.max(0.5 * s, MIN_MEETING_CSS_RADIUS * backingPerCss(g));
  ctx.beginPath();
  ctx.moveTo(cx, cy - r);
  ctx.lineTo(cx + r, cy);
  ctx.lineTo(cx, cy + r);
  ctx.lineTo(cx - r, cy);
  ctx.closePath();
  ctx.fillStyle = css(rgb);
  ctx.fill();
  ctx.lineWidth = Math.max(backingPerCss(g), r * 0.15);
  ctx.strokeStyle = '#fff';
  ctx.stroke();
}

function outline(ctx: CanvasRenderingContext2D, x0: number, y0: number, cells: number, s: number, colour: string): void {
  ctx.lineWidth = Math.max(1, Math.min(3, s * 0.1));
  ctx.strokeStyle = colour;
  ctx.strokeRect(x0 * s + ctx.lineWidth / 2, y0 * s + ctx.lineWidth / 2, cells * s - ctx.lineWidth, cells * s - ctx.lineWidth);
}

/** Draws the markers; notes in `drawn` each kind it drew (the brush is the editing tool, not a map mark). */
export function drawMarkers(ctx: CanvasRenderingContext2D, scene: Scene, drawn: Set<string>): void {
  const { pg, geometry } = scene;
  const s = geometry.cellPx;
  if (scene.current >= 0 && !scene.finished) {
    const x = scene.current % geometry.mapWidth;
    const y = (scene.current - x) / geometry.mapWidth;
    ctx.fillStyle = css(CURRENT_RGB);
    const pad = s >= 4 ? s * 0.15 : 0;
    ctx.fillRect(x * s + pad, y * s + pad, Math.max(1, s - 2 * pad), Math.max(1, s - 2 * pad));
    drawn.add('current');
  }
  if (scene.meeting !== null && scene.meeting >= 0) {
    diamond(ctx, geometry, scene.meeting, MEETING_RGB);
    drawn.add('meeting');
  }
  disc(ctx, geometry, pg.startX(), pg.startY(), START_RGB, 'S');
  disc(ctx, geometry, pg.goalX(), pg.goalY(), GOAL_RGB, 'G');
  drawn.add('start').add('goal');
  if (scene.brush) {
    const { x, y, radius } = scene.brush;
    outline(ctx, x - radius, y - radius, 2 * radius + 1, s, 'rgba(0, 0, 0, 0.55)');
    drawn.add('brush');
  }
  if (scene.cursor) {
    outline(ctx, scene.cursor.x, scene.cursor.y, 1, s, css(CURSOR_RGB, 0.95));
    drawn.add('cursor');
  }
}

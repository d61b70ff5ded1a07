// The path layer: the grid path through cell centres, and with smoothing on the smoothed polyline drawn
// solid over the grid path drawn dashed; with the curve on, the core's curve through the smoothed path
// instead of its straight segments, and the pieces the curve left straight (it would have touched a wall
// or dearer terrain there) in their own colour.
import { css, CURVE_STRAIGHT_RGB, RAW_PATH_RGB, SMOOTH_PATH_RGB } from './palette.js';
import type { Scene } from './scene.js';

function polyline(ctx: CanvasRenderingContext2D, cells: ArrayLike<number>, width: number, s: number): void {
  ctx.beginPath();
  for (let i = 0; i < cells.length; i++) {
    const x = cells[i] % width;
    const y = (cells[i] - x) / width;
    if (i === 0) ctx.moveTo((x + 0.5) * s, (y + 0.5) * s);
    else ctx.lineTo((x + 0.5) * s, (y + 0.5) * s);
  }
  ctx.stroke();
}

/**
 * Draws the path (and the smoothed one, once the search has finished); notes 'path' and 'smoothed' in
 * `drawn`. An anytime search's path is drawn while it runs too: the latest it published.
 */
export function drawPath(ctx: CanvasRenderingContext2D, scene: Scene, drawn: Set<string>): void {
  if (!scene.finished && !scene.anytime) return;
  const path = scene.views.path();
  if (path.length < 2) return;
  const { mapWidth, cellPx: s } = scene.geometry;
  const lineWidth = Math.max(2, Math.min(8, s * 0.14));
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'butt';
  ctx.lineWidth = lineWidth;
  ctx.strokeStyle = css(RAW_PATH_RGB);
  const smooth = scene.smooth && scene.finished;
  if (smooth) ctx.setLineDash([lineWidth * 2.5, lineWidth * 2]);
  polyline(ctx, path, mapWidth, s);
  drawn.add('path');
  if (smooth) {
    const smoothed = scene.pg.smoothedPath();
    ctx.setLineDash([]);
    ctx.lineCap = 'round';
    ctx.strokeStyle = css(SMOOTH_PATH_RGB);
    if (scene.curve) drawCurve(ctx, scene, smoothed, drawn);
    else {
      polyline(ctx, smoothed, mapWidth, s);
      drawn.add('smoothed');
    }
  }
  ctx.restore();
}

/** The curve through `smoothed` (its corners), and its straight pieces over it in their own colour. */
function drawCurve(ctx: CanvasRenderingContext2D, scene: Scene, smoothed: Uint32Array, drawn: Set<string>): void {
  const { mapWidth, cellPx: s } = scene.geometry;
  const curve = scene.pg.curve();
  try {
    const points = curve.points;
    ctx.beginPath();
    for (let i = 0; i < points.length; i += 2) ctx.lineTo(points[i] * s, points[i + 1] * s);
    ctx.stroke();
    drawn.add('curve');
    const straight = curve.straight;
    if (straight.length === 0) return;
    ctx.strokeStyle = css(CURVE_STRAIGHT_RGB);
    for (const piece of straight) polyline(ctx, smoothed.subarray(piece, piece + 2), mapWidth, s);
    drawn.add('curve-straight');
  } finally {
    curve.free();
  }
}

// The path layer: the grid path through cell centres, and with smoothing on the smoothed polyline drawn
// solid over the grid path drawn dashed; with the curve on, the core's curve through the smoothed path
// instead of its straight segments, and the pieces the curve left straight (it would have touched a wall
// or dearer terrain there) in their own colour. Stroked by the canvas where cells are more than two backing
// pixels wide; written as pixels where they are smaller (big maps: www/render/path-pixels.ts).
import { css, CURVE_STRAIGHT_RGB, RAW_PATH_RGB, SMOOTH_PATH_RGB } from './palette.js';
import { drawPixels, PIXEL_CELLS, type Dash } from './path-pixels.js';
import type { Scene } from './scene.js';

/** The grid path's dashes under a smoothed path, stroked or written as pixels. */
function rawPathDash(lineWidth: number): Dash {
  return { on: lineWidth * 2.5, off: lineWidth * 2 };
}

/** A path with more points than this is stroked in pieces of `PIECE` segments (see `polyline`). */
const LONG_PATH = 1024;
const PIECE = 64;

/**
 * Strokes the polyline through the centres of `cells`. A long one (a path across a 1,024 × 1,024 maze
 * has some 95,000 cells) is stroked in pieces: the browser rasterises one winding stroke of them all in
 * about 80 ms of one task (software rendering), pieces of 64 segments in about 26. Each piece begins one
 * segment back, so that every join is drawn whole, and its dashes go on where the last piece's were.
 */
function polyline(ctx: CanvasRenderingContext2D, cells: ArrayLike<number>, width: number, s: number): void {
  if (cells.length === 0) return;
  const point = (i: number): [number, number] => {
    const x = cells[i] % width;
    return [(x + 0.5) * s, ((cells[i] - x) / width + 0.5) * s];
  };
  const pieceLength = cells.length > LONG_PATH ? PIECE : Infinity;
  const dashOffset = ctx.lineDashOffset;
  let [px, py] = point(0);
  let length = 0;
  ctx.beginPath();
  ctx.moveTo(px, py);
  for (let i = 1; i < cells.length; i++) {
    const [x, y] = point(i);
    ctx.lineTo(x, y);
    const before = length;
    length += Math.hypot(x - px, y - py);
    if (i % pieceLength === 0 && i < cells.length - 1) {
      ctx.stroke();
      // The next piece from the point before this one, its dashes where they were there.
      ctx.beginPath();
      ctx.lineDashOffset = dashOffset + before;
      ctx.moveTo(px, py);
      ctx.lineTo(x, y);
    }
    [px, py] = [x, y];
  }
  ctx.stroke();
  ctx.lineDashOffset = dashOffset;
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
  if (s <= PIXEL_CELLS) {
    drawPathPixels(ctx, scene, lineWidth, drawn);
    return;
  }
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'butt';
  ctx.lineWidth = lineWidth;
  ctx.strokeStyle = css(RAW_PATH_RGB);
  const smooth = scene.smooth && scene.finished;
  if (smooth) {
    const dash = rawPathDash(lineWidth);
    ctx.setLineDash([dash.on, dash.off]);
  }
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
    const points = scene.views.curvePoints();
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

/**
 * As `drawPath`, the lines written as pixels (www/render/path-pixels.ts): the same colours, widths and
 * dashes, in two layers: the grid path, and the smoothed path or its curve over it (all opaque, so the two
 * put one over the other are the pixels one bitmap would hold). Each layer's drawing is kept while what it
 * is made from stays the same: turning the curve on or off writes only the second. The path is a view of
 * the wasm module's memory, read after the calls that may grow it (and so detach the views read before
 * them): the smoothed path's copy, `pg.curve` (which makes the curve when it is not made yet) and the
 * copy of its straight pieces.
 */
function drawPathPixels(ctx: CanvasRenderingContext2D, scene: Scene, lineWidth: number, drawn: Set<string>): void {
  const { mapWidth, cellPx: s } = scene.geometry;
  const smooth = scene.smooth && scene.finished;
  const smoothed = smooth ? scene.pg.smoothedPath() : null;
  const curve = smoothed !== null && scene.curve;
  drawn.add('path');
  if (smoothed && !curve) drawn.add('smoothed');
  const made = smoothed && curve ? scene.pg.curve() : null;
  // The curve follows from the smoothed path's corners and which of its pieces fell back to straight
  // segments (the core keeps it until the map or the smoothed path changes): so the layer's key.
  const straight = made?.straight ?? null;
  const path = scene.views.path();
  try {
    drawPixels(ctx, 'path', [mapWidth, s, path, smoothed ? 1 : 0], (bitmap) => {
      bitmap.cellPolyline(path, mapWidth, s, RAW_PATH_RGB, smoothed ? rawPathDash(lineWidth) : null);
    });
    if (straight) {
      drawn.add('curve');
      if (straight.length > 0) drawn.add('curve-straight');
    }
    drawPixels(ctx, 'smoothed', [mapWidth, s, smoothed ?? 0, straight ?? 0], (bitmap) => {
      if (!smoothed) return;
      if (!straight) {
        bitmap.cellPolyline(smoothed, mapWidth, s, SMOOTH_PATH_RGB, null);
        return;
      }
      // A view of the module's memory, read last: the curve is made (`pg.curve` above), so reading it
      // allocates nothing there.
      bitmap.pointPolyline(scene.views.curvePoints(), s, SMOOTH_PATH_RGB, null);
      for (const piece of straight) bitmap.cellPolyline(smoothed.subarray(piece, piece + 2), mapWidth, s, CURVE_STRAIGHT_RGB, null);
    });
  } finally {
    made?.free();
  }
}

// The insight layer: what the inspector and the price-of-w overlay add to the map. The inspected cell's
// parent chain, start to cell, as a thin orange line; and, when the path found costs more than the
// optimum and the overlay is on, an optimal path drawn faintly (dashed green) beside it, with a ring
// where the two paths part and where they meet again; and a ring around a cell pointed at from the heap
// panel (www/heap/). All come from the core once per hover or solve
// (Scene.insight, whose type scene.ts holds), never per frame, so drawing them is a polyline each.
import { CHAIN_RGB, css, OPTIMAL_RGB } from './palette.js';
import { drawPixels, PIXEL_CELLS, type Dash } from './path-pixels.js';
import type { Scene } from './scene.js';

/**
 * Strokes the polyline through the centres of `cells` in the context's stroke style; on cells of at most
 * PIXEL_CELLS pixels, writes it as pixels in `rgb` and `alpha` instead (a chain or an optimal path across a
 * 1,024 × 1,024 maze is some 95,000 cells: as a stroke, over 100 ms of one task).
 */
function polyline(ctx: CanvasRenderingContext2D, cells: readonly number[] | Uint32Array, width: number, s: number, rgb: readonly number[], alpha: number, dash: Dash | null): void {
  if (s <= PIXEL_CELLS) {
    const key = [width, s, rgb, alpha, dash?.on ?? 0, dash?.off ?? 0, cells];
    drawPixels(ctx, `insight ${rgb.join()}`, key, (bitmap) => bitmap.cellPolyline(cells, width, s, rgb, dash, alpha));
    return;
  }
  ctx.beginPath();
  cells.forEach((cell, i) => {
    const x = cell % width;
    const y = (cell - x) / width;
    if (i === 0) ctx.moveTo((x + 0.5) * s, (y + 0.5) * s);
    else ctx.lineTo((x + 0.5) * s, (y + 0.5) * s);
  });
  ctx.stroke();
}

/** Draws the chain and the optimal path with its rings; notes 'chain', 'optimal' and 'detour-ends' in `drawn`. */
export function drawInsight(ctx: CanvasRenderingContext2D, scene: Scene, drawn: Set<string>): void {
  const { insight } = scene;
  if (!insight) return;
  const { mapWidth, cellPx: s } = scene.geometry;
  const lineWidth = Math.max(2, Math.min(6, s * 0.1));
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  if (insight.optimal.length > 1) {
    ctx.lineWidth = lineWidth;
    ctx.strokeStyle = css(OPTIMAL_RGB, 0.5);
    const dash = { on: lineWidth * 2, off: lineWidth * 1.5 };
    ctx.setLineDash([dash.on, dash.off]);
    polyline(ctx, insight.optimal, mapWidth, s, OPTIMAL_RGB, 0.5, dash);
    drawn.add('optimal');
    ctx.setLineDash([]);
    ctx.strokeStyle = css(OPTIMAL_RGB, 0.9);
    for (const cell of insight.ends) {
      const x = cell % mapWidth;
      const y = (cell - x) / mapWidth;
      ctx.beginPath();
      ctx.arc((x + 0.5) * s, (y + 0.5) * s, Math.max(4, s * 0.38), 0, 2 * Math.PI);
      ctx.stroke();
      drawn.add('detour-ends');
    }
  }
  if (insight.chain.length > 1) {
    ctx.lineWidth = Math.max(1.5, lineWidth * 0.6);
    ctx.strokeStyle = css(CHAIN_RGB, 0.85);
    polyline(ctx, insight.chain, mapWidth, s, CHAIN_RGB, 0.85, null);
    drawn.add('chain');
  }
  if (insight.focus !== undefined && insight.focus !== null) {
    // The ring is at least 7 CSS-ish pixels across, so that a cell of a 1024 × 1024 map can be found.
    const x = insight.focus % mapWidth;
    const y = (insight.focus - x) / mapWidth;
    ctx.lineWidth = lineWidth;
    ctx.strokeStyle = css(CHAIN_RGB, 0.95);
    ctx.beginPath();
    ctx.arc((x + 0.5) * s, (y + 0.5) * s, Math.max(7, s * 0.6), 0, 2 * Math.PI);
    ctx.stroke();
  }
  ctx.restore();
}

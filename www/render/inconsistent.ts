// The inconsistent-cells layer (D* Lite repairs): the cells an edit made inconsistent (g ≠ rhs, the
// repair's step-0 open cells, from `Playground.inconsistentCells()`) get a magenta ring with a cross,
// at every step of the repair, so that where the edit hit stays visible while the repair spreads from it.
import { css } from './palette.js';
import type { Scene } from './scene.js';

/** The mark's colour (also the legend's swatch). */
export const INCONSISTENT_RGB = [214, 0, 160] as const;

/** Draws the mark on each cell of `scene.inconsistent` (nothing when absent or empty), noting it in `drawn`. */
export function drawInconsistent(ctx: CanvasRenderingContext2D, scene: Scene, drawn: Set<string>): void {
  const cells = scene.inconsistent;
  if (!cells || cells.length === 0) return;
  drawn.add('inconsistent');
  const { mapWidth, cellPx: s } = scene.geometry;
  ctx.save();
  ctx.strokeStyle = css(INCONSISTENT_RGB);
  ctx.lineWidth = Math.max(1, s / 8);
  const inset = Math.max(0.5, s * 0.15);
  for (const cell of cells) {
    const x = (cell % mapWidth) * s;
    const y = Math.floor(cell / mapWidth) * s;
    ctx.strokeRect(x + inset, y + inset, s - 2 * inset, s - 2 * inset);
    if (s >= 6) {
      ctx.beginPath();
      ctx.moveTo(x + inset, y + inset);
      ctx.lineTo(x + s - inset, y + s - inset);
      ctx.moveTo(x + s - inset, y + inset);
      ctx.lineTo(x + inset, y + s - inset);
      ctx.stroke();
    }
  }
  ctx.restore();
}

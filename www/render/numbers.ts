// The numbers layer: g, h or f printed in every reached cell, only when cells are large enough to read.
import { css, NUMBER_RGB } from './palette.js';
import type { Scene } from './scene.js';

/** Cells smaller than this (CSS pixels) get no numbers. */
export const MIN_CSS_CELL_FOR_NUMBERS = 16;

function format(value: number): string {
  const rounded = Math.round(value);
  return Math.abs(value - rounded) < 1e-6 ? String(rounded) : value.toFixed(1);
}

export function drawNumbers(ctx: CanvasRenderingContext2D, scene: Scene): void {
  const { pg, geometry, numbers } = scene;
  if (numbers === 'none' || geometry.cssCell < MIN_CSS_CELL_FOR_NUMBERS) return;
  const s = geometry.cellPx;
  const cells = geometry.mapWidth * geometry.mapHeight;
  const weight = scene.algorithm === 'astar' ? scene.w : scene.algorithm === 'greedy' ? Infinity : 0;
  ctx.fillStyle = css(NUMBER_RGB, 0.85);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let cell = 0; cell < cells; cell++) {
    const g = pg.gAt(cell);
    if (Number.isNaN(g)) continue;
    let value = g;
    if (numbers !== 'g') {
      const h = pg.hAt(cell);
      value = numbers === 'h' ? h : weight === Infinity ? h : g + weight * h;
    }
    const text = format(value);
    const size = Math.min(s * 0.46, (s * 1.6) / Math.max(2, text.length));
    ctx.font = `${Math.round(size)}px system-ui, sans-serif`;
    const x = cell % geometry.mapWidth;
    const y = (cell - x) / geometry.mapWidth;
    ctx.fillText(text, (x + 0.5) * s, (y + 0.5) * s);
  }
}

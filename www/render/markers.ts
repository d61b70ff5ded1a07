// The markers layer: start and goal (draggable), the cell being expanded, the keyboard cursor and the brush.
import { css, CURRENT_RGB, GOAL_RGB, START_RGB } from './palette.js';
import type { Scene } from './scene.js';

function disc(ctx: CanvasRenderingContext2D, x: number, y: number, s: number, rgb: readonly number[], label: string): void {
  const r = Math.max(2.5, s * 0.38);
  ctx.beginPath();
  ctx.arc((x + 0.5) * s, (y + 0.5) * s, r, 0, Math.PI * 2);
  ctx.fillStyle = css(rgb);
  ctx.fill();
  if (s >= 6) {
    ctx.lineWidth = Math.max(1, s * 0.06);
    ctx.strokeStyle = '#fff';
    ctx.stroke();
  }
  if (s >= 16) {
    ctx.fillStyle = '#fff';
    ctx.font = `bold ${Math.round(r)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(label, (x + 0.5) * s, (y + 0.5) * s + 0.5);
  }
}

function outline(ctx: CanvasRenderingContext2D, x0: number, y0: number, cells: number, s: number, colour: string): void {
  ctx.lineWidth = Math.max(1, Math.min(3, s * 0.1));
  ctx.strokeStyle = colour;
  ctx.strokeRect(x0 * s + ctx.lineWidth / 2, y0 * s + ctx.lineWidth / 2, cells * s - ctx.lineWidth, cells * s - ctx.lineWidth);
}

export function drawMarkers(ctx: CanvasRenderingContext2D, scene: Scene): void {
  const { pg, geometry } = scene;
  const s = geometry.cellPx;
  if (scene.current >= 0 && !scene.finished) {
    const x = scene.current % geometry.mapWidth;
    const y = (scene.current - x) / geometry.mapWidth;
    ctx.fillStyle = css(CURRENT_RGB);
    const pad = s >= 4 ? s * 0.15 : 0;
    ctx.fillRect(x * s + pad, y * s + pad, Math.max(1, s - 2 * pad), Math.max(1, s - 2 * pad));
  }
  disc(ctx, pg.startX(), pg.startY(), s, START_RGB, 'S');
  disc(ctx, pg.goalX(), pg.goalY(), s, GOAL_RGB, 'G');
  if (scene.brush) {
    const { x, y, radius } = scene.brush;
    outline(ctx, x - radius, y - radius, 2 * radius + 1, s, 'rgba(0, 0, 0, 0.55)');
  }
  if (scene.cursor) outline(ctx, scene.cursor.x, scene.cursor.y, 1, s, 'rgba(255, 140, 0, 0.95)');
}

// The numbers layer: g, h or f printed in every reached cell, only when cells are large enough to read.
//
// Every number of a frame is drawn at one font size, the largest that fits the widest number in its cell.
// When that would be too small to read, numbers drop their decimal; a number that still does not fit at
// the smallest readable size is left out. The layer is drawn over the path with a light halo, so a path
// through a cell never hides its number.
import { css, NUMBER_RGB } from './palette.js';
import type { Scene } from './scene.js';

/** Cells smaller than this (CSS pixels) get no numbers. */
export const MIN_CSS_CELL_FOR_NUMBERS = 16;
/** The smallest font (CSS pixels) a number is drawn at. */
export const MIN_NUMBER_CSS_FONT = 9;
/** The largest font, as a fraction of the cell. */
const MAX_FONT_OF_CELL = 0.46;
/** The width a number may take, as a fraction of the cell. */
const WIDTH_OF_CELL = 0.86;

/** A value as printed: whole numbers as they are, others with one decimal or rounded. */
export function formatNumber(value: number, decimals: boolean): string {
  const rounded = Math.round(value);
  return Math.abs(value - rounded) < 1e-6 || !decimals ? String(rounded) : value.toFixed(1);
}

/** The width of `text` at a 1 px font, from per-character widths measured once per frame. */
function widthAt1px(text: string, widths: Map<string, number>, ctx: CanvasRenderingContext2D): number {
  let total = 0;
  for (const ch of text) {
    let w = widths.get(ch);
    if (w === undefined) {
      w = ctx.measureText(ch).width / 100;
      widths.set(ch, w);
    }
    total += w;
  }
  return total;
}

/** Draws the numbers; notes 'numbers' in `drawn` when at least one was printed. */
/** True when the scene's cells print numbers (an option chosen and cells large enough to read them). */
export function showsNumbers(scene: Pick<Scene, 'numbers' | 'geometry'>): boolean {
  return scene.numbers !== 'none' && scene.geometry.cssCell >= MIN_CSS_CELL_FOR_NUMBERS;
}

export function drawNumbers(ctx: CanvasRenderingContext2D, scene: Scene, drawn: Set<string>): void {
  const { pg, geometry, numbers } = scene;
  if (!showsNumbers(scene)) return;
  const s = geometry.cellPx;
  const cells = geometry.mapWidth * geometry.mapHeight;
  const weight = scene.hWeight;
  const valueAt = (cell: number): number => {
    const g = pg.gAt(cell);
    if (Number.isNaN(g) || numbers === 'g') return g;
    const h = pg.hAt(cell);
    return numbers === 'h' || weight === Infinity ? h : g + weight * h;
  };

  const reached: number[] = [];
  const values: number[] = [];
  for (let cell = 0; cell < cells; cell++) {
    const value = valueAt(cell);
    if (Number.isNaN(value)) continue;
    reached.push(cell);
    values.push(value);
  }
  if (reached.length === 0) return;

  ctx.save();
  ctx.font = '100px system-ui, sans-serif';
  const widths = new Map<string, number>();
  const minFont = MIN_NUMBER_CSS_FONT * (s / geometry.cssCell);
  const maxFont = s * MAX_FONT_OF_CELL;
  const fontFor = (texts: string[]) =>
    Math.min(maxFont, (s * WIDTH_OF_CELL) / Math.max(...texts.map((t) => widthAt1px(t, widths, ctx))));
  let texts = values.map((v) => formatNumber(v, true));
  let font = fontFor(texts);
  if (font < minFont) {
    texts = values.map((v) => formatNumber(v, false));
    font = Math.max(minFont, fontFor(texts));
  }
  ctx.font = `${font.toFixed(1)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(1, font * 0.22);
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.75)';
  ctx.fillStyle = css(NUMBER_RGB, 0.9);
  const room = s * WIDTH_OF_CELL;
  for (let i = 0; i < reached.length; i++) {
    const text = texts[i];
    if (widthAt1px(text, widths, ctx) * font > room + 0.01) continue;
    const x = reached[i] % geometry.mapWidth;
    const y = (reached[i] - x) / geometry.mapWidth;
    ctx.strokeText(text, (x + 0.5) * s, (y + 0.5) * s);
    ctx.fillText(text, (x + 0.5) * s, (y + 0.5) * s);
    drawn.add('numbers');
  }
  ctx.restore();
}

// Geometry: how the map fits the canvas, the mapping between cells and canvas pixels, and lines of cells.
//
// The canvas backing store is `mapWidth · S` × `mapHeight · S` pixels, S an integer ≥ 1 ("cellPx"):
// cell (x, y) covers backing pixels [x·S, (x+1)·S) × [y·S, (y+1)·S), its centre at ((x+½)·S, (y+½)·S).
// When the map fits at one backing pixel per cell or more, the CSS size is the backing size divided by
// devicePixelRatio (crisp, no resampling); larger maps keep S = 1 and are scaled down by CSS.

/** How the current map is laid out on the canvas. */
export interface Geometry {
  mapWidth: number;
  mapHeight: number;
  /** Backing pixels per cell side (integer ≥ 1). */
  cellPx: number;
  /** CSS pixels per cell side (may be fractional). */
  cssCell: number;
}

/** The largest layout of a `mapWidth` × `mapHeight` map inside `availWidth` × `availHeight` CSS pixels. */
export function fit(mapWidth: number, mapHeight: number, availWidth: number, availHeight: number, dpr: number): Geometry {
  const cssFit = Math.max(0.05, Math.min(availWidth / mapWidth, availHeight / mapHeight));
  const cellPx = Math.max(1, Math.floor(cssFit * dpr));
  const cssCell = cssFit * dpr >= 1 ? cellPx / dpr : cssFit;
  return { mapWidth, mapHeight, cellPx, cssCell };
}

/** The largest side (backing pixels) a zoomed-in canvas gets; beyond it CSS scales the canvas up. */
export const MAX_ZOOMED_BACKING_SIDE = 4096;

/**
 * The fitted layout (`fit`) magnified `zoom` times (pinch-zoom on a phone, www/zoom.ts): CSS pixels per cell
 * grow exactly by `zoom`; backing pixels per cell follow while the canvas side stays within
 * `MAX_ZOOMED_BACKING_SIDE`, so a zoomed canvas is redrawn sharp (the numbers become readable), not stretched.
 */
export function zoomedFit(
  mapWidth: number,
  mapHeight: number,
  availWidth: number,
  availHeight: number,
  dpr: number,
  zoom: number,
): Geometry {
  const base = fit(mapWidth, mapHeight, availWidth, availHeight, dpr);
  if (zoom <= 1) return base;
  const cssCell = base.cssCell * zoom;
  const cap = Math.floor(MAX_ZOOMED_BACKING_SIDE / Math.max(mapWidth, mapHeight));
  const cellPx = Math.max(1, Math.min(Math.floor(cssCell * dpr), cap));
  return { mapWidth, mapHeight, cellPx, cssCell };
}

/** The cell under a pointer at (clientX, clientY), or null outside the map. */
export function cellAt(
  geometry: Geometry,
  canvas: HTMLCanvasElement,
  clientX: number,
  clientY: number,
): { x: number; y: number } | null {
  const rect = canvas.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return null;
  const x = Math.floor(((clientX - rect.left) / rect.width) * geometry.mapWidth);
  const y = Math.floor(((clientY - rect.top) / rect.height) * geometry.mapHeight);
  if (x < 0 || y < 0 || x >= geometry.mapWidth || y >= geometry.mapHeight) return null;
  return { x, y };
}

/** Cells on the straight line from a to b (Bresenham), both ends included. */
export function lineCells(ax: number, ay: number, bx: number, by: number): [number, number][] {
  const cells: [number, number][] = [];
  const dx = Math.abs(bx - ax);
  const dy = -Math.abs(by - ay);
  const sx = ax < bx ? 1 : -1;
  const sy = ay < by ? 1 : -1;
  let err = dx + dy;
  let [x, y] = [ax, ay];
  for (;;) {
    cells.push([x, y]);
    if (x === bx && y === by) return cells;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y += sy;
    }
  }
}

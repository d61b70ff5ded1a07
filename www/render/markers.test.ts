// Unit tests of the start and goal discs: a minimum size on screen, inside the canvas, and a hit test that
// follows the drawn disc.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markerDisc, markerHit, MIN_MARKER_CSS_RADIUS } from './markers.js';
import { fit } from './view.js';

const ends = (sx: number, sy: number, gx: number, gy: number) => ({
  startX: () => sx,
  startY: () => sy,
  goalX: () => gx,
  goalY: () => gy,
});

test('on a map scaled below one CSS pixel a cell, the disc keeps its minimum size on screen, inside the canvas', () => {
  const g = fit(1024, 1024, 640, 640, 1);
  assert.equal(g.cellPx, 1);
  const perCss = g.cellPx / g.cssCell;
  const corner = markerDisc(g, 0, 0);
  assert.ok(corner.r / perCss >= MIN_MARKER_CSS_RADIUS - 1e-9, `radius ${corner.r / perCss} CSS px`);
  assert.ok(corner.cx - corner.r >= 0 && corner.cy - corner.r >= 0, 'not cut by the top-left edges');
  const far = markerDisc(g, 1023, 1023);
  assert.ok(far.cx + far.r <= 1024 && far.cy + far.r <= 1024, 'not cut by the bottom-right edges');
  // Pushed in no further than the edges ask: the corner cells touch their discs' bounding squares.
  assert.ok(Math.abs(corner.cx - corner.r) < 1e-9 && Math.abs(corner.cy - corner.r) < 1e-9);
  assert.ok(Math.abs(far.cx + far.r - 1024) < 1e-9 && Math.abs(far.cy + far.r - 1024) < 1e-9);
  // Away from the edges the disc is centred on its cell.
  const middle = markerDisc(g, 500, 300);
  assert.deepEqual([middle.cx, middle.cy], [500.5, 300.5]);
});

test('large cells keep the disc at 0.38 of the cell, centred', () => {
  const g = fit(8, 8, 640, 640, 1);
  const d = markerDisc(g, 0, 7);
  assert.equal(d.r, 0.38 * g.cellPx);
  assert.deepEqual([d.cx, d.cy], [0.5 * g.cellPx, 7.5 * g.cellPx]);
});

test('the hit test follows the drawn disc, not only the marker cell', () => {
  const g = fit(1024, 1024, 640, 640, 1);
  const e = ends(0, 0, 1023, 1023);
  const start = markerDisc(g, 0, 0);
  // A point on the disc ten cells from the start's cell grabs the start.
  assert.equal(markerHit(g, start.cx + start.r * 0.7, start.cy, e), 'start');
  assert.equal(markerHit(g, 0.5, 0.5, e), 'start', 'the cell itself');
  const goal = markerDisc(g, 1023, 1023);
  assert.equal(markerHit(g, goal.cx, goal.cy - goal.r * 0.9, e), 'goal');
  assert.equal(markerHit(g, 512, 512, e), null, 'elsewhere: paint');
  // Big cells: the corner of the marker's cell is outside the disc but still hits it.
  const big = fit(8, 8, 640, 640, 1);
  assert.equal(markerHit(big, 1, 1, ends(0, 0, 7, 7)), 'start');
  assert.equal(markerHit(big, big.cellPx + 1, 1, ends(0, 0, 7, 7)), null);
});

test('where two discs overlap the nearer centre wins', () => {
  const g = fit(1024, 1024, 640, 640, 1);
  const e = ends(500, 500, 503, 500);
  assert.equal(markerHit(g, 500.5, 500.5, e), 'start');
  assert.equal(markerHit(g, 503.5, 500.5, e), 'goal');
});

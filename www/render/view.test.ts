// Unit tests of the cell geometry: the fit of a map into its space and the lines a stroke paints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fit, lineCells, MAX_ZOOMED_BACKING_SIDE, zoomedFit } from './view.js';

test('small maps get the largest whole number of pixels per cell that fits', () => {
  const g = fit(20, 10, 900, 700, 1);
  assert.equal(g.cellPx, 45);
  assert.equal(g.cssCell, 45);
  const retina = fit(20, 10, 900, 700, 2);
  assert.equal(retina.cellPx, 90, 'backing pixels follow devicePixelRatio');
  assert.equal(retina.cssCell, 45);
});

test('maps larger than the space keep one pixel per cell and are scaled down by CSS', () => {
  const g = fit(1024, 1024, 800, 600, 1);
  assert.equal(g.cellPx, 1);
  assert.ok(Math.abs(g.cssCell * 1024 - 600) < 1e-9);
});

test('a line of cells joins its ends without gaps', () => {
  const cells = lineCells(0, 0, 7, 3);
  assert.deepEqual(cells[0], [0, 0]);
  assert.deepEqual(cells.at(-1), [7, 3]);
  for (let i = 1; i < cells.length; i++) {
    const [dx, dy] = [cells[i][0] - cells[i - 1][0], cells[i][1] - cells[i - 1][1]];
    assert.ok(Math.max(Math.abs(dx), Math.abs(dy)) === 1, `step ${i} is to a neighbour`);
  }
  assert.deepEqual(lineCells(3, 3, 3, 3), [[3, 3]]);
  assert.deepEqual(lineCells(2, 5, 2, 2), [[2, 5], [2, 4], [2, 3], [2, 2]]);
});

test('a zoomed layout grows the CSS cell by exactly the zoom and redraws sharp up to the backing cap', () => {
  const base = fit(64, 64, 374, 500, 3);
  assert.deepEqual(zoomedFit(64, 64, 374, 500, 3, 1), base, 'zoom 1 is the fit');
  const z = zoomedFit(64, 64, 374, 500, 3, 2.5);
  assert.ok(Math.abs(z.cssCell - base.cssCell * 2.5) < 1e-9, `css cell ${z.cssCell}`);
  assert.equal(z.cellPx, Math.floor(z.cssCell * 3), 'backing pixels follow the zoom');
  const huge = zoomedFit(1024, 1024, 374, 500, 3, 40);
  assert.ok(huge.cellPx * 1024 <= MAX_ZOOMED_BACKING_SIDE, `backing side ${huge.cellPx * 1024}`);
  assert.ok(huge.cssCell > 13, 'the CSS cell still grows past the cap');
});

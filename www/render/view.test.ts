// Unit tests of the cell geometry: the fit of a map into its space and the lines a stroke paints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fit, lineCells } from './view.js';

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

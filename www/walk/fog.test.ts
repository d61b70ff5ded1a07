import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ASSUMED, KnownMap, UNKNOWN } from './fog.js';

/** A map from rows of '#' (wall), '.' (plain), 'f' (forest). */
function real(rows: string[]): Uint8Array {
  return Uint8Array.from(rows.join('').split(''), (c) => ({ '#': 0, '.': 1, f: 2 })[c] ?? 1);
}

const sorted = (cells: number[]) => [...cells].sort((a, b) => a - b);

test('sight is a disc of the radius (radius 1: the 8 neighbours), clipped to the map', () => {
  const known = new KnownMap(5, 5);
  assert.deepEqual(sorted(known.sight(0, 0, 1)), [0, 1, 5, 6]);
  assert.equal(known.sight(2, 2, 1).length, 9);
  assert.equal(known.sight(2, 2, 2).length, 21, 'all but the four corners (dx² + dy² = 8 > 6)');
  assert.equal(known.sight(2, 2, 0).length, 1);
});

test('revealing reports only first-seen cells that are not plain; unknown cells stay assumed plain', () => {
  const map = real(['..#..', '..#..', 'f....', '.....', '.....']);
  const known = new KnownMap(5, 5);
  assert.equal(known.unknownCount(), 25);
  assert.deepEqual(known.reveal(map, 0, 0, 1), [], 'all plain');
  assert.deepEqual(known.reveal(map, 1, 1, 1), [2, 7, 10], 'two walls and a forest, first seen');
  assert.deepEqual(known.reveal(map, 1, 1, 1), [], 'seen cells are not reported again');
  assert.equal(known.unknownCount(), 25 - 9);
  const planned = known.planned();
  assert.equal(planned[7], 0);
  assert.equal(planned[10], 2);
  assert.equal(planned[3], ASSUMED, 'the unseen cell (3, 0) is planned as plain');
  assert.equal(known.terrainByCell[3], UNKNOWN);
  assert.equal(map[3], 1);
  assert.equal(planned[24], ASSUMED);
});

// Unit tests of the penalties chunk's pure parts: reading a field in tenths, the watcher tool's toggle, and
// counting a path's cells beside a wall (the stat lesson 20 watches) by the core's rule: a wall among the
// 8 neighbours inside the map, the start not counted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cellsBesideWalls, parseTenths, toggledWatcher, turnCells } from './index.js';

test('a field reads as tenths up to its maximum, with one decimal at most', () => {
  assert.equal(parseTenths('0.2', 10), 2);
  assert.equal(parseTenths(' 1 ', 10), 10);
  assert.equal(parseTenths('0,5', 10), 5);
  assert.equal(parseTenths('1.1', 10), null);
  assert.equal(parseTenths('0.25', 10), null);
  assert.equal(parseTenths('-1', 10), null);
  assert.equal(parseTenths('', 10), null);
});

test('the watcher tool removes the watcher on a cell, or adds one there', () => {
  const p = { hugTenths: 0, dangerTenths: 50, watchers: [{ x: 1, y: 2, radius: 3 }], turnTenths: 0 };
  assert.deepEqual(toggledWatcher(p, 1, 2, 5), []);
  assert.deepEqual(toggledWatcher(p, 4, 4, 5), [{ x: 1, y: 2, radius: 3 }, { x: 4, y: 4, radius: 5 }]);
});

test('a path’s cells beside a wall: diagonal neighbours count, the map’s edge and the start do not', () => {
  // 5 × 3:  . . . . .
  //         . # . . .
  //         . . . . .
  const width = 5;
  const terrain = Uint8Array.from([1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
  const row = (y: number, xs: number[]) => xs.map((x) => y * width + x);
  // Along the top row from (0,0): (1,0) and (2,0) touch the wall at (1,1), (3,0) and (4,0) do not.
  assert.equal(cellsBesideWalls(Uint32Array.from(row(0, [0, 1, 2, 3, 4])), terrain, width), 2);
  // The start (0,0) touches the wall too but is not entered.
  assert.equal(cellsBesideWalls(Uint32Array.from(row(0, [0])), terrain, width), 0);
  assert.equal(cellsBesideWalls(Uint32Array.from([]), terrain, width), 0);
  // Along the right edge: nothing beside a wall, though the map's edge is next to every cell.
  assert.equal(cellsBesideWalls(Uint32Array.from([4, 9, 14]), terrain, width), 0);
  // Not a chain of moves (an any-angle segment from (0,0) to (4,2)): no count.
  assert.equal(cellsBesideWalls(Uint32Array.from([0, 14]), terrain, width), null);
});

test('the turn markers go where the path changes direction, not at its ends', () => {
  // 5 wide: (0,0) → (1,0) → (2,0) → (2,1) → (3,2) → (4,2): turns at (2,0), (2,1) and (3,2).
  const width = 5;
  const cell = (x: number, y: number) => y * width + x;
  const path = Uint32Array.from([cell(0, 0), cell(1, 0), cell(2, 0), cell(2, 1), cell(3, 2), cell(4, 2)]);
  assert.deepEqual(turnCells(path, width), [cell(2, 0), cell(2, 1), cell(3, 2)]);
  assert.deepEqual(turnCells(Uint32Array.from([cell(0, 0), cell(1, 0), cell(2, 0)]), width), []);
  assert.deepEqual(turnCells(Uint32Array.from([]), width), []);
});

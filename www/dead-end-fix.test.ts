// Unit tests of the one-click fix: every missing requirement named at once, Manhattan never left on 8
// neighbours, only the present terrains that differ from plain set to plain's cost, nothing for an
// algorithm that can run already.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixFor } from './dead-end-fix.js';
import type { MapFacts } from './algorithms.js';
import type { AlgorithmRow } from './types.js';

const row = (name: string, four: boolean, eight: boolean, uniformCostOnly: boolean) =>
  ({ name, title: name, movement: { four, eight }, uniformCostOnly }) as AlgorithmRow;
const JPS = row('jps', false, true, true);
const THETA = row('theta', true, true, true);
const ASTAR = row('astar', true, true, false);

// The demo map: plain, forest and swamp, each dearer than the last.
const terrain: MapFacts = { present: [true, true, true, true], costs: { plain: 1, forest: 3, swamp: 5 } };
const uniform: MapFacts = { present: [true, true, false, false], costs: { plain: 1, forest: 3, swamp: 5 } };

test('JPS on the demo map with 4 neighbours and Manhattan: movement, octile and equal costs, in one fix', () => {
  const fix = fixFor(JPS, { movement: 4, heuristic: 'manhattan' }, terrain);
  assert.ok(fix);
  assert.deepEqual(fix.needs, ['8-neighbour movement', 'equal step costs']);
  assert.deepEqual(fix.changes, ['8 neighbours', 'octile h', 'forest and swamp cost 1']);
  assert.deepEqual(fix.settings, { movement: 8, heuristic: 'octile' });
  assert.deepEqual(fix.costs, { plain: 1, forest: 1, swamp: 1 });
});

test('a heuristic other than Manhattan stays; movement already right is not touched', () => {
  assert.deepEqual(fixFor(JPS, { movement: 4, heuristic: 'euclidean' }, uniform)?.settings, { movement: 8 });
  const theta = fixFor(THETA, { movement: 4, heuristic: 'manhattan' }, terrain);
  assert.deepEqual(theta?.settings, {});
  assert.deepEqual(theta?.changes, ['forest and swamp cost 1']);
});

test('only the terrains on the map that differ from plain change; a map of one cost needs no change', () => {
  const noSwamp: MapFacts = { present: [true, true, true, false], costs: { plain: 2, forest: 3, swamp: 5 } };
  const fix = fixFor(THETA, { movement: 8, heuristic: 'octile' }, noSwamp);
  assert.deepEqual(fix?.costs, { plain: 2, forest: 2, swamp: 5 });
  assert.deepEqual(fix?.changes, ['forest cost 2']);
  // Forest and swamp alike, no plain: already one cost.
  const even: MapFacts = { present: [true, false, true, true], costs: { plain: 1, forest: 4, swamp: 4 } };
  assert.equal(fixFor(THETA, { movement: 8, heuristic: 'octile' }, even), null);
  assert.equal(fixFor(JPS, { movement: 8, heuristic: 'octile' }, uniform), null);
  assert.equal(fixFor(ASTAR, { movement: 4, heuristic: 'manhattan' }, terrain), null);
});

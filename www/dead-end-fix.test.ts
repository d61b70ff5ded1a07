// Unit tests of the one-click fix: every missing requirement the core lists named at once, Manhattan never
// left on 8 neighbours, only the present terrains that differ from plain set to plain's cost, nothing when
// nothing is missing. (Which requirements an algorithm misses is the core's to say: its tests check
// `registry::unmet`, the e2e tests the page's menu.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixFor } from './dead-end-fix.js';
import type { MapFacts } from './algorithms.js';
import type { Unmet } from './generated/core.js';

const EIGHT: Unmet = { kind: 'movement', movement: 8 };
const UNIFORM: Unmet = { kind: 'uniform-costs' };

// Costs in tenths, as the core keeps them. The demo map: plain, forest and swamp, each dearer than the last.
const DEFAULT_COSTS = { plain: 10, road: 7, forest: 30, swamp: 50 };
const terrain: MapFacts = { present: [true, true, true, true, false], costs: DEFAULT_COSTS };
const uniform: MapFacts = { present: [true, true, false, false, false], costs: DEFAULT_COSTS };

test('JPS on the demo map with 4 neighbours and Manhattan: movement, octile and equal costs, in one fix', () => {
  const fix = fixFor([EIGHT, UNIFORM], { movement: 4, heuristic: 'manhattan' }, terrain);
  assert.ok(fix);
  assert.deepEqual(fix.needs, ['8-neighbour movement', 'equal step costs']);
  assert.deepEqual(fix.changes, ['8 neighbours', 'octile h', 'forest and swamp cost 1']);
  assert.deepEqual(fix.settings, { movement: 8, heuristic: 'octile' });
  assert.deepEqual(fix.costs, { plain: 10, road: 7, forest: 10, swamp: 10 }, 'the road is not on the map: it keeps its cost');
});

test('a heuristic other than Manhattan stays; costs alone change only costs', () => {
  assert.deepEqual(fixFor([EIGHT], { movement: 4, heuristic: 'euclidean' }, uniform)?.settings, { movement: 8 });
  const theta = fixFor([UNIFORM], { movement: 4, heuristic: 'manhattan' }, terrain);
  assert.deepEqual(theta?.settings, {});
  assert.deepEqual(theta?.changes, ['forest and swamp cost 1']);
});

test('only the terrains on the map that differ from plain change; nothing missing, no fix', () => {
  const noSwamp: MapFacts = { present: [true, true, true, false, false], costs: { ...DEFAULT_COSTS, plain: 20 } };
  const fix = fixFor([UNIFORM], { movement: 8, heuristic: 'octile' }, noSwamp);
  assert.deepEqual(fix?.costs, { plain: 20, road: 7, forest: 20, swamp: 50 });
  assert.deepEqual(fix?.changes, ['forest cost 2']);
  // Forest and swamp only, both dearer than plain: both set to plain's cost.
  const noPlain: MapFacts = { present: [true, false, true, true, false], costs: { ...DEFAULT_COSTS, forest: 40 } };
  assert.deepEqual(fixFor([UNIFORM], { movement: 8, heuristic: 'octile' }, noPlain)?.costs, { plain: 10, road: 7, forest: 10, swamp: 10 });
  // A road, cheaper than plain, is raised to plain's cost like the dearer terrains are lowered to it.
  const road: MapFacts = { present: [true, true, false, false, true], costs: { ...DEFAULT_COSTS, road: 5 } };
  const roadFix = fixFor([UNIFORM], { movement: 8, heuristic: 'octile' }, road);
  assert.deepEqual(roadFix?.costs, { plain: 10, road: 10, forest: 30, swamp: 50 });
  assert.deepEqual(roadFix?.changes, ['road cost 1']);
  assert.equal(fixFor([], { movement: 4, heuristic: 'manhattan' }, terrain), null);
});

test('penalties: the fix removes them, with whatever else is missing', () => {
  const penalties: Unmet = { kind: 'no-penalties' };
  const alone = fixFor([penalties], { movement: 8, heuristic: 'octile' }, uniform);
  assert.deepEqual(alone, { needs: ['a map without penalties'], changes: ['penalties removed'], settings: {}, costs: null, penaltiesOff: true });
  const all = fixFor([EIGHT, UNIFORM, penalties], { movement: 4, heuristic: 'manhattan' }, terrain);
  assert.equal(all?.penaltiesOff, true);
  assert.deepEqual(all?.settings, { movement: 8, heuristic: 'octile' });
  assert.notEqual(all?.costs, null);
  assert.equal(fixFor([EIGHT], { movement: 4, heuristic: 'manhattan' }, terrain)?.penaltiesOff, false);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETUP, unitsQuery, unitsSetup, withUnits } from './url.js';

test('a units address reads its count and words in any order, and unreadable words keep their defaults', () => {
  assert.equal(unitsSetup('?seed=3'), null);
  assert.deepEqual(unitsSetup('?units'), DEFAULT_SETUP);
  assert.deepEqual(unitsSetup('?units=2000:cache:r0.5:flow:random:b4.5'), {
    count: 2000,
    planner: 'flow',
    goal: 'random',
    budget: 4.5,
    radius: 0.5,
    cache: true,
    curves: false,
  });
  assert.equal(unitsSetup('?units=50:curves')?.curves, true);
  // Out of range: clamped; unknown words: ignored.
  assert.deepEqual(unitsSetup('?units=99999:teleport:b99:r7'), { ...DEFAULT_SETUP, count: 2000, budget: 12, radius: 2 });
  assert.equal(unitsSetup('?units=abc')?.count, DEFAULT_SETUP.count);
});

test('writing a setup into the address keeps the other parameters and reads back the same', () => {
  const setup = { count: 50, planner: 'auto-w' as const, goal: 'rally' as const, budget: 0.7, radius: 1.25, cache: true, curves: true };
  const search = withUnits('?lang=zh&walk=3', setup);
  assert.equal(search, '?lang=zh&walk=3&units=50:auto-w:rally:b0.7:r1.25:cache:curves');
  assert.deepEqual(unitsSetup(search), setup);
  assert.equal(withUnits(search, null), '?lang=zh&walk=3');
  assert.equal(unitsQuery(search), '&units=50:auto-w:rally:b0.7:r1.25:cache:curves');
  assert.equal(unitsQuery('?lang=en'), '');
});

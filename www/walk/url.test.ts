import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_RADIUS, walkQuery, walkRadius, withWalk } from './url.js';

test('walkRadius reads ?walk=R, defaults a bare or bad value, and is null without it', () => {
  assert.equal(walkRadius(''), null);
  assert.equal(walkRadius('?compare'), null);
  assert.equal(walkRadius('?walk=5'), 5);
  assert.equal(walkRadius('?embed&walk=2&controls=play'), 2);
  assert.equal(walkRadius('?walk'), DEFAULT_RADIUS);
  assert.equal(walkRadius('?walk=0'), DEFAULT_RADIUS);
  assert.equal(walkRadius('?walk=99'), DEFAULT_RADIUS);
  assert.equal(walkRadius('?walk=x'), DEFAULT_RADIUS);
});

test('withWalk adds, replaces and removes the parameter, keeping the others', () => {
  assert.equal(withWalk('', 3), '?walk=3');
  assert.equal(withWalk('?lang=zh', 4), '?lang=zh&walk=4');
  assert.equal(withWalk('?walk=3&lang=zh', 6), '?lang=zh&walk=6');
  assert.equal(withWalk('?walk=3', null), '');
  assert.equal(withWalk('?embed&walk=3', null), '?embed');
  assert.equal(walkRadius(withWalk('?embed', 7)), 7);
  assert.equal(walkQuery('?walk=7'), '&walk=7');
  assert.equal(walkQuery('?lang=en'), '');
});

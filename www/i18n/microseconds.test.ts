// The stats' time: two significant digits, and "< 100" for a run shorter than one step of the clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { microseconds } from './index.js';

test('a measured time keeps two significant digits', () => {
  assert.equal(microseconds(17.234), '17');
  assert.equal(microseconds(1234), '1,200');
  assert.equal(microseconds(0.45), '0.45');
});

test('a zero is a single run under one clock step, not a search that took no time', () => {
  assert.equal(microseconds(0), '< 100');
});

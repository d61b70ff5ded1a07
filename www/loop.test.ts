// Unit tests of the speed scale: one expansion per second up to thousands per frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rateAt, rateLabel } from './loop.js';

test('the speed scale runs from 1 per second to 5000 per frame, always rising', () => {
  assert.equal(rateAt(0), 1);
  assert.ok(Math.abs(rateAt(100) - 300_000) < 1e-6);
  for (let s = 1; s <= 100; s++) assert.ok(rateAt(s) > rateAt(s - 1));
  assert.equal(rateLabel(0), '1.0/s');
  assert.equal(rateLabel(100), '5000/frame');
});

// Unit tests of the scenario comparison: "matches" only when the printed numbers are equal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareWithOptimal } from './compare-optimal.js';

test('62.1543 against a cost printed as 62.1544 is within rounding, not a match', () => {
  const c = compareWithOptimal(62.1543, 4, 62.15437, true);
  assert.equal(c.found, '62.1544');
  assert.equal(c.verdict, 'rounding');
  assert.equal(c.text, 'within rounding of the file (differs by 0.0001)');
  assert.doesNotMatch(c.text, /^matches/);
});

test('a cost that prints as the file does matches; one the core refuses differs', () => {
  assert.deepEqual(compareWithOptimal(3.41421, 5, 3.414213562, true), { found: '3.41421', verdict: 'matches', text: 'matches' });
  assert.equal(compareWithOptimal(1, 0, 1, true).found, '1.0');
  assert.equal(compareWithOptimal(1, 0, 1, true).verdict, 'matches');
  assert.equal(compareWithOptimal(62.1543, 4, 64, false).verdict, 'differs');
  assert.equal(compareWithOptimal(62.1543, 4, null, false).text, 'differs from the file');
});

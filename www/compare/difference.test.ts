// Unit tests of the "B − A" column of compare mode's stats.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countDifference, difference, withinNoise } from './difference.js';

const grouped = (value: number) => value.toLocaleString('en-US');

test('fewer expansions in B print a minus sign and the relative change', () => {
  assert.equal(difference(3234, 2000, grouped), '\u22121,234 (\u221238%)');
});

test('more in B print a plus sign; small changes keep one decimal', () => {
  assert.equal(difference(1000, 1050, grouped), '+50 (+5.0%)');
  assert.equal(difference(200, 500, grouped), '+300 (+150%)');
});

test('equal numbers print 0, a missing one a dash, a change from 0 no percentage', () => {
  assert.equal(difference(17, 17, grouped), '0');
  assert.equal(difference(null, 5, grouped), '–');
  assert.equal(difference(5, null, grouped), '–');
  assert.equal(difference(0, 4, grouped), '+4');
});

test('counts differ in words: fewer and more, with the relative change', () => {
  const words = { fewer: (n: string) => `${n} fewer`, more: (n: string) => `${n} more` };
  assert.equal(countDifference(153, 74, grouped, words), '79 fewer (\u221252%)');
  assert.equal(countDifference(1000, 1050, grouped, words), '50 more (+5.0%)');
  assert.equal(countDifference(17, 17, grouped, words), '0');
  assert.equal(countDifference(0, 4, grouped, words), '4 more');
  assert.equal(countDifference(null, 4, grouped, words), '–');
});

test('costs keep their decimals through the format given', () => {
  assert.equal(difference(40, 43.5, (v) => v.toFixed(1)), '+3.5 (+8.8%)');
});

test('two times whose timed batches overlap cannot be told apart; apart, they can', () => {
  assert.equal(withinNoise({ us: 21, low: 19, high: 25 }, { us: 24, low: 22, high: 30 }), true);
  assert.equal(withinNoise({ us: 21, low: 19, high: 22 }, { us: 40, low: 37, high: 44 }), false);
  // Timed once (a long search): the range is the time itself.
  assert.equal(withinNoise({ us: 50_000, low: 50_000, high: 50_000 }, { us: 50_000, low: 50_000, high: 50_000 }), true);
});

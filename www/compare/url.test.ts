// Unit tests of compare mode's address: `?compare&b=ALGORITHM,HEURISTIC,W,TIE-BREAK`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareRequest, formatB, parseB, withCompare, type KnownNames } from './url.js';

const KNOWN: KnownNames = {
  algorithms: ['astar', 'dijkstra', 'jps'],
  heuristics: ['manhattan', 'octile', 'euclidean'],
  tieBreaks: ['lower-h', 'higher-g'],
};

test('without `compare` the page shows one search, whatever `b` says', () => {
  assert.deepEqual(compareRequest('', KNOWN), { kind: 'off' });
  assert.deepEqual(compareRequest('?b=jps', KNOWN), { kind: 'off' });
  assert.deepEqual(compareRequest('?embed&controls=w', KNOWN), { kind: 'off' });
});

test('`compare` alone compares two copies of the linked search', () => {
  assert.deepEqual(compareRequest('?compare', KNOWN), { kind: 'on', b: {} });
  assert.deepEqual(compareRequest('?embed&compare&controls=play', KNOWN), { kind: 'on', b: {} });
});

test('every part of `b` is read, in order', () => {
  assert.deepEqual(compareRequest('?compare&b=jps,euclidean,2.5,higher-g', KNOWN), {
    kind: 'on',
    b: { algorithm: 'jps', heuristic: 'euclidean', w: 2.5, tieBreak: 'higher-g' },
  });
  assert.deepEqual(compareRequest('?compare&b=jps%2Coctile', KNOWN), { kind: 'on', b: { algorithm: 'jps', heuristic: 'octile' } });
});

test('empty or missing parts of `b` are the first search\'s settings', () => {
  assert.deepEqual(parseB(',,2.5', KNOWN), { b: { w: 2.5 } });
  assert.deepEqual(parseB('dijkstra', KNOWN), { b: { algorithm: 'dijkstra' } });
  assert.deepEqual(parseB('', KNOWN), { b: {} });
  assert.deepEqual(parseB(' astar , , 0 ', KNOWN), { b: { algorithm: 'astar', w: 0 } });
});

test('a part that cannot be read is named with the text found there', () => {
  assert.deepEqual(parseB('bfs', KNOWN), { problem: { part: 'algorithm', value: 'bfs' } });
  assert.deepEqual(parseB('astar,chess', KNOWN), { problem: { part: 'heuristic', value: 'chess' } });
  assert.deepEqual(parseB('astar,octile,heavy', KNOWN), { problem: { part: 'w', value: 'heavy' } });
  assert.deepEqual(parseB(',,5.5', KNOWN), { problem: { part: 'w', value: '5.5' } }, 'beyond the slider');
  assert.deepEqual(parseB(',,-1', KNOWN), { problem: { part: 'w', value: '-1' } });
  assert.deepEqual(parseB(',,1e1', KNOWN), { problem: { part: 'w', value: '1e1' } });
  assert.deepEqual(parseB(',,,random', KNOWN), { problem: { part: 'tie-break', value: 'random' } });
  assert.deepEqual(parseB('astar,octile,1,lower-h,more', KNOWN), { problem: { part: 'parts', value: 'astar,octile,1,lower-h,more' } });
  assert.deepEqual(compareRequest('?compare&b=astar,octile,x', KNOWN), {
    kind: 'broken',
    text: 'astar,octile,x',
    problem: { part: 'w', value: 'x' },
  });
});

test('the page writes `b` whole, and reads back what it wrote', () => {
  const b = { algorithm: 'jps', heuristic: 'octile', w: 1.5, tieBreak: 'lower-h' };
  assert.equal(formatB(b), 'jps,octile,1.5,lower-h');
  assert.deepEqual(parseB(formatB(b), KNOWN), { b });
});

test('compare mode is added to and removed from an address, the other parameters kept in place', () => {
  const b = { algorithm: 'astar', heuristic: 'octile', w: 2.5, tieBreak: 'lower-h' };
  assert.equal(withCompare('', b), '?compare&b=astar,octile,2.5,lower-h');
  assert.equal(withCompare('?lang=zh', b), '?lang=zh&compare&b=astar,octile,2.5,lower-h');
  assert.equal(withCompare('?embed&compare&controls=w,play&b=jps', b), '?embed&controls=w,play&compare&b=astar,octile,2.5,lower-h');
  assert.equal(withCompare('?lang=en&compare&b=jps', null), '?lang=en');
  assert.equal(withCompare('?compare&b=jps', null), '');
  assert.deepEqual(compareRequest(withCompare('?lang=en', b), KNOWN), { kind: 'on', b });
});

// Unit tests of the embed URL's control list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareQuery, embedControls, embedLegend, embedOrigins, embedView } from './embed-url.js';

test('the embed URL names the controls, in order, unknown and repeated names dropped', () => {
  assert.equal(embedControls(''), null);
  assert.equal(embedControls('?controls=w'), null, 'not an embed without ?embed');
  assert.deepEqual(embedControls('?embed'), []);
  assert.deepEqual(embedControls('?embed&controls=w,smooth'), ['w', 'smooth']);
  assert.deepEqual(embedControls('?embed=smooth,w'), ['smooth', 'w']);
  assert.deepEqual(embedControls('?embed&controls=stats,%3Cscript%3E,w,stats'), ['stats', 'w']);
});

test('the embed URL asks for the legend with a bare `legend` parameter, only in an embed', () => {
  assert.equal(embedLegend('?embed&controls=w'), false);
  assert.equal(embedLegend('?embed&controls=w&legend'), true);
  assert.equal(embedLegend('?embed=w&legend='), true);
  assert.equal(embedLegend('?legend'), false, 'the full page always has its legend; the parameter is for embeds');
});

test('the embed URL lists the origins allowed to command it; a bad one allows nothing', () => {
  assert.equal(embedOrigins('?embed&controls=w'), null, 'none listed: the parent is obeyed whatever its origin');
  assert.deepEqual(embedOrigins('?embed&origin=https://example.org'), ['https://example.org']);
  assert.deepEqual(embedOrigins('?embed&origin=https://example.org/blog/post&origin=http://localhost:8080'), [
    'https://example.org',
    'http://localhost:8080',
  ]);
  assert.deepEqual(embedOrigins('?embed&origin=https://a.example,https://b.example'), ['https://a.example', 'https://b.example']);
  assert.deepEqual(embedOrigins('?embed&origin=example.org'), [], 'not a URL: no origin is allowed');
  assert.deepEqual(embedOrigins('?embed&origin=javascript:alert(1)'), []);
});

test('the embed URL sets numbers, speed, autoplay and lock; unreadable values are ignored', () => {
  assert.deepEqual(embedView('?controls=w&numbers=h&lock&autoplay'), { autoplay: false, lock: false }, 'only in an embed');
  assert.deepEqual(embedView('?embed&controls=w'), { autoplay: false, lock: false });
  assert.deepEqual(embedView('?embed&numbers=f&speed=60&autoplay&lock'), { numbers: 'f', speed: 60, autoplay: true, lock: true });
  assert.deepEqual(embedView('?embed&numbers=off'), { numbers: 'none', autoplay: false, lock: false });
  assert.deepEqual(embedView('?embed&numbers=x&speed=fast'), { autoplay: false, lock: false });
  assert.deepEqual(embedView('?embed&speed=250'), { speed: 100, autoplay: false, lock: false }, 'clamped to the slider');
  assert.deepEqual(embedView('?embed&speed=-5'), { autoplay: false, lock: false });
});

test('compare mode travels into the embed code and the standalone link, commas kept readable', () => {
  assert.equal(compareQuery(''), '');
  assert.equal(compareQuery('?lang=en&b=jps'), '', 'b without compare is not compare mode');
  assert.equal(compareQuery('?compare'), '&compare');
  assert.equal(compareQuery('?lang=en&compare&b=astar,octile,2.5,lower-h'), '&compare&b=astar,octile,2.5,lower-h');
  assert.equal(compareQuery('?compare&b=a%26b'), '&compare&b=a%26b', 'nothing in b can add a parameter');
});

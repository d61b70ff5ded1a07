// Unit tests of the embed URL's control list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { embedControls, embedLegend } from './embed-url.js';

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

// A core message set inside a sentence of the page's loses the full stop it may end with, in English
// and in Chinese, and nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withoutFullStop } from './index.js';

test('a final full stop goes, in either language; other endings stay', () => {
  assert.equal(withoutFullStop('Jump point search needs equal step costs.'), 'Jump point search needs equal step costs');
  assert.equal(withoutFullStop('跳点搜索需要各步代价相同。'), '跳点搜索需要各步代价相同');
  assert.equal(withoutFullStop('costs 1.5'), 'costs 1.5');
  assert.equal(withoutFullStop('up to 2 ..'), 'up to 2 .');
  assert.equal(withoutFullStop(''), '');
});

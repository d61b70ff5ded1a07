// Unit tests of the bound on user text quoted in messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ECHO_CHARS, echo, echoList } from './echo.js';

test('short text is quoted whole, long text as its first 60 characters and an ellipsis', () => {
  assert.equal(echo(''), '');
  assert.equal(echo('astar,octile,heavy'), 'astar,octile,heavy');
  assert.equal(echo('x'.repeat(ECHO_CHARS)), 'x'.repeat(ECHO_CHARS));
  assert.equal(echo('x'.repeat(100_000)), `${'x'.repeat(ECHO_CHARS)}…`);
  assert.equal(echo('y'.repeat(ECHO_CHARS + 1)), `${'y'.repeat(ECHO_CHARS)}…`);
});

test('characters are code points: an emoji is kept whole or left out, never cut in half', () => {
  const emoji = '😀'.repeat(ECHO_CHARS);
  assert.equal(echo(emoji), emoji, '60 emoji are 120 UTF-16 units but 60 characters');
  assert.equal(echo('😀'.repeat(1000)), `${'😀'.repeat(ECHO_CHARS)}…`);
});

test('a list of names: each bounded, at most five named', () => {
  assert.equal(echoList(['a.map', 'b.scen'], ', '), 'a.map, b.scen');
  const many = Array.from({ length: 1000 }, (_, i) => `${'n'.repeat(200)}${i}`);
  const quoted = echoList(many, ', ');
  assert.equal(quoted, [...Array(5).fill(`${'n'.repeat(ECHO_CHARS)}…`), '…'].join(', '));
});

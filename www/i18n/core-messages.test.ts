// Unit tests of the core's messages on the page: every code written in both languages with the
// placeholders of its English template, and a message's parts (numbers, terms, algorithms, a message
// inside a message) written in the page's language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CORE_ENGLISH, type CoreCode } from '../generated/messages.js';
import { CORE_ZH } from './core-zh.js';
import { coreMessageOf, writeCore, type CoreMessage, type CoreWriter } from './core-messages.js';

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

test('every code of the core has a Chinese template naming the same placeholders as its English one', () => {
  assert.deepEqual(Object.keys(CORE_ZH).sort(), Object.keys(CORE_ENGLISH).sort());
  for (const [code, english] of Object.entries(CORE_ENGLISH)) {
    const chinese = CORE_ZH[code as CoreCode];
    assert.deepEqual(placeholders(chinese), placeholders(english), code);
    assert.ok(chinese.trim().length > 0, `${code} is empty in Chinese`);
  }
});

const writer = (templates: Record<CoreCode, string>): CoreWriter => ({
  templates,
  number: (value) => String(value),
  algorithm: (name) => (name === 'jps' ? 'JPS' : name),
});

test('a message is written with its numbers, terms, algorithm and the message inside it', () => {
  const inner: CoreMessage = { code: 'problem.on-wall', args: { end: { term: 'term.goal' }, x: 2, y: 1 } };
  const outer: CoreMessage = { code: 'session.bad-problem', args: { index: 3, cause: inner } };
  assert.equal(writeCore(outer, writer(CORE_ENGLISH)), 'problem 3 of the scenario has its goal (2, 1) on a wall');
  assert.equal(writeCore(outer, writer(CORE_ZH)), '场景中的第 3 个问题的终点 (2, 1) 在墙上');
  const refusal: CoreMessage = { code: 'search.needs-movement', args: { algorithm: { algorithm: 'jps' }, movement: 8 } };
  assert.equal(writeCore(refusal, writer(CORE_ENGLISH)), 'JPS needs 8-neighbour movement');
});

test('only an Error carrying a message of a known code counts as the core’s', () => {
  const error = Object.assign(new Error('grid.outside'), { detail: { code: 'grid.outside', args: { x: 1, y: 2 } } });
  assert.deepEqual(coreMessageOf(error), { code: 'grid.outside', args: { x: 1, y: 2 } });
  assert.equal(coreMessageOf(new Error('plain')), null);
  assert.equal(coreMessageOf(Object.assign(new Error('x'), { detail: { code: 'no.such-code', args: {} } })), null);
  assert.equal(coreMessageOf('a string'), null);
});

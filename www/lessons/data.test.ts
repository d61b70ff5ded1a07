// Unit tests of the lesson data: numbered 1 to 21 in order, each with its words in both languages, text
// maps rectangular with one start and one goal, and every expectation complete (the e2e file
// tests/e2e/lessons.test.ts checks them on the page).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LESSONS, lessonNumbered, watchSelector } from './data.js';
import { TABLES } from './strings.js';
import { meshSetup, meshValue } from '../mesh/url.js';

test('the lessons are numbered 1 to 21, in order, and found by number', () => {
  assert.deepEqual(LESSONS.map((l) => l.number), Array.from({ length: 21 }, (_, i) => i + 1));
  assert.equal(lessonNumbered(5)?.number, 5);
  assert.equal(lessonNumbered(22), undefined);
});

test('every lesson has a title, the article statement and its text in English and Chinese', () => {
  for (const { number } of LESSONS) {
    for (const part of ['title', 'claim', 'body']) {
      const key = `lesson.${number}.${part}`;
      for (const [lang, table] of Object.entries(TABLES)) {
        const text = (table as Record<string, string>)[key];
        assert.ok(text && text.trim().length > 0, `${key} (${lang})`);
      }
    }
    assert.match((TABLES.en as Record<string, string>)[`lesson.${number}.claim`], /^Articles? 00\d/, `lesson ${number} names its article`);
  }
});

test('text maps are rectangular with one start and one goal', () => {
  for (const lesson of LESSONS) {
    if (lesson.map.kind !== 'text') continue;
    const rows = lesson.map.rows;
    assert.ok(rows.every((row) => row.length === rows[0].length), `lesson ${lesson.number}`);
    const all = rows.join('');
    assert.equal(all.split('S').length - 1, 1, `lesson ${lesson.number}: one start`);
    assert.equal(all.split('G').length - 1, 1, `lesson ${lesson.number}: one goal`);
    assert.match(all, /^[#.f~=SG]+$/);
  }
});

test('every expectation names its value, and "shows" its text; the watched number has a selector', () => {
  for (const { number, expect } of LESSONS) {
    assert.ok(expect.value.length > 0, `lesson ${number}`);
    assert.equal(expect.relation === 'shows', expect.expected !== undefined, `lesson ${number}: expected text iff "shows"`);
    assert.ok(watchSelector(expect.stat).length > 0);
  }
  assert.equal(watchSelector('badge'), '#badge-value');
  assert.equal(watchSelector('cost'), '[data-stat="cost"]');
  assert.equal(watchSelector('mesh-length'), '[data-mesh-stat="length"]');
});

test('a lesson in mesh mode opens on a map of walls only (the mesh refuses terrain) with a setup the address reads', () => {
  for (const lesson of LESSONS) {
    if (lesson.mesh === undefined) continue;
    const setup = meshSetup(`?mesh=${lesson.mesh}`);
    assert.ok(setup, `lesson ${lesson.number}`);
    assert.equal(meshValue(setup), lesson.mesh, `lesson ${lesson.number}: ${lesson.mesh} is read as written`);
    const map = lesson.map;
    assert.ok(map.kind !== 'demo' && (map.kind === 'text' ? !/[f~=]/.test(map.rows.join('')) : map.forest === 0 && map.swamp === 0), `lesson ${lesson.number}: walls only`);
  }
});

test('lessons for JPS and Theta* open on maps of walls only with 8 neighbours (they refuse terrain)', () => {
  for (const lesson of LESSONS) {
    if (!['jps', 'jps-plus', 'theta'].includes(lesson.expect.value)) continue;
    assert.equal(lesson.settings.movement, 8, `lesson ${lesson.number}`);
    const map = lesson.map;
    assert.ok(map.kind === 'random' && map.forest === 0 && map.swamp === 0, `lesson ${lesson.number}: walls only`);
  }
});

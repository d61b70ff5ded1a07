// Unit tests of the language tables and the choice of language: every key in both languages with the
// same placeholders, and ?lang / the browser's languages deciding as the README says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EN } from './en.js';
import { ZH } from './zh.js';
import { HELP_EN } from './help-en.js';
import { HELP_ZH } from './help-zh.js';
import { chooseLanguage } from './index.js';
import { TABLES as WALK } from '../walk/strings.js';
import { TABLES as HPA } from '../hpa/strings.js';
import { TABLES as COMPARE } from '../compare/strings.js';
import { TABLES as UNITS } from '../units/strings.js';
import { TABLES as HEAP } from '../heap/strings.js';
import { TABLES as TOUR } from '../tour-strings.js';
import { TABLES as BACKUP } from '../share/backup-strings.js';
import { TABLES as LESSONS } from '../lessons/strings.js';
import { TABLES as MESH } from '../mesh/strings.js';
import { TABLES as H_SCALE } from '../h-scale.js';
import { TABLES as PENALTIES } from '../penalties/strings.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('English and Chinese have the same keys, in the page table and in the help table', () => {
  assert.deepEqual(Object.keys(ZH).sort(), Object.keys(EN).sort());
  assert.deepEqual(Object.keys(HELP_ZH).sort(), Object.keys(HELP_EN).sort());
  for (const key of Object.keys(HELP_EN)) {
    assert.ok(HELP_ZH[key as keyof typeof HELP_EN].trim().length > 0, `${key} is empty in Chinese`);
  }
});

test('each Chinese string fills the same placeholders as its English one, and none is left empty', () => {
  for (const [key, english] of Object.entries(EN)) {
    const chinese = ZH[key as keyof typeof EN];
    assert.deepEqual([...new Set(placeholders(chinese))], [...new Set(placeholders(english))], key);
    assert.ok(chinese.trim().length > 0 || english.trim().length === 0, `${key} is empty`);
  }
});

test('the chunks’ own tables (walk mode, HPA*, compare mode, units mode, mesh mode, the heap panel, the tour) have every key in both languages, with the same placeholders', () => {
  for (const { en, zh } of [WALK, HPA, COMPARE, UNITS, MESH, HEAP, TOUR, BACKUP, LESSONS, H_SCALE, PENALTIES] as { en: Record<string, string>; zh: Record<string, string> }[]) {
    assert.deepEqual(Object.keys(zh).sort(), Object.keys(en).sort());
    for (const [key, english] of Object.entries(en)) {
      assert.deepEqual([...new Set(placeholders(zh[key]))], [...new Set(placeholders(english))], key);
      assert.ok(zh[key].trim().length > 0 && !(key in EN), `${key}: empty in Chinese, or also in the page's table`);
    }
  }
});

test('?lang chooses; without it the first of the browser’s languages the page has; else English', () => {
  assert.equal(chooseLanguage('?lang=zh', ['en-US']), 'zh');
  assert.equal(chooseLanguage('?embed&lang=en', ['zh-CN']), 'en');
  assert.equal(chooseLanguage('?lang=zh-Hans', []), 'zh');
  assert.equal(chooseLanguage('', ['zh-TW', 'en']), 'zh');
  assert.equal(chooseLanguage('', ['fr-FR', 'zh-CN']), 'zh');
  assert.equal(chooseLanguage('', ['fr-FR', 'de']), 'en');
  assert.equal(chooseLanguage('?lang=klingon', ['zh-CN']), 'zh', 'an unknown ?lang falls back to the browser');
});

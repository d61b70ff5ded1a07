// Unit tests of the language tables and the choice of language: every key in both languages with the
// same placeholders, and ?lang / the browser's languages deciding as the README says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EN } from './en.js';
import { translateCoreMessage, ZH } from './zh.js';
import { HELP_EN } from './help-en.js';
import { HELP_ZH } from './help-zh.js';
import { chooseLanguage } from './index.js';
import { TABLES as WALK } from '../walk/strings.js';
import { TABLES as HPA } from '../hpa/strings.js';
import { TABLES as COMPARE } from '../compare/strings.js';
import { TABLES as HEAP } from '../heap/strings.js';
import { TABLES as TOUR } from '../tour-strings.js';
import { TABLES as BACKUP } from '../share/backup-strings.js';
import { TABLES as LESSONS } from '../lessons/strings.js';

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

test('the chunks’ own tables (walk mode, HPA*, compare mode, the heap panel, the tour) have every key in both languages, with the same placeholders', () => {
  for (const { en, zh } of [WALK, HPA, COMPARE, HEAP, TOUR, BACKUP, LESSONS] as { en: Record<string, string>; zh: Record<string, string> }[]) {
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

test('the core’s link and map errors read in Chinese when every part is known, else stay whole in English', () => {
  assert.equal(
    translateCoreMessage('this link is damaged (its checksum does not match): was it cut short or edited? Copy it again from where it came from.'),
    '这个链接已损坏（校验和不符）：是不是被截断或改动过？请从原处重新复制。',
  );
  assert.equal(translateCoreMessage('cannot be read as a Moving AI map: line 3: row has 5 cells, expected 4'), '无法作为 Moving AI 地图读取：第 3 行：这一行有 5 格，应为 4 格');
  assert.equal(translateCoreMessage('Jump point search needs equal step costs: this map has terrain of more than one cost'), '跳点搜索（JPS） 需要各步代价相同：这张地图上有不同代价的地形');
  assert.equal(translateCoreMessage('JPS+ needs equal step costs: this map has terrain of more than one cost'), 'JPS+（跳点表） 需要各步代价相同：这张地图上有不同代价的地形');
  assert.equal(translateCoreMessage('JPS+ needs 8-neighbour movement'), 'JPS+（跳点表） 需要 8 邻域移动');
  assert.equal(translateCoreMessage('JPS+ is not in this build: it needs the module with the jps-plus feature'), '这个版本中没有 JPS+（跳点表）：它需要按需获取的第二个模块');
  const unknown = 'cannot be read as a Moving AI map: line 2: something new';
  assert.equal(translateCoreMessage(unknown), unknown, 'no half-translated sentence');
});

test('every message of the hostile corpus (tests/corpus/expectations.txt) reads in Chinese', async () => {
  const { readFile } = await import('node:fs/promises');
  const lines = (await readFile('tests/corpus/expectations.txt', 'utf8')).split('\n');
  const messages = lines
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.split('|').map((part) => part.trim()))
    // Not the CLI's own lines: a file that is not text (the page says so itself), `check`'s mismatch lines.
    .filter(([, exit, message]) => exit !== '0' && message && !/^(not a text file|cost )/.test(message))
    .map(([, , message]) => message);
  assert.ok(messages.length >= 60, `${messages.length} messages`);
  // What may stay in Latin letters: what the user wrote (quoted), the formats' own keywords and names.
  const allowed = new Set(['A', 'AI', 'HPA', 'Moving', 'MiB', 'x', 'y']);
  const untranslated = messages.filter((message) => {
    const zh = translateCoreMessage(message);
    const unquoted = zh.replace(/"[^"]*"|'[^']*'|`[^`]*`|“[^”]*”/g, '');
    return zh === message || (unquoted.match(/[A-Za-z]+/g) ?? []).some((word) => !allowed.has(word));
  });
  assert.deepEqual(untranslated.map((m) => `${m} => ${translateCoreMessage(m)}`), []);
});

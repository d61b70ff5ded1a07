// The hostile corpus (tests/corpus/, also read by `cargo test` through the CLI and the core) through the
// page: every map file the command line refuses, the page refuses with the core's words and keeps its map;
// every one it reads, the page opens; every broken share link leaves the map as it was and says why; and
// in Chinese every one of those refusals reads in Chinese (the core sends codes, the page writes them).
//
// The one difference allowed: a file that is not text (bytes that are not UTF-8, or NUL bytes) gets the
// page's own sentence ("it holds binary data, not text") instead of a parser's complaint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { clearMessage, ends, message, openPage, ready, useSite } from './harness.js';

const site = useSite();
const CORPUS = resolve(process.cwd(), 'tests/corpus');

interface Expectation {
  path: string;
  exit: number;
  message: string;
}

async function expectations(): Promise<Expectation[]> {
  const text = await readFile(resolve(CORPUS, 'expectations.txt'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [path, exit, ...rest] = line.split('|');
      return { path: path.trim(), exit: Number(exit.trim()), message: rest.join('|').trim() };
    });
}

/** Every cell's terrain and the end cells: what must not change when a load is refused. */
const snapshot = (page: Page) =>
  page.evaluate(() => {
    const pg = (window as unknown as { astarPlayground: { pg: { width(): number; height(): number; terrainAt(x: number, y: number): number; startX(): number; goalX(): number } } }).astarPlayground.pg;
    let cells = '';
    for (let y = 0; y < pg.height(); y++) for (let x = 0; x < pg.width(); x++) cells += pg.terrainAt(x, y);
    return `${pg.width()}x${pg.height()} ${pg.startX()} ${pg.goalX()} ${cells}`;
  });

test('every corpus map: refused by the CLI means refused by the page, with the core’s words, map kept', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const cases = (await expectations()).filter((e) => e.path.startsWith('maps/'));
  assert.ok(cases.length >= 40, `${cases.length} map files`);
  for (const { path, exit, message: expected } of cases) {
    await clearMessage(page);
    const before = await snapshot(page);
    const bytes = await readFile(resolve(CORPUS, path));
    const name = path.split('/').pop()!;
    await page.getByTestId('import-files').setInputFiles({ name, mimeType: 'text/plain', buffer: bytes });
    // Not the second module's "Fetching …", which map files need first.
    await page.waitForFunction(() => /[^…]$/.test(document.querySelector('#message')?.textContent ?? ''));
    const shown = await message(page);
    if (exit === 0) {
      assert.equal(shown.kind, 'info', `${path}: ${shown.text}`);
      assert.match(shown.text, /^Opened /, path);
      continue;
    }
    assert.equal(shown.kind, 'error', `${path}: ${shown.text}`);
    const binary = bytes.includes(0) || expected.startsWith('not a text file');
    const words = binary ? /binary data, not text|not a text file/ : null;
    if (words) assert.match(shown.text, words, path);
    else assert.ok(shown.text.includes(expected), `${path}: expected …${expected}… in: ${shown.text}`);
    assert.equal(await snapshot(page), before, `${path}: the map is unchanged`);
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('every corpus link: a broken one leaves the map and says why, a good one opens', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const cases = (await expectations()).filter((e) => e.path.startsWith('links/'));
  assert.ok(cases.length >= 8, `${cases.length} links`);
  for (const { path, exit, message: expected } of cases) {
    const link = (await readFile(resolve(CORPUS, path), 'utf8')).trim().replace(/^#/, '');
    // An empty fragment is no link at all on the page (nothing to open); the core's message is for `astar`.
    if (link === '') continue;
    await clearMessage(page);
    const before = await snapshot(page);
    await page.evaluate((fragment) => (location.hash = fragment), link);
    if (exit === 0) {
      await page.waitForFunction((b) => {
        const pg = (window as unknown as { astarPlayground: { pg: { width(): number; height(): number } } }).astarPlayground.pg;
        return `${pg.width()}x${pg.height()}` !== b.split(' ')[0] || (document.querySelector('#message')?.textContent ?? '') === '';
      }, before);
      continue;
    }
    // An error: a link naming HPA* first says that the module with it is being fetched, which refuses it.
    await page.waitForFunction(() => {
      const shown = document.querySelector<HTMLElement>('#message');
      return (shown?.textContent ?? '') !== '' && shown?.dataset.kind === 'error';
    });
    const shown = await message(page);
    assert.equal(shown.kind, 'error', `${path}: ${shown.text}`);
    assert.ok(shown.text.startsWith('This link cannot be opened: '), `${path}: ${shown.text}`);
    // A memory bound is counted in the page's 32-bit module with smaller records than natively, where
    // the expectations were written: its numbers may differ, its words may not.
    const words = (text: string) => (expected.includes(' MiB ') ? text.replace(/\d+/g, 'N') : text);
    assert.ok(words(shown.text).includes(words(expected)), `${path}: expected …${expected}… in: ${shown.text}`);
    assert.equal(await snapshot(page), before, `${path}: the map is unchanged`);
    assert.ok((await ends(page)).width > 0);
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** The Latin words of `text` outside quotes, except the formats' own keywords and names. */
function untranslatedWords(text: string): string[] {
  // What may stay in Latin letters: what the user wrote (quoted), the formats' own keywords and names.
  const allowed = new Set(['A', 'AI', 'HPA', 'JPS', 'Moving', 'MiB', 'x', 'y', 'scen', 'map']);
  const unquoted = text.replace(/"[^"]*"|'[^']*'|`[^`]*`|“[^”]*”|‘[^’]*’/g, '');
  return (unquoted.match(/[A-Za-z]+/g) ?? []).filter((word) => !allowed.has(word));
}

test('in Chinese every refusal of a corpus map or link reads in Chinese, the map kept', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=zh`);
  await ready(page, { shareControls: true });
  const cases = (await expectations()).filter((e) => e.exit === 2 && !e.message.startsWith('not a text file'));
  assert.ok(cases.length >= 50, `${cases.length} refusals`);
  const untranslated: string[] = [];
  for (const { path } of cases) {
    const bytes = await readFile(resolve(CORPUS, path));
    const link = path.startsWith('links/') ? bytes.toString('utf8').trim().replace(/^#/, '') : null;
    if (link === '' || (link === null && bytes.includes(0))) continue;
    await clearMessage(page);
    const before = await snapshot(page);
    if (link !== null) await page.evaluate((fragment) => (location.hash = fragment), link);
    else await page.getByTestId('import-files').setInputFiles({ name: path.split('/').pop()!, mimeType: 'text/plain', buffer: bytes });
    await page.waitForFunction(() => {
      const shown = document.querySelector<HTMLElement>('#message');
      return (shown?.textContent ?? '') !== '' && shown?.dataset.kind === 'error';
    });
    // The file's name is the reader's own text, shown as given.
    const shown = (await message(page)).text.replaceAll(path.split('/').pop()!, '');
    if (untranslatedWords(shown).length > 0) untranslated.push(`${path}: ${shown}`);
    assert.equal(await snapshot(page), before, `${path}: the map is unchanged`);
  }
  assert.deepEqual(untranslated, []);
  assert.ok(untranslatedWords('这个链接已损坏（校验和不符）').length === 0 && untranslatedWords('line 3: row has 5 cells').length > 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

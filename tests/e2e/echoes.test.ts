// What the page says back about what it was given: a message quoting user text (a link's `b=`, a file's
// name) quotes at most a short prefix of it, however long the text; and a scenario whose lines name
// another map than the map file opened is shown with a warning that names both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clearMessage, message, openPage, ready, useSite } from './harness.js';

const site = useSite();

/** The most a message that quotes user text may hold: its sentence and a 60-character quote. */
const MESSAGE_BOUND = 400;

/** The message the page settles on: not empty, and not the second module's "Fetching …" (files need it). */
async function nextMessage(page: Page): Promise<{ text: string; kind: string }> {
  await page.waitForFunction(() => /[^…]$/.test(document.getElementById('message')!.textContent ?? ''));
  return message(page);
}

async function importFiles(page: Page, files: { name: string; text: string }[]): Promise<{ text: string; kind: string }> {
  await clearMessage(page);
  await page.getByLabel('Map files to import').setInputFiles(
    files.map((f) => ({ name: f.name, mimeType: 'application/octet-stream', buffer: Buffer.from(f.text) })),
  );
  return nextMessage(page);
}

const OPEN_MAP = 'type octile\nheight 4\nwidth 8\nmap\n........\n........\n........\n........\n';

/** A scenario of two problems on an open 8 × 4 map, its lines naming the map `mapName`. */
function scenarioNaming(mapName: string): string {
  return `version 1\n0\t${mapName}\t8\t4\t0\t0\t7\t3\t7.2426\n0\t${mapName}\t8\t4\t1\t0\t6\t0\t5\n`;
}

test('a 10,000-character b= is quoted as its first 60 characters in the status line', async () => {
  // 10,000, not more: the test server, like most, refuses a request line above 16 KB.
  const b = 'x'.repeat(10_000);
  const { page, errors } = await openPage(site.browser, `${site.url}?compare&b=${b}`);
  await ready(page);
  const shown = await nextMessage(page);
  assert.equal(shown.kind, 'error');
  assert.ok(shown.text.length < MESSAGE_BOUND, `a message of ${shown.text.length} characters`);
  assert.ok(shown.text.includes(`b=${'x'.repeat(60)}…)`), shown.text);
  assert.match(shown.text, /Showing one search\.$/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a file with a 5,000-character name is named by its first 60 characters', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const name = `${'n'.repeat(5000)}.map`;
  const broken = await importFiles(page, [{ name, text: 'type octile\nheight 1\nwidth 3\nmap\n.x.\n' }]);
  assert.equal(broken.kind, 'error');
  assert.ok(broken.text.length < MESSAGE_BOUND, `a message of ${broken.text.length} characters`);
  assert.ok(broken.text.startsWith(`${'n'.repeat(60)}…: `), broken.text.slice(0, 100));
  const opened = await importFiles(page, [{ name, text: OPEN_MAP }]);
  assert.equal(opened.text, `Opened ${'n'.repeat(60)}….`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a scenario naming another map than the one opened is shown with a warning naming both; its own map, without', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const mine = await importFiles(page, [
    { name: 'open.map', text: OPEN_MAP },
    { name: 'open.map.scen', text: scenarioNaming('maps/open.map') },
  ]);
  assert.equal(mine.text, 'Opened open.map and open.map.scen: pick a problem from the list (2).');

  const together = await importFiles(page, [
    { name: 'open.map', text: OPEN_MAP },
    { name: 'arena.map.scen', text: scenarioNaming('arena.map') },
  ]);
  assert.equal(together.kind, 'info');
  assert.match(together.text, /^Opened open\.map and arena\.map\.scen: pick a problem from the list \(2\)\. Its problems name the map arena\.map, not open\.map, the map opened/);

  // A scenario opened alone is checked against the map file opened last.
  const alone = await importFiles(page, [{ name: 'arena.map.scen', text: scenarioNaming('arena.map') }]);
  assert.match(alone.text, /Its problems name the map arena\.map, not open\.map/);
  const own = await importFiles(page, [{ name: 'open.map.scen', text: scenarioNaming('open.map') }]);
  assert.doesNotMatch(own.text, /Its problems name/);
  // The picker is a chunk of its own, fetched when the first scenario is shown: wait for its rows.
  await page.waitForFunction(() => document.querySelectorAll('[role="listbox"] [role="option"]').length === 2);
  assert.equal(await page.locator('[role="listbox"] [role="option"]').count(), 2, 'the problems are listed either way');

  // Another size is refused by the core, naming the scenario's map and both sizes; the map stays.
  const refused = await importFiles(page, [{ name: 'big.map.scen', text: 'version 1\n0\tbig.map\t16\t4\t0\t0\t1\t1\t1.4142\n' }]);
  assert.equal(refused.kind, 'error');
  assert.match(refused.text, /16 x 4 map \(big\.map\), but this map is 8 x 4/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

// Share links, saved work and undo/redo as a person meets them: edit, copy the link, open it in a fresh
// browser and find the same view; reload and keep the edit; undo and redo; and broken links answered with
// a message while the map on screen stays as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { MOVINGAI, clearMessage, fromFileMenu, message, openPage, pixels, ready, stats, useSite } from './harness.js';

const site = useSite();

/** Clicks map cell (x, y) with the current brush. */
async function clickCell(page: Page, x: number, y: number): Promise<void> {
  const canvas = page.getByTestId('grid');
  const box = (await canvas.boundingBox())!;
  const mapWidth = Number(await canvas.getAttribute('data-map-width'));
  const cell = box.width / mapWidth;
  await page.mouse.click(box.x + (x + 0.5) * cell, box.y + (y + 0.5) * cell);
}

/** Waits until the address bar holds a fragment other than `old`, and returns the whole URL. */
async function nextUrl(page: Page, old: string): Promise<string> {
  await page.waitForFunction((previous) => location.hash.length > 1 && location.href !== previous, old);
  return page.url();
}

/**
 * Waits until `read()` gives `expected`, failing with the last difference after 5 s: an undo or redo shows
 * its view once the browser has inflated the snapshot's compressed bytes, a few milliseconds after the click.
 */
async function becomes<T>(read: () => Promise<T>, expected: T): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    try {
      assert.deepEqual(value, expected);
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    await new Promise((next) => setTimeout(next, 25));
  }
}

/**
 * Edits the demo map (two walls, forest) and changes settings, then presses "Copy link" (which records the
 * view at once, whether or not the browser lets it reach the clipboard); returns the address bar's link.
 */
async function editAndSettle(page: Page): Promise<string> {
  const url = page.url();
  await clickCell(page, 10, 9);
  await clickCell(page, 11, 9);
  await page.getByLabel('Forest', { exact: true }).check();
  await clickCell(page, 13, 1);
  await page.getByLabel('Heuristic', { exact: true }).selectOption('euclidean');
  await page.getByLabel('Smooth path').check();
  await page.getByLabel('Numbers in cells').selectOption('f');
  await page.getByLabel('Tie-break').selectOption('higher-g');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.waitForFunction(() => /Link copied|did not allow copying/.test(document.getElementById('message')!.textContent ?? ''));
  return nextUrl(page, url);
}

test('a copied link opens the same map, settings, stats and pixels in a fresh browser', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const demo = await stats(page);
  const link = await editAndSettle(page);
  const edited = await stats(page);
  assert.notDeepEqual(edited, demo, 'the edit changed the stats');
  const shown = await pixels(page);
  assert.ok(new URL(link).hash.length > 10);

  const fresh = await openPage(site.browser, link);
  await ready(fresh.page, { shareControls: true });
  assert.deepEqual(await stats(fresh.page), edited);
  assert.equal(await pixels(fresh.page), shown);
  assert.equal(await fresh.page.getByLabel('Heuristic', { exact: true }).inputValue(), 'euclidean');
  assert.equal(await fresh.page.getByLabel('Smooth path').isChecked(), true);
  assert.equal(await fresh.page.getByLabel('Numbers in cells').inputValue(), 'f');
  assert.deepEqual(errors, []);
  assert.deepEqual(fresh.errors, []);
  await fresh.page.context().close();
  await page.context().close();
});

test('a reload or a visit without the link keeps the edit (saved work)', async () => {
  const { page } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  await editAndSettle(page);
  const edited = await stats(page);
  const shown = await pixels(page);
  await page.reload();
  await ready(page, { shareControls: true });
  assert.deepEqual(await stats(page), edited);
  assert.equal(await pixels(page), shown);
  // Same browser, the bare address: saved work comes back.
  await page.goto(site.url);
  await ready(page, { shareControls: true });
  assert.deepEqual(await stats(page), edited);
  assert.equal(await pixels(page), shown);
  await page.context().close();
});

test('undo and redo an edit with the buttons and the keyboard', async () => {
  const { page } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const original = { stats: await stats(page), pixels: await pixels(page) };
  const url = page.url();
  await clickCell(page, 10, 9);
  await nextUrl(page, url);
  const edited = { stats: await stats(page), pixels: await pixels(page) };
  assert.notEqual(edited.pixels, original.pixels);

  const undo = page.getByRole('button', { name: 'Undo' });
  const redo = page.getByRole('button', { name: 'Redo' });
  const view = async () => ({ stats: await stats(page), pixels: await pixels(page) });
  await undo.click();
  await becomes(view, original);
  await redo.click();
  await becomes(view, edited);
  await page.keyboard.press('Control+z');
  await becomes(view, original);
  await page.keyboard.press('Control+Shift+z');
  await becomes(view, edited);
  // Two in a row, the second before the first is shown: they are shown in turn, the redo last.
  await clearMessage(page);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+y');
  await becomes(async () => (await message(page)).text, 'Redone: the change is back.');
  assert.deepEqual(await view(), edited);
  // Settings are edits too.
  await page.getByLabel('Heuristic', { exact: true }).selectOption('zero');
  await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('#share-controls button')?.disabled === false);
  await undo.click();
  await becomes(() => page.getByLabel('Heuristic', { exact: true }).inputValue(), 'manhattan');
  assert.deepEqual(await stats(page), edited.stats);
  await page.context().close();
});

test('a change made just before Play is recorded when the animation stops, not in the middle of it', async () => {
  // Recording packs the whole map (about 90 ms at 1024 x 1024): during the animation it would stall a frame.
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  await page.getByLabel('Speed', { exact: true }).fill('20');
  const before = page.url();
  // The change and the click in one task: two separate browser round trips can be more than the 250 ms
  // after which a change on a still page is recorded, on a loaded machine.
  await page.evaluate(() => {
    const heuristic = document.querySelector<HTMLSelectElement>('#heuristic')!;
    heuristic.value = 'euclidean';
    heuristic.dispatchEvent(new Event('change', { bubbles: true }));
    document.querySelector<HTMLButtonElement>('#play')!.click();
  });
  await page.waitForSelector('#app[data-phase="running"]');
  // Three times the wait after which a change is recorded on a still page.
  await page.waitForTimeout(750);
  assert.equal(await page.locator('#app').getAttribute('data-phase'), 'running', 'the animation still plays');
  assert.equal(page.url(), before, 'nothing recorded while the animation plays');
  assert.equal(await page.getByRole('button', { name: 'Undo' }).isEnabled(), true, 'the change can be undone already');
  await page.getByRole('button', { name: 'Pause' }).click();
  const after = await nextUrl(page, before);
  const fresh = await openPage(site.browser, after);
  await ready(fresh.page, { shareControls: true });
  assert.equal(await fresh.page.getByLabel('Heuristic', { exact: true }).inputValue(), 'euclidean');
  assert.deepEqual(errors, []);
  await fresh.page.context().close();
  await page.context().close();
});

/** `text` with its format version byte replaced. */
function withVersion(text: string, version: number): string {
  const bytes = Buffer.from(text, 'base64url');
  bytes[0] = version;
  return bytes.toString('base64url');
}

/** Link text of a share layout given as bytes (base64url, no padding). */
function link(bytes: number[]): string {
  return Buffer.from(bytes).toString('base64url');
}

test('a dozen kinds of broken links each get a specific message while the map stays drawn', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const good = new URL(await editAndSettle(page)).hash.slice(1);
  const before = { stats: await stats(page), pixels: await pixels(page) };
  const flipped = good.slice(0, 20) + (good[20] === 'A' ? 'B' : 'A') + good.slice(21);
  const cases: [string, string, RegExp][] = [
    ['truncated', good.slice(0, Math.floor(good.length / 2)), /damaged/],
    ['cut by one character', good.slice(0, -1), /damaged/],
    ['corrupted character', flipped, /damaged/],
    // One above the newest format (3: HPA*'s cluster size).
    ['a newer format', withVersion(good, 8), /newer version/],
    ['format 0', withVersion(good, 0), /not an A\* Playground/],
    ['hand-edited with a foreign character', good.slice(0, 10) + '!' + good.slice(11), /'!'/],
    ['with extra text appended', good + 'AAAA', /damaged/],
    ['only a version byte', 'AQ', /header/],
    ['a map larger than the limit', link([1, 0x00, 0x10, 0x00, 0x10, 0x78, 0x9c]), /must be 1 to 2048/],
    ['a zero-sized map', link([1, 0, 0, 5, 0, 0x78, 0x9c]), /must be 1 to 2048/],
    ['not a link at all (a space, escaped by the browser)', 'hello%20world', /contains ' ' at character 6/],
    ['random base64', link([1, 8, 0, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), /damaged/],
    ['a short word', 'abc', /^This link cannot be opened: this is not an A\* Playground link/],
    ['random bytes', link([200, 17, 93, 4, 250, 61, 7, 7]), /^This link cannot be opened: this is not an A\* Playground link/],
    // A 2 x 2 map whose body inflates to 256 MiB of zeros: the page stops inflating past the largest body
    // any link holds (2 MiB), and the core refuses what it read.
    ['a zip bomb', link([4, 2, 0, 2, 0, ...deflateSync(Buffer.alloc(256 << 20), { level: 9 })]), /more data than its map needs/],
  ];
  for (const [what, fragment, expected] of cases) {
    await clearMessage(page);
    await page.evaluate((f) => {
      location.hash = f;
    }, fragment);
    await page.waitForFunction(() => (document.getElementById('message')!.textContent ?? '') !== '');
    const shown = await message(page);
    assert.match(shown.text, expected, what);
    assert.equal(shown.kind, 'error', what);
    assert.deepEqual({ stats: await stats(page), pixels: await pixels(page) }, before, what);
  }
  // Back to the good link (the view on screen): the error about the broken one goes away.
  await page.evaluate((f) => {
    location.hash = f;
  }, good);
  await page.waitForFunction(() => (document.getElementById('message')!.textContent ?? '') === '');
  assert.deepEqual({ stats: await stats(page), pixels: await pixels(page) }, before);

  // A fresh load of a broken link in the same browser: the message, and the saved work stays drawn.
  const other = await page.context().newPage();
  await other.goto(`${site.url}#${good.slice(0, 30)}`);
  await ready(other, { shareControls: true });
  await other.waitForFunction(() => (document.getElementById('message')!.textContent ?? '').includes('damaged'));
  assert.deepEqual({ stats: await stats(other), pixels: await pixels(other) }, before);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a generated 256 x 256 random map shares as its seed: a short link that opens the same view', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const url = page.url();
  await page.getByLabel('Width', { exact: true }).fill('256');
  await page.getByLabel('Height', { exact: true }).fill('256');
  await page.getByRole('button', { name: 'Random map' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="grid"]')?.getAttribute('data-map-width') === '256');
  const link = await nextUrl(page, url);
  const fragment = new URL(link).hash.slice(1);
  assert.ok(fragment.length < 300, `${fragment.length} characters`);
  const shown = { stats: await stats(page), pixels: await pixels(page) };

  const fresh = await openPage(site.browser, link);
  await ready(fresh.page, { shareControls: true });
  assert.deepEqual({ stats: await stats(fresh.page), pixels: await pixels(fresh.page) }, shown);
  assert.deepEqual(errors, []);
  assert.deepEqual(fresh.errors, []);
  await fresh.page.context().close();
  await page.context().close();
});

test('a link too big to share says so, offers a file, and keeps the view in saved work', async () => {
  const { page } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  // 512 x 512 with 25% random obstacles, imported (no seed): about 43,000 characters as a link.
  const map = await readFile(resolve(MOVINGAI, 'random512-25-0.map'));
  await page.getByLabel('Map files to import').setInputFiles([{ name: 'random512-25-0.map', mimeType: 'text/plain', buffer: map }]);
  await page.waitForFunction(() => document.querySelector('[data-testid="grid"]')?.getAttribute('data-map-width') === '512');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.waitForFunction(() => (document.getElementById('message')!.textContent ?? '').includes('too long to share'));
  assert.match((await message(page)).text, /would be [\d,]+ characters.*"Save \.astar"/);
  assert.equal(new URL(page.url()).hash, '', 'no fragment for a link this big');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    fromFileMenu(page, 'Save .astar'),
  ]);
  assert.ok((await readFile((await download.path())!)).length > 1000);
  const shown = await stats(page);
  await page.reload();
  await ready(page, { shareControls: true });
  await page.waitForFunction(() => document.querySelector('[data-testid="grid"]')?.getAttribute('data-map-width') === '512');
  assert.deepEqual(await stats(page), shown);
  await page.context().close();
});

test('an embedded figure ignores and keeps the reader\'s saved work', async () => {
  const { page } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const demo = await stats(page);
  await editAndSettle(page);
  const edited = await stats(page);
  const embed = await page.context().newPage();
  await embed.goto(`${site.url}?embed&controls=w`);
  await embed.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent !== '0');
  assert.deepEqual(await stats(embed), demo);
  await embed.getByLabel('Heuristic weight w').fill('2');
  await embed.waitForFunction(() => location.hash.length > 1);
  await embed.close();
  await page.goto(site.url);
  await ready(page, { shareControls: true });
  assert.deepEqual(await stats(page), edited);
  await page.context().close();
});

// Links are compressed by the browser (www/share/link.ts): the core writes the body stored and the page
// packs it with CompressionStream. What a reader would notice if that went wrong: long links, a view lost
// on a reload made right after an edit, a backup notice for work that was never replaced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync, inflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { demoBytes, dragCells, openPage, ready, stats, useSite } from './harness.js';

const site = useSite();

const SAVED_KEY = 'astar-playground:saved-view';
const BACKUP_KEY = 'astar-playground:replaced-view';

type AppHandle = {
  astarPlayground: { pg: { terrainAt(x: number, y: number): number } };
};

async function terrainAt(page: Page, x: number, y: number): Promise<number> {
  return page.evaluate(([cx, cy]) => (window as unknown as AppHandle).astarPlayground.pg.terrainAt(cx, cy), [x, y]);
}

/** Waits until the address bar and saved work hold the same link, other than `before`; returns it. */
async function recordedLink(page: Page, before: string | null = null): Promise<string> {
  await page.waitForFunction(
    ([key, earlier]) => location.hash.length > 1 && `#${localStorage.getItem(key)}` === location.hash && location.hash !== `#${earlier}`,
    [SAVED_KEY, before ?? ''] as const,
  );
  return page.evaluate(() => location.hash.slice(1));
}

/** The core's bytes of the view shown, the body stored (as a snapshot holds them). */
async function storedBytes(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(() => {
    const app = (window as unknown as { astarPlayground: { pg: { shareBytes(o: unknown, r: null): Uint8Array }; viewOptions(): unknown } }).astarPlayground;
    return Array.from(app.pg.shareBytes(app.viewOptions(), null));
  });
  return Buffer.from(bytes);
}

test('the link the page writes is compressed and opens the same view', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  await dragCells(page, [[5, 2], [5, 3], [5, 4], [5, 5], [5, 6]]);
  const link = await recordedLink(page);
  const bytes = Buffer.from(link, 'base64url');
  // After the 5-byte header: a zlib stream whose first block is not stored (block type 00).
  assert.equal(bytes[5], 0x78, 'a zlib header');
  assert.notEqual(bytes[7] & 0b110, 0, 'the first block is compressed, not stored');
  const stored = await storedBytes(page);
  assert.deepEqual(inflateSync(bytes.subarray(5)), inflateSync(stored.subarray(5)), 'the same body as the core wrote');
  assert.ok(bytes.length < stored.length, `${bytes.length} bytes against ${stored.length} stored`);
  const shown = await stats(page);

  const other = await openPage(site.browser, `${site.url}#${link}`);
  await ready(other.page, { shareControls: true });
  assert.equal(await terrainAt(other.page, 5, 4), 0, 'the painted wall');
  assert.deepEqual(await stats(other.page), shown);
  assert.deepEqual([...errors, ...other.errors], []);
  await page.context().close();
  await other.page.context().close();
});

test('an edit and a reload at once, before any compression could finish: the edit is kept', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const first = await page.evaluate(() => location.hash.slice(1));
  // A compression that never finishes: only the page's last word as it goes away can keep the edit.
  await page.evaluate(() => {
    (window as unknown as { CompressionStream: unknown }).CompressionStream = class {
      readable: ReadableStream;
      writable: WritableStream;
      constructor() {
        const stalled = new TransformStream({ transform() {}, flush: () => new Promise<void>(() => {}) });
        this.readable = stalled.readable;
        this.writable = stalled.writable;
      }
    };
  });
  assert.equal(await terrainAt(page, 5, 4), 1, 'plain before the edit');
  await dragCells(page, [[5, 2], [5, 3], [5, 4], [5, 5], [5, 6]]);
  await page.waitForFunction(() => (window as unknown as AppHandle).astarPlayground.pg.terrainAt(5, 4) === 0);
  const painted = await stats(page);
  // Past the 250 ms a change takes to settle: the record is made and its compression hangs.
  await page.waitForTimeout(600);
  assert.equal(await page.evaluate(() => location.hash.slice(1)), first, 'nothing written yet');
  await page.reload();
  await ready(page, { shareControls: true });
  assert.equal(await terrainAt(page, 5, 4), 0, 'the wall painted just before the reload');
  assert.deepEqual(await stats(page), painted);
  // The reloaded page writes the view compressed again.
  const again = await recordedLink(page, first);
  assert.notEqual(Buffer.from(again, 'base64url')[7] & 0b110, 0, 'compressed again, not stored');
  assert.equal(await page.evaluate((key) => localStorage.getItem(key), BACKUP_KEY), null);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a link whose compression finishes after a newer one\'s is not written over it', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  // The first compression made from now on hands each piece over 1.5 s late; later ones at once.
  await page.evaluate(() => {
    const Real = CompressionStream;
    let made = 0;
    (window as unknown as { CompressionStream: unknown }).CompressionStream = class {
      constructor(format: CompressionFormat) {
        const real = new Real(format);
        if (made++ > 0) return real;
        const late = new TransformStream({
          transform: (chunk, out) => new Promise<void>((done) => setTimeout(() => (out.enqueue(chunk), done()), 1500)),
          flush: () => void ((window as unknown as { lateDone: boolean }).lateDone = true),
        });
        return { writable: real.writable, readable: real.readable.pipeThrough(late) };
      }
    };
  });
  await dragCells(page, [[5, 2], [5, 3]]);
  // Past the 250 ms a change takes to settle: the first record's compression is under way (and late).
  await page.waitForTimeout(500);
  await dragCells(page, [[8, 10], [9, 10]]);
  await page.waitForFunction(() => (window as unknown as AppHandle).astarPlayground.pg.terrainAt(9, 10) === 0);
  const newest = await recordedLink(page);
  // The late link arrives now, and is dropped: the address bar and saved work keep the newest view.
  await page.waitForFunction(() => (window as unknown as { lateDone?: boolean }).lateDone === true, null, { timeout: 20_000 });
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => location.hash.slice(1)), newest);
  await page.reload();
  await ready(page, { shareControls: true });
  assert.equal(await terrainAt(page, 9, 10), 0, 'the second stroke is in the view written');
  assert.equal(await terrainAt(page, 5, 3), 0, 'and the first');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('saved work from another encoder, reloaded with its own link, is the page\'s own: no backup, no notice', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  // The demo at w = 2 with its body compressed by another encoder (zlib's fastest level), as links made
  // by earlier versions of the page were.
  const stored = await demoBytes(page, { w: 2 });
  const foreign = Buffer.concat([stored.subarray(0, 5), deflateSync(inflateSync(stored.subarray(5)), { level: 1 })]).toString('base64url');
  await page.evaluate(([key, link]) => localStorage.setItem(key, link), [SAVED_KEY, foreign]);
  // A tab opened on that link (as a reload of the earlier version's page would be), sharing the storage.
  const tab = await page.context().newPage();
  tab.on('pageerror', (err) => errors.push(String(err)));
  await tab.goto(`${site.url}#${foreign}`);
  await ready(tab, { shareControls: true });
  const written = await recordedLink(tab, foreign);
  assert.notEqual(written, foreign, 'the page wrote the view in its own encoding');
  assert.equal(await tab.evaluate(() => (window as unknown as { astarPlayground: { settings(): { w: number } } }).astarPlayground.settings().w), 2);
  assert.equal(await tab.evaluate((key) => localStorage.getItem(key), BACKUP_KEY), null, 'nothing was replaced');
  assert.equal(await tab.getByTestId('backup-notice').count(), 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

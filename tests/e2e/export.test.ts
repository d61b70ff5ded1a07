// Exporting the animation: a ZIP of PNG snapshots every N expansions, a WebM video, and Cancel; the page
// goes back to the step it showed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

/** The names and first bytes of the files a stored ZIP holds, read from its local headers. */
function zipEntries(zip: Buffer): { name: string; head: Buffer }[] {
  const entries = [];
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString('ascii');
    const data = at + 30 + nameLength;
    entries.push({ name, head: zip.subarray(data, data + 8) });
    at = data + size;
  }
  return entries;
}

async function exportWith(page: Page, format: 'png' | 'webm', every = 50): Promise<Buffer> {
  await page.locator('#export-format').selectOption(format);
  if (format === 'png') await page.locator('#export-every').fill(String(every));
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await page.locator('#export-start').click();
  return readFile((await (await download).path())!);
}

test('PNG every N steps: one snapshot per N expansions and the last, in a ZIP; the page keeps its step', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const total = await stat(page, 'expanded');
  const zip = await exportWith(page, 'png', 50);
  const entries = zipEntries(zip);
  const expected = [];
  for (let k = 0; k < total; k += 50) expected.push(k);
  expected.push(total);
  assert.deepEqual(
    entries.map((e) => e.name),
    expected.map((k) => `step-${String(k).padStart(6, '0')}.png`),
  );
  for (const entry of entries) assert.deepEqual([...entry.head], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], entry.name);
  assert.match((await page.locator('#export-status').textContent()) ?? '', /Saved astar-steps-every-50\.zip/);
  assert.equal(await stat(page, 'expanded'), total, 'the page shows the step it showed before');
  assert.equal(await page.locator('#app').getAttribute('data-phase'), 'finished');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('WebM: the video is a WebM file; Cancel stops a recording and saves nothing', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const total = await stat(page, 'expanded');
  const video = await exportWith(page, 'webm');
  assert.deepEqual([...video.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'an EBML (WebM) header');
  assert.ok(video.length > 1000, `${video.length} bytes`);

  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await page.locator('#export-start').click();
  await page.waitForFunction(() => /Recording frame [1-9]/.test(document.querySelector('#export-status')?.textContent ?? ''));
  await page.locator('#export-cancel').click();
  await page.waitForFunction(() => /cancelled/.test(document.querySelector('#export-status')?.textContent ?? ''));
  assert.equal(downloaded, false);
  assert.equal(await stat(page, 'expanded'), total, 'the page shows the step it showed before');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a bad N is refused with a message, and nothing is recorded', async () => {
  const { page } = await openPage(site.browser, site.url);
  await ready(page);
  await page.locator('#export-format').selectOption('png');
  await page.locator('#export-every').fill('0');
  await page.locator('#export-start').click();
  assert.equal(await page.locator('#export-every').getAttribute('aria-invalid'), 'true');
  assert.match((await page.locator('#export-status').textContent()) ?? '', /whole number from 1/);
  await page.context().close();
});

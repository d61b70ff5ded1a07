// Exporting the animation: a ZIP of PNG snapshots every N expansions, a WebM video, an animated GIF, and
// Cancel; the page goes back to the step it showed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { dragCells, openPage, ready, stat, useSite } from './harness.js';

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

async function exportWith(page: Page, format: 'png' | 'webm' | 'gif', every = 50): Promise<Buffer> {
  await page.locator('#export-format').selectOption(format);
  if (format === 'png') await page.locator('#export-every').fill(String(every));
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await page.locator('#export-start').click();
  return readFile((await (await download).path())!);
}


/** Starts a recording, cancels it after its first frames: nothing is downloaded, and the page shows step `total` again. */
async function cancelRecording(page: Page, total: number): Promise<void> {
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await page.locator('#export-start').click();
  await page.waitForFunction(() => /Recording frame [1-9]/.test(document.querySelector('#export-status')?.textContent ?? ''));
  await page.locator('#export-cancel').click();
  await page.waitForFunction(() => /cancelled/.test(document.querySelector('#export-status')?.textContent ?? ''));
  assert.equal(downloaded, false);
  assert.equal(await stat(page, 'expanded'), total, 'the page shows the step it showed before');
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

  await cancelRecording(page, total);
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** The screen size and, per image descriptor, its rectangle, read by walking a GIF's blocks. */
function gifBlocks(gif: Buffer): { width: number; height: number; loop: boolean; frames: { x: number; y: number; w: number; h: number }[] } {
  const skipSubBlocks = (at: number) => {
    while (gif[at] !== 0) at += gif[at] + 1;
    return at + 1;
  };
  const width = gif.readUInt16LE(6);
  const height = gif.readUInt16LE(8);
  let at = 13 + (gif[10] & 0x80 ? 3 << ((gif[10] & 7) + 1) : 0);
  let loop = false;
  const frames = [];
  for (;;) {
    const block = gif[at];
    if (block === 0x3b) break;
    if (block === 0x21) {
      if (gif[at + 1] === 0xff && gif.subarray(at + 3, at + 14).toString('ascii') === 'NETSCAPE2.0') loop = true;
      at = skipSubBlocks(at + 2);
    } else if (block === 0x2c) {
      frames.push({ x: gif.readUInt16LE(at + 1), y: gif.readUInt16LE(at + 3), w: gif.readUInt16LE(at + 5), h: gif.readUInt16LE(at + 7) });
      const flags = gif[at + 9];
      at += 10 + (flags & 0x80 ? 3 << ((flags & 7) + 1) : 0) + 1; // descriptor, local table, LZW code size
      at = skipSubBlocks(at);
    } else {
      throw new Error(`an unknown block 0x${block.toString(16)} at byte ${at}`);
    }
  }
  return { width, height, loop, frames };
}

test('animated GIF: one frame per step of the video, within the size limit; Cancel saves nothing', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const total = await stat(page, 'expanded');
  const canvas = await page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('#grid')!;
    return { width: c.width, height: c.height };
  });
  const gif = await exportWith(page, 'gif');
  assert.equal(gif.subarray(0, 6).toString('ascii'), 'GIF89a');
  const blocks = gifBlocks(gif);
  // The video's stepping: 0, every ⌈total / 240⌉ expansions, and the last step.
  const every = Math.ceil(total / 240);
  let steps = 0;
  for (let k = 0; k < total; k += every) steps++;
  assert.equal(blocks.frames.length, steps + 1);
  assert.ok(blocks.loop, 'the NETSCAPE2.0 loop extension');
  const scale = Math.min(1, 480 / Math.max(canvas.width, canvas.height));
  assert.equal(blocks.width, Math.round(canvas.width * scale));
  assert.equal(blocks.height, Math.round(canvas.height * scale));
  assert.ok(Math.max(blocks.width, blocks.height) <= 480);
  assert.deepEqual(blocks.frames[0], { x: 0, y: 0, w: blocks.width, h: blocks.height }, 'the first frame is whole');
  assert.ok(
    blocks.frames.slice(1).some((f) => f.w * f.h < blocks.width * blocks.height),
    'later frames are the changed rectangles',
  );
  // Chromium's own GIF decoder (WebCodecs ImageDecoder) reads it too: the same frames, the last one whole.
  const decoded = await page.evaluate(async (bytes) => {
    const decoder = new ImageDecoder({ data: new Uint8Array(bytes), type: 'image/gif' });
    await decoder.tracks.ready;
    const frameCount = decoder.tracks.selectedTrack!.frameCount;
    const last = (await decoder.decode({ frameIndex: frameCount - 1 })).image;
    const size = { frameCount, width: last.displayWidth, height: last.displayHeight };
    last.close();
    decoder.close();
    return size;
  }, [...gif]);
  assert.deepEqual(decoded, { frameCount: blocks.frames.length, width: blocks.width, height: blocks.height });
  assert.match((await page.locator('#export-status').textContent()) ?? '', /Saved astar-search\.gif/);
  assert.equal(await stat(page, 'expanded'), total, 'the page shows the step it showed before');

  await cancelRecording(page, total);
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

/** Starts a GIF export, runs `change` once it is recording: it is cancelled, nothing downloaded, and both the card and the status line say why. */
async function changeWhileRecording(page: Page, change: () => Promise<void>): Promise<void> {
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await page.locator('#export-format').selectOption('gif');
  await page.locator('#export-start').click();
  await page.waitForFunction(() => /Recording frame [1-9]/.test(document.querySelector('#export-status')?.textContent ?? ''));
  await change();
  await page.waitForFunction(() => !/Recording|Preparing/.test(document.querySelector('#export-status')?.textContent ?? ''));
  const said = /^Export cancelled: the map or the settings changed while it was recording/;
  assert.match((await page.locator('#export-status').textContent()) ?? '', said);
  assert.match((await page.locator('#message').textContent()) ?? '', said);
  assert.equal(downloaded, false, 'nothing was saved');
  assert.equal(await page.locator('#export-start').isDisabled(), false, 'another export can start');
}

test('switching the algorithm or painting the map while a GIF records cancels it and says so', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await changeWhileRecording(page, async () => {
    await page.getByLabel('Algorithm', { exact: true }).selectOption('bfs');
  });
  assert.equal(await page.getByLabel('Algorithm', { exact: true }).inputValue(), 'bfs', 'the change itself is kept');
  await page.waitForSelector('#app[data-phase="finished"]');
  // The brush chosen before the recording starts: the paint then comes at once, well within the recording.
  await page.getByLabel('Wall', { exact: true }).check();
  await changeWhileRecording(page, async () => {
    await dragCells(page, [[2, 2], [3, 2], [4, 2]]);
  });
  assert.deepEqual(errors, []);
  await page.context().close();
});

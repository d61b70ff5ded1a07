// Modes that come and go leave nothing behind: compare mode switched on and off, and walk mode opened and
// stopped, again and again on a 256 × 256 map, keep the number of live canvases flat (each mode's canvas
// and its renderer's cell layer are megapixel-sized on a large map, so one kept per cycle is felt). The
// count is taken through the DevTools protocol after a forced garbage collection: every
// HTMLCanvasElement still reachable, in the page or detached.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clearMap, openPage, ready, useSite } from './harness.js';

const site = useSite();

/** The DevTools handles of one count, released after it. */
const GROUP = 'leak-count';

/** The HTMLCanvasElement objects alive after a garbage collection. */
async function liveCanvases(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const proto = await cdp.send('Runtime.evaluate', { expression: 'HTMLCanvasElement.prototype', objectGroup: GROUP });
    const found = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.result.objectId!, objectGroup: GROUP });
    const count = await cdp.send('Runtime.callFunctionOn', {
      objectId: found.objects.objectId!,
      functionDeclaration: 'function () { return this.length; }',
      returnByValue: true,
    });
    // The handles would keep the canvases alive for the next count.
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: GROUP });
    return count.result.value as number;
  } finally {
    await cdp.detach();
  }
}

async function compareOnOff(page: Page): Promise<void> {
  await page.locator('#compare-toggle').click();
  await page.getByTestId('grid-b').waitFor();
  await page.waitForSelector('#app[data-phase="finished"]');
  await page.locator('#compare-toggle').click();
  await page.getByTestId('grid-b').waitFor({ state: 'detached' });
}

async function walkOnOff(page: Page): Promise<void> {
  await page.locator('#walk-toggle').click();
  await page.getByTestId('walk-canvas').waitFor();
  await page.locator('#walk-toggle').click();
  await page.getByTestId('walk-canvas').waitFor({ state: 'detached' });
}

/** Runs `cycle` once, counts the canvases, runs it `times - 1` more and counts again. */
async function countsAround(page: Page, cycle: (page: Page) => Promise<void>, times: number): Promise<{ first: number; last: number }> {
  await cycle(page);
  const first = await liveCanvases(page);
  for (let i = 1; i < times; i++) await cycle(page);
  return { first, last: await liveCanvases(page) };
}

test('compare mode switched on and off 5 times leaves no canvas behind', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await clearMap(page, 256, 256);
  const { first, last } = await countsAround(page, compareOnOff, 5);
  assert.equal(last, first, `live canvases after the first cycle: ${first}, after the fifth: ${last}`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('walk mode opened and stopped 3 times leaves no canvas behind', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await clearMap(page, 256, 256);
  await page.locator('#movement').selectOption('8');
  await page.locator('#algorithm').selectOption('dstar-lite');
  await page.waitForSelector('#app[data-phase="finished"]');
  const { first, last } = await countsAround(page, walkOnOff, 3);
  assert.equal(last, first, `live canvases after the first walk: ${first}, after the third: ${last}`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

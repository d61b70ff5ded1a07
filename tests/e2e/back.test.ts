// Back: one expansion back, by button or Comma, showing exactly the search of the step before (the same
// counters and cells as stepping there from Reset), disabled at step 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

async function press(page: Page, name: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await page.getByRole('button', { name, exact: true }).click();
}

/** A hash of the grid canvas's pixels, to compare two views of the same step. */
async function pixels(page: Page): Promise<string> {
  return page.getByTestId('grid').evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let hash = 2166136261;
    for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ data[i], 16777619);
    return (hash >>> 0).toString(16);
  });
}

test('Back shows the step before, from a finished search too, and stops at step 0', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const back = page.getByRole('button', { name: 'Back', exact: true });
  const total = await stat(page, 'expanded');
  assert.ok(total > 2, `the demo expands ${total} cells`);

  // From the finished search: one step back is the search after total - 1 expansions, still running.
  await press(page, 'Back');
  await page.waitForFunction((n) => document.querySelector('[data-stat="expanded"]')?.textContent === String(n), total - 1);
  assert.equal(await page.locator('#app').getAttribute('data-phase'), 'paused');
  assert.equal(await page.getByLabel('Timeline', { exact: true }).inputValue(), String(total - 1));

  // Step 3, Back: the same picture and open peak as Step 2 from Reset.
  await press(page, 'Reset');
  await press(page, 'Step', 2);
  const [twoPixels, twoPeak] = [await pixels(page), await stat(page, 'open-peak')];
  await press(page, 'Step');
  assert.notEqual(await pixels(page), twoPixels, 'step 3 looks different');
  await press(page, 'Back');
  await page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent === '2');
  assert.equal(await pixels(page), twoPixels, 'Back went to the picture of step 2');
  assert.equal(await stat(page, 'open-peak'), twoPeak);
  // Comma, with the map focused, does the same.
  await press(page, 'Step');
  await page.getByTestId('grid').focus();
  await page.keyboard.press(',');
  await page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent === '2');

  await press(page, 'Back', 2);
  await page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent === '0');
  assert.ok(await back.isDisabled(), 'nothing before step 0');
  assert.equal(await page.locator('#app').getAttribute('data-phase'), 'ready');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('Step from a finished search shows step 1 alone: no cell of the finished search is left coloured', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await press(page, 'Step', 3);
  assert.equal(await stat(page, 'expanded'), 3);
  const stepped = await pixels(page);
  await press(page, 'Reset');
  await press(page, 'Step', 3);
  assert.equal(await pixels(page), stepped, 'the same cells as three steps from Reset');
  assert.deepEqual(errors, []);
  await page.context().close();
});

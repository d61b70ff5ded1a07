// ARA* on the page, as a reader meets it: chosen in the Algorithm menu (its engine comes with the second
// module), it publishes a path at w = 2.5 that is drawn while the search still runs, with its cost and
// bound in the stats, then better ones as w falls, and it finishes at the optimum (over optimal 0, the
// badge exact, current w 1); in Chinese its name and its counter are Chinese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { countPixels, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

/** The grid path's colour (www/render/palette.ts RAW_PATH_RGB). */
const PATH_RGB = [224, 49, 49];

type AppHandle = {
  astarPlayground: {
    settings(): { algorithm: string; w: number };
    phase: string;
    solving: boolean;
    seek(k: number): void;
    changeSettings(change: Record<string, unknown>): boolean;
  };
};

async function waitFinished(page: Page, name: string): Promise<void> {
  await page.waitForFunction((n) => {
    const app = (window as unknown as AppHandle).astarPlayground;
    return app?.settings().algorithm === n && app.phase === 'finished' && !app.solving;
  }, name);
}

/** Shows step `k` of the search (as the timeline does) and waits for the stats of that step. */
async function seek(page: Page, k: number): Promise<void> {
  await page.evaluate((k) => (window as unknown as AppHandle).astarPlayground.seek(k), k);
  await page.waitForFunction((k) => document.querySelector('[data-stat="expanded"]')?.textContent?.startsWith(String(k)), k);
}

test('ARA* draws each published path while it runs and ends at the optimum', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await page.getByLabel('Algorithm', { exact: true }).selectOption('ara');
  await waitFinished(page, 'ara');
  await page.evaluate(() => (window as unknown as AppHandle).astarPlayground.changeSettings({ w: 2.5 }));
  await page.waitForFunction(() => (window as unknown as AppHandle).astarPlayground.settings().w === 2.5);
  await waitFinished(page, 'ara');

  const total = await stat(page, 'expanded');
  const published = await stat(page, 'published');
  assert.ok(published >= 2, `${published} paths published on the demo map at w = 2.5`);
  assert.equal(await stat(page, 'current-w'), 1, 'it ends at w = 1');
  assert.equal(await stat(page, 'over-optimal'), 0, 'its last path is optimal');
  const finalCost = await stat(page, 'cost');

  // Early in the search no path is drawn; the first published one is drawn before the search ends, with
  // a cost no lower than the final one and a bound of at most 2.5.
  await seek(page, 1);
  assert.equal(await countPixels(page, PATH_RGB), 0, 'no path before the first one is published');
  let k = 1;
  while (k < total && !((await stat(page, 'published')) >= 1)) {
    k = Math.min(total - 1, k * 2);
    await seek(page, k);
  }
  assert.ok(k < total, 'a path was published before the last step');
  assert.notEqual(await page.locator('#app').getAttribute('data-phase'), 'finished');
  assert.ok((await countPixels(page, PATH_RGB)) > 0, `the published path is drawn at step ${k} of ${total}`);
  const early = { cost: await stat(page, 'cost'), bound: await stat(page, 'bound') };
  assert.ok(early.cost >= finalCost, `published ${early.cost}, final ${finalCost}`);
  assert.ok(early.bound >= 1 && early.bound <= 2.5, `bound ${early.bound}`);
  assert.ok(early.cost <= early.bound * finalCost * (1 + 1e-9), 'the published path keeps its bound');
  assert.deepEqual(errors, []);
});

test('ARA* in Chinese: its name in the menu and its counter', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=zh`);
  await ready(page);
  const option = page.locator('#algorithm option[value="ara"]');
  assert.match((await option.textContent()) ?? '', /随时可用/);
  await page.locator('#algorithm').selectOption('ara');
  await waitFinished(page, 'ara');
  const label = await page.locator('[data-stat="published"]').locator('xpath=..').textContent();
  assert.match(label ?? '', /已给出的路径数/);
  assert.deepEqual(errors, []);
});

// The terrain costs on the page: editing one re-solves at once, travels in the link, is one undo step, and
// a bad value changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { message, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

type Costs = { plain: number; forest: number; swamp: number };
const coreCosts = (page: import('playwright-core').Page) =>
  page.evaluate(() => (window as unknown as { astarPlayground: { pg: { costs(): Costs } } }).astarPlayground.pg.costs());
const shown = async (page: import('playwright-core').Page) => ({
  plain: Number(await page.locator('#cost-plain').inputValue()),
  forest: Number(await page.locator('#cost-forest').inputValue()),
  swamp: Number(await page.locator('#cost-swamp').inputValue()),
});

test('a terrain cost edited on the page re-solves, goes into the link and comes back with Undo', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const before = await coreCosts(page);
  assert.deepEqual(await shown(page), before, 'the fields show the map’s costs');
  const costBefore = await stat(page, 'cost');
  const urlBefore = page.url();

  // Doubling the plain cost makes every plain step dearer: the path costs more, at once.
  await page.locator('#cost-plain').fill(String(before.plain * 2));
  await page.locator('#cost-plain').press('Enter');
  await page.waitForFunction((c) => {
    const app = (window as unknown as { astarPlayground: { pg: { costs(): { plain: number } } } }).astarPlayground;
    return app.pg.costs().plain === c;
  }, before.plain * 2);
  const costAfter = await stat(page, 'cost');
  assert.ok(costAfter > costBefore, `path cost ${costBefore} → ${costAfter}`);
  assert.match((await message(page)).text, /longer/);
  await page.waitForFunction((url) => location.href !== url, urlBefore);

  // The link carries the new cost: a fresh page on it shows and uses it.
  const linked = await site.browser.newPage();
  await linked.goto(page.url());
  await ready(linked);
  assert.deepEqual(await coreCosts(linked), { ...before, plain: before.plain * 2 });
  assert.equal((await shown(linked)).plain, before.plain * 2);
  assert.equal(await stat(linked, 'cost'), costAfter);
  await linked.close();

  // One undo step brings the old costs back, in the core and in the fields.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await page.waitForFunction((c) => {
    const app = (window as unknown as { astarPlayground: { pg: { costs(): { plain: number } } } }).astarPlayground;
    return app.pg.costs().plain === c;
  }, before.plain);
  assert.deepEqual(await shown(page), before);
  assert.equal(await stat(page, 'cost'), costBefore);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a terrain cost that is not a whole number from 1 to 255 is marked and changes nothing', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const before = await coreCosts(page);
  const costBefore = await stat(page, 'cost');
  for (const bad of ['0', '256', '2.5', '-3']) {
    await page.locator('#cost-forest').fill(bad);
    await page.locator('#cost-forest').press('Enter');
    assert.equal(await page.locator('#cost-forest').getAttribute('aria-invalid'), 'true', bad);
    const shownMessage = await message(page);
    assert.equal(shownMessage.kind, 'error', bad);
    assert.match(shownMessage.text, /whole number from 1 to 255/, bad);
    assert.deepEqual(await coreCosts(page), before, `${bad}: the costs are unchanged`);
    assert.equal(await stat(page, 'cost'), costBefore);
  }
  // A good value is taken and clears the mark.
  await page.locator('#cost-forest').fill(String(before.forest + 1));
  await page.locator('#cost-forest').press('Enter');
  await page.waitForFunction((c) => {
    const app = (window as unknown as { astarPlayground: { pg: { costs(): { forest: number } } } }).astarPlayground;
    return app.pg.costs().forest === c;
  }, before.forest + 1);
  assert.notEqual(await page.locator('#cost-forest').getAttribute('aria-invalid'), 'true');
  assert.deepEqual(errors, []);
  await page.context().close();
});

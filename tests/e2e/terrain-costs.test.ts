// The terrain costs on the page: editing one re-solves at once, travels in the link, is one undo step, and
// a bad value changes nothing; costs have tenths, and a road painted on the map is cheaper than plain,
// lowers h by its cost (the page says so) and travels in the link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clearMap, countPixels, dragCells, ends, message, openPage, ready, stat, useSite } from './harness.js';
import { CLOSED_RGB, OPEN_RGB, TERRAIN_RGB } from '../../www/render/palette.js';

const site = useSite();

/** The core's costs, in tenths. */
type Costs = { plain: number; road: number; forest: number; swamp: number };
interface PageCore {
  astarPlayground: { pg: { costs(): Costs; terrainAt(x: number, y: number): number } };
}
const coreCosts = (page: Page) => page.evaluate(() => (window as unknown as PageCore).astarPlayground.pg.costs());
/** What the fields show, in tenths. */
const shown = async (page: Page) => {
  const field = async (terrain: string) => Math.round(Number(await page.locator(`#cost-${terrain}`).inputValue()) * 10);
  return { plain: await field('plain'), road: await field('road'), forest: await field('forest'), swamp: await field('swamp') };
};
const costIs = (page: Page, terrain: keyof Costs, tenths: number) =>
  page.waitForFunction(
    ([terrain, tenths]) => (window as unknown as PageCore).astarPlayground.pg.costs()[terrain as keyof Costs] === tenths,
    [terrain, tenths] as const,
  );

test('a terrain cost edited on the page re-solves, goes into the link and comes back with Undo', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const before = await coreCosts(page);
  assert.deepEqual(before, { plain: 10, road: 7, forest: 30, swamp: 50 }, 'plain 1, road 0.7, forest 3, swamp 5');
  assert.deepEqual(await shown(page), before, 'the fields show the map’s costs');
  assert.equal(await page.locator('#cost-road').inputValue(), '0.7');
  const costBefore = await stat(page, 'cost');
  const urlBefore = page.url();

  // Plain at 1.5 makes every plain step dearer: the path costs more, at once.
  await page.locator('#cost-plain').fill('1.5');
  await page.locator('#cost-plain').press('Enter');
  await costIs(page, 'plain', 15);
  const costAfter = await stat(page, 'cost');
  assert.ok(costAfter > costBefore, `path cost ${costBefore} → ${costAfter}`);
  assert.match((await message(page)).text, /longer/);
  await page.waitForFunction((url) => location.href !== url, urlBefore);

  // The link carries the new cost: a fresh page on it shows and uses it.
  const linked = await site.browser.newPage();
  await linked.goto(page.url());
  await ready(linked);
  assert.deepEqual(await coreCosts(linked), { ...before, plain: 15 });
  assert.equal(await linked.locator('#cost-plain').inputValue(), '1.5');
  assert.equal(await stat(linked, 'cost'), costAfter);
  await linked.close();

  // One undo step brings the old costs back, in the core and in the fields.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await costIs(page, 'plain', 10);
  assert.deepEqual(await shown(page), before);
  assert.equal(await stat(page, 'cost'), costBefore);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a terrain cost that is not a number from 0.1 to 255 with one decimal at most is marked and changes nothing', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const before = await coreCosts(page);
  const costBefore = await stat(page, 'cost');
  for (const bad of ['0', '256', '2.55', '-3', '0.0']) {
    await page.locator('#cost-forest').fill(bad);
    await page.locator('#cost-forest').press('Enter');
    assert.equal(await page.locator('#cost-forest').getAttribute('aria-invalid'), 'true', bad);
    const shownMessage = await message(page);
    assert.equal(shownMessage.kind, 'error', bad);
    assert.match(shownMessage.text, /from 0\.1 to 255 with at most one decimal/, bad);
    assert.deepEqual(await coreCosts(page), before, `${bad}: the costs are unchanged`);
    assert.equal(await stat(page, 'cost'), costBefore);
  }
  // A good value is taken and clears the mark.
  await page.locator('#cost-forest').fill('2.5');
  await page.locator('#cost-forest').press('Enter');
  await costIs(page, 'forest', 25);
  assert.notEqual(await page.locator('#cost-forest').getAttribute('aria-invalid'), 'true');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a road painted between start and goal is drawn, taken, lowers h by its cost (or, unscaled, makes h overestimate) and opens from the link', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await clearMap(page, 24, 9);
  const { start, goal } = await ends(page);
  assert.ok(await page.locator('#h-scale').isHidden(), 'plain only: h is not scaled, and nothing says it is');
  const plainCost = await stat(page, 'cost');

  // A road from beside the start along its row to the goal's column, then along that column to beside the goal.
  const step = (from: number, to: number) => Math.sign(to - from);
  const cells: [number, number][] = [];
  for (let x = start[0] + step(start[0], goal[0]); x !== goal[0] + step(start[0], goal[0]); x += step(start[0], goal[0])) {
    cells.push([x, start[1]]);
  }
  for (let y = start[1] + step(start[1], goal[1]); y !== goal[1]; y += step(start[1], goal[1])) cells.push([goal[0], y]);
  assert.ok(cells.length > 10, `a long road: ${JSON.stringify({ start, goal })}`);
  await page.getByRole('radio', { name: 'Road', exact: true }).check();
  const urlBeforeRoad = page.url();
  await dragCells(page, cells);
  const last = cells[cells.length - 1];
  await page.waitForFunction(
    ([x, y]) => (window as unknown as PageCore).astarPlayground.pg.terrainAt(x, y) === 4,
    last,
  );
  const roadCost = await stat(page, 'cost');
  assert.ok(roadCost < plainCost, `the road is cheaper: ${plainCost} → ${roadCost}`);
  let roadPixels = 0;
  for (const rgb of [TERRAIN_RGB[4], OPEN_RGB[4], CLOSED_RGB[4]]) roadPixels += await countPixels(page, rgb, 2);
  assert.ok(roadPixels > 0, 'the road is drawn in its own shades');
  await page.waitForFunction(() => !document.getElementById('h-scale')!.hidden);
  assert.match((await page.locator('#h-scale').textContent()) ?? '', /^h × 0\.7: the cheapest step on this map is road/);
  const legendRoad = page.locator('[data-testid="legend"] [data-mark="road"]');
  assert.match((await legendRoad.textContent()) ?? '', /road \(0\.7\)/, 'the legend names the road and its cost');

  // The road at 0.5: cheaper still, and h follows.
  // The painting's own address update first, so that the next change of address is the cost's.
  await page.waitForFunction((url) => location.href !== url, urlBeforeRoad);
  const urlBefore = page.url();
  await page.locator('#cost-road').fill('0.5');
  await page.locator('#cost-road').press('Enter');
  await costIs(page, 'road', 5);
  assert.ok((await stat(page, 'cost')) < roadCost);
  assert.match((await page.locator('#h-scale').textContent()) ?? '', /^h × 0\.5/);
  await page.waitForFunction((url) => location.href !== url, urlBefore);

  // "h follows the costs" off: h counts every step at 1, more than a road step costs, and the page says
  // that h can now overestimate and that nothing is guaranteed any more.
  const urlScaled = page.url();
  await page.locator('#h-follows').uncheck();
  await page.waitForFunction(() => document.getElementById('h-scale')!.classList.contains('warning'));
  assert.match((await page.locator('#h-scale').textContent()) ?? '', /h counts every step at 1, but a step onto road costs 0\.5: h can overestimate/);
  assert.match((await page.locator('#badge-bound').textContent()) ?? '', /not admissible/);
  await page.waitForFunction((url) => location.href !== url, urlScaled);

  const linked = await site.browser.newPage();
  await linked.goto(page.url());
  await ready(linked);
  assert.equal((await coreCosts(linked)).road, 5);
  await linked.waitForFunction(() => document.getElementById('h-scale')?.classList.contains('warning'));
  assert.equal(await linked.locator('#h-follows').isChecked(), false, 'the link keeps h unscaled');
  const painted = await linked.evaluate(
    (cells) => cells.filter(([x, y]) => (window as unknown as PageCore).astarPlayground.pg.terrainAt(x, y) === 4).length,
    cells,
  );
  assert.equal(painted, cells.length, 'every road cell came through the link');
  assert.equal(await stat(linked, 'cost'), await stat(page, 'cost'));
  await linked.close();

  // Back on: h × 0.5 again, and the guarantee with it.
  await page.locator('#h-follows').check();
  await page.waitForFunction(() => !document.getElementById('h-scale')!.classList.contains('warning'));
  assert.match((await page.locator('#h-scale').textContent()) ?? '', /^h × 0\.5/);
  assert.match((await page.locator('#badge-bound').textContent()) ?? '', /guaranteed/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

// JPS+ on the page, used as a person would: the first download lists it but lacks its engine, so choosing
// it in the Algorithm menu fetches the second module (the one HPA* uses) with messages that name JPS+; it
// then expands exactly JPS's jump points on the same map, draws no scanned cells and none of HPA*'s
// overlay, and the address it leaves opens straight into JPS+ (page and embed). A link naming JPS+ on a map
// whose forest costs more than plain is refused with the core's sentence, and the map stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { countPixels, demoBytes, message, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

/** The second module's files (www/pkg-full, built as astar_full). */
const FULL_MODULE = /astar_full/;

/** HPA*'s cluster borders (www/hpa/layer.ts): never drawn for JPS+. */
const CLUSTER_BORDER_RGB = [112, 72, 232];

type Settings = { algorithm: string; movement: number };
type AppHandle = { astarPlayground: { settings(): Settings; phase: string; solving: boolean } };

async function algorithm(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as AppHandle).astarPlayground.settings().algorithm);
}

/** Chooses `name` in the Algorithm menu and waits until its search is shown. */
async function choose(page: Page, name: string): Promise<void> {
  await page.getByLabel('Algorithm', { exact: true }).selectOption(name);
  await waitShown(page, name);
}

/** Waits until the page shows a finished search of `name`. */
async function waitShown(page: Page, name: string): Promise<void> {
  await page.waitForFunction((n) => {
    const app = (window as unknown as AppHandle).astarPlayground;
    return app?.settings().algorithm === n && app.phase === 'finished' && !app.solving;
  }, name);
}

/** Starts recording every text the status line shows (read back with `statusTexts`). */
async function recordStatus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statusTexts: string[] }).statusTexts = seen;
    const line = document.getElementById('message')!;
    new MutationObserver(() => seen.push(line.textContent ?? '')).observe(line, { childList: true, characterData: true, subtree: true });
  });
}

async function statusTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);
}

async function legendMarks(page: Page): Promise<string[]> {
  return page.locator('[data-testid="legend"] li').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.mark!));
}

test('JPS+ chosen in the menu on the demo map: its module is fetched, it expands what JPS expands, and its link reopens it', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await ready(page);
  // The demo map with one step cost everywhere (forest and swamp cost what plain does) and 8-neighbour
  // moves: what jump point search needs.
  const plain = await page.locator('#cost-plain').inputValue();
  for (const terrain of ['forest', 'swamp']) {
    await page.locator(`#cost-${terrain}`).fill(plain);
    await page.locator(`#cost-${terrain}`).press('Enter');
  }
  await page.getByLabel('Movement', { exact: true }).selectOption('8');
  assert.equal(requests.filter((url) => FULL_MODULE.test(url)).length, 0, 'nothing fetched before JPS+ is chosen');

  await recordStatus(page);
  const before = page.url();
  await choose(page, 'jps-plus');
  assert.ok(requests.some((url) => FULL_MODULE.test(url)), 'the module with JPS+ was fetched');
  const said = await statusTexts(page);
  assert.ok(said.some((text) => text.startsWith('Fetching JPS+')), `the status said it fetched JPS+: ${said}`);
  assert.ok(!said.some((text) => text.includes('HPA')), `no message names HPA*: ${said}`);
  assert.equal((await message(page)).text, 'JPS+ loaded: map, settings and undo kept.');
  assert.equal(await page.getByLabel('Algorithm', { exact: true }).inputValue(), 'jps-plus');
  const plus = { expanded: await stat(page, 'expanded'), cost: await stat(page, 'cost') };
  assert.ok(plus.expanded > 0, `JPS+ expanded ${plus.expanded}`);

  // No scanned cells (it reads its jumps from a table), so no such stat or legend entry; HPA*'s cluster
  // field and overlay stay away.
  assert.equal(await page.locator('[data-stat="scanned"]').count(), 0);
  const marks = await legendMarks(page);
  assert.ok(marks.includes('closed') && marks.includes('path'), `legend: ${marks}`);
  assert.ok(!marks.includes('scanned'), `legend: ${marks}`);
  assert.equal(await page.locator('#cluster').isVisible(), false, 'the cluster field is HPA*’s');
  assert.equal(await countPixels(page, CLUSTER_BORDER_RGB, 4), 0, 'no cluster borders');

  // JPS came in the same module: the same jump points, the same cost, and nothing fetched again.
  const fetched = requests.filter((url) => FULL_MODULE.test(url)).length;
  await choose(page, 'jps');
  assert.deepEqual({ expanded: await stat(page, 'expanded'), cost: await stat(page, 'cost') }, plus);
  assert.equal(requests.filter((url) => FULL_MODULE.test(url)).length, fetched, 'JPS needs no second fetch');
  await choose(page, 'jps-plus');
  const jps = plus;

  // The address now names JPS+: a fresh page (and an embed with the algorithm menu) opens it straight
  // into a JPS+ search, fetching the module itself.
  // Copy link records the view at once (the address bar follows it a moment after each change, so the
  // first new address may still be JPS's).
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.waitForFunction((old) => location.href !== old, before);
  const link = page.url();
  const reopened = await openPage(site.browser, link);
  await ready(reopened.page, { shareControls: true });
  await waitShown(reopened.page, 'jps-plus');
  assert.equal(await reopened.page.getByLabel('Algorithm', { exact: true }).inputValue(), 'jps-plus');
  assert.equal(await stat(reopened.page, 'expanded'), jps.expanded);
  assert.deepEqual(reopened.errors, []);
  await reopened.page.context().close();

  const embed = await openPage(site.browser, `${site.url}?embed&controls=algorithm${new URL(link).hash}`);
  await waitShown(embed.page, 'jps-plus');
  assert.equal(await embed.page.locator('.embed-bar #algorithm').inputValue(), 'jps-plus');
  assert.equal(await stat(embed.page, 'expanded'), jps.expanded);
  assert.deepEqual(embed.errors, []);
  await embed.page.context().close();

  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a link naming JPS+ on a map with dearer forest is refused with the core’s sentence, and the map stays', async () => {
  // The link: the demo map (forest 3, swamp 5, plain 1) with JPS+ and 8-neighbour moves, written by the
  // first download's own share codec (which lists JPS+, link code 10).
  const maker = await openPage(site.browser, site.url);
  await ready(maker.page);
  const fragment = (await demoBytes(maker.page, { algorithm: 'jps-plus', movement: 8 })).toString('base64url');
  await maker.page.context().close();

  const { page, errors } = await openPage(site.browser, `${site.url}#${fragment}`);
  await page.waitForFunction(() => document.getElementById('message')?.dataset.kind === 'error');
  await waitShown(page, 'astar');
  const said = (await message(page)).text;
  assert.ok(said.startsWith('JPS+ needs equal step costs: this map has terrain of more than one cost'), said);
  assert.equal(await algorithm(page), 'astar');
  // The map of the link stays: the demo's size and ends, its forest and swamp in the legend, a search shown.
  assert.match((await page.locator('[data-testid="ends"]').textContent()) ?? '', /^24 × 16 map · start \(2, 5\) · goal \(21, 5\)/);
  const marks = await legendMarks(page);
  assert.ok(marks.includes('forest') && marks.includes('swamp'), `legend: ${marks}`);
  assert.ok((await stat(page, 'expanded')) > 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

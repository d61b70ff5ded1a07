// HPA* on the page, used as a person would: the first visit does not fetch its module; choosing HPA* (or
// opening a link naming it) fetches it once and draws the overlay (cluster borders, entrance nodes,
// abstract edges, the abstract path) over an animation that expands abstract nodes first, then refines;
// an edit says how many clusters were rebuilt; the cluster size is a control, in links and undoable; a bad
// size and a failed fetch each get a message and change nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { clearMap, clearMessage, countPixels, dragCells, message, newContext, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

/** The overlay's colours (www/hpa/layer.ts) and the grid path's (www/render/palette.ts). */
const CLUSTER_BORDER_RGB = [112, 72, 232];
const ABSTRACT_PATH_RGB = [214, 51, 108];
const RAW_PATH_RGB = [224, 49, 49];
const NODE_RGB = [232, 89, 12];

/** The second module's files (www/pkg-full, built as astar_full). */
const FULL_MODULE = /astar_full/;

type AppHandle = { astarPlayground: { settings(): { algorithm: string; cluster?: number | null }; phase: string; solving: boolean; seek(k: number): void; total: number } };

async function settings(page: Page): Promise<{ algorithm: string; cluster?: number | null }> {
  return page.evaluate(() => (window as unknown as AppHandle).astarPlayground.settings());
}

/** A clear `width` × `height` map with 8-neighbour moves, then HPA* chosen in the menu and its search shown. */
async function clearMapWithHpa(page: Page, width: number, height: number): Promise<void> {
  await ready(page);
  await clearMap(page, width, height);
  await page.locator('#movement').selectOption('8');
  await chooseHpa(page);
}

async function chooseHpa(page: Page): Promise<void> {
  await page.locator('#algorithm').selectOption('hpa');
  await page.waitForFunction(() => {
    const app = (window as unknown as AppHandle).astarPlayground;
    return app?.settings().algorithm === 'hpa' && app.phase === 'finished' && !app.solving;
  });
}

async function detail(page: Page, key: string): Promise<number> {
  return stat(page, key);
}

test('the first visit stays within 150 KB and does not fetch the HPA* module', async () => {
  const context = await newContext(site.browser);
  const page = await context.newPage();
  const fetched: { url: string; body: Promise<Buffer> }[] = [];
  page.on('response', (response) => fetched.push({ url: response.url(), body: response.body() }));
  await page.goto(site.url);
  await ready(page);
  assert.equal(fetched.filter((f) => FULL_MODULE.test(f.url)).length, 0, 'the HPA* module is fetched only when HPA* is wanted');
  // What the first visit needs before it can draw: the chunks main.ts fetches after the first paint (the
  // help with the placing it shares with the tour, the export card, the embed builder, the heuristic's scale
  // note) are not counted (see
  // scripts/bundle-size.mjs, which measures the same from the build's manifest).
  let total = 0;
  for (const f of fetched) {
    if (/\/(help|place-beside|export|embed-maker|h-scale)[-.]/.test(f.url) || f.url.startsWith('data:')) continue;
    total += gzipSync(await f.body, { level: 9 }).length;
  }
  assert.ok(total <= 150 * 1024, `the first visit is ${total} bytes gzipped`);
  await context.close();
});

test('choosing HPA* fetches its module once and draws clusters, entrances, abstract edges and both phases', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await clearMapWithHpa(page, 40, 24);
  assert.ok(requests.some((url) => FULL_MODULE.test(url)), 'the module with HPA* was fetched');
  assert.match((await message(page)).text, /HPA\* loaded/);
  assert.equal(await page.locator('#algorithm').inputValue(), 'hpa');
  // HPA* guarantees no bound: the badge says what was measured on maps of this kind (the core's numbers,
  // checked against HPA* itself by crates/astar-core/tests/suite/hpa_bound.rs).
  assert.equal(
    await page.locator('#badge-bound').textContent(),
    'not guaranteed: on random maps of one step cost +0.6% on average, +9% the worst of 479 searches',
  );

  // The overlay and the path: cluster borders every 16 cells (the default size), the abstract path, the grid path.
  assert.ok((await countPixels(page, CLUSTER_BORDER_RGB, 4)) > 0, 'cluster borders are drawn');
  assert.ok((await countPixels(page, ABSTRACT_PATH_RGB, 4)) > 0, 'the abstract path is drawn');
  assert.ok((await countPixels(page, RAW_PATH_RGB, 4)) > 0, 'the path is drawn');
  for (const mark of ['cluster-borders', 'abstract-edges', 'abstract-nodes', 'abstract-path']) {
    assert.equal(await page.locator(`[data-testid="legend"] [data-mark="${mark}"]`).count(), 1, `the legend lists ${mark}`);
  }

  // The stats: both phases' steps (abstract expansions, refined segments: cached paths, copied one abstract
  // edge a step), which add up to the search's, and the preprocessing line.
  const abstract = await detail(page, 'abstract-expanded');
  const segments = await detail(page, 'refined-segments');
  assert.ok(abstract > 0 && segments > 0, `abstract ${abstract}, segments ${segments}`);
  assert.equal(abstract + segments, await stat(page, 'expanded'));
  const line = page.getByTestId('hpa-line');
  assert.match((await line.textContent()) ?? '', /HPA\* \(K = 16\): preprocessing [\d.,]+ ms · abstract expansions: \d+ · refined segments: \d+/);
  assert.ok(Number(await line.getAttribute('data-build-us')) >= 0);
  // 40 × 24 cells in clusters of 16: 3 × 2 = 6 clusters, too few for a hierarchy to pay, and the line says so.
  assert.equal(await line.getAttribute('data-clusters'), '6');
  assert.match((await line.textContent()) ?? '', /Only 6 clusters here: a hierarchy pays on large maps \(lesson 14/);
  assert.notEqual(await stat(page, 'over-optimal'), NaN, 'the cost over the optimum is shown');

  // The animation: abstract nodes first (no refinement, no abstract path yet), then the refinement.
  await page.evaluate((k) => (window as unknown as AppHandle).astarPlayground.seek(k), abstract - 1);
  await page.waitForFunction((k) => document.querySelector('[data-stat="expanded"]')?.textContent === String(k), abstract - 1);
  assert.equal(await detail(page, 'refined-segments'), 0);
  assert.equal(await countPixels(page, ABSTRACT_PATH_RGB, 4), 0, 'no abstract path while the abstract search runs');
  await page.evaluate((k) => (window as unknown as AppHandle).astarPlayground.seek(k), abstract + 1);
  await page.waitForFunction((k) => document.querySelector('[data-stat="expanded"]')?.textContent === String(k), abstract + 1);
  assert.equal(await detail(page, 'refined-segments'), 1);
  assert.ok((await countPixels(page, ABSTRACT_PATH_RGB, 4)) > 0, 'the abstract path is drawn as the refinement begins');

  // Expanded nodes are filled: more node colour as the search goes on, and back to rings alone at step 0
  // (the overlay keeps what it drew between frames, and must notice a step back). No numbers over them.
  await page.locator('#numbers').selectOption('none');
  const seekTo = async (k: number) => {
    await page.evaluate((k) => (window as unknown as AppHandle).astarPlayground.seek(k), k);
    await page.waitForFunction((k) => document.querySelector('[data-stat="expanded"]')?.textContent === String(k), k);
    return countPixels(page, NODE_RGB, 4);
  };
  const ringsOnly = await seekTo(0);
  const someFilled = await seekTo(Math.ceil(abstract / 2));
  assert.ok(ringsOnly > 0 && someFilled > ringsOnly, `node pixels ${ringsOnly}, ${someFilled}`);
  assert.equal(await seekTo(0), ringsOnly, 'a step back empties the rings again');
  assert.equal(await seekTo(Math.ceil(abstract / 2)), someFilled);

  // Another algorithm: the overlay goes; HPA* again: no second fetch.
  await page.evaluate(() => (window as unknown as AppHandle).astarPlayground.seek((window as unknown as AppHandle).astarPlayground.total));
  await page.locator('#algorithm').selectOption('astar');
  await page.waitForFunction(() => (window as unknown as AppHandle).astarPlayground.settings().algorithm === 'astar');
  assert.equal(await countPixels(page, CLUSTER_BORDER_RGB, 4), 0);
  const fetches = requests.filter((url) => FULL_MODULE.test(url)).length;
  await chooseHpa(page);
  assert.equal(requests.filter((url) => FULL_MODULE.test(url)).length, fetches);
  assert.deepEqual(errors, []);
});

test('an edit says how many clusters HPA* rebuilt', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await clearMapWithHpa(page, 48, 32);
  const clusters = await detail(page, 'clusters');
  assert.equal(clusters, 6);
  await page.getByLabel('Wall', { exact: true }).check();
  await dragCells(page, [[20, 5], [20, 6], [20, 7]]);
  await page.waitForSelector('#app[data-phase="edited"]');
  await page.waitForFunction(() => /clusters rebuilt: \d+/.test(document.getElementById('message')?.textContent ?? ''));
  const rebuilt = Number(/clusters rebuilt: (\d+)/.exec((await message(page)).text)![1]);
  assert.ok(rebuilt >= 1 && rebuilt < clusters, `${rebuilt} of ${clusters} clusters rebuilt`);
  assert.equal(await detail(page, 'clusters-rebuilt'), rebuilt);
  // Forest on the map: the badge states what was measured on maps with terrain instead.
  await page.getByLabel('Forest', { exact: true }).check();
  await dragCells(page, [[30, 10], [31, 10]]);
  await page.waitForFunction(() => /with terrain/.test(document.getElementById('badge-bound')?.textContent ?? ''));
  assert.equal(
    await page.locator('#badge-bound').textContent(),
    'not guaranteed: on random maps with terrain +4% on average, +31% the worst of 479 searches',
  );
  assert.deepEqual(errors, []);
});

test('the cluster size: a bad one is refused with the core\'s message, a good one is undoable and travels in the link', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await clearMapWithHpa(page, 40, 24);
  // HPA* chosen is recorded (an undo step of its own) once the change settles: the address changes then.
  const chosen = page.url();
  await page.waitForFunction((old) => location.href !== old, chosen);
  const field = page.getByLabel('Cluster size', { exact: true });
  assert.equal(await field.isVisible(), true);
  const bordersAt16 = await countPixels(page, CLUSTER_BORDER_RGB, 4);

  await field.fill('1');
  await field.press('Enter');
  assert.equal((await message(page)).text.startsWith('HPA* cluster size 1 is not allowed: it must be from 2 to 40 (the map\'s larger side)'), true, (await message(page)).text);
  assert.equal((await settings(page)).cluster ?? null, null, 'the setting is unchanged');
  assert.equal(await detail(page, 'cluster-size'), 16);
  assert.equal(await page.locator('[data-testid="ends"]').textContent().then((t) => t?.startsWith('40 × 24')), true, 'the map stays');

  const hashAt16 = await page.evaluate(() => location.hash);
  await field.fill('6');
  await field.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-stat="cluster-size"]')?.textContent === '6');
  assert.ok((await countPixels(page, CLUSTER_BORDER_RGB, 4)) > bordersAt16, 'more borders at size 6');
  await page.waitForFunction((old) => location.hash.length > 1 && location.hash !== old, hashAt16);
  const link = await page.evaluate(() => location.href);

  await page.getByRole('button', { name: 'Undo' }).click();
  await page.waitForFunction(() => document.querySelector('[data-stat="cluster-size"]')?.textContent === '16');
  assert.equal(await field.inputValue(), '');

  // The link opens straight into HPA* at size 6, fetching its module.
  const reopened = await openPage(site.browser, link);
  await ready(reopened.page, { shareControls: true });
  await reopened.page.waitForFunction(() => document.querySelector('[data-stat="cluster-size"]')?.textContent === '6');
  assert.equal((await settings(reopened.page)).algorithm, 'hpa');
  assert.equal(await reopened.page.getByLabel('Cluster size', { exact: true }).inputValue(), '6');
  assert.ok((await countPixels(reopened.page, CLUSTER_BORDER_RGB, 4)) > 0);
  assert.deepEqual(reopened.errors, []);
  assert.deepEqual(errors, []);
});

test('a failed fetch of the HPA* module says so and keeps the algorithm and the map; choosing again retries', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await page.route(FULL_MODULE, (route) => route.abort());
  const before = await page.locator('[data-testid="ends"]').textContent();
  await page.locator('#algorithm').selectOption('hpa');
  await page.waitForFunction(() => document.getElementById('message')?.dataset.kind === 'error');
  assert.match((await message(page)).text, /^HPA\* could not be loaded \(.+\): A\* and the map stay\.$/);
  assert.equal((await settings(page)).algorithm, 'astar');
  assert.equal(await page.locator('#algorithm').inputValue(), 'astar');
  assert.equal(await page.locator('[data-testid="ends"]').textContent(), before);

  // Chromium keeps a failed module fetch (the standard no longer asks it to): the page fetches again anyway.
  await page.unroute(FULL_MODULE);
  await chooseHpa(page);
  assert.match((await message(page)).text, /HPA\* loaded/);
  // Mesh mode runs in the same module, fetched once for both: it finds a path on the map shown.
  await page.evaluate(() => (window as unknown as { astarPlayground: { mesh: { start(o: object): Promise<unknown> } } }).astarPlayground.mesh.start({}));
  await page.getByTestId('mesh-fix').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="mesh"]')?.getAttribute('data-state') === 'found');
  // The aborted fetch's console line is the only error.
  assert.deepEqual(errors.filter((e) => !/Failed to load resource/.test(e)), []);
});

test('an embed with the algorithm control opens an HPA* link with its cluster size; compare mode\'s search B can be HPA* once it is fetched', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=en&compare`);
  await ready(page, { shareControls: true });
  await page.getByTestId('caption-b').waitFor({ state: 'visible' });
  // Search B was made before the module with HPA* was fetched: it moves to that module with the page.
  await chooseHpa(page);
  await page.locator('#b-algorithm').selectOption('hpa');
  await page.waitForFunction(() => document.querySelector('[data-testid="caption-b"]')?.textContent?.startsWith('B: HPA*'));
  assert.notEqual((await message(page)).kind, 'error', (await message(page)).text);

  const field = page.getByLabel('Cluster size', { exact: true });
  await field.fill('5');
  await field.press('Enter');
  await page.waitForFunction(() => (window as unknown as { astarPlayground: { settings(): { cluster?: number | null } } }).astarPlayground.settings().cluster === 5);
  // Copy link records the view at once and writes the address bar before it says so (the link of the
  // HPA* choice itself may still be on its way otherwise).
  await clearMessage(page);
  await page.getByRole('button', { name: 'Copy link', exact: true }).click();
  await page.waitForFunction(() => /Link copied|did not allow copying/.test(document.getElementById('message')!.textContent ?? ''));
  const fragment = await page.evaluate(() => location.hash);
  const embed = await openPage(site.browser, `${site.url}?embed&controls=algorithm${fragment}`);
  await embed.page.waitForFunction(() => document.querySelector('[data-stat="cluster-size"]')?.textContent === '5');
  assert.equal((await settings(embed.page)).algorithm, 'hpa');
  assert.equal(await embed.page.locator('.embed-bar #cluster').inputValue(), '5');
  assert.equal(await embed.page.locator('.embed-bar #cluster').isVisible(), true);
  assert.deepEqual(embed.errors, []);
  assert.deepEqual(errors, []);
});

// No algorithm is a dead end (issue 24 §3): from the default page, in English and Chinese, JPS, JPS+ and
// Theta* are each one click away — the Algorithm menu still refuses them with the core's sentence, and the
// line under it names everything they need at once and offers one button that changes all of it and
// selects the algorithm; its search then shows a path, and one Undo puts back every setting and cost it
// changed. Choosing 8 neighbours while the heuristic is Manhattan switches to octile and says so, as one
// undo step; a link with 8 neighbours and Manhattan opens as written. A link naming JPS on a map with
// terrain keeps today's refusal (its details: jps-plus-page.test.ts) and offers nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { demoBytes, message, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

type Costs = { plain: number; road: number; forest: number; swamp: number }; // in tenths
interface Handle {
  astarPlayground: {
    phase: string;
    solving: boolean;
    settings(): { algorithm: string; movement: number; heuristic: string };
    pg: { costs(): Costs };
  };
}

/** What the fix may change: the search settings that matter here and the terrain costs. */
async function state(page: Page): Promise<{ algorithm: string; movement: number; heuristic: string; costs: Costs }> {
  return page.evaluate(() => {
    const app = (window as unknown as Handle).astarPlayground;
    const s = app.settings();
    return { algorithm: s.algorithm, movement: s.movement, heuristic: s.heuristic, costs: app.pg.costs() };
  });
}

/** Waits until `name`'s search is shown, finished. */
async function waitShown(page: Page, name: string): Promise<void> {
  await page.waitForFunction((n) => {
    const app = (window as unknown as Handle).astarPlayground;
    return app.phase === 'finished' && !app.solving && app.settings().algorithm === n;
  }, name);
}

/**
 * Latin words the Chinese line may hold: the algorithms' names (as i18n.test.ts allows them) and the
 * search's letter h.
 */
const ALLOWED = new Set(['JPS', 'Theta', 'h']);
const englishIn = (text: string) => (text.match(/[A-Za-z]+/g) ?? []).filter((word) => !ALLOWED.has(word));

const UNDO = { en: 'Undo', zh: '撤销' };
const REDO = { en: 'Redo', zh: '重做' };

/** Per algorithm and language: what the offer must name (the demo map: 4 neighbours, Manhattan, forest 3, swamp 5). */
const EXPECTED = {
  en: {
    jps: { line: 'Jump point search needs 8-neighbour movement and equal step costs.', button: 'Switch: 8 neighbours, octile h, forest and swamp cost 1' },
    'jps-plus': { line: 'JPS+ needs 8-neighbour movement and equal step costs.', button: 'Switch: 8 neighbours, octile h, forest and swamp cost 1' },
    theta: { line: 'Theta* needs equal step costs.', button: 'Switch: forest and swamp cost 1' },
  },
  zh: {
    jps: { line: '跳点搜索（JPS） 需要：8 邻域移动和各步代价相同。', button: '切换：8 邻域、对角距离启发式、森林和沼泽代价设为 1' },
    'jps-plus': { line: 'JPS+（跳点表） 需要：8 邻域移动和各步代价相同。', button: '切换：8 邻域、对角距离启发式、森林和沼泽代价设为 1' },
    theta: { line: 'Theta* 需要：各步代价相同。', button: '切换：森林和沼泽代价设为 1' },
  },
} as const;

for (const lang of ['en', 'zh'] as const) {
  for (const name of ['jps', 'jps-plus', 'theta'] as const) {
    test(`${lang}: ${name} from the default page is one click away, and one Undo puts every setting back`, async () => {
      const { page, errors } = await openPage(site.browser, lang === 'zh' ? `${site.url}?lang=zh` : site.url);
      await ready(page);
      const before = await state(page);
      assert.deepEqual(
        { movement: before.movement, heuristic: before.heuristic, costs: before.costs },
        { movement: 4, heuristic: 'manhattan', costs: { plain: 10, road: 7, forest: 30, swamp: 50 } },
        'the demo as the expectations assume it',
      );
      const offer = page.getByTestId('fix-offer');
      assert.equal(await offer.count(), 0, 'no offer before the menu asks for anything');

      // The menu still refuses, with the core's sentence (links and scripts get only that).
      await page.locator('#algorithm').selectOption(name);
      await page.waitForFunction(() => document.getElementById('message')?.dataset.kind === 'error');
      await offer.waitFor({ state: 'visible' });
      assert.equal((await state(page)).algorithm, before.algorithm, 'refused: the algorithm stays');
      const expected = EXPECTED[lang][name];
      const button = offer.getByRole('button');
      assert.equal(await offer.locator('span').textContent(), expected.line);
      assert.equal(await button.textContent(), expected.button);
      if (lang === 'zh') assert.deepEqual(englishIn((await offer.textContent()) ?? ''), [], 'no English in the Chinese offer');

      // Keyboard: the button is the next stop after the menu.
      await page.locator('#algorithm').focus();
      await page.keyboard.press('Tab');
      assert.equal(await button.evaluate((b) => b === document.activeElement), true, 'Tab from the menu reaches the button');

      await button.click();
      await waitShown(page, name);
      const after = await state(page);
      if (name === 'theta') assert.deepEqual([after.movement, after.heuristic], [4, 'manhattan'], 'Theta* runs on 4 neighbours');
      else assert.deepEqual([after.movement, after.heuristic], [8, 'octile']);
      assert.deepEqual(after.costs, { plain: 10, road: 7, forest: 10, swamp: 10 });
      assert.ok((await stat(page, 'cost')) > 0, 'the stats show a path');
      assert.ok((await stat(page, 'expanded')) > 0);
      assert.equal(await offer.isVisible(), false, 'the offer goes once the algorithm runs');
      const said = await message(page);
      assert.equal(said.kind, 'info');
      assert.ok(said.text.includes(expected.button.replace(/^[^:：]*[:：]/, '')), `the status line lists the changes: ${said.text}`);
      assert.equal(await page.locator('#algorithm').evaluate((m) => m === document.activeElement), true, 'focus back on the menu');

      // One undo step: the algorithm, movement, heuristic and costs of before, all at once.
      await page.getByRole('button', { name: UNDO[lang], exact: true }).click();
      await waitShown(page, before.algorithm);
      assert.deepEqual(await state(page), before);
      assert.ok((await stat(page, 'expanded')) > 0);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
}

test('the offer follows the page: a setting changed by hand leaves only what is still missing, another choice removes it', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await page.locator('#algorithm').selectOption('jps');
  const offer = page.getByTestId('fix-offer');
  await offer.waitFor({ state: 'visible' });
  await page.locator('#movement').selectOption('8');
  await page.waitForFunction(() => document.querySelector('[data-testid="fix-offer"] button')?.textContent === 'Switch: forest and swamp cost 1');
  assert.equal(await offer.locator('span').textContent(), 'Jump point search needs equal step costs.');
  await page.locator('#algorithm').selectOption('dijkstra');
  await waitShown(page, 'dijkstra');
  await offer.waitFor({ state: 'hidden' });
  assert.deepEqual(errors, []);
  await page.context().close();
});

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: choosing 8 neighbours with Manhattan switches to octile and says so, one undo step with the movement`, async () => {
    const { page, errors } = await openPage(site.browser, lang === 'zh' ? `${site.url}?lang=zh` : site.url);
    await ready(page);
    assert.deepEqual([(await state(page)).movement, (await state(page)).heuristic], [4, 'manhattan']);
    await page.locator('#movement').selectOption('8');
    await page.waitForFunction(() => (document.getElementById('heuristic') as HTMLSelectElement).value === 'octile');
    assert.equal((await state(page)).movement, 8);
    const said = await message(page);
    assert.equal(
      said.text,
      lang === 'en' ? 'Manhattan overestimates on 8 neighbours: switched to octile.' : '曼哈顿距离在 8 邻域下会高估：已改用对角距离。',
    );
    assert.equal(await page.locator('#heuristic-warning').isVisible(), false, 'no inadmissible heuristic left');
    // One Undo: 4 neighbours and Manhattan again, together; Redo brings both back.
    const movementIs = (m: number) =>
      page.waitForFunction((n) => (window as unknown as Handle).astarPlayground.settings().movement === n, m);
    await page.getByRole('button', { name: UNDO[lang], exact: true }).click();
    await movementIs(4);
    assert.equal((await state(page)).heuristic, 'manhattan');
    await page.getByRole('button', { name: REDO[lang], exact: true }).click();
    await movementIs(8);
    assert.equal((await state(page)).heuristic, 'octile');
    // Back to 4 neighbours: the heuristic stays octile (admissible there too).
    await page.locator('#movement').selectOption('4');
    await movementIs(4);
    assert.equal((await state(page)).heuristic, 'octile');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('Manhattan chosen by hand on 8 neighbours stays, and a link with it opens as written (warned, not switched)', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await page.locator('#movement').selectOption('8');
  await page.waitForFunction(() => (document.getElementById('heuristic') as HTMLSelectElement).value === 'octile');
  await page.locator('#heuristic').selectOption('manhattan');
  await page.waitForFunction(() => (window as unknown as Handle).astarPlayground.settings().heuristic === 'manhattan');
  assert.equal((await state(page)).movement, 8);
  assert.equal(await page.locator('#heuristic-warning').isVisible(), true);
  // The address bar follows once the change settles (the state keeper waits 250 ms).
  await page.waitForTimeout(600);
  const link = page.url();

  const other = await openPage(site.browser, link);
  await ready(other.page, { shareControls: true });
  const opened = await state(other.page);
  assert.deepEqual([opened.movement, opened.heuristic], [8, 'manhattan'], 'the link opens as it was written');
  assert.equal(await other.page.locator('#heuristic-warning').isVisible(), true);
  assert.doesNotMatch((await message(other.page)).text, /switched to octile/);
  assert.deepEqual(other.errors, []);
  await other.page.context().close();
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a link naming JPS on the demo map keeps the refusal, and offers nothing', async () => {
  const maker = await openPage(site.browser, site.url);
  await ready(maker.page);
  const fragment = (await demoBytes(maker.page, { algorithm: 'jps', movement: 8 })).toString('base64url');
  await maker.page.context().close();

  const { page, errors } = await openPage(site.browser, `${site.url}#${fragment}`);
  await page.waitForFunction(() => document.getElementById('message')?.dataset.kind === 'error');
  await waitShown(page, 'astar');
  const said = (await message(page)).text;
  assert.ok(said.startsWith('Jump point search needs equal step costs: this map has terrain of more than one cost'), said);
  assert.equal(await page.getByTestId('fix-offer').count(), 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** Waits until `name`'s search is shown, finished, after an edit of the map too (its phase is then 'edited'). */
async function shownAfterEdit(page: Page, name: string): Promise<void> {
  await page.waitForFunction((n) => {
    const app = (window as unknown as Handle).astarPlayground;
    return ['finished', 'edited'].includes(app.phase) && app.settings().algorithm === n;
  }, name);
}

test('penalties are one click away too: the fix removes them and selects the algorithm; one Undo brings them back', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  // The demo map with a wall-hugging penalty (A* prices it), through the penalties' own field.
  await page.getByRole('button', { name: 'Penalties…' }).click();
  const hug = page.getByLabel('Wall hugging +');
  const before = await page.evaluate(() => location.hash);
  await hug.fill('0.5');
  await hug.press('Enter');
  await page.waitForFunction(() => (window as unknown as { astarPlayground: { pg: { penalties(): Uint32Array } } }).astarPlayground.pg.penalties()[0] === 5);
  await shownAfterEdit(page, 'astar');
  // Settled into its own undo step (the link follows it), apart from the fix's.
  await page.waitForFunction((b) => location.hash !== b, before);
  await page.locator('#algorithm').selectOption('dstar-lite');
  const offer = page.getByTestId('fix-offer');
  await offer.waitFor({ state: 'visible' });
  assert.equal(await offer.locator('span').textContent(), 'D* Lite needs a map without penalties.');
  assert.equal(await offer.locator('button').textContent(), 'Switch: penalties removed');
  await offer.locator('button').click();
  await shownAfterEdit(page, 'dstar-lite');
  const penalties = () => page.evaluate(() => Array.from((window as unknown as { astarPlayground: { pg: { penalties(): Uint32Array } } }).astarPlayground.pg.penalties()));
  assert.deepEqual(await penalties(), [0, 0, 0]);
  assert.ok((await stat(page, 'expanded')) > 0);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await shownAfterEdit(page, 'astar');
  assert.deepEqual(await penalties(), [5, 0, 0]);
  assert.deepEqual(errors, []);
  await page.context().close();
});

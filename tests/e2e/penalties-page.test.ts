// The penalties on the page, used as a person would (issue 30): the Penalties button under the terrain
// costs opens the fields; a wall-hugging penalty moves the path off the walls and costs more, and the
// address keeps it (a reload shows it again); the watcher tool places a watcher on a click, drawn with its
// circle and listed in the legend, its danger added to the cost; the algorithms that cannot price
// penalties are marked in the menu with the reason; undo takes a watcher away; a value out of range is
// refused and changes nothing. In Chinese the fields speak Chinese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { cellCentre, clearMap, countPixels, message, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

/** The watchers' colour (www/penalties/index.ts). */
const WATCHER_RGB = [196, 30, 58];

type Handle = { astarPlayground: { pg: { penalties(): Uint32Array }; phase: string } };

/** The map's penalties as the core keeps them: hug, danger and turn in tenths, then x, y, radius per watcher. */
async function penalties(page: Page): Promise<number[]> {
  return page.evaluate(() => Array.from((window as unknown as Handle).astarPlayground.pg.penalties()));
}

/** Waits until the page shows the search after a change ('edited' after an edit of the map). */
async function solved(page: Page): Promise<void> {
  await page.waitForFunction(() => ['finished', 'edited'].includes((window as unknown as Handle).astarPlayground.phase));
}

/** Paints wall along the straight line of cells from `from` to `to`. */
async function paintLine(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const a = await cellCentre(page, ...from);
  const b = await cellCentre(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 20 });
  await page.mouse.up();
  await solved(page);
}

/**
 * A 24 × 12 map (4 neighbours: start top-left, goal bottom-right) split by a wall down column 12 with a
 * one-cell gap at row 5: every path goes through the gap, beside the wall, at cost 34 without penalties.
 */
async function wallMap(page: Page): Promise<void> {
  await clearMap(page, 24, 12);
  await page.locator('#movement').selectOption('4');
  await page.getByRole('radio', { name: 'Wall', exact: true }).check();
  await paintLine(page, [12, 0], [12, 4]);
  await paintLine(page, [12, 6], [12, 11]);
}

test('a hugging penalty and a watcher: priced, drawn, kept in the link, marked in the menu, undone', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=en`);
  await ready(page);
  await wallMap(page);
  const before = await stat(page, 'cost');
  assert.equal(before, 34);
  await page.getByRole('button', { name: 'Penalties…' }).click();
  const hug = page.getByLabel('Wall hugging +');
  await hug.waitFor();
  assert.equal(await hug.inputValue(), '0');

  await hug.fill('1');
  await hug.press('Enter');
  await page.waitForFunction((old) => {
    const text = document.querySelector('[data-stat="cost"]')?.textContent ?? '';
    return parseFloat(text) !== old;
  }, before);
  const hugged = await stat(page, 'cost');
  // Into column 11, the gap and column 13: three cells beside the wall, 1 more each.
  assert.equal(hugged, 37);
  assert.deepEqual(await penalties(page), [10, 0, 0]);
  // The algorithms that cannot price penalties are marked, with the reason.
  const dstar = await page.locator('#algorithm option[value="dstar-lite"]').textContent();
  assert.match(dstar ?? '', /cannot price the map's penalties/);

  // A watcher on the path's side of the wall: drawn with its circle, in the legend, its danger priced.
  await page.getByRole('button', { name: 'Place watchers' }).click();
  assert.equal(await page.getByRole('button', { name: 'Place watchers' }).getAttribute('aria-pressed'), 'true');
  assert.equal(await countPixels(page, WATCHER_RGB, 10), 0, 'no watcher yet');
  const at = await cellCentre(page, 6, 8);
  await page.mouse.click(at.x, at.y);
  await solved(page);
  assert.match((await message(page)).text, /^Watcher at \(6, 8\), seeing 6 cells far: each cell in its circle costs 5 more to enter\./);
  assert.deepEqual(await penalties(page), [10, 50, 0, 6, 8, 6]);
  assert.ok((await countPixels(page, WATCHER_RGB, 10)) > 20, 'the watcher and its circle are drawn');
  await page.waitForSelector('[data-testid="legend"] li[data-mark="watcher"]');
  assert.match((await page.locator('[data-testid="legend"] li[data-mark="watcher"]').textContent()) ?? '', /watcher: entering its circle costs \+5/);
  // Every path enters (11, 5), the gap's one neighbour on this side, inside the circle: at least 5 more.
  const watched = await stat(page, 'cost');
  assert.ok(watched >= hugged + 5, `${hugged} → ${watched}`);

  // The address keeps both: a new tab opens the same map with the same penalties and cost.
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.waitForFunction(() => /Link copied|did not allow copying/.test(document.getElementById('message')!.textContent ?? ''));
  const reopened = await openPage(site.browser, page.url());
  await ready(reopened.page, { shareControls: true });
  await reopened.page.waitForSelector('[data-testid="legend"] li[data-mark="watcher"]');
  assert.deepEqual(await penalties(reopened.page), [10, 50, 0, 6, 8, 6]);
  assert.equal(await stat(reopened.page, 'cost'), watched);
  assert.equal(await reopened.page.getByLabel('Wall hugging +').inputValue(), '1', 'the fields open by themselves');
  assert.deepEqual(reopened.errors, []);
  await reopened.page.context().close();

  // A click on the watcher removes it; undo brings it back; a value out of range changes nothing.
  await page.mouse.click(at.x, at.y);
  await solved(page);
  assert.deepEqual(await penalties(page), [10, 50, 0]);
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.waitForFunction(() => Array.from((window as unknown as Handle).astarPlayground.pg.penalties()).length === 6);
  const danger = page.getByLabel('Danger a watcher +');
  await danger.fill('101');
  await danger.press('Enter');
  assert.equal(await danger.getAttribute('aria-invalid'), 'true');
  assert.match((await message(page)).text, /^Not a number from 0 to 100/);
  assert.deepEqual(await penalties(page), [10, 50, 0, 6, 8, 6]);
  // A radius that is not 1 to 64 places nothing, and says why.
  const radius = page.getByLabel('Watcher sees (cells)');
  await radius.fill('0');
  const elsewhere = await cellCentre(page, 2, 2);
  await page.mouse.click(elsewhere.x, elsewhere.y);
  assert.equal(await radius.getAttribute('aria-invalid'), 'true');
  assert.match((await message(page)).text, /^A watcher sees 1 to 64 cells far/);
  assert.deepEqual(await penalties(page), [10, 50, 0, 6, 8, 6]);
  // Escape puts the tool down: a click paints again; so does choosing a brush.
  const placeButton = page.getByRole('button', { name: 'Place watchers' });
  await page.keyboard.press('Escape');
  assert.equal(await placeButton.getAttribute('aria-pressed'), 'false');
  await placeButton.click();
  await page.getByRole('radio', { name: 'Forest', exact: true }).check();
  assert.equal(await placeButton.getAttribute('aria-pressed'), 'false');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('?lang=zh: the penalty fields and the watcher legend are Chinese', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=zh`);
  await ready(page);
  await page.getByRole('button', { name: '惩罚代价…' }).click();
  await page.getByLabel('贴墙惩罚 +').waitFor();
  await page.getByRole('button', { name: '放置守卫' }).click();
  const at = await cellCentre(page, 5, 5);
  await page.mouse.click(at.x, at.y);
  await page.waitForSelector('[data-testid="legend"] li[data-mark="watcher"]');
  assert.match((await page.locator('[data-testid="legend"] li[data-mark="watcher"]').textContent()) ?? '', /守卫/);
  assert.match((await message(page)).text, /守卫位于 \(5, 5\)/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('seed 003’s way: the danger added to h takes the watched short way, priced with the danger, and the badge says h is not admissible', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=en`);
  await ready(page);
  // A short way past a watcher and a long way round (crates/astar-core/tests/suite/penalties.rs has the same map).
  const map = [
    'astar-map 1', 'size 9 6', 'start 1 1', 'goal 7 1', 'danger 5', 'watcher 4 1 1', 'map',
    '#########', '#.......#', '#.#####.#', '#.#####.#', '#.......#', '#########', '',
  ].join('\n');
  await page.getByTestId('import-files').setInputFiles({ name: 'watched.txt', mimeType: 'text/plain', buffer: Buffer.from(map) });
  await page.waitForSelector('[data-testid="legend"] li[data-mark="watcher"]');
  await page.locator('#movement').selectOption('4');
  await solved(page);
  assert.equal(await stat(page, 'cost'), 12, 'the long way: the danger is a cost');
  assert.equal(await stat(page, 'over-optimal'), 0);
  const inH = page.getByLabel('Danger in h, not in the cost (article 003’s way)');
  await inH.check();
  await page.waitForFunction(() => parseFloat(document.querySelector('[data-stat="cost"]')?.textContent ?? '') === 21);
  assert.equal(await stat(page, 'over-optimal'), 75, 'the short way, 21 against 12');
  assert.equal(await page.locator('#badge-bound').textContent(), 'no bound: h is not admissible');
  // The setting travels in the link (format 6) and comes back with the page.
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.waitForFunction(() => /Link copied|did not allow copying/.test(document.getElementById('message')!.textContent ?? ''));
  const reopened = await openPage(site.browser, page.url());
  await ready(reopened.page, { shareControls: true });
  await reopened.page.getByLabel('Danger in h, not in the cost (article 003’s way)').waitFor();
  assert.equal(await reopened.page.getByLabel('Danger in h, not in the cost (article 003’s way)').isChecked(), true);
  assert.equal(await stat(reopened.page, 'cost'), 21);
  await reopened.page.context().close();
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** The turn penalty: the module with the layered search is fetched, the path pays for each turn and
 * turns less, the stats count its turns, and a reload (format 7) gives it back in that module. */
test('a turn penalty fetches the second module, straightens the path and is kept in the link', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=en`);
  await ready(page);
  await wallMap(page);
  assert.equal(await stat(page, 'cost'), 34);
  await page.getByRole('button', { name: 'Penalties…' }).hover();
  await page.waitForSelector('.tip:not([hidden])');
  await page.getByRole('button', { name: 'Penalties…' }).click();
  const turn = page.getByLabel('Each turn +');
  await turn.waitFor();
  // The button the fields replaced took its tooltip with it at the next pointer move.
  await page.mouse.move(1, 1);
  assert.equal(await page.locator('.tip:not([hidden])').count(), 0, 'no tooltip left behind');
  assert.equal(await turn.inputValue(), '0');
  await turn.fill('2');
  await turn.press('Enter');
  // The first module cannot search a turn penalty: the second one is fetched first, and searches it.
  await page.waitForFunction(() => document.querySelector('[data-stat="turns"]') !== null, null, { timeout: 20_000 });
  await solved(page);
  const turns = Number(await page.locator('[data-stat="turns"]').textContent());
  // The fewest a path can turn here: down to the gap's row, across through the gap, down to the goal.
  assert.equal(turns, 2);
  // 34 moves (the wall forces them all) plus 2 a turn.
  assert.equal(await stat(page, 'cost'), 34 + 2 * turns);
  // Each turn is marked on the path, and the legend says what one costs.
  await page.waitForSelector('[data-testid="legend"] li[data-mark="turn"]');
  assert.match((await page.locator('[data-testid="legend"] li[data-mark="turn"]').textContent()) ?? '', /turn: costs \+2/);
  assert.ok((await countPixels(page, [8, 127, 140], 10)) > 10, 'the turns are marked');
  assert.equal(await stat(page, 'over-optimal'), 0);
  assert.deepEqual(await penalties(page), [0, 0, 20]);
  assert.equal(await page.locator('#danger-in-h').isDisabled(), true, 'the danger in h does nothing with turns');
  // A* with dynamic weighting, ARA* and bidirectional A* price turns too (over cells and headings): at
  // w = 1 dynamic weighting finds what A* finds, and the other two end at the optimum, which turns as often.
  for (const name of ['dynamic', 'ara', 'bidirectional']) {
    assert.doesNotMatch((await page.locator(`#algorithm option[value="${name}"]`).textContent()) ?? '', /cannot price/, name);
  }
  await page.locator('#algorithm').selectOption('dynamic');
  await solved(page);
  assert.equal(await stat(page, 'cost'), 34 + 2 * turns);
  assert.equal(Number(await page.locator('[data-stat="turns"]').textContent()), turns);
  for (const name of ['ara', 'bidirectional']) {
    await page.locator('#algorithm').selectOption(name);
    await solved(page);
    assert.equal(await stat(page, 'cost'), 34 + 2 * turns, name);
    assert.equal(Number(await page.locator('[data-stat="turns"]').textContent()), turns, name);
  }
  await page.locator('#algorithm').selectOption('astar');
  await solved(page);
  // JPS cannot price turns: marked in the menu.
  await page.locator('#movement').selectOption('8');
  await solved(page);
  assert.match((await page.locator('#algorithm option[value="jps"]').textContent()) ?? '', /cannot price the map's penalties/);
  await page.locator('#movement').selectOption('4');
  await solved(page);

  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.waitForFunction(() => /Link copied|did not allow copying/.test(document.getElementById('message')!.textContent ?? ''));
  const link = page.url();
  assert.equal(Buffer.from(new URL(link).hash.slice(1), 'base64url')[0], 7, 'link format 7');
  const reopened = await openPage(site.browser, link);
  await ready(reopened.page, { shareControls: true });
  await reopened.page.waitForFunction(() => document.querySelector('[data-stat="turns"]') !== null, null, { timeout: 20_000 });
  await solved(reopened.page);
  assert.equal(await stat(reopened.page, 'cost'), 34 + 2 * turns);
  assert.equal(await reopened.page.getByLabel('Each turn +').inputValue(), '2');
  assert.deepEqual(reopened.errors, []);
  await reopened.page.context().close();
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('compare mode’s second pane draws the watchers too', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=en`);
  await ready(page);
  await wallMap(page);
  await page.getByRole('button', { name: 'Penalties…' }).click();
  await page.getByRole('button', { name: 'Place watchers' }).click();
  const at = await cellCentre(page, 6, 8);
  await page.mouse.click(at.x, at.y);
  await solved(page);
  await page.locator('#compare-toggle').click();
  await page.getByTestId('grid-b').waitFor();
  // Drawn at the pane's next frame: wait until its canvas shows the watcher's red.
  const watcherPixels = () => countPixels(page, WATCHER_RGB, 10, 'grid-b');
  for (let i = 0; i < 40 && (await watcherPixels()) <= 20; i++) await page.waitForTimeout(100);
  assert.ok((await watcherPixels()) > 20, 'the watcher and its circle are drawn in pane B');
  assert.deepEqual(errors, []);
  await page.context().close();
});

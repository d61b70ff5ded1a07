// Units mode (the game scene) as a person and a script use it: units sent to the rally point arrive; a wall
// painted across their route makes the walkers replan and none walks through it; with Curves on, their ways
// bend round a wall's end and keep their radius from it; cutting the search budget
// grows the queue and the automatic w with it; a planner the map does not allow is refused in words; the
// address keeps the scene and reopens it; the page speaks Chinese there too. Numbers on the page are
// checked against the scripting hook's (the core's counters), positions against the map's walls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { cellCentre, clearMap, dragCells, ends, message, openPage, ready, useSite } from './harness.js';
import type { UnitsStats } from '../../www/units/hook.js';

const site = useSite();

/** What the hook's `stats()` returns (www/units/hook.ts). */
type Stats = UnitsStats;

async function unitsStats(page: Page): Promise<Stats> {
  return page.evaluate(() => (window as unknown as { astarPlayground: { units: { stats(): Stats } } }).astarPlayground.units.stats());
}

async function startUnits(page: Page, options: Record<string, unknown>): Promise<void> {
  const started = await page.evaluate(
    (o) => (window as unknown as { astarPlayground: { units: { start(o: unknown): Promise<boolean> } } }).astarPlayground.units.start(o),
    options,
  );
  assert.equal(started, true, `units mode started: ${(await message(page)).text}`);
}

async function waitFor(page: Page, predicate: string, timeout = 90_000): Promise<void> {
  try {
    await page.waitForFunction(`(() => { const s = window.astarPlayground.units.stats(); return s !== null && (${predicate}); })()`, undefined, { timeout });
  } catch (err) {
    throw new Error(`waiting for ${predicate}: ${JSON.stringify(await unitsStats(page))} (${(await message(page)).text}): ${err}`);
  }
}

/** The number a units-panel cell starts with. */
async function panelNumber(page: Page, key: string): Promise<number> {
  const text = (await page.locator(`[data-units-stat="${key}"]`).textContent()) ?? '';
  return Number(text.replace(/[^0-9.].*$/, ''));
}

test('500 units sent to the rally point all arrive there, and the panel shows the core’s counts', async () => {
  const { page, errors } = await openPage(site.browser, site.url, { width: 1366, height: 768 });
  await ready(page);
  await clearMap(page, 48, 32);
  await startUnits(page, { count: 500, planner: 'astar', goal: 'rally', budget: 4 });
  assert.match(page.url(), /[?&]units=500:astar:rally:b4(&|#|$)/, 'the address keeps the scene');
  await waitFor(page, 's.frame > 3');
  assert.ok((await page.getByTestId('units-canvas').getAttribute('data-units')) === '500');
  await waitFor(page, 's.arrived === 500');
  const { goal } = await ends(page);
  const positions = await page.evaluate(() => (window as unknown as { astarPlayground: { units: { positions(): [number, number][] } } }).astarPlayground.units.positions());
  assert.equal(positions.length, 500);
  for (const [x, y] of positions) assert.deepEqual([x, y], goal, 'every unit stands on the goal');
  const stats = await unitsStats(page);
  assert.equal(stats.served, 500);
  assert.equal(stats.queue, 0);
  // The panel is redrawn every frame from the same counters.
  assert.equal(await panelNumber(page, 'arrived'), 500);
  assert.equal(await panelNumber(page, 'served-total'), 500);
  assert.equal(await panelNumber(page, 'queue'), 0);
  assert.match((await message(page)).text, /Every unit that can reach its goal is there \(500 arrived, 0 cannot reach it\)/);
  // Selecting a unit (a click on it, "selects a unit") shows which frames served its request.
  await page.locator('#units-click').selectOption('order');
  const at = await cellCentre(page, goal[0], goal[1]);
  await page.mouse.click(at.x, at.y);
  await page.waitForFunction(() => /^Unit \d+: queued in frame \d+, served in frame \d+ after \d+ frames of search/.test(document.querySelector('[data-testid="units-timeline"]')?.textContent ?? ''));
  assert.ok(Number(await page.getByTestId('units-strip').getAttribute('data-frames')) >= 1, 'the strip draws its frames');
  assert.equal(await page.locator('[data-testid="legend"] [data-mark="unit-selected"]').count(), 1);
  assert.equal(await page.locator('[data-testid="legend"] [data-mark="unit-arrived"]').count(), 1);
  assert.equal(await page.locator('[data-testid="legend"] [data-mark="unit-rally"]').count(), 1);
  assert.deepEqual(errors, []);
});

test('a wall painted across the route makes the walkers replan, and none walks through it', async () => {
  const { page, errors } = await openPage(site.browser, site.url, { width: 1366, height: 768 });
  await ready(page);
  // A long corridor-like map: the goal (the rally point) in the bottom-right corner, units anywhere; those
  // in the left half still walk when the wall (x = 60, rows 0 to 8, a gap below) is done: at 9 cells a
  // second they need 6 s or more to pass it, where the stroke takes well under one on a loaded machine.
  const wallX = 60;
  await clearMap(page, 2 * wallX, 12);
  const { goal } = await ends(page);
  assert.deepEqual(goal, [2 * wallX - 1, 11]);
  await startUnits(page, { count: 200, planner: 'astar', goal: 'rally', budget: 6 });
  await waitFor(page, 's.walking > 150');
  // From now on, every frame: no unit inside the column x = wallX above row 9 once it is a wall.
  await page.evaluate((wallX) => {
    const w = window as unknown as { astarPlayground: { units: { positions(): [number, number][] | null } }; wallCrossings: number; walled: boolean };
    w.wallCrossings = 0;
    w.walled = false;
    const check = () => {
      if (w.walled) {
        for (const [x, y] of w.astarPlayground.units.positions() ?? []) if (Math.abs(x - wallX) < 0.5 && y < 8.5) w.wallCrossings++;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, wallX);
  await page.getByLabel('Wall', { exact: true }).check();
  const column = Array.from({ length: 9 }, (_, y) => [wallX, y] as [number, number]);
  const before = await unitsStats(page);
  await dragCells(page, column);
  await page.evaluate(() => ((window as unknown as { walled: boolean }).walled = true));
  await waitFor(page, 's.replans > 0');
  const after = await unitsStats(page);
  assert.ok(after.replans > before.replans, `replans: ${before.replans} -> ${after.replans}`);
  assert.ok(await panelNumber(page, 'replans') > 0);
  await waitFor(page, 's.arrived === 200', 120_000);
  assert.equal(await page.evaluate(() => (window as unknown as { wallCrossings: number }).wallCrossings), 0, 'no unit was ever inside the new wall');
  assert.deepEqual(errors, []);
});

test('with Curves on, units round the wall’s end on ways kept clear by their radius; off, their ways are corner to corner', async () => {
  const { page, errors } = await openPage(site.browser, site.url, { width: 1366, height: 768 });
  await ready(page);
  // A wall at x = 20 from the top down to row 13: units from the left turn round its lower end toward the
  // rally point, the goal in the bottom-right corner.
  await clearMap(page, 40, 20);
  await page.getByLabel('Wall', { exact: true }).check();
  await dragCells(page, Array.from({ length: 14 }, (_, y) => [20, y] as [number, number]));
  const radius = 0.5;
  /** Distance from (x, y) to the wall's squares (cell centres at whole numbers). */
  const toWall = ([x, y]: [number, number]) => {
    const dx = Math.max(Math.abs(x - 20) - 0.5, 0);
    const dy = Math.max(y - 13.5, 0);
    return Math.hypot(dx, dy);
  };
  const ways = () =>
    page.evaluate(() => {
      const units = (window as unknown as { astarPlayground: { units: { way(i: number): [number, number][] | null; stats(): Stats } } }).astarPlayground.units;
      return Array.from({ length: units.stats().units }, (_, i) => units.way(i) ?? []);
    });
  await startUnits(page, { count: 30, planner: 'astar', goal: 'rally', budget: 6, radius, curves: true });
  assert.match(page.url(), /[?&]units=30:astar:rally:b6:r0\.5:curves(&|#|$)/, 'the address keeps the curves');
  assert.equal(await page.locator('#units-curves').isChecked(), true);
  await waitFor(page, 's.walking + s.arrived === 30');
  const curved = await ways();
  // Past where each unit stands, a straight way has only cell centres; a curve has points between them.
  const between = (way: [number, number][]) => way.slice(1).filter(([x, y]) => !Number.isInteger(x) || !Number.isInteger(y)).length;
  assert.ok(curved.some((way) => between(way) > 3), 'some way is curved');
  for (const way of curved) for (const point of way) assert.ok(toWall(point) >= radius - 1e-4, `a curve point ${point} keeps the radius from the wall`);
  // Off again, by the checkbox: the address drops the word and the ways are straight from corner to corner.
  await page.locator('#units-curves').uncheck();
  await page.waitForFunction(() => !/curves/.test(location.search));
  await waitFor(page, 's.walking + s.arrived === 30 && s.frame > 1');
  const straight = await ways();
  assert.ok(straight.every((way) => between(way) === 0), 'no way has a point between cell centres');
  assert.deepEqual(errors, []);
});

test('cutting the budget grows the queue and raises the automatic w; a generous one drains it and w comes back to 1', async () => {
  const { page, errors } = await openPage(site.browser, site.url, { width: 1366, height: 768 });
  await ready(page);
  await clearMap(page, 96, 64);
  await startUnits(page, { count: 2000, planner: 'auto-w', goal: 'random', budget: 0.1 });
  await waitFor(page, 's.frame > 20');
  const cut = await unitsStats(page);
  assert.ok(cut.queue > 1000, `queue ${cut.queue}`);
  assert.ok(cut.w >= 5, `w ${cut.w} (1 + queue / 50, at most 5)`);
  assert.match((await page.getByTestId('units-rule').textContent()) ?? '', /Automatic w = 1 \+ queue ÷ 50 .*: now 5\.0/);
  await page.locator('#units-budget').fill('12');
  await waitFor(page, 's.queue === 0 && s.w === 1');
  assert.match(page.url(), /units=2000:auto-w:random:b12/);
  assert.deepEqual(errors, []);
});

test('a planner the map does not allow is refused in words, and the map and page stay', async () => {
  const { page, errors } = await openPage(site.browser, site.url, { width: 1366, height: 768 });
  await ready(page);
  // The demo map has forest and swamp: jump point search needs equal step costs.
  const started = await page.evaluate(() =>
    (window as unknown as { astarPlayground: { units: { start(o: unknown): Promise<boolean> } } }).astarPlayground.units.start({ planner: 'jps', count: 50 }),
  );
  assert.equal(started, false);
  const shown = await message(page);
  assert.equal(shown.kind, 'error');
  assert.match(shown.text, /Jump point search needs equal step costs/);
  assert.equal(await page.getByTestId('units').getAttribute('data-state'), 'refused');
  // Another planner on the same card runs.
  await page.locator('#units-planner').selectOption('astar');
  await waitFor(page, 's.frame > 2 && s.units === 50');
  assert.deepEqual(errors, []);
});

test('a link with ?units= reopens the scene, in Chinese too', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=zh&units=50:flow:rally:b2:r0.5`, { width: 1366, height: 768 });
  await ready(page);
  await waitFor(page, 's.frame > 2');
  const stats = await unitsStats(page);
  assert.equal(stats.units, 50);
  assert.equal(await page.locator('#units-planner').inputValue(), 'flow');
  assert.equal(await page.locator('#units-radius').inputValue(), '0.5');
  assert.equal(await page.locator('[data-testid="units"] h2').textContent(), '单位：游戏场景');
  assert.equal(await page.locator('#units-toggle').textContent(), '单位');
  assert.match((await message(page)).text, /50 个单位，流场/);
  await page.getByTestId('units-leave').click();
  assert.doesNotMatch(page.url(), /units=/);
  assert.equal(await page.getByTestId('units-canvas').count(), 0);
  assert.deepEqual(errors, []);
});

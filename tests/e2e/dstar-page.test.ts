// D* Lite on the page, used as a person would: paint a wall across its path and watch the repair (the cells
// the edit made inconsistent marked, the repair stepped, its count beside a fresh A*'s), inspect g and rhs,
// and walk mode (fog, replans, the goal reached or found walled in, the walk kept in a link).
// Ground truths come from the page itself, not from this file: the fresh A* count is what the page's own A*
// expands on the same edited map with the same settings; the repair's count is what stepping it shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { cellCentre, clearMap, countPixels, dragCells, ends, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

/** The inconsistent mark's colour (www/render/inconsistent.ts) and the fog's (www/walk/view.ts). */
const INCONSISTENT_RGB = [214, 0, 160];
const FOG_RGB = [120, 128, 140];

/** A clear `width` × `height` map, 8 neighbours, octile, w = 1, then D* Lite chosen. */
async function clearMapWithDStarLite(page: Page, width: number, height: number): Promise<void> {
  await ready(page);
  await clearMap(page, width, height);
  await page.locator('#movement').selectOption('8');
  await page.locator('#heuristic').selectOption('octile');
  await page.getByLabel('Heuristic weight w', { exact: true }).fill('1');
  await page.locator('#algorithm').selectOption('dstar-lite');
  await page.waitForSelector('#app[data-phase="finished"]');
}

/** Paints walls on `cells` with a 1 × 1 brush, one drag. */
async function paintWalls(page: Page, cells: [number, number][]): Promise<void> {
  await page.getByLabel('Wall', { exact: true }).check();
  await dragCells(page, cells);
  await page.waitForSelector('#app[data-phase="edited"]');
}

const column = (x: number, from: number, to: number): [number, number][] =>
  Array.from({ length: to - from + 1 }, (_, i) => [x, from + i] as [number, number]);

async function repairLine(page: Page): Promise<{ text: string; repair: number; fresh: number }> {
  const line = page.getByTestId('repair-line');
  await line.waitFor({ state: 'visible' });
  const data = await line.evaluate((el: HTMLElement) => ({ text: el.textContent ?? '', repair: Number(el.dataset.repair), fresh: Number(el.dataset.fresh) }));
  return data;
}

test('a wall across the D* Lite path is repaired: inconsistent cells marked, the repair stepped, its count beside a fresh A*', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await clearMapWithDStarLite(page, 30, 14);
  assert.equal(await page.getByTestId('repair-line').isVisible(), false, 'no repair before an edit');
  assert.equal(await countPixels(page, INCONSISTENT_RGB, 4), 0);

  await paintWalls(page, column(15, 0, 11));
  const line = await repairLine(page);
  assert.ok(line.repair > 0 && line.fresh > 0, JSON.stringify(line));
  assert.equal(line.text, `repair: ${line.repair.toLocaleString('en-US')} expansions, fresh A*: ${line.fresh.toLocaleString('en-US')}`);
  assert.equal(await stat(page, 'expanded'), line.repair, 'the finished repair shows its own expansions');
  assert.ok((await countPixels(page, INCONSISTENT_RGB, 4)) > 0, 'the cells the edit made inconsistent are marked');
  assert.equal(await page.locator('[data-testid="legend"] [data-mark="inconsistent"]').count(), 1, 'with a legend entry');

  // Stepping replays the repair from its first step, with the mark drawn before it runs.
  await page.locator('#step').click();
  await page.waitForSelector('#app[data-phase="paused"]');
  assert.equal(await stat(page, 'expanded'), 1);
  assert.ok((await countPixels(page, INCONSISTENT_RGB, 4)) > 0);
  await page.locator('#back').click();
  await page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent === '0');
  assert.ok((await countPixels(page, INCONSISTENT_RGB, 4)) > 0, 'step 0: only the inconsistent cells, marked');
  // The timeline's end is the repair's end: its count is the line's.
  const timelineMax = Number(await page.locator('#timeline').getAttribute('max'));
  assert.equal(timelineMax, line.repair);
  await page.locator('#timeline').fill(String(line.repair));
  await page.waitForSelector('#app[data-phase="finished"]');
  assert.equal(await stat(page, 'expanded'), line.repair);
  assert.equal((await repairLine(page)).repair, line.repair);

  // The fresh A* count is what the page's own A* expands on this edited map with these settings.
  const cost = await stat(page, 'cost');
  await page.locator('#algorithm').selectOption('astar');
  await page.waitForFunction(() => document.querySelector<HTMLSelectElement>('#algorithm')?.value === 'astar');
  await page.waitForSelector('#app[data-phase="finished"]');
  assert.equal(await stat(page, 'expanded'), line.fresh);
  assert.equal(await stat(page, 'cost'), cost, 'the repair found an optimal path');
  assert.equal(await page.getByTestId('repair-line').isVisible(), false);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an edit that walls in the goal is repaired into "unreachable" with a message; an edit during an animation is repaired at once', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await clearMapWithDStarLite(page, 16, 8);
  // Play, then paint while the animation runs: the animation stops and the edit is repaired.
  await page.locator('#speed').fill('1');
  await page.locator('#play').click();
  await page.waitForSelector('#app[data-phase="running"]');
  await paintWalls(page, [[14, 6], [15, 6]]);
  // The repair line shows only after a repair (a repair may need no expansion at all: the last cell of
  // a stroke can change nothing on the way to the start).
  const first = await repairLine(page);
  assert.ok(first.fresh > 0 && first.repair >= 0, JSON.stringify(first));
  assert.equal(await page.locator('#app').getAttribute('data-phase'), 'edited', 'the animation stopped');
  await paintWalls(page, [[14, 7]]);
  await page.waitForFunction(() => document.getElementById('message')?.textContent?.startsWith('The goal is unreachable'));
  assert.match((await page.locator('[data-stat="cost"]').textContent()) ?? '', /no path/);
  const line = await repairLine(page);
  assert.ok(line.repair > 0 && line.fresh > 0, JSON.stringify(line));
  // Stepping the repair to its end ends on "unreachable" too.
  await page.locator('#timeline').fill(String(line.repair));
  await page.waitForSelector('#app[data-phase="finished"]');
  assert.match((await page.locator('[data-stat="cost"]').textContent()) ?? '', /no path/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the inspector shows D* Lite\'s g and rhs (∞ where infinite) and no rhs for A*', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await clearMapWithDStarLite(page, 20, 10);
  await paintWalls(page, column(10, 0, 8));
  // The goal's g and rhs are 0.
  const { goal } = await ends(page);
  const hover = async (x: number, y: number) => {
    const p = await cellCentre(page, x, y);
    await page.mouse.move(p.x, p.y);
    await page.waitForFunction((c) => document.querySelector<HTMLElement>('[data-testid="inspector"]')?.dataset.cell === c, `${x},${y}`);
    return page.getByTestId('inspector').evaluate((el: HTMLElement) => ({ g: el.dataset.g ?? '', rhs: el.dataset.rhs, parent: el.dataset.parent ?? '' }));
  };
  assert.deepEqual(await hover(...goal), { g: '0', rhs: '0', parent: '' });
  const wall = await hover(10, 3);
  assert.equal(wall.rhs, 'Infinity', 'a wall has no way to the goal');
  assert.ok((await page.locator('[data-testid="inspector"] [data-field="rhs"] dd').textContent())?.includes('∞'));
  // The path found costs rhs(start) (D* Lite may stop with g(start) still ∞: rhs is the answer).
  const atStart = await hover(0, 0);
  assert.ok(Math.abs(Number(atStart.rhs) - (await stat(page, 'cost'))) < 0.05, JSON.stringify(atStart));
  // g and rhs apart: the inspector says what that means (and only then: the goal has both 0).
  const inconsistent = page.locator('[data-testid="inspector"] [data-field="inconsistent"]');
  assert.equal(await inconsistent.count(), (atStart.g === '' ? 'Infinity' : atStart.g) !== atStart.rhs ? 1 : 0, JSON.stringify(atStart));
  if ((await inconsistent.count()) === 1) assert.match((await inconsistent.textContent()) ?? '', /rhs\(start\) is then the path's cost/);
  // Its parent is the next cell on its way to the goal, a neighbour; the chain is drawn (and listed).
  const [px, py] = atStart.parent.split(',').map(Number);
  assert.ok(Math.max(px, py) === 1 && Math.min(px, py) >= 0, atStart.parent);
  await page.waitForFunction(() => !!document.querySelector('[data-testid="legend"] li[data-mark="chain"]'));
  await page.locator('#algorithm').selectOption('astar');
  await page.waitForSelector('#app[data-phase="finished"]');
  assert.equal((await hover(3, 3)).rhs, undefined, 'A* keeps no rhs');
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** The `data-mark` of every legend entry, in order. */
const legendMarks = (page: Page) =>
  page.locator('[data-testid="legend"] li').evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.mark ?? ''));

/** The walk card's counters. */
async function walk(page: Page): Promise<{ state: string; replans: number; expanded: number; fresh: number; agent: string }> {
  return page.getByTestId('walk').evaluate((el: HTMLElement) => ({
    state: el.dataset.state ?? '',
    replans: Number(el.dataset.replans),
    expanded: Number(el.dataset.expanded),
    fresh: Number(el.dataset.fresh),
    agent: el.dataset.agent ?? '',
  }));
}

/** The colour of the walk canvas at the centre of cell (x, y). */
async function walkPixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.getByTestId('walk-canvas').evaluate((c: HTMLCanvasElement, [cx, cy]: number[]) => {
    const s = c.width / Number(c.dataset.mapWidth);
    return Array.from(c.getContext('2d')!.getImageData(Math.floor((cx + 0.5) * s), Math.floor((cy + 0.5) * s), 1, 1).data.slice(0, 3));
  }, [x, y]);
}

const fogCount = (page: Page) =>
  page.getByTestId('walk-canvas').evaluate((c: HTMLCanvasElement, rgb: number[]) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] === rgb[0] && data[i + 1] === rgb[1] && data[i + 2] === rgb[2]) n++;
    return n;
  }, FOG_RGB);

test('walk mode: the agent walks through fog, discovers a hidden wall, replans with D* Lite and reaches the goal; the link reopens the walk', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await clearMapWithDStarLite(page, 20, 10);
  await paintWalls(page, column(10, 0, 8));
  await page.locator('#walk-toggle').click();
  await page.getByTestId('walk-canvas').waitFor();
  assert.equal(await page.getByTestId('grid').isVisible(), false, 'the walk canvas takes the map\'s place');
  // Slow first, to see the fog before the agent has gone far.
  await page.locator('#walk-speed').fill('1');
  await page.locator('#walk-radius').fill('2');
  await page.locator('#walk-radius').dispatchEvent('change');
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="walk"]')?.dataset.agent === '0,0');
  const fogBefore = await fogCount(page);
  assert.ok(fogBefore > 0, 'unknown cells are drawn as fog');
  assert.deepEqual(await walkPixel(page, 19, 0), FOG_RGB, 'a far corner is fog');
  assert.notDeepEqual(await walkPixel(page, 1, 1), FOG_RGB, 'a cell in sight is not');
  assert.ok(page.url().includes('walk=2'), page.url());
  // The legend and the badge describe the walk, not the page's hidden search.
  const walkMarks = await legendMarks(page);
  for (const mark of ['fog', 'route', 'trail', 'agent', 'path', 'start', 'goal']) assert.ok(walkMarks.includes(mark), `${mark} in ${walkMarks}`);
  assert.equal(await page.getByTestId('badge').getAttribute('data-outcome'), 'walk');
  assert.equal(await page.getByTestId('badge').getAttribute('data-walk'), 'walking');
  assert.match((await page.locator('#badge-value').textContent()) ?? '', /^walking$/);

  await page.locator('#walk-speed').fill('60');
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="walk"]')?.dataset.state !== 'walking', null, { timeout: 60_000 });
  const done = await walk(page);
  assert.equal(done.state, 'arrived', JSON.stringify(done));
  assert.equal(done.agent, '19,9');
  assert.ok(done.replans > 0, 'the hidden wall made it replan');
  assert.ok(done.expanded > 0 && done.fresh > 0);
  assert.match((await page.locator('#message').textContent()) ?? '', /reached the goal/);
  assert.ok((await fogCount(page)) < fogBefore, 'seen cells lost their fog');
  assert.notDeepEqual(await walkPixel(page, 19, 9), FOG_RGB, 'the goal was seen');
  assert.equal(await page.getByTestId('badge').getAttribute('data-walk'), 'arrived');
  assert.equal((await page.locator('#badge-bound').textContent()) ?? '', `${done.replans} replans`);
  const counts = (await page.getByTestId('walk-counts').textContent()) ?? '';
  assert.ok(counts.includes(`replans: ${done.replans}`) && counts.includes(`A* from scratch at every discovery: ${done.fresh.toLocaleString('en-US')}`), counts);

  // The address keeps the walk: opened again, it walks the same map with the same radius.
  const again = await openPage(site.browser, page.url());
  await again.page.getByTestId('walk-canvas').waitFor();
  assert.equal(await again.page.locator('#walk-radius').inputValue(), '2');
  await again.page.locator('#walk-speed').fill('60');
  await again.page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="walk"]')?.dataset.state === 'arrived', null, { timeout: 60_000 });
  assert.equal((await walk(again.page)).replans, done.replans, 'the same walk');
  assert.deepEqual(again.errors, []);
  await again.page.context().close();

  // In an embed (the same address with `embed`), the walk opens too, its card in the control bar.
  const embedUrl = page.url().replace('?walk=2', '?embed&walk=2&controls=play,stats');
  assert.notEqual(embedUrl, page.url());
  const embed = await openPage(site.browser, embedUrl);
  await embed.page.getByTestId('walk-canvas').waitFor();
  assert.equal(await embed.page.locator('.embed-bar [data-testid="walk"]').count(), 1);
  await embed.page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="walk"]')?.dataset.state === 'arrived', null, { timeout: 60_000 });
  assert.deepEqual(embed.errors, []);
  await embed.page.context().close();

  // Stop walking: the map comes back, the address forgets the walk.
  await page.locator('#walk-toggle').click();
  await page.getByTestId('grid').waitFor({ state: 'visible' });
  assert.equal(await page.getByTestId('walk-canvas').count(), 0);
  assert.ok(!page.url().includes('walk='));
  // The legend and the badge are the page's search's again.
  await page.waitForFunction(() => !document.querySelector('[data-testid="legend"] li[data-mark="fog"]'));
  assert.ok(!(await legendMarks(page)).includes('agent'));
  assert.notEqual(await page.getByTestId('badge').getAttribute('data-outcome'), 'walk');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('walk mode: a goal walled in by what the agent sees stops the walk with a message, nothing thrown', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await clearMapWithDStarLite(page, 16, 8);
  const { goal } = await ends(page);
  assert.deepEqual(goal, [15, 7]);
  await paintWalls(page, [[14, 6], [15, 6]]);
  await paintWalls(page, [[14, 7]]);
  await page.locator('#walk-toggle').click();
  await page.locator('#walk-speed').fill('60');
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="walk"]')?.dataset.state === 'blocked', null, { timeout: 60_000 });
  assert.match((await page.locator('#message').textContent()) ?? '', /No path from \(\d+, \d+\)/);
  assert.equal((await page.locator('#message').getAttribute('data-kind')), 'error');
  assert.ok((await walk(page)).replans > 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

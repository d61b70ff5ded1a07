// The cell inspector and the price of w, used as a person would: hover a cell, tap it, move the keyboard
// cursor, scrub the timeline, and at w = 2.5 on the demo map show the optimal path and read the detours.
// Expected values are worked out independently of the inspector: g of the start is 0, h of the goal is
// 0, f = g + w·h with w read from the slider, a parent is a grid neighbour whose g is smaller by the
// price of the step (the terrain cost of the cell entered), and the detours add up to the cost at w = 2.5
// less the cost at w = 1 (A* with Manhattan on the demo's 4-neighbour map is optimal at w = 1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { canvasHash, cellCentre, ends, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

type Inspected = { cell: string; g: string; h: string; f: string; parent: string; state: string; expandedAt: string };

async function inspected(page: Page): Promise<Inspected> {
  return page.getByTestId('inspector').evaluate((el: HTMLElement) => {
    const d = el.dataset;
    return { cell: d.cell ?? '', g: d.g ?? '', h: d.h ?? '', f: d.f ?? '', parent: d.parent ?? '', state: d.state ?? '', expandedAt: d.expandedAt ?? '' };
  });
}

/** Moves the mouse onto cell (x, y) and waits until the inspector shows it. */
async function hover(page: Page, x: number, y: number): Promise<Inspected> {
  const p = await cellCentre(page, x, y);
  await page.mouse.move(p.x, p.y);
  await page.waitForFunction((c) => document.querySelector<HTMLElement>('[data-testid="inspector"]')?.dataset.cell === c, `${x},${y}`);
  return inspected(page);
}

async function setW(page: Page, w: number): Promise<void> {
  await page.getByLabel('Heuristic weight w', { exact: true }).fill(String(w));
  await page.waitForFunction((v) => document.getElementById('w-value')?.textContent === v.toFixed(1), w);
  await ready(page);
}

const xy = (text: string): [number, number] => text.split(',').map(Number) as [number, number];
const terrainCost = (page: Page, x: number, y: number) =>
  page.evaluate(([cx, cy]) => {
    const pg = (window as unknown as { astarPlayground: { pg: { terrainAt(x: number, y: number): number; costs(): Record<string, number> } } }).astarPlayground.pg;
    return pg.costs()[['wall', 'plain', 'forest', 'swamp', 'road'][pg.terrainAt(cx, cy)]] / 10; // costs are kept in tenths
  }, [x, y]);

test('hovering cells shows their numbers: g(start) = 0, h(goal) = 0, f = g + w·h, parents one step cheaper', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const { start, goal, width, height } = await ends(page);
  const w = Number(await page.getByLabel('Heuristic weight w', { exact: true }).inputValue());

  const atStart = await hover(page, ...start);
  assert.equal(Number(atStart.g), 0);
  assert.equal(atStart.parent, '', 'the start has no parent');
  assert.equal(atStart.state, 'path');
  assert.ok(Math.abs(Number(atStart.f) - (0 + w * Number(atStart.h))) < 1e-9);

  // From the goal back along the parents: each parent is a neighbour whose g is smaller by the cost of
  // the step into the child, until the start.
  let cell = await hover(page, ...goal);
  assert.equal(Number(cell.h), 0);
  assert.equal(cell.state, 'path');
  let steps = 0;
  while (cell.parent !== '') {
    const [x, y] = xy(cell.cell);
    const [px, py] = xy(cell.parent);
    assert.equal(Math.abs(x - px) + Math.abs(y - py), 1, `the parent of ${cell.cell} is a 4-neighbour`);
    const parent = await hover(page, px, py);
    assert.ok(Math.abs(Number(parent.g) + (await terrainCost(page, x, y)) - Number(cell.g)) < 1e-9, `${cell.cell} ← ${cell.parent}`);
    assert.ok(Math.abs(Number(parent.f) - (Number(parent.g) + w * Number(parent.h))) < 1e-9);
    cell = parent;
    steps += 1;
  }
  assert.equal(cell.cell, start.join(','));
  assert.equal(steps, (await stat(page, 'length')), 'the chain back from the goal is the path');

  // Some closed cell off the path: its parent is a neighbour with smaller g.
  let closedOffPath: Inspected | null = null;
  for (let y = 0; y < height && !closedOffPath; y++) {
    for (let x = 0; x < width && !closedOffPath; x++) {
      const canvasState = await page.evaluate(([cx, cy, mw]) => {
        const app = (window as unknown as { astarPlayground: { views: { closedAt(): Uint32Array } } }).astarPlayground;
        return app.views.closedAt()[cy * mw + cx] !== 0xffffffff;
      }, [x, y, width]);
      if (!canvasState) continue;
      const report = await hover(page, x, y);
      if (report.state === 'closed') closedOffPath = report;
    }
  }
  assert.ok(closedOffPath, 'the demo has closed cells off the path');
  const [px, py] = xy(closedOffPath.parent);
  const [cx, cy] = xy(closedOffPath.cell);
  assert.equal(Math.abs(cx - px) + Math.abs(cy - py), 1);
  assert.ok(Number((await hover(page, px, py)).g) < Number(closedOffPath.g));
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the keyboard cursor moves the inspector, and a hovered cell draws its parent chain', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const { start, goal } = await ends(page);
  await page.mouse.move(1, 1);
  const bare = await canvasHash(page);
  await hover(page, ...goal);
  assert.notEqual(await canvasHash(page), bare, 'the parent chain is drawn');
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => !document.querySelector<HTMLElement>('[data-testid="inspector"]')?.dataset.cell);
  assert.equal(await canvasHash(page), bare, 'leaving the map takes the chain away');

  await page.getByTestId('grid').focus();
  await page.waitForFunction((c) => document.querySelector<HTMLElement>('[data-testid="inspector"]')?.dataset.cell === c, start.join(','));
  await page.keyboard.press('ArrowRight');
  const right = `${start[0] + 1},${start[1]}`;
  await page.waitForFunction((c) => document.querySelector<HTMLElement>('[data-testid="inspector"]')?.dataset.cell === c, right);
  const report = await inspected(page);
  assert.ok(report.g === '' || Number(report.g) > 0, 'a cell beside the start is not the start');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a tap on a touch screen inspects the cell tapped', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, hasTouch: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(site.url);
  await ready(page);
  const { goal } = await ends(page);
  // A tap on the goal marker picks it up and puts it down again: no edit, only the inspector changes.
  const p = await cellCentre(page, ...goal);
  await page.touchscreen.tap(p.x, p.y);
  await page.waitForFunction((c) => document.querySelector<HTMLElement>('[data-testid="inspector"]')?.dataset.cell === c, goal.join(','));
  const report = await inspected(page);
  assert.equal(Number(report.h), 0);
  assert.equal(report.state, 'path');
  assert.deepEqual(errors, []);
  await context.close();
});

test('paused part-way, a cell closed later shows as open or unreached at that step', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const { goal } = await ends(page);
  const total = await stat(page, 'expanded');
  // The goal's parent is expanded late in the search.
  const parent = xy((await hover(page, ...goal)).parent);
  const late = await hover(page, ...parent);
  const closedAt = Number(late.expandedAt);
  assert.ok(closedAt > total / 2, `closed at ${closedAt} of ${total}`);

  const timeline = page.getByLabel('Timeline', { exact: true });
  const k = Math.floor(total / 2);
  await timeline.fill(String(k));
  await page.waitForFunction((n) => document.querySelector('[data-stat="expanded"]')?.textContent === String(n), k);
  // The inspector follows the step shown, with the pointer still on the cell.
  await page.waitForFunction(() => {
    const s = document.querySelector<HTMLElement>('[data-testid="inspector"]')?.dataset.state;
    return s === 'open' || s === 'unreached';
  });
  const then = await inspected(page);
  assert.equal(then.cell, parent.join(','));
  assert.equal(then.expandedAt, '');
  const atGoal = await hover(page, ...goal);
  assert.equal(atGoal.state, 'unreached');
  assert.equal(atGoal.g, '');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('at w = 2.5 the optimal path is drawn beside the path found and the detours add up to the price', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await setW(page, 1);
  const optimal = await stat(page, 'cost');
  const overlay = page.getByTestId('optimal-overlay');
  assert.equal(await overlay.isVisible(), false, 'no overlay for an optimal path');

  await setW(page, 2.5);
  const cost = await stat(page, 'cost');
  assert.ok(cost > optimal, `w = 2.5 costs ${cost}, the optimum ${optimal}`);
  await page.mouse.move(1, 1);
  await overlay.waitFor({ state: 'visible' });
  const toggle = page.getByLabel('Show the optimal path', { exact: true });
  assert.equal(await toggle.isChecked(), false);
  const without = await canvasHash(page);

  // A click on the badge turns the overlay on.
  await page.getByTestId('badge').click();
  assert.equal(await toggle.isChecked(), true);
  const total = page.locator('[data-testid="detours"] li.total');
  await total.waitFor();
  assert.notEqual(await canvasHash(page), without, 'the optimal path is drawn');
  const extras = await page.locator('[data-testid="detours"] li[data-extra]').evaluateAll((lis) =>
    lis.map((li) => Number((li as HTMLElement).dataset.extra)),
  );
  assert.ok(extras.length > 0);
  assert.ok(extras.every((e) => e > 0), `every detour costs more: ${extras}`);
  const sum = extras.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - (cost - optimal)) < 1e-6, `detours ${sum} = ${cost} − ${optimal}`);
  const text = (await total.textContent()) ?? '';
  assert.ok(text.includes(`+${cost - optimal}`), text);

  // The toggle turns it off again: the map is as before.
  await toggle.uncheck();
  assert.equal(await canvasHash(page), without);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the reopened and stale-pop counters show the engine’s numbers', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  for (const w of [1, 2.5, 5]) {
    await setW(page, w);
    const engine = await page.evaluate(() => {
      const pg = (window as unknown as { astarPlayground: { pg: { stats(): { reopened: number; stalePops: number } } } }).astarPlayground.pg;
      return pg.stats();
    });
    assert.equal(await stat(page, 'reopened'), engine.reopened, `w = ${w}`);
    assert.equal(await stat(page, 'stale-pops'), engine.stalePops, `w = ${w}`);
  }
  assert.ok(await page.getByText('stale pops', { exact: true }).isVisible());
  assert.ok(await page.getByText('reopened', { exact: true }).isVisible());
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('in Chinese the inspector and the detours speak Chinese', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=zh`);
  await ready(page);
  // The ends line is Chinese here: the goal comes from the app.
  const goal = await page.evaluate(() => {
    const pg = (window as unknown as { astarPlayground: { pg: { goalX(): number; goalY(): number } } }).astarPlayground.pg;
    return [pg.goalX(), pg.goalY()] as [number, number];
  });
  await page.locator('#w').fill('2.5');
  await page.waitForFunction(() => document.getElementById('w-value')?.textContent === '2.5');
  await ready(page);
  await page.locator('#show-optimal').check();
  const total = (await page.locator('[data-testid="detours"] li.total').textContent()) ?? '';
  assert.match(total, /^全部绕行/);
  await hover(page, goal[0], goal[1]);
  const panel = (await page.getByTestId('inspector').innerText()) ?? '';
  for (const label of ['状态', '地形', '父节点', '在路径上']) assert.ok(panel.includes(label), `${label} in ${panel}`);
  assert.doesNotMatch(panel, /\b(state|terrain|parent|path|plain|forest|swamp)\b/i);
  assert.deepEqual(errors, []);
  await page.context().close();
});

// Editing without a mouse drag: the generators, the keyboard, and the timeline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cellCentre, ends, message, newContext, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

test('Maze, Rooms and Clear make maps of the chosen size with a path, and the sweep follows', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await page.waitForSelector('#sweep[data-state="done"]');
  const sweepBefore = await page.locator('#sweep tbody').textContent();
  await page.getByLabel('Width', { exact: true }).fill('41');
  await page.getByLabel('Height', { exact: true }).fill('31');
  for (const button of ['Maze', 'Rooms', 'Clear map']) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await page.waitForSelector('#app[data-phase="edited"]');
    const map = await ends(page);
    assert.deepEqual([map.width, map.height], [41, 31], button);
    assert.ok((await stat(page, 'cost')) > 0, `${button}: start and goal are joined`);
  }
  await page.waitForSelector('#sweep[data-state="done"]');
  assert.notEqual(await page.locator('#sweep tbody').textContent(), sweepBefore, 'the sweep is recomputed');
  await page.getByRole('button', { name: 'Demo map' }).click();
  await page.waitForFunction((text) => document.querySelector('#sweep tbody')?.textContent === text, sweepBefore);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the keyboard moves a cursor, paints, picks the brush and places start and goal by the drag rules', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const before = await ends(page);
  const cost = await stat(page, 'cost');
  const phase = () => page.locator('#app').getAttribute('data-phase');
  const terrainAt = (x: number, y: number) =>
    page.evaluate(
      ([cx, cy]) => (window as unknown as { astarPlayground: { pg: { terrainAt(x: number, y: number): number } } }).astarPlayground.pg.terrainAt(cx, cy),
      [x, y],
    );
  const checkedBrush = () => page.locator('input[name="brush"]:checked').getAttribute('value');
  const brushSize = () => page.locator('#brush-size-value').textContent();
  await page.getByTestId('grid').focus();
  // The cursor starts on the start cell (2, 5); two right and one down is (4, 6), a wall of the demo map.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.equal(await terrainAt(4, 6), 0, 'the demo map has a wall at (4, 6)');
  for (const [key, which] of [
    ['g', 'goal'],
    ['s', 'start'],
  ]) {
    await page.keyboard.press(key);
    assert.deepEqual(await ends(page), before, `${key} on a wall leaves the map as it was`);
    assert.match((await message(page)).text, new RegExp(`^The ${which} cannot go on a wall: \\(4, 6\\) is a wall`), key);
    assert.equal(await phase(), 'finished', `${key} on a wall ends in the phase it started in`);
  }
  // One more to the right, (5, 6), is open: G puts the goal there, much closer to the start.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('g');
  await page.waitForSelector('#app[data-phase="edited"]');
  assert.deepEqual((await ends(page)).goal, [5, 6]);
  assert.ok((await stat(page, 'cost')) < cost, 'the goal moved next to the start');
  // S on the goal's cell is refused like a drag onto it: the start stays, the goal stays visible.
  await page.keyboard.press('s');
  assert.deepEqual((await ends(page)).start, before.start);
  assert.deepEqual((await ends(page)).goal, [5, 6]);
  assert.match((await message(page)).text, /^The start and goal cannot share a cell: \(5, 6\) is the goal/);
  // S one cell up, (5, 5), moves the start there.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('s');
  assert.deepEqual((await ends(page)).start, [5, 5]);
  assert.equal(await stat(page, 'cost'), 1);

  // 1–5 pick the brush terrain; [ and ] change its size.
  for (const [key, terrain] of [
    ['2', 'plain'],
    ['3', 'forest'],
    ['4', 'swamp'],
    ['5', 'road'],
    ['1', 'wall'],
  ]) {
    await page.keyboard.press(key);
    assert.equal(await checkedBrush(), terrain, key);
  }
  assert.equal(await brushSize(), '1 × 1');
  await page.keyboard.press(']');
  assert.equal(await brushSize(), '3 × 3');
  await page.keyboard.press('[');
  assert.equal(await brushSize(), '1 × 1');

  // Space paints the brush (wall, 1 × 1) at the cursor: (5, 3) is plain before, a wall after.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal(await terrainAt(5, 3), 1);
  await page.keyboard.press(' ');
  await page.waitForSelector('#app[data-phase="edited"]');
  assert.equal(await terrainAt(5, 3), 0, 'Space painted a wall');
  assert.equal(await terrainAt(5, 2), 1, 'only the cursor cell');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the timeline shows any step of the search', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const total = await stat(page, 'expanded');
  const timeline = page.getByLabel('Timeline', { exact: true });
  assert.equal(await timeline.getAttribute('max'), String(total));
  await timeline.fill('10');
  assert.equal(await stat(page, 'expanded'), 10);
  assert.equal(await page.locator('#app').getAttribute('data-phase'), 'paused');
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  assert.equal(await stat(page, 'expanded'), 11);
  await timeline.fill(String(total));
  assert.equal(await stat(page, 'expanded'), total);
  assert.equal(await page.locator('#app').getAttribute('data-phase'), 'finished');
  assert.ok((await stat(page, 'cost')) > 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('touch: a finger drags the goal and paints walls (pointer events, no scrolling)', async () => {
  const context = await newContext(site.browser, { viewport: { width: 900, height: 700 }, hasTouch: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto(site.url);
  await ready(page);
  const cdp = await context.newCDPSession(page);
  const swipe = async (cells: [number, number][]) => {
    const points = [];
    for (const [x, y] of cells) points.push(await cellCentre(page, x, y));
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p: { x: number; y: number } | null) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
    await touch('touchStart', points[0]);
    for (const p of points.slice(1)) await touch('touchMove', p);
    await touch('touchEnd', null);
  };
  const before = await ends(page);
  const cost = await stat(page, 'cost');
  // Drag the goal one cell towards the start.
  const target: [number, number] = [before.goal[0] - 1, before.goal[1]];
  await swipe([before.goal, target]);
  await page.waitForSelector('#app[data-phase="edited"]');
  const moved = await ends(page);
  const targetIsWall = await page.evaluate(
    ([x, y]) => (window as unknown as { astarPlayground: { pg: { terrainAt(x: number, y: number): number } } }).astarPlayground.pg.terrainAt(x, y) === 0,
    target,
  );
  // A drag over a wall leaves the marker where it was.
  assert.deepEqual(moved.goal, targetIsWall ? before.goal : target, 'the finger moved the goal');
  // Wall across the whole map between start and goal: the goal becomes unreachable.
  await page.getByLabel('Wall', { exact: true }).check();
  const column = Math.floor((moved.start[0] + moved.goal[0]) / 2);
  const columnCells: [number, number][] = [];
  for (let y = 0; y < moved.height; y++) columnCells.push([column, y]);
  await swipe(columnCells);
  await page.waitForSelector('#app[data-phase="edited"]');
  assert.match((await page.locator('#message').textContent()) ?? '', /unreachable/);
  assert.ok(Number.isNaN(await stat(page, 'cost')));
  assert.equal(await page.evaluate(() => scrollY), 0, 'the page did not scroll under the finger');
  assert.ok(cost > 0);
  assert.deepEqual(errors, []);
  await context.close();
});

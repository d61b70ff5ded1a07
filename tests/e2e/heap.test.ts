// The heap panel (www/heap/), used as a person would: open it, step, and watch the heap's root become the
// next cell the engine expands; stale entries struck through and a stale pop announced; the decrease-key
// arrangement changing the counters as the article says; hovering an entry shows its cell on the map and
// hovering a cell marks its entries; algorithms without such an open list say so; a phone does not scroll
// sideways. What the engine expands is read from the page's own hooks (the current cell and the stats),
// never from the panel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { cellCentre, newContext, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

type Entry = { index: number; cell: string; f: number; stale: boolean };
type Card = Record<string, string>;

async function openPanel(page: Page): Promise<void> {
  await page.locator('[data-testid="heap"] > summary').click();
  await settled(page);
}

/** Waits until the panel shows the step on screen, its animations done. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const card = document.querySelector<HTMLElement>('[data-testid="heap"]');
    const expanded = document.querySelector('[data-stat="expanded"]')?.textContent;
    return card?.dataset.available === 'false' || (card?.dataset.settled !== undefined && card.dataset.settled === expanded);
  });
}

async function card(page: Page): Promise<Card> {
  return page.getByTestId('heap').evaluate((el: HTMLElement) => ({ ...el.dataset }) as Record<string, string>);
}

/** The entries of the array as the panel shows them, index order. */
async function arrayEntries(page: Page): Promise<Entry[]> {
  return page.locator('[data-testid="heap"] .heap-array [data-heap-index]').evaluateAll((rows: HTMLElement[]) =>
    rows.map((r) => ({ index: Number(r.dataset.heapIndex), cell: r.dataset.cell!, f: Number(r.dataset.f), stale: r.dataset.stale === 'true' })),
  );
}

/** The cell the engine expanded last, as "x,y" (the page's own hook, not the panel's). */
async function currentCell(page: Page): Promise<string> {
  return page.evaluate(() => {
    const pg = (window as unknown as { astarPlayground: { pg: { currentCell(): number; width(): number } } }).astarPlayground.pg;
    const cell = pg.currentCell();
    return `${cell % pg.width()},${Math.floor(cell / pg.width())}`;
  });
}

async function step(page: Page): Promise<void> {
  const before = await stat(page, 'expanded');
  await page.locator('#step').click();
  await page.waitForFunction((n) => document.querySelector('[data-stat="expanded"]')?.textContent === String(n), before + 1);
  await settled(page);
}

/** A random map with forest and swamp (stale entries happen where a dearer first route is beaten). */
async function randomMap(page: Page, side: number, seed: number): Promise<void> {
  await page.getByLabel('Width', { exact: true }).fill(String(side));
  await page.getByLabel('Height', { exact: true }).fill(String(side));
  await page.locator('#seed').fill(String(seed));
  await page.locator('#share-forest').fill('30');
  await page.locator('#share-swamp').fill('25');
  await page.getByRole('button', { name: 'Random map' }).click();
  await page.waitForFunction((n) => document.querySelector('[data-testid="ends"]')?.textContent?.startsWith(`${n} × ${n}`), side);
  await page.waitForSelector('#app[data-phase="edited"]');
}

test('stepping: the root of the heap is the next cell the engine expands, stale roots aside', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  // What each step shows, not how it moves there: without the 220 ms moves a step settles at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await ready(page);
  await randomMap(page, 24, 3);
  await openPanel(page);
  await page.locator('#reset').click();
  await settled(page);
  let first = await arrayEntries(page);
  assert.equal(first.length, 1, 'at step 0 the heap holds the start');
  let staleRoots = 0;
  for (let k = 1; k <= 60; k++) {
    const before = await arrayEntries(page);
    const liveRoot = before.find((e) => !e.stale);
    assert.equal(before[0].index, 0);
    // The minimum is at index 0: no entry shown has a smaller f.
    for (const e of before) assert.ok(e.f >= before[0].f - 1e-9, `index ${e.index} f ${e.f} < root f ${before[0].f}`);
    await step(page);
    const expanded = await currentCell(page);
    if (before[0].stale) {
      staleRoots++;
      assert.match(await page.getByTestId('heap-said').innerText(), /stale/);
    } else {
      assert.equal(expanded, before[0].cell, `step ${k}: the root was expanded`);
    }
    assert.ok(liveRoot, 'a live entry was in the heap');
    first = await arrayEntries(page);
    assert.ok(!first.some((e) => e.cell === expanded && !e.stale), `step ${k}: the expanded cell has no live entry left`);
  }
  const c = await card(page);
  assert.equal(c.disagreements, '0');
  assert.equal(Number(c.pops), 60 + (await stat(page, 'stale-pops')));
  assert.ok(staleRoots >= 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the panel pops what the engine expanded, in order, for every algorithm with one open list', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await randomMap(page, 40, 8);
  await openPanel(page);
  const cases: [string, string, number][] = [
    ['astar', 'lower-h', 1],
    ['astar', 'higher-g', 1],
    ['astar', 'first-in', 2.5],
    ['astar', 'last-in', 1.3],
    ['dijkstra', 'lower-h', 1],
    ['greedy', 'lower-h', 1],
    ['bfs', 'lower-h', 1],
    ['dynamic', 'higher-g', 3],
  ];
  for (const variant of ['lazy', 'decrease-key']) {
    await page.locator('.heap-variant select').selectOption(variant);
    for (const [algorithm, tie, w] of cases) {
      await page.getByLabel('Algorithm', { exact: true }).selectOption(algorithm);
      // Controls the algorithm does not use are disabled (breadth-first: tie-break; Dijkstra: w).
      if (await page.locator('#tie-break').isEnabled()) await page.locator('#tie-break').selectOption(tie);
      const wSlider = page.getByLabel('Heuristic weight w', { exact: true });
      if (await wSlider.isEnabled()) await wSlider.fill(String(w));
      // The change is applied (and solved, and read by the panel, all in one go) once the app has it.
      await page.waitForFunction(
        ([a, tie, w]) => {
          const s = (window as unknown as { astarPlayground: { settings(): { algorithm: string; tieBreak: string; w: number } } }).astarPlayground.settings();
          const tieEnabled = !(document.getElementById('tie-break') as HTMLSelectElement).disabled;
          const wEnabled = !(document.getElementById('w') as HTMLInputElement).disabled;
          return s.algorithm === a && (!tieEnabled || s.tieBreak === tie) && (!wEnabled || Math.abs(s.w - Number(w)) < 1e-9);
        },
        [algorithm, tie, w] as const,
      );
      await page.waitForSelector('#app[data-phase="finished"]');
      await settled(page);
      const c = await card(page);
      const what = `${variant} ${algorithm} ${tie} w=${w}`;
      assert.equal(c.available, 'true', what);
      assert.equal(c.disagreements, '0', `${what}: every pop was the engine's`);
      const expanded = await stat(page, 'expanded');
      const stale = await stat(page, 'stale-pops');
      assert.equal(Number(c.pops), variant === 'lazy' ? expanded + stale : expanded, what);
      assert.equal(Number(c.stalePops), variant === 'lazy' ? stale : 0, what);
    }
  }
  // Played at full speed, the panel runs behind the animation (a millisecond of model work a frame) and
  // catches up when it ends: the same pops.
  await page.getByLabel('Speed', { exact: true }).fill('100');
  await page.locator('#play').click();
  await page.waitForSelector('#app[data-phase="finished"]');
  await settled(page);
  const played = await card(page);
  assert.equal(played.disagreements, '0');
  assert.equal(Number(played.pops), await stat(page, 'expanded'));
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('stale entries are struck through, a stale pop is announced, decrease-key trades them for updates', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  // What each step shows, not how it moves there: without the 220 ms moves a step settles at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await ready(page);
  await randomMap(page, 32, 5);
  await openPanel(page);
  await page.locator('#reset').click();
  await settled(page);
  let struck = false;
  let announced = false;
  for (let k = 0; k < 400 && !(struck && announced); k++) {
    await step(page);
    if (!struck) {
      const stale = page.locator('[data-testid="heap"] .heap-array [data-stale="true"]').first();
      if ((await stale.count()) > 0) {
        const decoration = await stale.evaluate((el) => getComputedStyle(el.querySelector('td')!).textDecorationLine);
        assert.match(decoration, /line-through/);
        struck = true;
      }
    }
    if (/stale entry/.test(await page.getByTestId('heap-said').innerText())) announced = true;
  }
  assert.ok(struck, 'a stale entry was shown struck through');
  assert.ok(announced, 'a stale pop was announced');

  const lazy = await card(page);
  assert.ok(Number(lazy.staleInHeap) > 0 || Number(lazy.stalePops) > 0);
  await page.locator('.heap-variant select').selectOption('decrease-key');
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="heap"]')?.dataset.variant === 'decrease-key');
  await settled(page);
  const indexed = await card(page);
  const expanded = await stat(page, 'expanded');
  // The same search: decrease-key pushes less by exactly its updates, never pops a stale entry, and holds
  // the live entries only.
  assert.equal(Number(indexed.stalePops), 0);
  assert.ok(Number(indexed.decreaseKeys) > 0);
  assert.equal(Number(indexed.pushes) + Number(indexed.decreaseKeys), Number(lazy.pushes));
  assert.equal(Number(indexed.pops), expanded);
  assert.equal(Number(indexed.size), Number(lazy.size) - Number(lazy.staleInHeap));
  assert.equal(await page.locator('[data-testid="heap"] .heap-array [data-stale="true"]').count(), 0);
  assert.equal(indexed.disagreements, '0');
  // Stepping on under decrease-key: the root is still the next expansion.
  const root = (await arrayEntries(page))[0];
  await step(page);
  assert.equal(await currentCell(page), root.cell);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('played slowly, paused, scrubbed back: the heap follows and is rebuilt for the step shown', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await randomMap(page, 40, 12);
  await openPanel(page);
  // About one expansion a frame: the panel follows the animation.
  await page.getByLabel('Speed', { exact: true }).fill('50');
  await page.locator('#play').click();
  await page.waitForFunction(() => Number(document.querySelector('[data-stat="expanded"]')?.textContent) > 120);
  await page.locator('#play').click(); // pause
  await page.waitForSelector('#app[data-phase="paused"]');
  await settled(page);
  let c = await card(page);
  assert.equal(c.disagreements, '0');
  assert.equal(Number(c.pops), (await stat(page, 'expanded')) + (await stat(page, 'stale-pops')));
  // Back to step 40 on the timeline: the heap is that of step 40, whose root is the 41st expansion.
  await page.locator('#timeline').fill('40');
  await page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent === '40');
  await settled(page);
  c = await card(page);
  assert.equal(Number(c.pops), 40 + (await stat(page, 'stale-pops')));
  let root = (await arrayEntries(page))[0];
  while (root.stale) {
    await step(page);
    root = (await arrayEntries(page))[0];
  }
  await step(page);
  assert.equal(await currentCell(page), root.cell);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('hover an entry: its cell is inspected and ringed; hover a cell: its entries are marked', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await openPanel(page);
  await page.locator('#reset').click();
  await settled(page);
  for (let k = 0; k < 6; k++) await step(page);
  const row = page.locator('[data-testid="heap"] .heap-array [data-heap-index="2"]');
  const cell = (await row.getAttribute('data-cell'))!;
  const pixelsBefore = await page.getByTestId('grid').evaluate((c: HTMLCanvasElement) => c.toDataURL());
  await row.hover();
  await page.waitForFunction((c) => document.querySelector<HTMLElement>('[data-testid="inspector"]')?.dataset.cell === c, cell);
  const pixelsAfter = await page.getByTestId('grid').evaluate((c: HTMLCanvasElement) => c.toDataURL());
  assert.notEqual(pixelsAfter, pixelsBefore, 'the map shows the entry’s cell');
  assert.ok(await row.evaluate((el) => el.classList.contains('linked')));

  // The other way: a cell with an entry, pointed at on the map.
  const other = (await arrayEntries(page)).find((e) => e.cell !== cell)!;
  const [x, y] = other.cell.split(',').map(Number);
  const p = await cellCentre(page, x, y);
  await page.mouse.move(p.x, p.y);
  await page.waitForFunction((c) => document.querySelector<HTMLElement>('[data-testid="inspector"]')?.dataset.cell === c, other.cell);
  const marked = await page.locator('[data-testid="heap"] .linked').evaluateAll((els: HTMLElement[]) => els.map((e) => e.dataset.cell));
  assert.ok(marked.length > 0 && marked.every((c) => c === other.cell), `marked ${marked.join(' ')}`);
  assert.match(await page.locator('.heap-linked').innerText(), new RegExp(`\\(${x}, ${y}\\)`));
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an algorithm with two frontiers or jumps: the panel says the heap is not available', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await openPanel(page);
  await page.getByLabel('Algorithm', { exact: true }).selectOption('bidirectional');
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="heap"]')?.dataset.available === 'false');
  assert.match(await page.locator('.heap-unavailable').innerText(), /Bidirectional A\*/);
  assert.ok(await page.locator('.heap-tree').isHidden());
  await page.getByLabel('Algorithm', { exact: true }).selectOption('astar');
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="heap"]')?.dataset.available === 'true');
  await settled(page);
  assert.equal((await card(page)).disagreements, '0');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('on a 390 × 844 phone the open panel fits the width: nothing scrolls sideways', async () => {
  const context = await newContext(site.browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
  const page = await context.newPage();
  await page.goto(site.url);
  await ready(page);
  await page.locator('[data-testid="heap"] > summary').tap();
  await settled(page);
  await page.locator('#reset').tap();
  await settled(page);
  for (let k = 0; k < 12; k++) {
    await page.locator('#step').tap();
    await page.waitForFunction((n) => document.querySelector('[data-stat="expanded"]')?.textContent === String(n), k + 1);
  }
  await settled(page);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
  assert.ok(widths.page <= widths.view, `page ${widths.page} px wide in a ${widths.view} px window`);
  const box = await page.locator('.heap-tree').boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390);
  // A tap on an entry inspects its cell.
  const root = page.locator('.heap-tree [data-heap-index="0"]');
  const cell = await root.getAttribute('data-cell');
  await root.tap();
  await page.waitForFunction((c) => document.querySelector<HTMLElement>('[data-testid="inspector"]')?.dataset.cell === c, cell);
  await context.close();
});

// Mesh mode (the navigation mesh) as a person and a script use it: the mesh of a map with a wall is built
// and Polyanya's path goes around the wall, never shorter than the straight line nor longer than the grid's
// optimum; a stroke rebuilds only some tiles and the path follows; Step and Play show the search a step at a
// time with its legend; a map with forest and swamp is refused in words with a one-click fix; a link
// reopens the mode, in Chinese too. Numbers on the page are checked against the scripting hook's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clearMap, dragCells, ends, message, openPage, ready, useSite } from './harness.js';
import type { MeshHookStats } from '../../www/mesh/hook.js';

const site = useSite();

async function meshStats(page: Page): Promise<MeshHookStats> {
  const stats = await page.evaluate(() => (window as unknown as { astarPlayground: { mesh: { stats(): MeshHookStats | null } } }).astarPlayground.mesh.stats());
  assert.ok(stats, 'mesh mode is open');
  return stats;
}

async function startMesh(page: Page, options: Record<string, unknown>): Promise<boolean> {
  return page.evaluate(
    (o) => (window as unknown as { astarPlayground: { mesh: { start(o: unknown): Promise<boolean> } } }).astarPlayground.mesh.start(o),
    options,
  );
}

/** The number a mesh-stats cell starts with (grouping separators dropped). */
async function statNumber(page: Page, key: string): Promise<number> {
  const text = (await page.locator(`[data-mesh-stat="${key}"]`).textContent()) ?? '';
  return Number(text.replace(/,/g, '').replace(/[^0-9.].*$/, ''));
}

/** True when the segment a–b (cell-corner coordinates) stays out of the wall cells, sampled every 1/50 cell. */
function clearOf(walls: Set<string>, a: [number, number], b: [number, number]): boolean {
  const n = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) * 50) + 1;
  for (let i = 0; i <= n; i++) {
    const [x, y] = [a[0] + ((b[0] - a[0]) * i) / n, a[1] + ((b[1] - a[1]) * i) / n];
    // Strictly inside a wall square (touching its side or corner is allowed).
    const [cx, cy] = [Math.floor(x), Math.floor(y)];
    if (walls.has(`${cx},${cy}`) && x - cx > 1e-6 && cx + 1 - x > 1e-6 && y - cy > 1e-6 && cy + 1 - y > 1e-6) return false;
  }
  return true;
}

const pathLength = (path: [number, number][]) => path.slice(1).reduce((sum, p, i) => sum + Math.hypot(p[0] - path[i][0], p[1] - path[i][1]), 0);

test('Polyanya’s path goes around a painted wall, as short as the mesh allows, and the card shows the hook’s numbers', async () => {
  const { page, errors } = await openPage(site.browser, site.url, { width: 1366, height: 768 });
  await ready(page);
  await clearMap(page, 40, 30);
  await page.getByLabel('Wall', { exact: true }).check();
  const column = Array.from({ length: 24 }, (_, y) => [20, y + 3] as [number, number]);
  await dragCells(page, column);
  const walls = new Set(column.map(([x, y]) => `${x},${y}`));
  assert.equal(await startMesh(page, { kind: 'triangles', search: 'polyanya' }), true, (await message(page)).text);
  assert.match(page.url(), /[?&]mesh=triangles:polyanya(&|#|$)/, 'the address keeps the mode');
  const stats = await meshStats(page);
  assert.equal(stats.outcome, 'found');
  assert.equal(stats.freeCells, 40 * 30 - 24);
  assert.ok(stats.polygons > 1 && stats.polygons < stats.freeCells / 10, `${stats.polygons} polygons for ${stats.freeCells} cells`);
  const { start, goal } = await ends(page);
  const path = stats.path;
  assert.deepEqual(path[0], [start[0] + 0.5, start[1] + 0.5]);
  assert.deepEqual(path[path.length - 1], [goal[0] + 0.5, goal[1] + 0.5]);
  for (let i = 1; i < path.length; i++) assert.ok(clearOf(walls, path[i - 1], path[i]), `segment ${i} crosses the wall`);
  assert.ok(path.length >= 3, 'the path turns around the wall');
  assert.ok(Math.abs(pathLength(path) - stats.length) < 1e-9);
  const lengths = stats.lengths!;
  assert.ok(Math.abs(lengths.polyanya! - stats.length) < 1e-9);
  for (const other of [lengths.navmeshAstar, lengths.theta, lengths.smoothed, lengths.grid]) assert.ok(other! >= stats.length - 1e-9, `${other} < ${stats.length}`);
  assert.ok(stats.length >= Math.hypot(goal[0] - start[0], goal[1] - start[1]) - 1e-9);
  // The card writes the same numbers, and the comparison table the grid's optimum with its excess.
  assert.equal(await statNumber(page, 'polygons'), stats.polygons);
  assert.equal(await statNumber(page, 'expanded'), stats.expanded);
  assert.match((await page.locator('[data-mesh-length="grid"]').textContent()) ?? '', /\+\d+\.\d%/);
  // The overlay draws the path in its colour.
  assert.ok(Number(await page.getByTestId('mesh-canvas').getAttribute('data-path-points')) === path.length);
  const blue = await page.getByTestId('mesh-canvas').evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i] - 25) < 12 && Math.abs(data[i + 1] - 113) < 12 && Math.abs(data[i + 2] - 194) < 12) n++;
    return n;
  });
  assert.ok(blue > 50, `${blue} path pixels`);
  assert.equal(await page.locator('[data-testid="legend"] [data-mark="mesh-path"]').count(), 1);
  assert.equal(await page.locator('[data-testid="legend"] [data-mark="mesh-polygon"]').count(), 1);
  assert.deepEqual(errors, []);
});

test('a stroke rebuilds only the tiles it touches, and the path follows the new wall', async () => {
  const { page, errors } = await openPage(site.browser, site.url, { width: 1366, height: 768 });
  await ready(page);
  await clearMap(page, 200, 140);
  assert.equal(await startMesh(page, { kind: 'rectangles', search: 'navmesh-astar' }), true, (await message(page)).text);
  const before = await meshStats(page);
  assert.ok(before.tiles > 4, `${before.tiles} tiles`);
  await page.getByLabel('Wall', { exact: true }).check();
  const wall = Array.from({ length: 12 }, (_, i) => [100, 64 + i] as [number, number]);
  await dragCells(page, wall);
  await page.waitForFunction(() => {
    const s = (window as unknown as { astarPlayground: { mesh: { stats(): MeshHookStats | null } } }).astarPlayground.mesh.stats();
    return s !== null && s.freeCells === 200 * 140 - 12 && s.outcome === 'found';
  });
  const after = await meshStats(page);
  assert.ok(after.tilesRebuilt > 0 && after.tilesRebuilt < after.tiles, `${after.tilesRebuilt} of ${after.tiles} tiles rebuilt`);
  assert.match((await page.getByTestId('mesh-built').textContent()) ?? '', /^The edit rebuilt \d+ of \d+ tiles in [\d.]+ ms\.$/);
  const walls = new Set(wall.map(([x, y]) => `${x},${y}`));
  for (let i = 1; i < after.path.length; i++) assert.ok(clearOf(walls, after.path[i - 1], after.path[i]), `segment ${i} crosses the wall`);
  assert.deepEqual(errors, []);
});

test('Step and Play show the search a step at a time, with its marks in the legend', async () => {
  const { page, errors } = await openPage(site.browser, site.url, { width: 1366, height: 768 });
  await ready(page);
  await clearMap(page, 60, 40);
  await page.getByLabel('Wall', { exact: true }).check();
  await dragCells(page, Array.from({ length: 30 }, (_, y) => [30, y + 5] as [number, number]));
  assert.equal(await startMesh(page, { kind: 'triangles', search: 'polyanya' }), true);
  const finished = await meshStats(page);
  await page.getByTestId('mesh-step').click();
  let s = await meshStats(page);
  assert.equal(s.outcome, null, 'a step after the end begins again');
  assert.equal(s.expanded, 1);
  assert.equal(await page.locator('[data-testid="legend"] [data-mark="mesh-node"]').count(), 1);
  await page.getByTestId('mesh-step').click();
  assert.equal((await meshStats(page)).expanded, 2);
  await page.getByTestId('mesh-play').click();
  await page.waitForFunction(() => {
    const m = (window as unknown as { astarPlayground: { mesh: { stats(): MeshHookStats | null } } }).astarPlayground.mesh.stats();
    return m?.outcome === 'found';
  });
  s = await meshStats(page);
  assert.equal(s.expanded, finished.expanded, 'played to the end, the same search');
  assert.ok(Math.abs(s.length - finished.length) < 1e-9);
  await page.locator('#mesh-search').selectOption('navmesh-astar');
  await page.waitForFunction(() => /navmesh-astar/.test(location.search));
  s = await meshStats(page);
  assert.equal(s.search, 'navmesh-astar');
  assert.ok(s.length >= finished.length - 1e-9);
  await page.getByTestId('mesh-step').click();
  assert.equal(await page.locator('[data-testid="legend"] [data-mark="mesh-current"]').count(), 1);
  assert.deepEqual(errors, []);
});

test('a map with forest and swamp is refused in words, and one click makes its costs equal', async () => {
  const { page, errors } = await openPage(site.browser, site.url, { width: 1366, height: 768 });
  await ready(page);
  // The demo map has forest and swamp.
  assert.equal(await startMesh(page, {}), false);
  assert.equal(await page.getByTestId('mesh').getAttribute('data-state'), 'refused');
  assert.match((await page.getByTestId('mesh-refusal').textContent()) ?? '', /A navigation mesh is for uniform costs/);
  assert.equal((await message(page)).kind, 'error');
  await page.getByTestId('mesh-fix').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="mesh"]')?.getAttribute('data-state') === 'found');
  assert.equal((await meshStats(page)).outcome, 'found');
  assert.deepEqual(errors, []);
});

test('a link with ?mesh= reopens the mode, in Chinese too, and leaving forgets it', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=zh&mesh=rectangles:navmesh-astar:r0.5`, { width: 1366, height: 768 });
  await ready(page);
  await page.waitForSelector('[data-testid="mesh"]');
  assert.equal(await page.locator('#mesh-kind').inputValue(), 'rectangles');
  assert.equal(await page.locator('#mesh-search').inputValue(), 'navmesh-astar');
  assert.equal(await page.locator('#mesh-radius').inputValue(), '0.5');
  assert.equal(await page.locator('[data-testid="mesh"] h2').textContent(), '导航网格');
  assert.equal(await page.locator('#mesh-toggle').textContent(), '导航网格');
  // The demo map's forest and swamp: refused in Chinese, with the fix.
  assert.match((await page.getByTestId('mesh-refusal').textContent()) ?? '', /导航网格只适用于统一代价/);
  await page.getByTestId('mesh-fix').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="mesh"]')?.getAttribute('data-state') === 'found');
  assert.match((await message(page)).text, /多边形上的 A\* \+ 漏斗：\d+ 步后找到长度为/);
  await page.getByTestId('mesh-leave').click();
  assert.doesNotMatch(page.url(), /mesh=/);
  assert.equal(await page.getByTestId('mesh-canvas').count(), 0);
  assert.deepEqual(errors, []);
});

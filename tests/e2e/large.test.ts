// Big maps: a 512 × 512 random map is generated from the editor, solved, and animated to the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { countPixels, ends, openPage, ready, stat, useSite } from './harness.js';
import { RAW_PATH_RGB, SMOOTH_PATH_RGB } from '../../www/render/palette.js';

const site = useSite();

/** A 512 × 512 random map of seed 7, made from the editor. */
async function randomMap512(page: Page): Promise<void> {
  await page.getByLabel('Width', { exact: true }).fill('512');
  await page.getByLabel('Height', { exact: true }).fill('512');
  await page.getByLabel('Seed', { exact: true }).fill('7');
  await page.getByRole('button', { name: 'Random map' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="ends"]')?.textContent?.startsWith('512 × 512'));
}

test('a 512 × 512 random map loads, solves, and animates to the end', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await randomMap512(page);
  const map = await ends(page);
  assert.ok(map.start[0] < 8 && map.goal[0] > 500, 'start and goal in opposite corners');
  const solved = { expanded: await stat(page, 'expanded'), cost: await stat(page, 'cost') };
  assert.ok(solved.expanded > 1000);
  const canvas = await page.getByTestId('grid').evaluate((c: HTMLCanvasElement) => [c.width, c.height]);
  assert.deepEqual(canvas, [512, 512], 'one backing pixel per cell at this size');

  // The w sweep waits for a click on a map this big, and never shows the previous map's rows meanwhile.
  assert.equal(await page.locator('#sweep tbody tr').count(), 0, 'no rows left over from the demo map');
  await page.getByRole('button', { name: 'Compute the sweep for this map' }).click();
  await page.waitForSelector('#sweep[data-state="done"]', { timeout: 120_000 });
  assert.equal(await page.locator('#sweep tbody tr').count(), 9, 'w = 1, 1.5, ..., 5');
  const firstRow = (await page.locator('#sweep tbody tr').first().textContent()) ?? '';
  assert.ok(firstRow.includes(String(solved.expanded)), `w = 1 expands as the solve did: ${firstRow}`);

  await page.getByLabel('Speed', { exact: true }).fill('100');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForSelector('#app[data-phase="finished"]', { timeout: 120_000 });
  assert.equal(await stat(page, 'expanded'), solved.expanded, 'the animation ends where the solve did');
  if (Number.isNaN(solved.cost)) assert.match((await page.locator('#message').textContent()) ?? '', /unreachable/);
  else assert.equal(await stat(page, 'cost'), solved.cost);

  // An edit on the big map answers at once.
  await page.getByLabel('Wall', { exact: true }).check();
  const box = (await page.getByTestId('grid').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForSelector('#app[data-phase="edited"]');
  assert.match((await page.locator('#message').textContent()) ?? '', /path|unreachable/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** The shown path's cells whose pixel (one backing pixel a cell) is exactly `rgb`, and the path's length. */
async function pathCellsIn(page: Page, rgb: readonly number[]): Promise<[number, number]> {
  return page.evaluate((c) => {
    const app = (window as unknown as { astarPlayground: { views: { path(): Uint32Array }; pg: { width(): number } } }).astarPlayground;
    const path = app.views.path();
    const width = app.pg.width();
    const canvas = document.querySelector('[data-testid="grid"]') as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (const cell of path) {
      const at = 4 * cell;
      if (data[at] === c[0] && data[at + 1] === c[1] && data[at + 2] === c[2] && data[at + 3] === 255 && cell % width < canvas.width) n++;
    }
    return [n, path.length];
  }, rgb);
}

test('on cells of one pixel the path is written as pixels: every cell of it, dashed under the smoothed path, kept through a hover', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await randomMap512(page);
  await page.getByLabel('Smooth path', { exact: true }).uncheck();
  await page.waitForFunction(() => document.querySelector('[data-testid="legend"] [data-mark="smoothed"]') === null);
  // Solid: every cell of the path but those under the start and goal discs (some 100) is the path's red.
  const [solid, length] = await pathCellsIn(page, RAW_PATH_RGB);
  assert.ok(length > 500, `a path across the map (${length} cells)`);
  assert.ok(solid >= length - 200, `${solid} of ${length} path cells drawn`);
  assert.equal(await countPixels(page, SMOOTH_PATH_RGB, 0), 0);
  const solidRed = await countPixels(page, RAW_PATH_RGB, 0);

  // Smoothed: the smoothed path in blue over the grid path, which is dashed (5 pixels on, 4 off) and shows
  // where the smoothed path leaves it.
  await page.getByLabel('Smooth path', { exact: true }).check();
  await page.waitForFunction(() => document.querySelector('[data-testid="legend"] [data-mark="smoothed"]') !== null);
  const blue = await countPixels(page, SMOOTH_PATH_RGB, 0);
  const dashedRed = await countPixels(page, RAW_PATH_RGB, 0);
  assert.ok(blue > length, `the smoothed path is drawn two pixels wide (${blue} pixels)`);
  assert.ok(dashedRed > 0 && dashedRed < solidRed * 0.7, `dashed: ${dashedRed} red pixels against ${solidRed} solid`);

  // A hover draws the inspected cell's chain over the path; moving away draws the path as it was.
  const box = (await page.getByTestId('grid').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6);
  await page.mouse.move(box.x + box.width + 40, box.y + 5);
  await page.waitForFunction(([n, [r, g, b]]) => {
    const c = document.querySelector('[data-testid="grid"]') as HTMLCanvasElement;
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let k = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] === r && d[i + 1] === g && d[i + 2] === b) k++;
    return k === n;
  }, [dashedRed, RAW_PATH_RGB] as const);
  assert.deepEqual(errors, []);
  await page.context().close();
});

// The playground page as a person meets it: it loads solved, animates on Play, steps, and answers edits and
// control changes with new numbers on the page and new pixels on the canvas.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  canvasHash,
  countPixels,
  dragCells,
  ends,
  nextFrame,
  openPage,
  ready,
  stat,
  useSite,
} from './harness.js';
import { RAW_PATH_RGB, SMOOTH_PATH_RGB } from '../../www/render/palette.js';

const site = useSite();

async function open(): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(site.browser, site.url);
  await ready(opened.page);
  return opened;
}

async function setW(page: Page, w: number): Promise<void> {
  await page.getByLabel('Heuristic weight w', { exact: true }).fill(String(w));
  await page.waitForFunction((v) => document.getElementById('w-value')?.textContent === v.toFixed(1), w);
}

test('the page loads without console errors and shows a solved path with g numbers', async () => {
  const { page, errors } = await open();
  assert.ok((await stat(page, 'expanded')) > 0);
  assert.ok((await stat(page, 'cost')) > 0);
  assert.ok((await stat(page, 'length')) > 0);
  assert.ok((await stat(page, 'time-us')) > 0);
  assert.ok((await countPixels(page, RAW_PATH_RGB)) > 100, 'the path is drawn');
  for (const name of ['Play', 'Step', 'Reset']) assert.ok(await page.getByRole('button', { name, exact: true }).isVisible());
  for (const name of ['Algorithm', 'Heuristic', 'Movement', 'Corner rule', 'Tie-break', 'Heuristic weight w', 'Speed', 'Smooth path']) {
    assert.equal(await page.getByLabel(name, { exact: true }).count(), 1, `one control is named ${name}`);
  }
  // The g numbers: switching them off changes the pixels of the reached cells.
  const withNumbers = await canvasHash(page);
  await page.getByLabel('Numbers in cells', { exact: true }).selectOption('none');
  assert.notEqual(await canvasHash(page), withNumbers, 'numbers were drawn in the cells');
  await page.getByLabel('Numbers in cells', { exact: true }).selectOption('g');
  assert.equal(await canvasHash(page), withNumbers);
  // Heat by expansion order recolours the closed cells, and only while it is on.
  await page.getByLabel('Heat by expansion order').check();
  assert.notEqual(await canvasHash(page), withNumbers);
  await page.getByLabel('Heat by expansion order').uncheck();
  assert.equal(await canvasHash(page), withNumbers);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('Play animates: the expanded count grows over several frames and the pixels change', async () => {
  const { page, errors } = await open();
  const solvedCost = await stat(page, 'cost');
  await page.getByRole('button', { name: 'Reset' }).click();
  assert.equal(await stat(page, 'expanded'), 0);
  await page.getByRole('button', { name: 'Play' }).click();
  assert.ok(await page.getByRole('button', { name: 'Pause' }).isVisible());
  const counts: number[] = [];
  const hashes = new Set<number>();
  while (counts.length < 8 && (await page.locator('#app').getAttribute('data-phase')) === 'running') {
    await nextFrame(page);
    counts.push(await stat(page, 'expanded'));
    hashes.add(await canvasHash(page));
  }
  assert.ok(new Set(counts).size >= 3, `expanded grew over frames: ${counts}`);
  assert.deepEqual([...counts].sort((a, b) => a - b), counts, 'expanded never goes back');
  assert.ok(hashes.size >= 3, 'the canvas changed from frame to frame');
  await page.waitForSelector('#app[data-phase="finished"]', { timeout: 60_000 });
  assert.equal(await stat(page, 'cost'), solvedCost, 'the animation ends on the solved path');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('Step adds exactly one expansion, and Pause stops the animation', async () => {
  const { page } = await open();
  await page.getByRole('button', { name: 'Reset' }).click();
  const before = await stat(page, 'expanded');
  await page.getByRole('button', { name: 'Step' }).click();
  assert.equal(await stat(page, 'expanded'), before + 1);
  await page.getByRole('button', { name: 'Step' }).click();
  assert.equal(await stat(page, 'expanded'), before + 2);
  await page.getByRole('button', { name: 'Play' }).click();
  await nextFrame(page);
  await page.getByRole('button', { name: 'Pause' }).click();
  const paused = await stat(page, 'expanded');
  for (let i = 0; i < 5; i++) await nextFrame(page);
  assert.equal(await stat(page, 'expanded'), paused, 'nothing moves while paused');
  await page.getByRole('button', { name: 'Step' }).click();
  assert.equal(await stat(page, 'expanded'), paused + 1);
  await page.context().close();
});

test('dragging the goal moves it and changes the path cost', async () => {
  const { page, errors } = await open();
  const before = await stat(page, 'cost');
  const { start, goal, width, height } = await ends(page);
  // A passable cell a few cells from the start: the path from there is far cheaper.
  const target = await page.evaluate(
    ([sx, sy, w, h]) => {
      const pg = (window as unknown as { astarPlayground: { pg: { terrainAt(x: number, y: number): number } } }).astarPlayground.pg;
      for (let d = 3; d < w; d++) {
        for (const [x, y] of [[sx + d, sy], [sx, sy + d], [sx, sy - d], [sx - d, sy]]) {
          if (x >= 0 && y >= 0 && x < w && y < h && pg.terrainAt(x, y) !== 0) return [x, y];
        }
      }
      return null;
    },
    [start[0], start[1], width, height],
  );
  assert.ok(target, 'a passable cell to drop the goal on');
  await dragCells(page, [goal, [target[0], target[1]]]);
  assert.deepEqual((await ends(page)).goal, target);
  assert.notEqual(await stat(page, 'cost'), before);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('painting a wall across the path makes it longer or unreachable, and the message says which', async () => {
  const { page, errors } = await open();
  await page.getByLabel('Wall', { exact: true }).check();
  const { start, goal, height } = await ends(page);
  const column = Math.floor((start[0] + goal[0]) / 2);
  const check = async (before: number) => {
    const message = (await page.locator('#message').textContent()) ?? '';
    const cost = await stat(page, 'cost');
    if (Number.isNaN(cost)) assert.match(message, /unreachable/);
    else {
      assert.ok(cost > before, `cost ${before} → ${cost}`);
      assert.match(message, new RegExp(`longer: cost ${before} → ${cost}`));
    }
    return cost;
  };
  // A wall down the column between start and goal, leaving only the bottom cell open, then closing it.
  const before = await stat(page, 'cost');
  await dragCells(page, [[column, 0], [column, height - 2]]);
  const after = await check(before);
  if (!Number.isNaN(after)) {
    await dragCells(page, [[column, height - 1], [column, height - 1]]);
    await check(after);
  }
  assert.equal(await stat(page, 'cost'), NaN);
  assert.match((await page.locator('#message').textContent()) ?? '', /unreachable/);
  // The user can still watch the search exhaust the start's region.
  await page.getByLabel('Speed', { exact: true }).fill('100');
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForSelector('#app[data-phase="finished"]');
  assert.ok((await stat(page, 'expanded')) > 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('w = 1 is optimal; w = 4 costs more, shown as a percentage and in the badge with its bound', async () => {
  const { page, errors } = await open();
  await setW(page, 1);
  assert.match((await page.getByTestId('badge').textContent()) ?? '', /optimal/);
  assert.equal(await stat(page, 'over-optimal'), 0);
  const optimal = await stat(page, 'cost');
  const expandedAt1 = await stat(page, 'expanded');
  await setW(page, 4);
  assert.ok((await stat(page, 'over-optimal')) > 0, 'w = 4 loses against the optimum on the demo map');
  assert.ok((await stat(page, 'cost')) > optimal);
  assert.ok((await stat(page, 'expanded')) < expandedAt1, 'and saves expansions');
  const badge = (await page.getByTestId('badge').textContent()) ?? '';
  assert.match(badge, /^\+\d+(\.\d)?% w = 4\.0 guarantees a cost at most 4\.0 × the optimum$/);
  // The sweep marks the current w.
  assert.equal(await page.locator('#sweep tr[aria-current="true"] th').textContent(), '4.0');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('smoothing shows a shorter length, the smoothed polyline, and the grid path dashed', async () => {
  const { page, errors } = await open();
  const raw = await countPixels(page, RAW_PATH_RGB);
  const gridLength = await stat(page, 'length');
  assert.equal(await countPixels(page, SMOOTH_PATH_RGB), 0);
  await page.getByLabel('Smooth path', { exact: true }).check();
  const smoothLength = await stat(page, 'length');
  assert.ok(smoothLength < gridLength, `smoothed ${smoothLength} < grid ${gridLength}`);
  assert.match((await page.locator('[data-stat="length"]').textContent()) ?? '', new RegExp(`grid ${gridLength.toFixed(1)}, \\d+ segments?`));
  assert.ok((await countPixels(page, SMOOTH_PATH_RGB)) > 50, 'the smoothed polyline is drawn');
  const dashed = await countPixels(page, RAW_PATH_RGB);
  assert.ok(dashed > 0.15 * raw && dashed < 0.75 * raw, `the grid path is dashed: ${dashed} of ${raw} pixels`);
  await page.getByLabel('Smooth path', { exact: true }).uncheck();
  assert.equal(await countPixels(page, RAW_PATH_RGB), raw);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('changing a control re-solves at once and bad states show a message, not a blank page', async () => {
  const { page, errors } = await open();
  const expanded = await stat(page, 'expanded');
  await page.getByLabel('Algorithm', { exact: true }).selectOption('dijkstra');
  assert.ok((await stat(page, 'expanded')) > expanded, 'Dijkstra expands more than A*');
  assert.equal(await stat(page, 'over-optimal'), 0);
  await page.getByLabel('Algorithm', { exact: true }).selectOption('astar');
  // 8 neighbours take octile along (Manhattan overestimates there); Manhattan chosen by hand is warned about.
  await page.getByLabel('Movement', { exact: true }).selectOption('8');
  assert.equal(await page.getByLabel('Heuristic', { exact: true }).inputValue(), 'octile');
  assert.match((await page.locator('#message').textContent()) ?? '', /switched to octile/);
  assert.ok(!(await page.locator('#heuristic-warning').isVisible()));
  await page.getByLabel('Heuristic', { exact: true }).selectOption('manhattan');
  assert.ok(await page.locator('#heuristic-warning').isVisible(), 'Manhattan with diagonals is not admissible');
  assert.match((await page.locator('#heuristic-warning').textContent()) ?? '', /not admissible/);
  await page.getByLabel('Heuristic', { exact: true }).selectOption('octile');
  assert.ok(!(await page.locator('#heuristic-warning').isVisible()));
  await page.getByLabel('Width', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Random map' }).click();
  assert.match((await page.locator('#message').textContent()) ?? '', /width must be a whole number from 8 to 1024/);
  assert.ok((await stat(page, 'cost')) > 0, 'the map stays');
  assert.deepEqual(errors, []);
  await page.context().close();
});

// The full page's layout where a person looks: the status line next to the map with invalid fields marked,
// start and goal markers that stay visible on a huge map, a badge and a sweep table that read cleanly,
// numbers that fit their cells, a stats card that keeps its size, and a phone layout with the map near
// the top.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clearMap, dragCells, ends, openPage, ready, stat, useSite } from './harness.js';
import { GOAL_RGB, START_RGB } from '../../www/render/palette.js';

const site = useSite();

async function open(width = 1280, height = 800): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(site.browser, site.url);
  await opened.page.setViewportSize({ width, height });
  await ready(opened.page);
  return opened;
}

async function setW(page: Page, w: number): Promise<void> {
  await page.getByLabel('Heuristic weight w', { exact: true }).fill(String(w));
  await page.waitForFunction((v) => document.getElementById('w-value')?.textContent === v.toFixed(1), w);
}

async function box(page: Page, selector: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not shown`);
  return b;
}

/** Makes the page record the text any canvas draws (text, position and font) in `window.drawnText`. */
function installTextRecorder(): void {
  const w = window as unknown as { drawnText: { text: string; x: number; y: number; font: string }[] };
  w.drawnText = [];
  const original = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number) {
    w.drawnText.push({ text, x, y, font: this.font });
    original.call(this, text, x, y);
  };
}

/** Records the text the canvas draws from now on. */
async function recordCanvasText(page: Page): Promise<void> {
  await page.evaluate(installTextRecorder);
}

test('a generator error shows next to the map, the map stays put, and the bad field is marked invalid', async () => {
  const { page, errors } = await open();
  const width = page.getByLabel('Width', { exact: true });
  await page.getByRole('button', { name: 'Random map' }).scrollIntoViewIfNeeded();
  const canvasBefore = await box(page, '[data-testid="grid"]');
  await width.fill('5000');
  assert.equal(await width.getAttribute('aria-invalid'), 'true', 'marked as it is typed');
  await page.getByRole('button', { name: 'Random map' }).click();
  await page.waitForFunction(() => /width must be a whole number/.test(document.getElementById('message')!.textContent ?? ''));
  const message = await box(page, '#message');
  const canvas = await box(page, '[data-testid="grid"]');
  assert.deepEqual(canvas, canvasBefore, 'the message does not move the map');
  const viewport = page.viewportSize()!;
  assert.ok(message.y >= 0 && message.y + message.height <= viewport.height, `message at y ${message.y}: in view`);
  assert.ok(message.y >= canvas.y + canvas.height - 1 && message.y <= canvas.y + canvas.height + 40, 'right under the map');
  assert.ok(message.x < canvas.x + canvas.width && message.x + message.width > canvas.x, 'under the map, not beside it');
  const colours = await width.evaluate((e) => {
    const style = getComputedStyle(e);
    return { border: style.borderTopColor, loss: getComputedStyle(document.documentElement).getPropertyValue('--loss') };
  });
  assert.equal(colours.border, 'rgb(201, 42, 42)', `invalid border ${colours.border} (--loss ${colours.loss})`);
  assert.ok((await stat(page, 'cost')) > 0, 'the map stays');
  await width.fill('64');
  assert.equal(await width.getAttribute('aria-invalid'), null, 'valid again');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('on a 1024 × 1024 map start and goal stay at least 10 CSS pixels wide, whole, inside the canvas, and drag by their disc', async () => {
  const { page, errors } = await open();
  await clearMap(page, 1024, 1024);
  await page.waitForSelector('#app[data-phase="edited"], #app[data-phase="finished"]');
  // Corners: the worst place for a disc centred on its cell.
  for (const key of ['S', 'G']) {
    await page.getByTestId('grid').focus();
    const corner = key === 'S' ? 'ArrowUp' : 'ArrowDown';
    const side = key === 'S' ? 'ArrowLeft' : 'ArrowRight';
    // Shift+arrow moves the keyboard cursor 8 cells: as many presses as take it from where it is to the corner.
    const cursor = await page.evaluate(() => (window as unknown as { astarPlayground: { cursor: { x: number; y: number } } }).astarPlayground.cursor);
    const [across, down] = key === 'S' ? [cursor.x, cursor.y] : [1023 - cursor.x, 1023 - cursor.y];
    for (let i = 0; i < Math.ceil(down / 8); i++) await page.keyboard.press(`Shift+${corner}`);
    for (let i = 0; i < Math.ceil(across / 8); i++) await page.keyboard.press(`Shift+${side}`);
    await page.keyboard.press(key);
  }
  const { start, goal, width } = await ends(page);
  assert.deepEqual([start, goal, width], [[0, 0], [1023, 1023], 1024]);
  let startDisc: { cssPerPx: number; minX: number; minY: number; maxX: number; maxY: number } | undefined;
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  for (const rgb of [START_RGB, GOAL_RGB]) {
    const found = await page.getByTestId('grid').evaluate((c: HTMLCanvasElement, [r, g, b]: number[]) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - r) <= 8 && Math.abs(data[i + 1] - g) <= 8 && Math.abs(data[i + 2] - b) <= 8) {
          const p = i / 4;
          const [x, y] = [p % c.width, Math.floor(p / c.width)];
          minX = Math.min(minX, x);
          maxX = Math.max(maxX, x);
          minY = Math.min(minY, y);
          maxY = Math.max(maxY, y);
        }
      }
      return { cssPerPx: c.clientWidth / c.width, minX, minY, maxX, maxY, size: c.width };
    }, rgb as unknown as number[]);
    const across = (found.maxX - found.minX + 1) * found.cssPerPx;
    const down = (found.maxY - found.minY + 1) * found.cssPerPx;
    // The white ring is outside the coloured fill: the fill alone is at least 10 CSS px, in both directions,
    // so the disc is not cut by the canvas edge.
    assert.ok(across >= 10 && down >= 10, `${rgb}: ${across.toFixed(1)} × ${down.toFixed(1)} CSS px`);
    assert.ok(Math.abs(across - down) < 1.5, 'round, not cut');
    if (rgb === START_RGB) startDisc = found;
  }
  // The disc's centre lies several cells away from the corner cell it marks: pressing there picks up the
  // start (not paint), and dropping it mid-map moves it there.
  const canvas = await box(page, '[data-testid="grid"]');
  const d = startDisc!;
  const [cx, cy] = [((d.minX + d.maxX) / 2) * d.cssPerPx, ((d.minY + d.maxY) / 2) * d.cssPerPx];
  await page.mouse.move(canvas.x + cx, canvas.y + cy);
  await page.mouse.down();
  await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2, { steps: 8 });
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelector('#app')?.getAttribute('data-phase') !== 'editing');
  const moved = await ends(page);
  assert.ok(Math.abs(moved.start[0] - 512) <= 4 && Math.abs(moved.start[1] - 512) <= 4, `start moved to ${moved.start}`);
  assert.deepEqual(moved.goal, [1023, 1023]);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the badge says optimal once, Dijkstra and A* at w ≤ 1 say the same, and "no path" is not green', async () => {
  const { page, errors } = await open();
  const badge = async () => (await page.getByTestId('badge').textContent())?.replace(/\s+/g, ' ').trim() ?? '';
  const optimalAstar = await badge();
  assert.match(optimalAstar, /^optimal/);
  assert.equal(optimalAstar.match(/optimal/g)?.length, 1, `"${optimalAstar}" says optimal once`);
  await page.getByLabel('Algorithm', { exact: true }).selectOption('dijkstra');
  assert.equal(await badge(), optimalAstar, 'Dijkstra guarantees the same as A* at w = 1');
  await page.getByLabel('Algorithm', { exact: true }).selectOption('astar');
  await setW(page, 2);
  assert.match(await badge(), /w = 2\.0 guarantees a cost at most 2\.0 × the optimum$/);
  await setW(page, 1);

  // A wall from top to bottom between start and goal: no path.
  await page.getByLabel('Wall', { exact: true }).check();
  const { start, goal, height } = await ends(page);
  const column = Math.floor((start[0] + goal[0]) / 2);
  await dragCells(page, [[column, 0], [column, height - 1]]);
  await page.waitForFunction(() => document.getElementById('badge-value')?.textContent === 'no path');
  assert.equal(await badge(), 'no path', 'no bound beside "no path"');
  const colour = await page.locator('#badge-value').evaluate((e) => getComputedStyle(e).color);
  assert.notEqual(colour, 'rgb(43, 138, 62)', 'not the green of "optimal"');

  // The sweep: every row on one line, even "no path".
  await page.waitForSelector('#sweep[data-state="done"]');
  const rows = await page.locator('#sweep tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({ text: tr.textContent ?? '', height: tr.getBoundingClientRect().height, line: parseFloat(getComputedStyle(tr).lineHeight) || 18 })),
  );
  assert.equal(rows.length, 9);
  for (const row of rows) {
    assert.match(row.text, /no path/);
    assert.ok(row.height < 1.6 * row.line, `one line: "${row.text}" is ${row.height} px tall`);
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the sweep marks the current w only when it is a row: none at w = 0, the nearer row as near at w = 2.3', async () => {
  const { page, errors } = await open();
  await page.waitForSelector('#sweep[data-state="done"]');
  await setW(page, 0);
  assert.equal(await page.locator('#sweep tr[aria-current="true"]').count(), 0, 'w = 0 is on no row');
  assert.equal(await page.locator('#sweep tr.near').count(), 0);
  await setW(page, 2.3);
  assert.equal(await page.locator('#sweep tr[aria-current="true"]').count(), 0);
  assert.equal(await page.locator('#sweep tr.near th').textContent(), '2.5');
  await setW(page, 3);
  assert.equal(await page.locator('#sweep tr[aria-current="true"] th').textContent(), '3.0');
  const marker = await page.locator('#sweep tr[aria-current="true"] th').evaluate((th) => th.getBoundingClientRect().height);
  assert.ok(marker < 24, 'the ▸ marker does not wrap the row');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('with 8 neighbours the decimal g values fit their cells at a readable size', async () => {
  const { page, errors } = await open();
  await recordCanvasText(page);
  await page.getByLabel('Movement', { exact: true }).selectOption('8');
  await page.waitForFunction(() => (window as unknown as { drawnText: unknown[] }).drawnText.length > 20);
  const check = await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]')!;
    const cellPx = Number(canvas.dataset.cellPx);
    const cssPerPx = canvas.clientWidth / canvas.width;
    const ctx = document.createElement('canvas').getContext('2d')!;
    const drawn = (window as unknown as { drawnText: { text: string; font: string }[] }).drawnText.filter((t) => /^[\d.]+$/.test(t.text));
    let widest = 0;
    let smallestFont = Infinity;
    for (const t of drawn) {
      ctx.font = t.font;
      widest = Math.max(widest, ctx.measureText(t.text).width);
      smallestFont = Math.min(smallestFont, parseFloat(t.font) * cssPerPx);
    }
    return { cellPx, widest, smallestFont, decimals: drawn.some((t) => t.text.includes('.')), count: drawn.length };
  });
  assert.ok(check.count > 20, 'numbers were drawn');
  assert.ok(check.decimals, 'decimal values are shown when they fit');
  assert.ok(check.widest <= 0.9 * check.cellPx, `widest number ${check.widest.toFixed(1)} px in a ${check.cellPx} px cell`);
  assert.ok(check.smallestFont >= 9, `font ${check.smallestFont.toFixed(1)} CSS px`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('smoothing keeps the stats card the same size: the length fits one line', async () => {
  const { page, errors } = await open();
  const card = page.locator('section[aria-label="Statistics"]');
  const before = (await card.boundingBox())!.height;
  await page.getByLabel('Smooth path', { exact: true }).check();
  await page.waitForFunction(() => /smoothed/.test(document.querySelector('[data-stat="length"]')?.textContent ?? ''));
  assert.equal((await card.boundingBox())!.height, before, 'the card does not grow');
  const length = await page.locator('[data-stat="length"]').evaluate((dd) => ({
    height: dd.getBoundingClientRect().height,
    line: parseFloat(getComputedStyle(dd).lineHeight),
  }));
  assert.ok(length.height < 1.6 * length.line, `length on one line (${length.height} px)`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('on a 390 px phone the map starts near the top, S and G carry their letters, Corner rule stays by its select', async () => {
  const { page, errors } = await open(390, 844);
  const canvas = await box(page, '[data-testid="grid"]');
  assert.ok(canvas.y <= 160, `the map starts at y ${canvas.y}`);
  const root = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  assert.ok(root.scroll <= root.client, 'no sideways scrolling of the page');
  // Markers are drawn once per size and reused, so record the text from the page's first frame on.
  await page.addInitScript(installTextRecorder);
  await page.reload();
  await ready(page);
  await page.waitForFunction(() => (window as unknown as { drawnText: { text: string }[] }).drawnText.some((t) => t.text === 'G'));
  const letters = await page.evaluate(() => (window as unknown as { drawnText: { text: string }[] }).drawnText.map((t) => t.text));
  assert.ok(letters.includes('S') && letters.includes('G'), 'S and G drawn');
  const label = await box(page, 'label[for="corners"]');
  const select = await box(page, '#corners');
  assert.ok(Math.abs(label.y + label.height / 2 - (select.y + select.height / 2)) < 6, 'the label and its select on one line');
  assert.ok(select.x > label.x, 'the select right of its label');
  // A message on a phone shows at the bottom of the screen, wherever the page is scrolled.
  await page.getByRole('button', { name: 'Random map' }).scrollIntoViewIfNeeded();
  await page.getByLabel('Width', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Random map' }).click();
  const message = await box(page, '#message');
  assert.ok(message.y >= 0 && message.y + message.height <= 844, `message at y ${message.y}: in view`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

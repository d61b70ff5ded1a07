// The full page on a 390 × 844 phone (Chromium's phone emulation: isMobile, touch, devicePixelRatio 3): no
// sideways scrolling, a map as wide as the screen with w and Smooth path right under it, a share row that
// fits; two fingers pinch-zoom and pan the map (touch events through CDP), one finger then paints the cell
// under it, and "Reset zoom" shows the whole map again. On a computer, Ctrl + wheel zooms at the pointer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CDPSession, Page } from 'playwright-core';
import { clearMap, newContext, ready, useSite } from './harness.js';

const site = useSite();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

async function openPhone(): Promise<{ page: Page; cdp: CDPSession; errors: string[] }> {
  const context = await newContext(site.browser, PHONE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(site.url);
  await ready(page);
  return { page, cdp: await context.newCDPSession(page), errors };
}

type Rect = { left: number; top: number; right: number; bottom: number; width: number; height: number };

async function rect(page: Page, selector: string): Promise<Rect> {
  return page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
  });
}

/** CSS pixels per cell side of the canvas as laid out now (its box, pan and zoom included). */
async function cssCell(page: Page): Promise<number> {
  return page.getByTestId('grid').evaluate((c: HTMLCanvasElement) => c.getBoundingClientRect().width / Number(c.dataset.mapWidth));
}

/** Every cell's terrain code, row by row. */
async function terrain(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const { pg } = (window as unknown as { astarPlayground: { pg: { width(): number; height(): number; terrainAt(x: number, y: number): number } } })
      .astarPlayground;
    const out: number[] = [];
    for (let y = 0; y < pg.height(); y++) for (let x = 0; x < pg.width(); x++) out.push(pg.terrainAt(x, y));
    return out;
  });
}

type Point = { x: number; y: number };

/** Two fingers from `a0`, `b0` to `a1`, `b1` in `steps` moves (CDP touch events, as a phone sends them). */
async function pinch(cdp: CDPSession, a0: Point, b0: Point, a1: Point, b1: Point, steps = 8): Promise<void> {
  const at = (f: number) => [
    { x: a0.x + (a1.x - a0.x) * f, y: a0.y + (a1.y - a0.y) * f, id: 1 },
    { x: b0.x + (b1.x - b0.x) * f, y: b0.y + (b1.y - b0.y) * f, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)[0]] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= steps; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i / steps) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [at(1)[1]] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function tap(cdp: CDPSession, p: Point): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: p.x, y: p.y, id: 1 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('390 × 844: no sideways scrolling, the map fills the width, w and Smooth path right under it, the share row fits', async () => {
  const { page, errors } = await openPhone();
  const size = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: innerWidth, innerHeight }));
  assert.ok(size.scroll <= size.inner, `page ${size.scroll} px wide in a ${size.inner} px window`);
  const canvas = await rect(page, '[data-testid="grid"]');
  assert.ok(canvas.left >= 0 && canvas.right <= size.inner, 'the map is inside the screen');
  assert.ok(canvas.width >= size.inner - 32, `the map is ${canvas.width} px wide of ${size.inner}`);
  for (const selector of ['#w', '#smooth', 'label[for="smooth"]', '#w-value']) {
    const control = await rect(page, selector);
    assert.ok(control.top >= canvas.bottom - 1, `${selector} is under the map`);
    assert.ok(control.bottom <= canvas.bottom + size.innerHeight, `${selector} at ${control.bottom}: within one screen of the map's bottom ${canvas.bottom}`);
    assert.ok(control.bottom <= canvas.bottom + 120, `${selector} at ${control.bottom}: directly under the map (bottom ${canvas.bottom})`);
    assert.ok(control.right <= size.inner, `${selector} inside the width`);
  }
  // The strip is the settings card's controls, not copies: moving w there solves again.
  await page.locator('#w').fill('2.5');
  await page.waitForFunction(() => /2\.5/.test(document.querySelector('[data-testid="badge"]')?.textContent ?? ''));
  const share = await page.locator('#share-controls button').evaluateAll((buttons) =>
    buttons.map((b) => ({ name: b.textContent, right: b.getBoundingClientRect().right, left: b.getBoundingClientRect().left })),
  );
  assert.ok(share.length >= 3, 'the share buttons are there');
  for (const b of share) assert.ok(b.left >= 0 && b.right <= size.inner, `${b.name} at ${b.left}..${b.right} fits the width`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('390 × 844: a pinch enlarges the cells without painting, a tap then paints the cell under the finger, Reset zoom fits again', async () => {
  const { page, cdp, errors } = await openPhone();
  const fitted = await cssCell(page);
  const before = await terrain(page);
  const stage = await rect(page, '#stage');
  const [cx, cy] = [stage.left + stage.width / 2, stage.top + stage.height / 2];
  await pinch(cdp, { x: cx - 30, y: cy }, { x: cx + 30, y: cy }, { x: cx - 100, y: cy }, { x: cx + 100, y: cy });
  await page.waitForFunction((f) => {
    const c = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]')!;
    return c.getBoundingClientRect().width / Number(c.dataset.mapWidth) > 2.5 * f;
  }, fitted);
  const zoomed = await cssCell(page);
  assert.ok(zoomed > 2.5 * fitted, `cells ${fitted.toFixed(1)} → ${zoomed.toFixed(1)} CSS px`);
  assert.deepEqual(await terrain(page), before, 'the two fingers painted nothing');
  const sideways = await page.evaluate(() => document.scrollingElement!.scrollWidth - innerWidth);
  assert.ok(sideways <= 0, 'the zoomed map scrolls no page sideways');
  assert.ok(await page.getByRole('button', { name: 'Reset zoom' }).isVisible());

  // A pan with two fingers moves the map under them.
  const panFrom = (await rect(page, '[data-testid="grid"]')).left;
  await pinch(cdp, { x: cx - 60, y: cy }, { x: cx + 60, y: cy }, { x: cx - 20, y: cy }, { x: cx + 100, y: cy });
  await page.waitForFunction((l) => document.querySelector('[data-testid="grid"]')!.getBoundingClientRect().left > l + 20, panFrom);

  // A plain cell near the stage's centre (not a wall, not the start or the goal): tap it.
  const mapWidth = Number(await page.getByTestId('grid').getAttribute('data-map-width'));
  const canvas = await rect(page, '[data-testid="grid"]');
  const cell = zoomed;
  const ends = await page.evaluate(() => {
    const { pg } = (window as unknown as { astarPlayground: { pg: Record<string, () => number> } }).astarPlayground;
    return [pg.startX(), pg.startY(), pg.goalX(), pg.goalY()];
  });
  let target: { x: number; y: number; at: Point } | null = null;
  for (let dy = -3; dy <= 3 && !target; dy++) {
    for (let dx = -3; dx <= 3 && !target; dx++) {
      // Wherever the point falls inside its cell (not at a centre): the mapping must hold across the cell.
      const at = { x: cx + dx * cell, y: cy + dy * cell };
      // Inside the stage (the canvas beyond it is clipped) and clear of the Reset zoom button.
      const inside = at.x > stage.left + 4 && at.x < stage.right - 4 && at.y > stage.top + 40 && at.y < stage.bottom - 4;
      if (!inside) continue;
      const x = Math.floor((at.x - canvas.left) / cell);
      const y = Math.floor((at.y - canvas.top) / cell);
      const free = before[y * mapWidth + x] !== 0 && !(x === ends[0] && y === ends[1]) && !(x === ends[2] && y === ends[3]);
      if (free) target = { x, y, at };
    }
  }
  assert.ok(target, 'a plain cell near the centre');
  await tap(cdp, target.at);
  await page.waitForFunction((i) => {
    const { pg } = (window as unknown as { astarPlayground: { pg: { width(): number; terrainAt(x: number, y: number): number } } }).astarPlayground;
    return pg.terrainAt(i % pg.width(), Math.floor(i / pg.width())) === 0;
  }, target.y * mapWidth + target.x);
  const after = await terrain(page);
  const changed = after.flatMap((code, i) => (code === before[i] ? [] : [[i % mapWidth, Math.floor(i / mapWidth)]]));
  assert.deepEqual(changed, [[target.x, target.y]], 'the tap painted exactly the cell under the finger');
  assert.ok(Math.abs((await cssCell(page)) - zoomed) < 0.01, 'painting keeps the zoom');

  await page.getByRole('button', { name: 'Reset zoom' }).tap();
  await page.waitForFunction((f) => {
    const c = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]')!;
    return Math.abs(c.getBoundingClientRect().width / Number(c.dataset.mapWidth) - f) < 0.01;
  }, fitted);
  const reset = await rect(page, '[data-testid="grid"]');
  assert.deepEqual([Math.round(reset.left), Math.round(reset.top)], [Math.round(stage.left), Math.round(stage.top)], 'the whole map, in place');
  assert.ok(!(await page.getByRole('button', { name: 'Reset zoom' }).isVisible()), 'no Reset zoom at the fitted size');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('on a computer Ctrl + wheel zooms in at the pointer, a plain wheel does not, and Reset zoom fits again', async () => {
  const context = await newContext(site.browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(site.url);
  await ready(page);
  // A map of small cells (the demo's are nearly as large as the zoom allows on a wide screen).
  await clearMap(page, 96, 64);
  const fitted = await cssCell(page);
  const stage = await rect(page, '#stage');
  await page.mouse.move(stage.left + stage.width / 2, stage.top + stage.height / 2);
  await page.mouse.wheel(0, 100);
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  assert.ok(Math.abs((await cssCell(page)) - fitted) < 0.01, 'a plain wheel does not zoom');
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -300);
  await page.keyboard.up('Control');
  await page.waitForFunction((f) => {
    const c = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]')!;
    return c.getBoundingClientRect().width / Number(c.dataset.mapWidth) > 1.5 * f;
  }, fitted);
  // The point under the pointer stays under it: the canvas grew around the stage's centre.
  const canvas = await rect(page, '[data-testid="grid"]');
  const centre = { x: (stage.left + stage.width / 2 - canvas.left) / canvas.width, y: (stage.top + stage.height / 2 - canvas.top) / canvas.height };
  assert.ok(Math.abs(centre.x - 0.5) < 0.02 && Math.abs(centre.y - 0.5) < 0.02, `the map's middle stays at the pointer (${centre.x}, ${centre.y})`);
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await page.waitForFunction((f) => {
    const c = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]')!;
    return Math.abs(c.getBoundingClientRect().width / Number(c.dataset.mapWidth) - f) < 0.01;
  }, fitted);
  await context.close();
});

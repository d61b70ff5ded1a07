// The Curve toggle (issue 30 §2): the smoothed path drawn as the core's curve, checked against the map
// again. What a reader sees: the curve on the canvas and in the legend, its length beside the smoothed and
// grid lengths, the pieces it left straight in orange, and all of it kept in the link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { countPixels, openPage, ready, useSite } from './harness.js';

const site = useSite();

const SAVED_KEY = 'astar-playground:saved-view';
/** www/render/palette.ts: the smoothed path and the curve; the pieces a curve left straight. */
const SMOOTH_PATH_RGB = [25, 113, 194];
const CURVE_STRAIGHT_RGB = [232, 89, 12];

async function legendMarks(page: Page): Promise<string[]> {
  return page.locator('[data-testid="legend"] li[data-mark]').evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.mark!));
}

async function lengthText(page: Page): Promise<string> {
  return (await page.locator('[data-stat="length"]').textContent()) ?? '';
}

/** Waits until the address bar and saved work hold the same link, other than `before`; returns its bytes. */
async function recorded(page: Page, before: string): Promise<Buffer> {
  await page.waitForFunction(
    ([key, earlier]) => location.hash.length > 1 && `#${localStorage.getItem(key)}` === location.hash && location.hash !== earlier,
    [SAVED_KEY, before] as const,
  );
  return Buffer.from(await page.evaluate(() => location.hash.slice(1)), 'base64url');
}

test('Curve draws the smoothed path as a curve, gives its length, and its link reopens it; no smoothing, no curve', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=en`);
  await ready(page, { shareControls: true });
  const before = await page.evaluate(() => location.hash);
  const blueBefore = await countPixels(page, SMOOTH_PATH_RGB, 8);
  await page.locator('#curve').check();
  assert.equal(await page.locator('#smooth').isChecked(), true, 'the curve goes through the smoothed path: Smooth is on');
  await page.waitForFunction(() => /curve \(smoothed [\d.]+, grid [\d.]+, \d+ segments\)/.test(document.querySelector('[data-stat="length"]')?.textContent ?? ''));
  const [curveLength, smoothedLength] = (await lengthText(page)).match(/[\d.]+/g)!.map(Number);
  assert.ok(curveLength >= smoothedLength, `the curve (${curveLength}) is never shorter than the smoothed path (${smoothedLength})`);
  const marks = await legendMarks(page);
  assert.ok(marks.includes('curve') && !marks.includes('smoothed') && marks.includes('path'), marks.join());
  assert.ok((await countPixels(page, SMOOTH_PATH_RGB, 8)) > blueBefore + 100, 'the curve is drawn');
  const bytes = await recorded(page, before);
  assert.equal(bytes[0], 5, 'a link of format 5 carries the curve');

  const other = await openPage(site.browser, `${site.url}?lang=en#${bytes.toString('base64url')}`);
  await ready(other.page, { shareControls: true });
  assert.equal(await other.page.locator('#curve').isChecked(), true);
  assert.equal(await lengthText(other.page), await lengthText(page));

  await page.locator('#smooth').uncheck();
  assert.equal(await page.locator('#curve').isChecked(), false);
  assert.ok(!(await legendMarks(page)).includes('curve'));
  assert.ok((await recorded(page, `#${bytes.toString('base64url')}`))[0] < 5, 'without the curve, an older format');
  assert.deepEqual([...errors, ...other.errors], []);
  await page.context().close();
  await other.page.context().close();
});

test('a piece of curve that would touch a wall is drawn straight, in orange, and the legend and the length say so', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=en`);
  await ready(page, { shareControls: true });
  // A 12 × 7 map whose smoothed path's second piece, curved, would touch a wall: made and written by the
  // page's own core (the body stored is a link too).
  const link = await page.evaluate(() => {
    const rows = ['........####', '..####...#.#', '#....#......', '...#........', '....#.#.....', '............', '..#....#..#.'];
    type Core = { setMap(w: number, h: number, t: Uint8Array): void; setStart(x: number, y: number): void; setGoal(x: number, y: number): void; settings(): object; setSettings(s: object): void; shareBytes(o: object, r: null): Uint8Array; free(): void };
    const Playground = (window as unknown as { astarPlayground: { pg: { constructor: new (w: number, h: number) => Core } } }).astarPlayground.pg.constructor;
    const pg = new Playground(12, 7);
    pg.setMap(12, 7, new Uint8Array(rows.join('').split('').map((c) => (c === '#' ? 0 : 1))));
    pg.setStart(1, 1);
    pg.setGoal(10, 5);
    pg.setSettings({ ...pg.settings(), movement: 8, heuristic: 'octile' });
    const bytes = pg.shareBytes({ smooth: true, curve: true, numbers: 'none', step: null }, null);
    pg.free();
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  });
  await page.goto(`${site.url}?lang=en#${link}`);
  await ready(page, { shareControls: true });
  assert.equal(await page.locator('#curve').isChecked(), true);
  await page.waitForFunction(() => (document.querySelector('[data-stat="length"]')?.textContent ?? '').includes('1 piece left straight'));
  const marks = await legendMarks(page);
  assert.ok(marks.includes('curve') && marks.includes('curve-straight'), marks.join());
  assert.match((await page.locator('[data-testid="legend"] li[data-mark="curve-straight"]').textContent()) ?? '', /left straight: a curve would touch a wall/);
  assert.ok((await countPixels(page, CURVE_STRAIGHT_RGB, 8)) > 50, 'the straight piece is drawn in orange');
  assert.deepEqual(errors, []);
  await page.context().close();
});

// The embed options a tutorial needs: `&lock` (watch and step, never paint), `&numbers=`, `&speed=`,
// `&autoplay` (but not for readers who ask for less motion), and "Copy embed code" offering them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { dragCells, ends, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

type Hook = {
  astarPlayground: {
    locked: boolean;
    phase: string;
    options: { numbers: string };
    loop: { speed: number };
    pg: { width(): number; height(): number; terrainAt(x: number, y: number): number };
  };
};
const app = <T>(page: Page, read: (a: Hook['astarPlayground']) => T) =>
  page.evaluate(`(${read.toString()})(window.astarPlayground)`) as Promise<T>;
/** Every cell's terrain, as one string. */
const terrain = (page: Page) =>
  page.evaluate(() => {
    const pg = (window as unknown as Hook).astarPlayground.pg;
    let out = '';
    for (let y = 0; y < pg.height(); y++) for (let x = 0; x < pg.width(); x++) out += pg.terrainAt(x, y);
    return out;
  });

test('&lock: dragging and the editing keys change nothing, stepping still works; numbers and speed apply', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?embed&controls=step,stats&lock&numbers=f&speed=80`);
  await ready(page);
  assert.equal(await app(page, (a) => a.locked), true);
  assert.equal(await app(page, (a) => a.options.numbers), 'f');
  assert.equal(await app(page, (a) => a.loop.speed), 80);
  const mapBefore = await terrain(page);
  const endsBefore = await ends(page);
  // A stroke across the map, a drag of the start marker, and the keyboard's paint / place keys.
  await dragCells(page, [[1, 1], [6, 1], [6, 6]]);
  await dragCells(page, [endsBefore.start, [endsBefore.start[0] + 1, endsBefore.start[1]]]);
  await page.getByTestId('grid').focus();
  for (const key of ['ArrowRight', 'Space', 'Enter', 's', 'g']) await page.keyboard.press(key);
  assert.equal(await terrain(page), mapBefore, 'no cell was painted');
  assert.deepEqual(await ends(page), endsBefore, 'start and goal stayed');
  // Watching is still allowed: Reset to step 0 with the keyboard is not needed; Step adds one expansion.
  const expanded = await stat(page, 'expanded');
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await page.waitForFunction((n) => Number(document.querySelector('[data-stat="expanded"]')?.textContent) !== n, expanded);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('without &lock the same stroke paints: the lock test above can fail', async () => {
  const { page } = await openPage(site.browser, `${site.url}?embed&controls=step`);
  await ready(page);
  const mapBefore = await terrain(page);
  await dragCells(page, [[1, 1], [6, 1], [6, 6]]);
  await page.waitForFunction((before) => {
    const pg = (window as unknown as Hook).astarPlayground.pg;
    let out = '';
    for (let y = 0; y < pg.height(); y++) for (let x = 0; x < pg.width(); x++) out += pg.terrainAt(x, y);
    return out !== before;
  }, mapBefore);
  await page.context().close();
});

test('&autoplay plays from the first expansion; a reader who asks for less motion gets it paused at the start', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?embed&controls=play&autoplay&speed=10`);
  await page.waitForSelector('#app[data-phase="running"]');
  assert.deepEqual(errors, []);
  await page.context().close();

  const context = await site.browser.newContext({ reducedMotion: 'reduce' });
  const calm = await context.newPage();
  await calm.goto(`${site.url}?embed&controls=play&autoplay&speed=10`);
  await calm.waitForFunction(() => (window as unknown as Hook).astarPlayground?.phase === 'ready');
  assert.equal(await calm.locator('[data-stat="expanded"]').textContent(), '0');
  await context.close();
});

test('"Copy embed code" offers lock, autoplay, the current speed and the numbers, and the code it makes obeys them', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  for (const name of ['lock', 'autoplay', 'speed']) await page.locator(`.embed-options input[value="${name}"]`).check();
  await page.locator('#embed-numbers').selectOption('h');
  const speed = await page.locator('#speed').inputValue();
  const code = await page.locator('#embed-code').inputValue();
  for (const part of ['&amp;lock', '&amp;autoplay', `&amp;speed=${speed}`, '&amp;numbers=h']) {
    assert.ok(code.includes(part), `${part} in ${code}`);
  }
  const src = /src="([^"]+)"/.exec(code)![1].replace(/&amp;/g, '&');
  const embedded = await site.browser.newPage();
  await embedded.goto(src);
  await embedded.waitForSelector('#app[data-phase="running"], #app[data-phase="finished"]');
  assert.equal(await app(embedded, (a) => a.locked), true);
  assert.equal(await app(embedded, (a) => a.options.numbers), 'h');
  assert.equal(await app(embedded, (a) => a.loop.speed), Number(speed));
  await embedded.close();
  assert.deepEqual(errors, []);
  await page.context().close();
});

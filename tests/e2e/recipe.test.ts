// How a map was made travels with it: a generated random map shares as its seed, and keeps doing so after
// an edit (seed + edits), an undo and a redo, because the page records the recipe in its own state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { cellCentre, openPage, ready, stats, useSite } from './harness.js';

const site = useSite();

/** Waits until the address bar holds a fragment other than `old`'s, and returns it. */
async function nextFragment(page: Page, old: string): Promise<string> {
  await page.waitForFunction((previous) => location.hash.length > 1 && location.hash.slice(1) !== previous, old);
  return new URL(page.url()).hash.slice(1);
}

test('a random map shares as its seed after an edit, an undo and a redo', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const demo = new URL(page.url()).hash.slice(1);
  await page.getByLabel('Width', { exact: true }).fill('256');
  await page.getByLabel('Height', { exact: true }).fill('256');
  await page.getByRole('button', { name: 'Random map' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="grid"]')?.getAttribute('data-map-width') === '256');
  const generated = await nextFragment(page, demo);
  assert.ok(generated.length < 300, `generated: ${generated.length} characters`);
  const generatedStats = await stats(page);

  // Paint a wall on a plain cell away from the start and goal: one edit, stored as a difference.
  const [x, y] = await page.evaluate(() => {
    const pg = (window as unknown as { astarPlayground: { pg: { terrainAt(x: number, y: number): number } } }).astarPlayground.pg;
    for (let i = 0; i < 256 * 256; i++) {
      const [cx, cy] = [64 + (i % 128), 64 + Math.floor(i / 128)];
      if (pg.terrainAt(cx, cy) === 1) return [cx, cy];
    }
    throw new Error('no plain cell');
  });
  await page.getByLabel('Wall', { exact: true }).check();
  const at = await cellCentre(page, x, y);
  await page.mouse.click(at.x, at.y);
  const edited = await nextFragment(page, generated);
  assert.ok(edited.length < 300, `edited: ${edited.length} characters`);

  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await nextFragment(page, edited), generated);
  assert.deepEqual(await stats(page), generatedStats);
  await page.getByRole('button', { name: 'Redo' }).click();
  assert.equal(await nextFragment(page, generated), edited);
  assert.deepEqual(errors, []);
  await page.context().close();
});

// Big maps: a 512 × 512 random map is generated from the editor, solved, and animated to the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ends, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

test('a 512 × 512 random map loads, solves, and animates to the end', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await page.getByLabel('Width', { exact: true }).fill('512');
  await page.getByLabel('Height', { exact: true }).fill('512');
  await page.getByLabel('Seed', { exact: true }).fill('7');
  await page.getByRole('button', { name: 'Random map' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="ends"]')?.textContent?.startsWith('512 × 512'));
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

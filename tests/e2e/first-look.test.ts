// What a first look at the page found (issue 15, section 6), checked as a person sees it: sweep bars as
// long as their numbers, the badge's bound as a sentence in both languages, a status line that stops
// describing an edit after undo or after an edit that changed nothing, and a control changed during an
// animation that keeps it going from the same step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { cellCentre, ends, message, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

async function setW(page: Page, w: number): Promise<void> {
  await page.locator('#w').fill(String(w));
  await page.waitForFunction((v) => document.getElementById('w-value')?.textContent === v.toFixed(1), w);
}

test('the w sweep draws each bar as long as its number (153 and 121 expansions differ)', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await page.waitForSelector('#sweep[data-state="done"]');
  const rows = await page.locator('#sweep tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      expanded: Number(tr.querySelector('.bar-value')?.textContent),
      width: tr.querySelector('.bar')!.getBoundingClientRect().width,
    })),
  );
  assert.equal(rows.length, 9);
  const widest = Math.max(...rows.map((r) => r.width));
  const most = Math.max(...rows.map((r) => r.expanded));
  for (const row of rows) {
    // Within a pixel of its share of the longest bar (sub-pixel layout rounding).
    assert.ok(Math.abs(row.width - (widest * row.expanded) / most) <= 1, `${row.expanded} expansions drawn ${row.width}px of ${widest}px`);
  }
  const [first, second] = rows;
  assert.notEqual(first.expanded, second.expanded, 'the demo map: w = 1 and w = 1.5 expand different numbers');
  assert.ok(Math.abs(second.width / first.width - second.expanded / first.expanded) < 0.02, 'the ratio of the widths is the ratio of the numbers');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the badge states the bound as a sentence, in English and in Chinese', async () => {
  for (const [lang, sentence] of [
    ['en', 'w = 1.5 guarantees a cost at most 1.5 × the optimum'],
    ['zh', 'w = 1.5 保证代价不超过最优的 1.5 倍'],
  ]) {
    const { page, errors } = await openPage(site.browser, `${site.url}?lang=${lang}`);
    await ready(page);
    await setW(page, 1.5);
    assert.equal(await page.locator('#badge-bound').textContent(), sentence);
    const badge = (await page.getByTestId('badge').textContent()) ?? '';
    assert.doesNotMatch(badge, /optimal\s*≤/, `"${badge}" reads as a sentence`);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('the status line stops describing the last edit after an edit that changed nothing, and after undo', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const { start, goal } = await ends(page);
  // A wall across the straight line between start and goal makes the path longer.
  await page.getByLabel('Wall', { exact: true }).check();
  const column = Math.floor((start[0] + goal[0]) / 2);
  const cell = await cellCentre(page, column, start[1]);
  await page.mouse.click(cell.x, cell.y);
  await page.waitForFunction(() => /longer|unchanged/.test(document.getElementById('message')?.textContent ?? ''));
  const described = (await message(page)).text;

  // The same wall again changes nothing: the message about the first one goes.
  await page.mouse.click(cell.x, cell.y);
  await page.waitForFunction(() => document.getElementById('message')?.textContent === '');
  // A click on the start marker that does not move it changes nothing either.
  await page.mouse.click(cell.x, cell.y);
  const startCell = await cellCentre(page, start[0], start[1]);
  await page.mouse.click(startCell.x, startCell.y);
  assert.equal((await message(page)).text, '', `"${described}" is not repeated for clicks that changed nothing`);

  // Paint again, then undo: the status line says what undo did, not what the edit did.
  const other = await cellCentre(page, column, start[1] + 1);
  await page.mouse.click(other.x, other.y);
  await page.waitForFunction(() => /path/.test(document.getElementById('message')?.textContent ?? ''));
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.waitForFunction(() => /^Undone/.test(document.getElementById('message')?.textContent ?? ''));
  assert.doesNotMatch((await message(page)).text, /longer|shorter|unchanged/);
  await page.getByRole('button', { name: 'Redo' }).click();
  await page.waitForFunction(() => /^Redone/.test(document.getElementById('message')?.textContent ?? ''));
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('changing a control during an animation keeps it going from the same step with the new settings', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const total = await stat(page, 'expanded');
  // About 12 expansions a second: slow enough to change a control part-way through.
  await page.locator('#speed').fill('20');
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForFunction(() => Number(document.querySelector('[data-stat="expanded"]')?.textContent) >= 5);
  await page.getByRole('button', { name: 'Pause' }).click();
  const step = await stat(page, 'expanded');
  await page.getByRole('button', { name: 'Play' }).click();

  await page.getByLabel('Heuristic', { exact: true }).selectOption('euclidean');
  assert.equal(await page.locator('#app').getAttribute('data-phase'), 'running', 'still playing');
  const after = await stat(page, 'expanded');
  assert.ok(after >= step && after < total, `went on from step ${step} (now ${after}), not to the end (${total})`);
  await page.waitForFunction((n) => Number(document.querySelector('[data-stat="expanded"]')?.textContent) > n, after);

  // Paused part-way: w changes, the step stays.
  await page.getByRole('button', { name: 'Pause' }).click();
  const paused = await stat(page, 'expanded');
  await setW(page, 2);
  assert.equal(await page.locator('#app').getAttribute('data-phase'), 'paused');
  assert.equal(await stat(page, 'expanded'), paused, 'the same step, with w = 2');

  // Another algorithm: the status line says what is shown.
  await page.getByRole('button', { name: 'Play' }).click();
  await page.getByLabel('Algorithm', { exact: true }).selectOption('dijkstra');
  await page.waitForFunction(() => /^Dijkstra now: the animation goes on from step \d+/.test(document.getElementById('message')?.textContent ?? ''));
  assert.equal(await page.locator('#app').getAttribute('data-phase'), 'running');
  assert.deepEqual(errors, []);
  await page.context().close();
});
